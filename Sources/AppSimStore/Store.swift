import AppSimCore
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Durability of a committed write.
public enum Durability: String, Sendable, CaseIterable {
    /// WAL with `synchronous=NORMAL`: every acknowledged write survives the process being killed.
    case normal
    /// WAL with `synchronous=FULL`: also survives power loss, at the cost of a sync per commit.
    case full
}

/// appsim's SQLite database: devices, instances and their callback history.
///
/// Writes go through one connection, one transaction each, and return only once committed; reads of history use
/// a second connection so they never wait behind a commit.
public final class Store: Sendable {
    /// The `PRAGMA application_id` of appsim databases ("APPS").
    static let applicationID: Int32 = 0x4150_5053
    /// The page size of new databases. Every commit writes each page it changed to the log, and an event changes a
    /// few rows in as many places: small pages make that a few KiB instead of a few times 4 KiB (older databases
    /// keep the size they were made with).
    static let pageSize = 1_024

    public let path: String
    /// How many of the newest callbacks each instance keeps; older ones are dropped as new ones are written.
    public let historyLimit: Int
    /// Held while the store is open, so that no other appsim opens the database meanwhile.
    private let lock: DatabaseLock
    let writer: Mutex<Connection>
    let reader: Mutex<Connection>
    let checkpointer: Checkpointer

    /// A connection and the statements it reuses.
    struct Connection: ~Copyable {
        let sqlite: SQLiteConnection
        /// The log's length when the writer last tried to bring it to an end (see `shortenLog`).
        var framesAtLastCheckpoint = 0
        /// When the last transaction began: since then the log has rested (see `trimRestingLog`).
        var lastTransaction: ContinuousClock.Instant
    }

    /// What tells how long the log has rested: the system's monotonic clock, or a test's.
    let now: @Sendable () -> ContinuousClock.Instant

    /// A log this long (in pages) is finished by the writer between two transactions, so that it starts over
    /// instead of growing. The checkpointer thread copies most of it before; the writer copies the rest, which
    /// costs it two syncs (20–70 ms on a busy disk, during which replies wait): the longer the log may grow, the
    /// rarer that pause. The log only grows this long under a steady stream of writes; when writes pause, the
    /// checkpointer catches up and the next write starts the log over by itself.
    let logFramesBeforeRestart: Int
    /// The default restart length: 512 MiB starts over every 5–10 s at full write speed (64 MiB paused every
    /// second, which was most of the 99th percentile of write latency).
    static let logBytesBeforeRestart = 512 << 20

    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    ///
    /// One store at a time may have a database open, in all processes together (see `DatabaseLock`); `sqlite3` and
    /// other SQLite readers are not held off. Once open, the store reads the whole file in the background for damage
    /// (see `Checkpointer.checkIntegrity`).
    ///
    /// - Throws: `StoreError` if another process (or store) has the database open, naming it; if the file is not an
    ///   appsim database, was written by a newer appsim, or cannot be opened; the message says what to do.
    /// - Parameters:
    ///   - busyTimeoutMillis: how long a write waits for another process's lock before answering unavailable.
    ///   - maxPageCount: caps the file's size in pages, as a full disk would (`SQLITE_FULL`); for fault tests.
    ///   - logFramesBeforeRestart: how long (in pages) the write-ahead log grows before it starts over; by default
    ///     as many pages as make ``logBytesBeforeRestart``.
    ///   - reportFault: told, from the store's threads, when something stops it working as it should (a damaged
    ///     file, a failing disk, a checkpointer without its connection) and when that ends, in words for a log.
    ///   - reportMigration: told, before this returns, when a database of an earlier appsim starts being brought up
    ///     to date and when it is, in words for a log.
    ///   - migrationStop: stops that migration from another thread, if asked to before it commits.
    public convenience init(
        path: String, durability: Durability = .normal, historyLimit: Int = 100_000, busyTimeoutMillis: Int32 = 5_000,
        maxPageCount: Int? = nil, logFramesBeforeRestart: Int? = nil,
        reportFault: @escaping @Sendable (String) -> Void = { _ in },
        reportMigration: @Sendable (String) -> Void = { _ in }, migrationStop: MigrationStop? = nil
    ) throws(StoreError) {
        try self.init(
            path: path, durability: durability, historyLimit: historyLimit, busyTimeoutMillis: busyTimeoutMillis,
            maxPageCount: maxPageCount, logFramesBeforeRestart: logFramesBeforeRestart, syncDatabase: nil,
            reportFault: reportFault, reportMigration: reportMigration, migrationStop: migrationStop)
    }

