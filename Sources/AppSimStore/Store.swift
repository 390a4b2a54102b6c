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

/// One history record as stored: its key and its body, the Callback JSON the API rendered, kept as given.
public struct StoredCallback: Sendable {
    public var instance: String
    public var seq: Int64
    public var body: [UInt8]
}

/// A device as stored. Encoded when made, on the request's thread, so the one committer thread only writes bytes.
public struct StoredDevice: Sendable {
    public let id: String
    let body: [UInt8]

    public init(_ simulation: DeviceSimulation) {
        id = simulation.device.id
        body = Records.encode(simulation.device)
    }
}

/// What an event changed of an instance, encoded when made, with the wall time its realtime timers next fall due
/// (what a starting server schedules its device from).
public struct StoredInstance: Sendable {
    public let id: String
    let state: String
    let body: [UInt8]
    public let wakeAt: Int64?

    public init(_ instance: Instance, in simulation: DeviceSimulation) {
        id = instance.id
        state = instance.state.rawValue
        body = Records.encode(instance)
        wakeAt = simulation.wallWake(of: instance)
    }
}

/// Everything one accepted request changes, written in one transaction.
public struct StoreWrite: Sendable {
    public var devices: [StoredDevice] = []
    /// Newly installed instances: their fixed `info` and `behavior` are written once, here.
    public var installed: [Instance] = []
    /// Instances whose state changed.
    public var instances: [StoredInstance] = []
    public var deletedInstances: [String] = []
    public var deletedDevices: [String] = []
    /// Callback records with their bodies, rendered once for the store and the reply.
    public var callbacks: [StoredCallback] = []
    /// Devices whose rows this write leaves as they were, as only their event counter moved, which `callbacks`
    /// carry (see `Store.loadDevice`). The write still changes them: their stored history.
    public private(set) var historyOnlyDevices: [String] = []

    public init() {}

    /// Every device this write changes, by row or by history.
    public var changedDevices: Set<String> { Set(devices.map(\.id) + deletedDevices + historyOnlyDevices) }

    public var isEmpty: Bool {
        devices.isEmpty && installed.isEmpty && instances.isEmpty && deletedInstances.isEmpty && deletedDevices.isEmpty && callbacks.isEmpty
    }

    /// Adds what `outcomes` (events applied one after another) did to a device that went from `before` to `after`:
    /// their callbacks, and the rows of the device and of the instances that differ, except what those callbacks
    /// record (an event that only adds to history, such as a memory warning to an active app, writes its callbacks
    /// alone; Home and launch write the app's row, not the device's). An instance whose timers' wall time moved is
    /// written too: a starting server schedules from it.
    ///
    /// `historyBody` renders a callback as its history keeps and serves it: the API's Callback JSON, which the
    /// store keeps as given and does not read, but for `event` and `at` (see `Store.loadDevice`).
    public mutating func add(
        _ outcomes: [EventOutcome], from before: DeviceSimulation, to after: DeviceSimulation,
        historyBody: (CallbackRecord) -> [UInt8]
    ) {
        let added = outcomes.flatMap(\.callbacks)
        let deviceId = after.device.id
        let writesDevice = devices.contains(where: { $0.id == deviceId })
            || !Self.keptByHistory(after.device, from: before.device, callbacks: added)
        if writesDevice {
            devices.removeAll { $0.id == deviceId }
            devices.append(StoredDevice(after))
        }
        var writesInstances = false
        var newest: [String: CallbackRecord] = [:]
        for callback in added { newest[callback.instance] = callback }
        for (index, instance) in after.instances.enumerated() {
            // Events neither install nor remove apps, so each is where it was; the search is a safeguard.
            let old = index < before.instances.count && before.instances[index].id == instance.id
                ? before.instances[index] : before.instance(instance.id)
            let rowChanged = old.map { !Self.keptByHistory(instance, from: $0, newest: newest[instance.id]) } ?? true
            if rowChanged || old.flatMap(before.wallWake(of:)) != after.wallWake(of: instance) {
                instances.removeAll { $0.id == instance.id }
                instances.append(StoredInstance(instance, in: after))
                writesInstances = true
            }
        }
        callbacks += added.map { StoredCallback(instance: $0.instance, seq: $0.seq, body: historyBody($0)) }
        if !writesDevice, writesInstances || !added.isEmpty, !historyOnlyDevices.contains(deviceId) {
            historyOnlyDevices.append(deviceId)
        }
    }

