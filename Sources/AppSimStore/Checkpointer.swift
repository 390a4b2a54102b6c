import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Copies the write-ahead log back into the database on a thread of its own, so that the writer's commits never
/// pay for it (SQLite would otherwise checkpoint, with a sync, inside whichever commit crosses the threshold).
///
/// It cannot end the log by itself: under a steady stream of commits there are always new frames behind the ones
/// it copied. When it has copied a long log it raises ``caughtUp``; the writer then copies the few frames added
/// since, between two transactions, and the log starts over (see `Store.shortenLog`).
///
/// It also keeps in memory the part of the log file the writer writes into next. Frames do not fill whole file
/// blocks, so writing one into a block the system dropped from its cache first reads that block from disk, and on a
/// busy disk the commit waits 10–50 ms. Systems that page out idle file data (some VMs do within a minute) drop
/// the log of a server at rest, which the next writes then overwrite from its start. So after each pass the
/// checkpointer asks for the stretch after the log's end to be read ahead, and while no writes come, for the
/// log's start (where the next write starts it over) every few seconds — but only for ``longestRest``: then the
/// writer starts emptying the log when commits do not sync (see `Store.trimRestingLog`), and nothing of it needs keeping.
///
/// Before its first pass the thread reads the whole database once (`PRAGMA quick_check`), so that damage anywhere in
/// the file is found soon after start-up without making the start wait for it (see ``checkIntegrity(_:)``).
final class Checkpointer: Sendable {
    /// Set when a pass copied the whole of a log of at least `longLog` frames; taken by the writer.
    let caughtUp = Atomic<Bool>(false)
    /// This thread's connection; `nil` while it could not be opened (see ``connectionFailure``).
    private let connection = Mutex<SQLiteConnection?>(nil)
    private let longLog: Int
    private let threadState = Mutex(ThreadState())
    private let finished = DispatchSemaphore(value: 0)

    private struct ThreadState {
        var running = true
        /// Stops the integrity check while it runs, so that stopping does not wait for it to read a large file.
        var integrityCheck: SQLiteInterrupter?
    }

    /// The log file, opened for read-ahead only, and what was last asked of it.
    private struct ReadAhead {
        var file: Int32 = -1
        /// The stretch last asked for starts here and ends at `until` (byte offsets).
        var from = 0
        var until = 0
        /// The log's length at the previous pass, when it last changed, and when its start was last asked for.
        var frames = -1
        var changedAt = ContinuousClock.now
        var startAskedAt = ContinuousClock.now
        /// Set by `stop`: the handle stays closed.
        var stopped = false
    }

    private let readAheadState = Mutex(ReadAhead())
    /// The log file, as SQLite names it.
    let logPath: String
    private let frameBytes: Int
    /// How much of the log ahead of the writer is kept in memory: about a second of writes at full speed, so
    /// that what was paged out is read back before the writer gets there.
    static let readAheadBytes = 64 << 20
    /// How much of the log's start is kept in memory while writes rest, for the first seconds after they resume.
    static let restingReadAheadBytes = 128 << 20
    /// How often the log's start is asked for while no writes come.
    static let restingReadAhead: Duration = .seconds(3)

    /// - Parameters:
    ///   - logPath: the write-ahead log's file, as SQLite names it (`SQLiteConnection.logPath`).
    ///   - longLog: a log this long (in frames) should start over.
    ///   - intervalMillis: the pause between passes while the log is short; while it is long, passes come every
    ///     ``longLogInterval`` ms (a page that changed many times since the last pass is copied once).
    ///   - pageSize: the database's page size; a frame in the log is a page and a 24-byte header.
    ///   - longestRest: how long the log may rest unchanged before its start is no longer kept in memory.
    ///   - openConnection: opens this thread's connection (tests put one that fails in its place).
    ///   - report: told, on this thread, of what stops the store or the checkpointer working, for the log.
    init(
        path: String, logPath: String, longLog: Int, pageSize: Int, intervalMillis: Int = 100,
        longestRest: Duration = Checkpointer.longestRest,
        syncDatabase: @escaping @Sendable (SQLiteConnection) throws -> Void = { try $0.syncDatabaseFile() },
        openConnection: @escaping @Sendable (String) throws -> SQLiteConnection = { try SQLiteConnection(path: $0) },
        report: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.path = path
        self.syncDatabase = syncDatabase
        self.openConnection = openConnection
        self.report = report
        self.longLog = longLog
        self.frameBytes = pageSize + 24
        self.longestRest = longestRest
        self.logPath = logPath
        connection.withLock { connection in _ = connect(&connection) }
        let thread = Thread { [self] in
            defer { finished.signal() }
            var checked = connection.withLock { connection in connect(&connection) && checkIntegrity(connection!) }
            var pause = intervalMillis
            while threadState.withLock({ $0.running }) {
                Thread.sleep(forTimeInterval: Double(pause) / 1000)
                // A connection that could not be opened is tried again at every pass; the integrity check waits for it.
                let connected = connection.withLock { connection -> Bool in
                    guard connect(&connection) else { return false }
                    if !checked { checked = checkIntegrity(connection!) }
                    return true
                }
                guard connected else { continue }
                let frames = pass()
                // 0 is also a pass that found the log busy: nothing to go by.
                if frames > 0 { readAhead(frames: frames) }
                pause = frames >= longLog / 4 ? min(Self.longLogInterval, intervalMillis) : intervalMillis
            }
        }
        thread.start()
        // Named once started: Foundation hands a name to Linux only for a thread it has started (at most 15 bytes).
        thread.name = "appsim-checkpt"
    }