    /// As the public `init`, with what writes the database file to disk, what opens the checkpointer's connection,
    /// and the clock the log's rest is timed by replaced (tests simulate a failing disk, or a process out of file
    /// handles, and move time themselves).
    init(
        path: String, durability: Durability = .normal, historyLimit: Int = 100_000, busyTimeoutMillis: Int32 = 5_000,
        maxPageCount: Int? = nil, logFramesBeforeRestart: Int? = nil,
        longestLogRest: Duration = Checkpointer.longestRest, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
        syncDatabase: (@Sendable (SQLiteConnection) throws -> Void)?,
        openCheckpointerConnection: (@Sendable (String) throws -> SQLiteConnection)? = nil,
        reportFault: @escaping @Sendable (String) -> Void = { _ in },
        reportMigration: @Sendable (String) -> Void = { _ in }, migrationStop: MigrationStop? = nil
    ) throws(StoreError) {
        // Before SQLite reads or writes anything: a second server must not even bring the schema up to date.
        lock = try DatabaseLock(database: path)
        self.path = path
        self.historyLimit = max(1, historyLimit)
        self.busyTimeoutMillis = busyTimeoutMillis
        self.emptiesRestingLog = durability == .normal
        self.longestLogRest = longestLogRest
        self.now = now
        do {
            let sqlite = try SQLiteConnection(path: path)
            sqlite.setBusyTimeout(milliseconds: busyTimeoutMillis)
            try Self.checkIdentity(sqlite, path: path)
            // Only a new, empty file takes it (it must come before the log is set up).
            _ = try sqlite.pragma("page_size=\(Self.pageSize)")
            _ = try sqlite.pragma("journal_mode=WAL")
            let pageSize = max(512, Int(try sqlite.pragma("page_size") ?? "") ?? 4_096)
            self.logFramesBeforeRestart = max(1, logFramesBeforeRestart ?? Self.logBytesBeforeRestart / pageSize)
            try sqlite.execute("PRAGMA synchronous=\(durability == .full ? "FULL" : "NORMAL")")
            // The checkpointer thread keeps the log short; commits never checkpoint themselves (`shortenLog`
            // finishes what the checkpointer started, after the replies are out).
            _ = try sqlite.pragma("wal_autocheckpoint=0")
            sqlite.trackWriteAheadLog()
            // The pages an event touches (its device, instance and newest history) stay cached: 8 MiB. Not more:
            // SQLite walks the whole cache's hash table at every commit (pcache1Truncate from
            // pager_end_transaction), so a 64 MiB cache cost each commit more than its extra hits saved.
            _ = try sqlite.pragma("cache_size=-8192")
            // A log file that grew past its restart length (frames carry 24 bytes of header each, and the writer
            // lets it run on while the checkpointer catches up) is cut back to a quarter more when it starts over:
            // under steady load the file is reused, not cut and grown again (ext4 zeroes every new block).
            let (logBytes, overflow) = self.logFramesBeforeRestart.multipliedReportingOverflow(by: pageSize + 24)
            self.logSizeLimit = overflow ? -1 : logBytes + logBytes / 4
            self.pageSize = pageSize
            _ = try sqlite.pragma("journal_size_limit=\(logSizeLimit)")
            if let maxPageCount { _ = try sqlite.pragma("max_page_count=\(maxPageCount)") }
            try Self.migrate(sqlite, path: path, report: reportMigration, stop: migrationStop)
            let readSide = try SQLiteConnection(path: path, readOnly: true)
            readSide.setBusyTimeout(milliseconds: 5_000)
            let logPath = sqlite.logPath ?? path + "-wal"
            writer = Mutex(Connection(sqlite: sqlite, lastTransaction: now()))
            reader = Mutex(Connection(sqlite: readSide, lastTransaction: now()))
            checkpointer = Checkpointer(
                path: path, logPath: logPath, longLog: self.logFramesBeforeRestart,
                pageSize: pageSize, longestRest: longestLogRest, syncDatabase: syncDatabase ?? { try $0.syncDatabaseFile() },
                openConnection: openCheckpointerConnection ?? { try SQLiteConnection(path: $0) }, report: reportFault)
        } catch let error as StoreError {
            throw error
        } catch let error as SQLiteError {
            throw StoreError.from(error, path: path)
        } catch {
            throw StoreError(.failed, "could not open \(path): \(error)")
        }
    }