    /// Whether all that `instance` changed since `old` is in its newest callback (`newest`), from which
    /// `Store.loadDevice` reads it back: its next seq (one past that callback's) and its `updatedAt` (that callback's time).
    private static func keptByHistory(_ instance: Instance, from old: Instance, newest: CallbackRecord?) -> Bool {
        if instance == old { return true }
        guard let newest, instance.nextSeq == newest.seq + 1, instance.updatedAt == newest.at else { return false }
        var unchanged = instance
        unchanged.nextSeq = old.nextSeq
        unchanged.updatedAt = old.updatedAt
        return unchanged == old
    }

    /// Whether all that `device` changed since `old` is in `callbacks`, from which `Store.loadDevice` reads it back:
    /// its event counter, which each of them carries with the device time (timers' callbacks are dated when they fell
    /// due, so they do not), and a realtime clock running on at speed 1, where an older anchor gives the same device
    /// times.
    private static func keptByHistory(_ device: Device, from old: Device, callbacks: [CallbackRecord]) -> Bool {
        if device == old { return true }
        guard !callbacks.isEmpty, device.clock.mode == .realtime, device.clock.speed == 1,
              device.nowMillis - device.wallAnchorMillis == old.nowMillis - old.wallAnchorMillis,
              callbacks.allSatisfy({ $0.event == device.eventSeq && $0.at == device.nowMillis })
        else { return false }
        var unchanged = device
        unchanged.eventSeq = old.eventSeq
        unchanged.nowMillis = old.nowMillis
        unchanged.wallAnchorMillis = old.wallAnchorMillis
        return unchanged == old
    }
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
    private let writer: Mutex<Connection>
    private let reader: Mutex<Connection>
    let checkpointer: Checkpointer