    private let openConnection: @Sendable (String) throws -> SQLiteConnection
    private let report: @Sendable (String) -> Void

    /// Why this thread has no connection to copy the log with, while it has none. The writer then copies the log
    /// itself only once it is four times its restart length (`Store.shortenLog`), pausing every reply while it does.
    let connectionFailure = Mutex<String?>(nil)

    /// Opens this thread's connection into `connection` unless it is open; whether it is. A failure is recorded in
    /// ``connectionFailure`` and reported, as is the first success after one.
    private func connect(_ connection: inout SQLiteConnection?) -> Bool {
        if connection != nil { return true }
        do {
            let opened = try openConnection(path)
            opened.setBusyTimeout(milliseconds: 1_000)
            // Its checkpoints sync the log before they copy it and the database after, whatever SQLite was built with:
            // the writer starts the log over (`Store.trimRestingLog`, `shortenLog`) only on copies that are on disk.
            try opened.execute("PRAGMA synchronous=NORMAL")
            connection = opened
        } catch {
            let message = "appsim's checkpointer could not open its connection to \(path) (\(error)), so the write-ahead "
                + "log is not copied back into the database as it grows, and replies pause while the writer copies it; "
                + "it is tried again every pass: if this lasts, check the process's open-file limit (ulimit -n) and "
                + "memory, then restart appsim"
            let first = connectionFailure.withLock { failure in
                defer { failure = message }
                return failure == nil
            }
            if first { report(message) }
            return false
        }
        let recovered = connectionFailure.withLock { failure in
            defer { failure = nil }
            return failure != nil
        }
        if recovered { report("appsim's checkpointer opened its connection to \(path) after all; the log is copied back again") }
        return true
    }

    /// Reads every page of the database once (`PRAGMA quick_check`: the structure of every table and index, not
    /// whether indexes match their tables, which `integrity_check` adds at many times the cost) and records damage as
    /// a failure (see ``failure``); whether it ran to its end. Starting up reads only the schema and an index, so a
    /// file damaged elsewhere would otherwise be found only when a request touches the damage, and writes could go
    /// into it meanwhile. It runs on this thread, after start-up, so that a database of a million apps starts as fast
    /// as an empty one; while it reads, the log is not copied (its snapshot would hold the copy back anyway).
    /// Stopping interrupts it.
    func checkIntegrity(_ connection: SQLiteConnection) -> Bool {
        let interrupter = connection.interrupter
        let started = threadState.withLock { state -> Bool in
            guard state.running else { return false }
            state.integrityCheck = interrupter
            return true
        }
        guard started else { return true }
        defer { threadState.withLock { $0.integrityCheck = nil } }
        do {
            // Stops at the first problem: one is enough to stop writing. Stoppable even by a stop that comes before
            // the check's statement starts.
            let verdict = try connection.stoppable(by: interrupter) { () throws(SQLiteError) -> String in
                let check = try connection.prepare("PRAGMA quick_check(1)", persistent: false)
                return try check.step() ? check.string(at: 0) ?? "" : ""
            }
            if verdict != "ok" {
                // Its lines after a heading such as "*** in database main ***".
                let found = verdict.split(separator: "\n").filter { !$0.hasPrefix("***") }.joined(separator: "; ")
                recordFailure(.corrupt(path, because: "PRAGMA quick_check found: \(found)"))
            }
            return true
        } catch {
            if error.isCorrupt { recordFailure(.corrupt(path, because: error.message, underlying: error)) }
            // Interrupted: the store is closing, and there is nothing to do. Anything else (the database busy in another
            // process) is tried again at the next pass.
            return error.isCorrupt || error.isInterrupted
        }
    }