    /// Lets go of the database's lock at once, where the store's last reference may be dropped later, on another
    /// thread, or never before the process exits: for a process that will not use the store again (a server that
    /// could not start), so that its lock file names no process once it has exited. Nothing may use the store after.
    public func releaseLock() {
        checkpointer.stop()
        lock.release()
    }

    deinit {
        checkpointer.stop()
        // After a disk failure the log holds what the database file may lack, and a damaged file takes no more pages:
        // no connection may copy the log into it and delete it.
        if checkpointer.failure.withLock({ $0 != nil }) {
            writer.withLock { $0.sqlite.keepLogOnClose() }
            reader.withLock { $0.sqlite.keepLogOnClose() }
        }
    }

    // MARK: Writing

    /// Commits `write` in one transaction; returns only once it is durable (as `Durability` promises).
    ///
    /// - Throws: `StoreError`; on any error nothing of `write` is stored.
    public func commit(_ write: StoreWrite) throws(StoreError) {
        try commit([write])
    }

    /// Commits `writes`, in order, in one transaction: all of them or none.
    public func commit(_ writes: [StoreWrite]) throws(StoreError) {
        guard writes.contains(where: { !$0.isEmpty }) else { return }
        try refuseAfterFailure()
        do {
            try writer.withLock { connection in
                let sqlite = connection.sqlite
                connection.lastTransaction = now()
                try sqlite.transaction {
                    for write in writes { try Self.insert(write, into: sqlite, historyLimit: historyLimit) }
                }
            }
            lastWriteFoundNoRoom.store(false, ordering: .relaxed)
        } catch let error as StoreError {
            throw error
        } catch let error as SQLiteError {
            if error.isFull { lastWriteFoundNoRoom.store(true, ordering: .relaxed) }
            throw storeError(error, writing: true)
        } catch {
            throw StoreError(.failed, "could not write to \(path): \(error)")
        }
    }

    /// What a store that must no longer be written throws (see `Checkpointer.failure`).
    func refuseAfterFailure() throws(StoreError) {
        if let failure = checkpointer.failure.withLock({ $0 }) { throw failure }
    }

    /// What `error` means for the user. A damaged file, and a disk that failed a write, are recorded: from then on the
    /// files are not written (see `Checkpointer.failure`). The system reports a failed write once and may then let the
    /// next one succeed over what was lost, so one failure is enough.
    func storeError(_ error: SQLiteError, writing: Bool) -> StoreError {
        if error.isCorrupt { return checkpointer.recordFailure(.corrupt(path, because: error.message, underlying: error)) }
        if writing && error.isIOError {
            return checkpointer.recordFailure(.diskFailed(path, because: error.message, underlying: error))
        }
        return StoreError.from(error, path: path)
    }

    /// Set when the last commit failed for lack of room (`SQLITE_FULL`), until one succeeds (see `checkWritable`).
    let lastWriteFoundNoRoom = Atomic<Bool>(false)

    /// Lets the write-ahead log start over when it has grown long. Call it between transactions, when no reply
    /// waits for it. Once the checkpointer thread has copied a long log, this copies the few frames committed
    /// since (waiting for nobody), after which the next transaction writes the log from its start again. Under a
    /// steady stream of writes nothing else would end the log, and the file would grow without bound. Should the
    /// checkpointer fall far behind, this copies the rest itself. A failure is harmless and is tried again later.
    public func shortenLog() {
        writer.withLock { connection in
            let frames = connection.sqlite.framesInWriteAheadLog
            if frames < connection.framesAtLastCheckpoint { connection.framesAtLastCheckpoint = 0 }  // started over
            guard frames >= logFramesBeforeRestart else {
                // The log started over by itself after the checkpointer raised the flag (SQLite restarts a log that
                // is all copied at the next commit): the flag was for that log, not this one.
                if checkpointer.caughtUp.load(ordering: .relaxed) { checkpointer.caughtUp.store(false, ordering: .relaxed) }
                return
            }
            guard checkpointer.failure.withLock({ $0 == nil }) else { return }
            let caughtUp = checkpointer.caughtUp.exchange(false, ordering: .acquiringAndReleasing)
            // Far behind: copy it here, but retry only after more frames came, as readers still on an older
            // snapshot can hold a checkpoint back.
            let farBehind = frames >= logFramesBeforeRestart * 4
                && frames >= connection.framesAtLastCheckpoint + logFramesBeforeRestart
            guard caughtUp || farBehind else { return }
            connection.framesAtLastCheckpoint = frames
            let start = ContinuousClock.now
            checkpointer.checkpoint(connection.sqlite)
            let took = ContinuousClock.now - start
            logRestarts.withLock { $0.count += 1; $0.time += took }
        }
    }