    /// A connection and the statements it reuses.
    private struct Connection: ~Copyable {
        let sqlite: SQLiteConnection
        /// The log's length when the writer last tried to bring it to an end (see `shortenLog`).
        var framesAtLastCheckpoint = 0
        /// When the last transaction began: since then the log has rested (see `trimRestingLog`).
        var lastTransaction = ContinuousClock.now
    }

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
    public convenience init(
        path: String, durability: Durability = .normal, historyLimit: Int = 100_000, busyTimeoutMillis: Int32 = 5_000,
        maxPageCount: Int? = nil, logFramesBeforeRestart: Int? = nil,
        reportFault: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(StoreError) {
        try self.init(
            path: path, durability: durability, historyLimit: historyLimit, busyTimeoutMillis: busyTimeoutMillis,
            maxPageCount: maxPageCount, logFramesBeforeRestart: logFramesBeforeRestart, syncDatabase: nil,
            reportFault: reportFault)
    }

    /// As the public `init`, with what writes the database file to disk, and what opens the checkpointer's
    /// connection, replaced (tests simulate a failing disk, or a process out of file handles).
    init(
        path: String, durability: Durability = .normal, historyLimit: Int = 100_000, busyTimeoutMillis: Int32 = 5_000,
        maxPageCount: Int? = nil, logFramesBeforeRestart: Int? = nil,
        longestLogRest: Duration = Checkpointer.longestRest,
        syncDatabase: (@Sendable (SQLiteConnection) throws -> Void)?,
        openCheckpointerConnection: (@Sendable (String) throws -> SQLiteConnection)? = nil,
        reportFault: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(StoreError) {
        // Before SQLite reads or writes anything: a second server must not even bring the schema up to date.
        lock = try DatabaseLock(database: path)
        self.path = path
        self.historyLimit = max(1, historyLimit)
        self.busyTimeoutMillis = busyTimeoutMillis
        self.emptiesRestingLog = durability == .normal
        self.longestLogRest = longestLogRest
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
            try Self.migrate(sqlite, path: path)
            if let maxPageCount { _ = try sqlite.pragma("max_page_count=\(maxPageCount)") }
            let readSide = try SQLiteConnection(path: path, readOnly: true)
            readSide.setBusyTimeout(milliseconds: 5_000)
            let logPath = sqlite.logPath ?? path + "-wal"
            writer = Mutex(Connection(sqlite: sqlite))
            reader = Mutex(Connection(sqlite: readSide))
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

    /// Refuses files that are not SQLite, and SQLite databases that belong to something else.
    private static func checkIdentity(_ sqlite: SQLiteConnection, path: String) throws {
        let identity = Int32(try sqlite.pragma("application_id") ?? "0") ?? 0
        if identity == applicationID { return }
        let foreign = "\(path) is a SQLite database of another program, not appsim's; point --db at an appsim database or a new file"
        guard identity == 0 else { throw StoreError(.notAnAppsimDatabase, foreign) }
        let count = try sqlite.prepare("SELECT count(*) FROM sqlite_master", persistent: false)
        _ = try count.step()
        if count.int64(at: 0) > 0 { throw StoreError(.notAnAppsimDatabase, foreign) }
    }

    /// The schema, one migration per version; `PRAGMA user_version` records how far a database has come.
    static let migrations: [String] = [
        """
        CREATE TABLE devices(id TEXT PRIMARY KEY, wake_at INTEGER, body BLOB NOT NULL) WITHOUT ROWID;
        CREATE INDEX devices_by_wake ON devices(wake_at) WHERE wake_at IS NOT NULL;
        CREATE TABLE instances(
            id TEXT PRIMARY KEY, device TEXT NOT NULL, number INTEGER NOT NULL, bundle_id TEXT NOT NULL,
            state TEXT NOT NULL, spec BLOB NOT NULL, body BLOB NOT NULL) WITHOUT ROWID;
        CREATE INDEX instances_by_device ON instances(device, number);
        CREATE TABLE callbacks(instance TEXT NOT NULL, seq INTEGER NOT NULL, body BLOB NOT NULL,
            PRIMARY KEY(instance, seq)) WITHOUT ROWID;
        """,
        // Ordinary (rowid) tables: a row of one fits in a small page, where a WITHOUT ROWID row of the same size would
        // spill onto overflow pages; history is appended in one place and found through its index.
        """
        CREATE TABLE devices_v2(id TEXT NOT NULL UNIQUE, wake_at INTEGER, body BLOB NOT NULL);
        INSERT INTO devices_v2(id, wake_at, body) SELECT id, wake_at, body FROM devices ORDER BY id;
        DROP TABLE devices;
        ALTER TABLE devices_v2 RENAME TO devices;
        CREATE INDEX devices_by_wake ON devices(wake_at) WHERE wake_at IS NOT NULL;
        CREATE TABLE instances_v2(
            id TEXT NOT NULL UNIQUE, device TEXT NOT NULL, number INTEGER NOT NULL, bundle_id TEXT NOT NULL,
            state TEXT NOT NULL, spec BLOB NOT NULL, body BLOB NOT NULL);
        INSERT INTO instances_v2(id, device, number, bundle_id, state, spec, body)
            SELECT id, device, number, bundle_id, state, spec, body FROM instances ORDER BY device, number;
        DROP TABLE instances;
        ALTER TABLE instances_v2 RENAME TO instances;
        CREATE INDEX instances_by_device ON instances(device, number);
        CREATE TABLE callbacks_v2(instance TEXT NOT NULL, seq INTEGER NOT NULL, body BLOB NOT NULL);
        INSERT INTO callbacks_v2(instance, seq, body) SELECT instance, seq, body FROM callbacks ORDER BY instance, seq;
        DROP TABLE callbacks;
        ALTER TABLE callbacks_v2 RENAME TO callbacks;
        CREATE UNIQUE INDEX callbacks_by_instance ON callbacks(instance, seq);
        """,
        // No table changes. From this version an event that only adds callbacks leaves the rows of its device and
        // instances as they were, and loading takes their counters from the newest callbacks (`loadDevice`); an
        // older appsim would not, so it must refuse these databases, which it does for any newer version.
        "SELECT 1",
        // Each instance's row holds the wall time its timers next fall due, so that Home and launch (and any event
        // that changes apps but not their device beyond its counters) leave the device's row alone. Filled from the
        // devices as stored (`moveWakeTimesToInstances`), after which the devices' column goes. The index holds only
        // apps with a timer, by device, so that start-up reads those alone (`wakeTimes`).
        """
        ALTER TABLE instances ADD COLUMN wake_at INTEGER;
        CREATE INDEX instances_by_wake ON instances(device, wake_at) WHERE wake_at IS NOT NULL;
        """,
    ]

    /// The migration after which `moveWakeTimesToInstances` runs.
    private static let wakeTimesMoveToInstances = 3

    /// Gives each app of a device with a wake time its own (exactly what the device, loaded, computes), then drops
    /// the devices' wake times.
    private static func moveWakeTimesToInstances(_ sqlite: SQLiteConnection) throws {
        let waking = try sqlite.prepare("SELECT id FROM devices WHERE wake_at IS NOT NULL", persistent: false)
        var ids: [String] = []
        while try waking.step() { ids.append(waking.string(at: 0) ?? "") }
        let update = try sqlite.prepare("UPDATE instances SET wake_at = ?2 WHERE id = ?1", persistent: false)
        for id in ids {
            guard let simulation = try loadDevice(id, from: sqlite) else { continue }
            for instance in simulation.instances {
                guard let wake = simulation.wallWake(of: instance.id) else { continue }
                try update.bind(.text(instance.id), .int(wake))
                try update.run()
            }
        }
        try sqlite.execute("DROP INDEX IF EXISTS devices_by_wake; ALTER TABLE devices DROP COLUMN wake_at")
    }

    private static func migrate(_ sqlite: SQLiteConnection, path: String) throws {
        let version = Int(try sqlite.pragma("user_version") ?? "0") ?? 0
        guard version <= migrations.count else {
            throw StoreError(.newerSchema, "\(path) has schema version \(version), newer than this appsim knows (\(migrations.count)); run a newer appsim or use another --db")
        }
        guard version < migrations.count else { return }
        try sqlite.transaction {
            for (index, migration) in migrations.enumerated() where index >= version {
                try sqlite.execute(migration)
                if index == wakeTimesMoveToInstances { try moveWakeTimesToInstances(sqlite) }
            }
            try sqlite.execute("PRAGMA application_id=\(applicationID); PRAGMA user_version=\(migrations.count)")
        }
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
                connection.lastTransaction = .now
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
    private func refuseAfterFailure() throws(StoreError) {
        if let failure = checkpointer.failure.withLock({ $0 }) { throw failure }
    }

    /// What `error` means for the user. A damaged file, and a disk that failed a write, are recorded: from then on the
    /// files are not written (see `Checkpointer.failure`). The system reports a failed write once and may then let the
    /// next one succeed over what was lost, so one failure is enough.
    private func storeError(_ error: SQLiteError, writing: Bool) -> StoreError {
        if error.isCorrupt { return checkpointer.recordFailure(.corrupt(path, because: error.message, underlying: error)) }
        if writing && error.isIOError {
            return checkpointer.recordFailure(.diskFailed(path, because: error.message, underlying: error))
        }
        return StoreError.from(error, path: path)
    }

    /// Set when the last commit failed for lack of room (`SQLITE_FULL`), until one succeeds (see `checkWritable`).
    private let lastWriteFoundNoRoom = Atomic<Bool>(false)

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
            guard ContinuousClock.now - connection.lastTransaction >= longestLogRest,
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
    private let pageSize: Int
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
                "DELETE FROM callbacks WHERE instance IN (SELECT id FROM instances WHERE device = ?1)",
                "DELETE FROM instances WHERE device = ?1",
                "DELETE FROM devices WHERE id = ?1",
            ] {
                let statement = try sqlite.cachedStatement(sql)
                try statement.bind(.text(id))
                try statement.run()
            }
        }
        for id in write.deletedInstances {
            for sql in ["DELETE FROM callbacks WHERE instance = ?1", "DELETE FROM instances WHERE id = ?1"] {
                let statement = try sqlite.cachedStatement(sql)
                try statement.bind(.text(id))
                try statement.run()
            }
        }
        // Statements are looked up only for what the write holds (many writes are callbacks alone).
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
        guard !write.callbacks.isEmpty else { return }
        let insertCallback = try sqlite.cachedStatement("INSERT INTO callbacks(instance, seq, body) VALUES (?1, ?2, ?3)")
        for callback in write.callbacks {
            try insertCallback.bind(.text(callback.instance), .int(callback.seq), .blob(callback.body))
            try insertCallback.run()
        }
        if write.callbacks.contains(where: { $0.seq > historyLimit }) {
            // Callbacks of one write belong to few instances; trim each to its newest `historyLimit`.
            var trimmed: Set<String> = []
            let trim = try sqlite.cachedStatement("DELETE FROM callbacks WHERE instance = ?1 AND seq <= ?2")
            for callback in write.callbacks.reversed() where callback.seq > historyLimit && trimmed.insert(callback.instance).inserted {
                try trim.bind(.text(callback.instance), .int(callback.seq - Int64(historyLimit)))
                try trim.run()
            }
        }
    }

    // MARK: Reading

    /// Runs `body` with the read connection; SQLite and record errors become `StoreError`.
    private func read<T: Sendable>(_ body: @Sendable (SQLiteConnection) throws -> T) throws(StoreError) -> T {
        do {
            return try reader.withLock { connection in try body(connection.sqlite) }
        } catch let error as SQLiteError {
            throw storeError(error, writing: false)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(.notAnAppsimDatabase, "\(path) holds a record this appsim cannot read (\(error)); it was written by another version or damaged")
        }
    }

    /// One device with its apps, as stored; `nil` if there is no such device.
    public func loadDevice(_ id: String) throws(StoreError) -> DeviceSimulation? {
        try read { sqlite in try Self.loadDevice(id, from: sqlite) }
    }

    private static func loadDevice(_ id: String, from sqlite: SQLiteConnection) throws -> DeviceSimulation? {
        let deviceRow = try sqlite.cachedStatement("SELECT body FROM devices WHERE id = ?1")
        defer { deviceRow.reset() }
        try deviceRow.bind(.text(id))
        guard try deviceRow.step() else { return nil }
        var device = try Records.decodeDevice(deviceRow.blob(at: 0))
        let instanceRows = try sqlite.cachedStatement("SELECT spec, body FROM instances WHERE device = ?1 ORDER BY number")
        defer { instanceRows.reset() }
        try instanceRows.bind(.text(id))
        var instances: [Instance] = []
        while try instanceRows.step() {
            instances.append(try Records.decodeInstance(spec: instanceRows.blob(at: 0), body: instanceRows.blob(at: 1)))
        }
        // Rows are left as they were by events that only add to history (`StoreWrite.add`): what those changed
        // is in each instance's newest callback. Its `event` and `at` are read out of the API's Callback JSON, the
        // only place they are kept until the history table has columns of its own for them (issue 20, item 3).
        let newestCallback = try sqlite.cachedStatement("SELECT seq, body FROM callbacks WHERE instance = ?1 ORDER BY seq DESC LIMIT 1")
        let storedEventSeq = device.eventSeq
        var latestEventAt: Int64?
        for index in instances.indices {
            try newestCallback.bind(.text(instances[index].id))
            defer { newestCallback.reset() }
            guard try newestCallback.step() else { continue }
            let seq = newestCallback.int64(at: 0)
            let callback = try Records.Reader(newestCallback.blob(at: 1))
            let event = try callback.int("event")
            if event > device.eventSeq {
                device.eventSeq = event
                latestEventAt = try callback.int("at")
            }
            if seq >= instances[index].nextSeq {
                instances[index].nextSeq = seq + 1
                instances[index].updatedAt = try callback.int("at")
            }
        }
        // The row's clock was last read before those events: move it on to where the latest left it (its
        // callbacks' time is the device time then; at speed 1, device time minus anchor never changes). A wall
        // clock set back later must find the device where it was, not at the older reading.
        if device.eventSeq > storedEventSeq, let latestEventAt, latestEventAt > device.nowMillis,
           device.clock.mode == .realtime, device.clock.speed == 1 {
            device.wallAnchorMillis += latestEventAt - device.nowMillis
            device.nowMillis = latestEventAt
        }
        return DeviceSimulation(device: device, instances: instances)
    }

    /// Every device with its apps (for tests and tools; the server loads devices as they are used).
    public func loadAll() throws(StoreError) -> [DeviceSimulation] {
        var all: [DeviceSimulation] = []
        for id in try deviceIds(after: nil, limit: Int.max) {
            if let simulation = try loadDevice(id) { all.append(simulation) }
        }
        return all
    }

    /// Device ids in order after `after`, at most `limit`.
    public func deviceIds(after: String?, limit: Int) throws(StoreError) -> [String] {
        try read { sqlite in
            let rows = try sqlite.cachedStatement("SELECT id FROM devices WHERE id > ?1 ORDER BY id LIMIT ?2")
            defer { rows.reset() }
            try rows.bind(.text(after ?? ""), .int(Int64(min(limit, Int(Int64.max)))))
            var ids: [String] = []
            while try rows.step() { ids.append(rows.string(at: 0) ?? "") }
            return ids
        }
    }

    /// Devices whose realtime timers fall due, with when (wall milliseconds): what a starting server schedules.
    public func wakeTimes() throws(StoreError) -> [(device: String, at: Int64)] {
        try read { sqlite in
            let rows = try sqlite.prepare(Self.wakeTimesQuery, persistent: false)
            var times: [(device: String, at: Int64)] = []
            while try rows.step() { times.append((rows.string(at: 0) ?? "", rows.int64(at: 1))) }
            return times
        }
    }

    /// Read from the apps with a timer alone (the partial index `instances_by_wake`), not all of them.
    static let wakeTimesQuery = "SELECT device, min(wake_at) FROM instances WHERE wake_at IS NOT NULL GROUP BY device"

    /// What a page of instances can be filtered by.
    public struct InstanceQuery: Sendable {
        public var device: String?
        public var state: String?
        public var bundleId: String?
        /// The page starts after this (device, number).
        public var after: (device: String, number: Int)?
        public var limit: Int

        public init(device: String? = nil, state: String? = nil, bundleId: String? = nil, after: (device: String, number: Int)? = nil, limit: Int) {
            self.device = device
            self.state = state
            self.bundleId = bundleId
            self.after = after
            self.limit = limit
        }
    }

    /// Ids of stored instances matching `query`, in (device, install order).
    public func instanceIds(_ query: InstanceQuery) throws(StoreError) -> [String] {
        try read { sqlite in
            let rows = try sqlite.cachedStatement("""
                SELECT id FROM instances
                WHERE (device > ?1 OR (device = ?1 AND number > ?2))
                  AND (?3 IS NULL OR device = ?3) AND (?4 IS NULL OR state = ?4) AND (?5 IS NULL OR bundle_id = ?5)
                ORDER BY device, number LIMIT ?6
                """)
            defer { rows.reset() }
            try rows.bind(
                .text(query.after?.device ?? ""), .int(Int64(query.after?.number ?? 0)),
                query.device.map { .text($0) } ?? .null, query.state.map { .text($0) } ?? .null,
                query.bundleId.map { .text($0) } ?? .null, .int(Int64(query.limit)))
            var ids: [String] = []
            while try rows.step() { ids.append(rows.string(at: 0) ?? "") }
            return ids
        }
    }

    /// How many devices, and how many instances in each lifecycle state, are stored.
    public func counts() throws(StoreError) -> (devices: Int, states: [String: Int]) {
        try read { sqlite in
            let devices = try sqlite.cachedStatement("SELECT count(*) FROM devices")
            defer { devices.reset() }
            _ = try devices.step()
            let states = try sqlite.cachedStatement("SELECT state, count(*) FROM instances GROUP BY state")
            defer { states.reset() }
            var byState: [String: Int] = [:]
            while try states.step() { byState[states.string(at: 0) ?? ""] = Int(states.int64(at: 1)) }
            return (Int(devices.int64(at: 0)), byState)
        }
    }

    /// A page of an app's history: its stored callbacks in seq order after `after`, at most `limit`.
    public func callbacks(instance: String, after: Int64, limit: Int) throws(StoreError) -> [StoredCallback] {
        do {
            return try reader.withLock { connection in
                let statement = try connection.sqlite.cachedStatement(
                    "SELECT seq, body FROM callbacks WHERE instance = ?1 AND seq > ?2 ORDER BY seq LIMIT ?3")
                defer { statement.reset() }
                try statement.bind(.text(instance), .int(after), .int(Int64(limit)))
                var bodies: [StoredCallback] = []
                while try statement.step() {
                    bodies.append(StoredCallback(instance: instance, seq: statement.int64(at: 0), body: statement.blob(at: 1)))
                }
                return bodies
            }
        } catch let error as SQLiteError {
            throw storeError(error, writing: false)
        } catch {
            throw StoreError(.failed, "could not read \(path): \(error)")
        }
    }

    // MARK: Health

    /// Whether a write would succeed now, for `/healthz`; what stops it otherwise, with what to do:
    /// - the files must no longer be written until a restart: the disk failed, or the file is damaged
    ///   (`Checkpointer.failure`);
    /// - the checkpointer has no connection, so the log is not copied back (`Checkpointer.connectionFailure`);
    /// - the database was opened read-only, or its file system is mounted read-only;
    /// - another process holds the write lock (past the busy timeout: this takes and releases it);
    /// - there is no room: fewer than ``pagesForAWrite`` pages left on the disk or under `maxPageCount`, or the last
    ///   write failed for lack of room and fewer than ``pagesToResume`` are left. (Room cannot be known for sure
    ///   without writing; a write that failed for lack of it is the best evidence, until there is clearly more.)
    public func checkWritable() throws(StoreError) {
        try refuseAfterFailure()
        if let failure = checkpointer.connectionFailure.withLock({ $0 }) { throw StoreError(.unavailable, failure) }
        do {
            try writer.withLock { connection in
                let sqlite = connection.sqlite
                // SQLite opens a file it may not write (permissions, `chattr +i`) for reading, without an error, and
                // the connection stays read-only: even `BEGIN IMMEDIATE` succeeds on it.
                if sqlite.isReadOnly {
                    throw StoreError(.unavailable, "the database \(path) was opened read-only, as appsim may not write the file (its permissions, or it is immutable: see lsattr); make it writable, then restart appsim")
                }
                let disk = Self.disk(holding: path)
                if disk.readOnly {
                    throw StoreError(.unavailable, "the file system holding \(path) is mounted read-only; remount it read-write, then retry")
                }
                try sqlite.execute("BEGIN IMMEDIATE; ROLLBACK")
                let used = Int(try sqlite.pragma("page_count") ?? "") ?? 0
                let free = Int(try sqlite.pragma("freelist_count") ?? "") ?? 0
                let cap = Int(try sqlite.pragma("max_page_count") ?? "") ?? Int.max
                let underCap = cap - used + free
                let onDisk = disk.freeBytes / pageSize
                let pagesLeft = min(underCap, onDisk)
                if pagesLeft < Self.pagesForAWrite || (lastWriteFoundNoRoom.load(ordering: .relaxed) && pagesLeft < Self.pagesToResume) {
                    throw StoreError(.unavailable, underCap < onDisk
                        ? "the database \(path) is full: \(pagesLeft * pageSize / 1_024) KiB left under its size limit (max_page_count); raise it or free some space in it, then retry"
                        : "the disk holding \(path) is full (\(pagesLeft * pageSize / 1_024) KiB free); free some space, then retry")
                }
            }
        } catch let error as StoreError {
            throw error
        } catch let error as SQLiteError {
            throw storeError(error, writing: false)
        } catch {
            throw StoreError(.failed, "could not check \(path): \(error)")
        }
    }

    /// Fewer pages left than this and the store is full: a write that adds an app or a little history needs a few.
    static let pagesForAWrite = 8
    /// After a write failed for lack of room, the store is full until this many pages are left (1 MiB of small pages),
    /// or a write succeeds.
    static let pagesToResume = 1_024

    /// Whether the file system holding `path` is mounted read-only, and the bytes free on it for this process
    /// (root may use the blocks kept back for it); `Int.max` free when the system does not say.
    private static func disk(holding path: String) -> (readOnly: Bool, freeBytes: Int) {
        var system = statvfs()
        guard statvfs(path, &system) == 0 else { return (false, Int.max) }
        let blocks = geteuid() == 0 ? system.f_bfree : system.f_bavail
        let (bytes, overflow) = Int(clamping: blocks).multipliedReportingOverflow(by: Int(clamping: system.f_frsize))
        return (system.f_flag & UInt(ST_RDONLY) != 0, overflow ? Int.max : bytes)
    }
}