    /// One pass: copies what it can without waiting for, or blocking, the writer and readers (`PASSIVE`).
    /// Returns the log's length in frames (0 if the pass failed).
    ///
    /// Before it raises ``caughtUp`` it also writes the database file to disk, again and again while a sync is slow.
    /// SQLite syncs the database only after a pass that no commit overlapped, which under steady writes is rare; what
    /// it copied then stays in the system's memory until the writer starts the log over, and the writer's sync, which
    /// every pending reply waits for, had to write seconds of copies (80–110 ms here). Synced here, off the writer's
    /// path, the writer's sync finds only the last moments' copies. (Syncing every 0.5 s while the log is long, as
    /// well, raised the p99 of writes from 8–10 to 9–12 ms: each sync makes the file system flush its journal and
    /// the disk its cache, which stalls the writer's appends to the log.)
    ///
    /// Once the files must no longer be written, passes do nothing (see ``failure``).
    @discardableResult
    func pass() -> Int {
        connection.withLock { connection in
            guard failure.withLock({ $0 == nil }), let connection, let (frames, copied) = checkpoint(connection)
            else { return 0 }
            let finished = frames >= longLog && copied >= frames
            if finished {
                // A sync takes the disk a while, and commits go on meanwhile: copy and sync those too, until a sync
                // is quick, so that the writer's finds next to nothing.
                for _ in 0..<4 {
                    guard let took = syncDatabaseFile(connection) else { return max(0, frames) }
                    guard took >= Self.quickSync, let (frames, copied) = checkpoint(connection), copied >= frames
                    else { break }
                }
                caughtUp.store(true, ordering: .releasing)
            }
            return max(0, frames)
        }
    }

    /// See ``longestRest``.
    private let longestRest: Duration
    /// How long a log rests, unchanged, before its start is no longer kept in memory. Long enough that a client
    /// pausing between bursts of writes finds the log's start as it left it, and shorter than the minute after which
    /// some systems start paging out idle file data, which the resting read-ahead would then read back every few
    /// seconds for as long as the server rests. Then, when commits do not sync, the writer starts emptying the log
    /// (`Store.trimRestingLog`): the next commits append to it, and appending never waits for a block to be read.
    /// Where every commit syncs the log (durability full) it is kept, and the first commits after a long rest may
    /// wait for a block to be read back, beside the sync each one waits for.
    static let longestRest: Duration = .seconds(30)

    /// Why the database files must no longer be written, once they must not: the disk failed to store what was
    /// written, or the database was found damaged. Then nothing more is copied from the log, the store refuses
    /// writes (`Store.commit`) and keeps the log when it closes, and `/healthz` says why (`Store.checkWritable`).
    ///
    /// A disk: the system reports a failed write-back once per open file and then forgets it: the next sync
    /// succeeds, though what failed never reached the disk. Were the log then marked copied and started over, or
    /// deleted at close, those changes would be gone. So the log is kept as it is, and the next start replays it into
    /// the database from its beginning.
    ///
    /// A damaged file: what is still readable in it is what a recovery (`sqlite3 .recover`) can save; every page
    /// written over it, by a new write or by copying the log, could bury more of it.
    let failure = Mutex<StoreError?>(nil)

    /// Records the first failure (see ``failure``) and reports it; returns the one recorded, which the caller
    /// throws, so that every refusal names the first cause.
    @discardableResult
    func recordFailure(_ error: StoreError) -> StoreError {
        let (recorded, first) = failure.withLock { failure -> (StoreError, Bool) in
            if let failure { return (failure, false) }
            failure = error
            return (error, true)
        }
        if first { report(recorded.message) }
        return recorded
    }

    /// The pause between passes while the log is long (a quarter of its restart length or more), in milliseconds.
    /// It was 5, to leave the writer little to copy when the log starts over; the passes before a restart (see
    /// ``pass()``) now see to that, and the longer pause copies fewer pages (the checkpointer's CPU per memory
    /// warning 8 → 5 µs).
    static let longLogInterval = 50

    /// A sync this short left little for the writer's.
    static let quickSync: Duration = .milliseconds(20)
    private let path: String
    /// Writes the database file to disk (tests put a failing disk in its place).
    private let syncDatabase: @Sendable (SQLiteConnection) throws -> Void