    /// Empties the write-ahead log, a step at a time, once no transaction has come for ``Checkpointer/longestRest``
    /// (durability normal only). The thread that commits calls it about once a second while it has nothing to
    /// commit (see `GroupCommitter`); each call cuts up to `step` bytes off the file, until only the log's header
    /// and one page are left. It gives up, to try again at the next call, while a read is under way or the
    /// checkpointer thread is copying.
    ///
    /// A log file stays as long as the busiest moments made it (hundreds of MiB), and systems that page out idle
    /// file data drop it from memory, so that the next writes, which overwrite it from its start, would first read
    /// each block back from the disk. An empty log needs nothing kept: the next commits append to it, and appending
    /// never waits for a read. The file is cut a little at a time because cutting is not cheap for the disk: here,
    /// on a file system that discards freed blocks at once, cutting 600 MiB took 0.4–0.7 s, during which a write
    /// would have waited, and the discards held up the syncs of another server on the same disk for up to 0.3 s;
    /// 16 MiB a second goes unnoticed. Where every commit syncs the log (durability full) it is kept instead:
    /// writing past a file's end makes each of those syncs also write the file's new size through the file
    /// system's journal.
    ///
    /// SQLite itself does the cutting, inside a commit: a log file cut by anyone else still begins with the header
    /// of the log that was copied, and a start after a crash would take what is left of its frames for the newest
    /// state and write them back over newer pages. Each step starts the log over (all of it is in the database),
    /// then commits a change of nothing (the database's application id, set to what it is) with SQLite's limit on
    /// the log's size set a step below the file's: the commit writes the new log's header, whose salts no old frame
    /// carries, and SQLite then cuts the file past the commit's one page, under its own write lock.
    public func trimRestingLog(step: Int = Store.logTrimStep) {
        guard emptiesRestingLog else { return }
        writer.withLock { connection in
            let sqlite = connection.sqlite
            guard now() - connection.lastTransaction >= longestLogRest,
                  checkpointer.failure.withLock({ $0 == nil }),
                  let bytes = sqlite.logFileBytes, bytes > restingLogBytes else { return }
            // At once or not at all: a reader or the checkpointer thread would otherwise hold up the next write.
            sqlite.setBusyTimeout(milliseconds: 0)
            defer { sqlite.setBusyTimeout(milliseconds: busyTimeoutMillis) }
            guard checkpointer.restartLog(sqlite) else { return }
            do {
                _ = try sqlite.pragma("journal_size_limit=\(max(0, bytes - max(1, step)))")
                defer { _ = try? sqlite.pragma("journal_size_limit=\(logSizeLimit)") }
                try sqlite.execute("PRAGMA application_id=\(Self.applicationID)")
            } catch {
                // Nothing was committed, or a change of nothing was: the log is as long as before, or shorter.
            }
        }
    }

    /// How much of a resting log `trimRestingLog` cuts at a call: about 10 ms on a file system that discards what it
    /// frees at once. A log of 655 MiB is cut after 40 calls.
    public static let logTrimStep = 16 << 20
    /// What `trimRestingLog` leaves of the log file: its header and the one page its last step committed.
    private var restingLogBytes: Int { 32 + pageSize + 24 }
    /// SQLite's limit on the log file's size when it starts over (`journal_size_limit`; -1 for none).
    private let logSizeLimit: Int
    let pageSize: Int
    /// Whether `trimRestingLog` empties the log (durability normal), how long the log must rest first, and the busy
    /// timeout the writer goes back to after restarting the log.
    private let emptiesRestingLog: Bool
    private let longestLogRest: Duration
    private let busyTimeoutMillis: Int32

    /// How many times the writer finished a long log so that it could start over (see `shortenLog`), and the time
    /// that took, during which the next writes' replies waited: what `GET /metrics` reports, so that a pause in
    /// replies can be told from other causes.
    public var logRestartStatistics: (count: Int, time: Duration) { logRestarts.withLock { ($0.count, $0.time) } }
    private let logRestarts = Mutex((count: 0, time: Duration.zero))

    /// Pages in the write-ahead log after the last commit, counted from the log's start.
    public var framesInWriteAheadLog: Int { writer.withLock { $0.sqlite.framesInWriteAheadLog } }