    /// A `PASSIVE` checkpoint on `connection` (this thread's, or the writer's); `nil` if it failed. A failure to read
    /// or write the files (rather than a busy log), or a damaged file, is recorded: see ``failure``.
    @discardableResult
    func checkpoint(_ connection: SQLiteConnection) -> (frames: Int, copied: Int)? {
        recordingFailure(of: connection) { (sqlite) throws(SQLiteError) in try sqlite.checkpoint() }
    }

    /// Starts the log over ahead of the next commit on `connection` (see `SQLiteConnection.restartLog`); whether it
    /// did. A failure to read or write the files, or a damaged file, is recorded: see ``failure``.
    func restartLog(_ connection: SQLiteConnection) -> Bool {
        recordingFailure(of: connection) { (sqlite) throws(SQLiteError) in try sqlite.restartLog() } ?? false
    }

    /// What `body` returns on `connection`, or `nil` if it failed; a failure to read or write the files, or a damaged
    /// file, is recorded (see ``failure``).
    private func recordingFailure<Result>(
        of connection: SQLiteConnection, _ body: (SQLiteConnection) throws(SQLiteError) -> Result
    ) -> Result? {
        do {
            return try body(connection)
        } catch {
            if error.isIOError {
                recordFailure(.diskFailed(path, because: error.message, underlying: error))
            } else if error.isCorrupt {
                recordFailure(.corrupt(path, because: error.message, underlying: error))
            }
            return nil
        }
    }

    /// Writes the database file to disk and returns how long that took; `nil` if it failed, which is recorded in
    /// ``failure``.
    @discardableResult
    private func syncDatabaseFile(_ connection: SQLiteConnection) -> Duration? {
        let start = ContinuousClock.now
        do {
            try syncDatabase(connection)
        } catch {
            recordFailure(.diskFailed(path, because: (error as? SQLiteError)?.message ?? "\(error)", underlying: error as? SQLiteError))
            return nil
        }
        return ContinuousClock.now - start
    }

    /// Asks the system to read in the background what of the log is not in memory and will be written soon: the
    /// stretch after the log's end (again once the writer is halfway through it, so the cost, a walk over the
    /// stretch's cached pages, is paid about once per 32 MiB written), or its start while the log rests (the next
    /// write starts it over from the beginning; from there the stretch after the end is asked for as it grows),
    /// until it has rested for ``longestRest``.
    func readAhead(frames: Int) {
        readAheadState.withLock { state in
            let now = ContinuousClock.now
            let changed = frames != state.frames
            if changed {
                state.frames = frames
                state.changedAt = now
                state.startAskedAt = now
            }
            guard !state.stopped else { return }
            if state.file < 0 { state.file = open(logPath, O_RDONLY | O_CLOEXEC) }
            guard state.file >= 0 else { return }
            if changed {
                let end = 32 + min(frames, Int.max / 2 / frameBytes) * frameBytes
                if end < state.from || end + Self.readAheadBytes / 2 > state.until {
                    Self.willNeed(state.file, from: end, bytes: Self.readAheadBytes)
                    state.from = end
                    state.until = end + Self.readAheadBytes
                }
            } else if now - state.changedAt < longestRest, now - state.startAskedAt >= Self.restingReadAhead {
                state.startAskedAt = now
                Self.willNeed(state.file, from: 0, bytes: Self.restingReadAheadBytes)
                state.from = 0
                state.until = Self.restingReadAheadBytes
            }
        }
    }

    /// `POSIX_FADV_WILLNEED` over `bytes` from `from`, in steps of 4 MiB: Linux reads ahead at most the device's
    /// read-ahead window (often 128 KiB to 8 MiB) per call.
    private static func willNeed(_ file: Int32, from: Int, bytes: Int) {
        let step = 4 << 20
        var offset = from
        while offset < from + bytes {
            _ = posix_fadvise(file, off_t(offset), off_t(step), POSIX_FADV_WILLNEED)
            offset += step
        }
    }

    /// Stops the thread (interrupting the integrity check), waits for it and closes its connection, keeping the log
    /// after a failure (see ``failure``). Idempotent.
    func stop() {
        let first = threadState.withLock { state -> Bool in
            defer { state.running = false }
            state.integrityCheck?.interrupt()
            return state.running
        }
        if first { finished.wait() }
        // Closed here rather than when the last reference goes, which the ending thread holds a moment longer.
        connection.withLock { connection in
            if failure.withLock({ $0 != nil }) { connection?.keepLogOnClose() }
            connection = nil
        }
        readAheadState.withLock { state in
            if state.file >= 0 { close(state.file) }
            state.file = -1
            state.stopped = true
        }
    }
}