    /// Writes one request's changes with the connection's cached statements (inside the caller's transaction).
    private static func insert(_ write: StoreWrite, into sqlite: SQLiteConnection, historyLimit: Int) throws {
        for id in write.deletedDevices {
            for sql in [
                "DELETE FROM history WHERE instance IN (SELECT id FROM instances WHERE device = ?1)",
                "DELETE FROM events WHERE device = ?1",
                "DELETE FROM instances WHERE device = ?1",
                "DELETE FROM devices WHERE id = ?1",
            ] {
                let statement = try sqlite.cachedStatement(sql)
                try statement.bind(.text(id))
                try statement.run()
            }
        }
        for id in write.deletedInstances {
            // The device's journal keeps the entries that rode on the app's history.
            let device = Instance.deviceId(of: id)
            let carried = try sqlite.cachedStatement(
                "SELECT event, at, entry FROM history WHERE instance = ?1 AND entry IS NOT NULL ORDER BY seq")
            try carried.bind(.text(id))
            var entries: [JournalEntry] = []
            while try carried.step() { entries.append(try entry(riding: carried, on: id)) }
            carried.reset()
            try insertAlone(entries, of: device, into: sqlite)
            for sql in ["DELETE FROM history WHERE instance = ?1", "DELETE FROM instances WHERE id = ?1"] {
                let statement = try sqlite.cachedStatement(sql)
                try statement.bind(.text(id))
                try statement.run()
            }
        }
        // Statements are looked up only for what the write holds (many writes are history alone).
        if !write.devices.isEmpty {
            let upsertDevice = try sqlite.cachedStatement("""
                INSERT INTO devices(id, body) VALUES (?1, ?2) ON CONFLICT(id) DO UPDATE SET body = excluded.body
                """)
            for stored in write.devices {
                try upsertDevice.bind(.text(stored.id), .blob(stored.body))
                try upsertDevice.run()
            }
        }
        if !write.installed.isEmpty {
            let insertInstance = try sqlite.cachedStatement(
                "INSERT INTO instances(id, device, number, bundle_id, state, spec, body) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
            for instance in write.installed {
                try insertInstance.bind(
                    .text(instance.id), .text(instance.device), .int(Int64(instance.number)), .text(instance.info.bundleId),
                    .text(instance.state.rawValue), .blob(Records.encodeSpec(instance)), .blob(Records.encode(instance)))
                try insertInstance.run()
            }
        }
        if !write.instances.isEmpty {
            // Only what changes is rewritten: `spec` (info and behavior) stays as installed.
            let updateInstance = try sqlite.cachedStatement("UPDATE instances SET state = ?2, body = ?3, wake_at = ?4 WHERE id = ?1")
            for instance in write.instances {
                try updateInstance.bind(
                    .text(instance.id), .text(instance.state), .blob(instance.body), instance.wakeAt.map { .int($0) } ?? .null)
                try updateInstance.run()
            }
        }
        if !write.entriesAlone.isEmpty {
            let insertEvent = try sqlite.cachedStatement("INSERT INTO events(device, seq, entry) VALUES (?1, ?2, ?3)")
            var newest: [String: Int64] = [:]
            for (device, seq, entry) in write.entriesAlone {
                try insertEvent.bind(.text(device), .int(seq), .blob(entry))
                try insertEvent.run()
                newest[device] = max(newest[device] ?? 0, seq)
            }
            // The journal keeps a device's newest events up to `journalLength`; entries of events with no callback
            // stand alone, and go here once older.
            for (device, seq) in newest where seq > Int64(historyLimit) {
                let length = try Self.journalLength(of: device, historyLimit: historyLimit, in: sqlite)
                guard seq > length else { continue }
                let trimAlone = try sqlite.cachedStatement("DELETE FROM events WHERE device = ?1 AND seq <= ?2")
                try trimAlone.bind(.text(device), .int(seq - length))
                try trimAlone.run()
            }
        }
        guard !write.history.isEmpty else { return }
        let insertHistory = try sqlite.cachedStatement(
            "INSERT INTO history(instance, seq, event, at, callbacks, entry) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        for row in write.history {
            try insertHistory.bind(
                .text(row.instance), .int(row.seq), .int(row.event), .int(row.at), .blob(row.callbacks),
                row.entry.map { .blob($0) } ?? .null)
            try insertHistory.run()
        }
        guard write.history.contains(where: { $0.seq > historyLimit }) else { return }
        // Rows of one write belong to few instances; trim each to its newest `historyLimit` callbacks: the rows that
        // hold only older ones go, and the row that holds the oldest kept one loses those before it, so that a larger
        // limit after a restart shows nothing that was already dropped. The journal entries riding on the rows that
        // go are set aside first.
        var trimmed: Set<String> = []
        let carried = try sqlite.cachedStatement(
            "SELECT event, at, entry FROM history WHERE instance = ?1 AND seq <= ?2 AND entry IS NOT NULL ORDER BY seq")
        let trim = try sqlite.cachedStatement("DELETE FROM history WHERE instance = ?1 AND seq <= ?2")
        let oldestRow = try sqlite.cachedStatement(
            "SELECT seq, event, at, callbacks, rowid FROM history WHERE instance = ?1 AND seq > ?2 ORDER BY seq LIMIT 1")
        let cutRow = try sqlite.cachedStatement("UPDATE history SET callbacks = ?2 WHERE rowid = ?1")
        var setAside: [String: [JournalEntry]] = [:]
        var devices: Set<String> = []
        for row in write.history.reversed() where row.seq > historyLimit && trimmed.insert(row.instance).inserted {
            let device = Instance.deviceId(of: row.instance)
            devices.insert(device)
            let cut = row.seq - Int64(historyLimit)
            try carried.bind(.text(row.instance), .int(cut))
            while try carried.step() { setAside[device, default: []].append(try entry(riding: carried, on: row.instance)) }
            carried.reset()
            try trim.bind(.text(row.instance), .int(cut))
            try trim.run()
            try oldestRow.bind(.text(row.instance), .int(cut))
            if try oldestRow.step(), oldestRow.int64(at: 0) - Int64(try HistoryRecord.count(oldestRow.blob(at: 3))) < cut {
                let kept = try callbacks(of: oldestRow, on: row.instance).filter { $0.seq > cut }
                let rowid = oldestRow.int64(at: 4)
                let bytes = HistoryRecord.encode(kept, at: oldestRow.int64(at: 2))
                oldestRow.reset()
                try cutRow.bind(.int(rowid), .blob(bytes))
                try cutRow.run()
            }
            oldestRow.reset()
        }
        // The journal keeps the events from the oldest one whose callbacks an app of the device still keeps:
        // older entries refer to history that is gone. Of those set aside, the ones kept stand alone from now on;
        // an app alone on its device never keeps one, as an entry rides on its event's last callback, which goes
        // only once all of them have.
        let oldestKept = try sqlite.cachedStatement("""
            SELECT min((SELECT event FROM history WHERE instance = i.id ORDER BY seq LIMIT 1))
            FROM instances i WHERE i.device = ?1
            """)
        let trimJournal = try sqlite.cachedStatement("DELETE FROM events WHERE device = ?1 AND seq < ?2")
        for device in devices {
            try oldestKept.bind(.text(device))
            let oldest = try oldestKept.step() && !oldestKept.isNull(at: 0) ? oldestKept.int64(at: 0) : Int64.max
            oldestKept.reset()
            try trimJournal.bind(.text(device), .int(oldest))
            try trimJournal.run()
            try insertAlone((setAside[device] ?? []).filter { $0.seq >= oldest }, of: device, into: sqlite)
        }
    }

    /// Writes journal entries of `device` to stand alone in `events`.
    private static func insertAlone(_ entries: [JournalEntry], of device: String, into sqlite: SQLiteConnection) throws {
        guard !entries.isEmpty else { return }
        let insertEvent = try sqlite.cachedStatement("INSERT INTO events(device, seq, entry) VALUES (?1, ?2, ?3)")
        for entry in entries {
            try insertEvent.bind(.text(device), .int(entry.seq), .blob(HistoryRecord.encode(entry, rowInstance: nil, rowAt: 0)))
            try insertEvent.run()
        }
    }

    /// The journal entry riding on a history row of `instance`, from its `event`, `at` and `entry` columns.
    static func entry(riding row: SQLiteStatement, on instance: String) throws -> JournalEntry {
        try HistoryRecord.decodeEntry(row.blob(at: 2), seq: row.int64(at: 0), rowInstance: instance, rowAt: row.int64(at: 1))
    }

    /// A journal entry standing alone in `events`, from its `seq` and `entry` columns.
    static func entry(alone row: SQLiteStatement) throws -> JournalEntry {
        // With no row to date it from, its time is written whole (an offset from 0).
        try HistoryRecord.decodeEntry(row.blob(at: 1), seq: row.int64(at: 0), rowInstance: nil, rowAt: 0)
    }
}
