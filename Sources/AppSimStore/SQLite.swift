import CSQLite
import Synchronization

// The only file of the store that imports CSQLite: every pointer and C call of the store lives here.

/// One SQLite database connection, used from one thread at a time.
///
/// Opened with `SQLITE_OPEN_NOMUTEX` and extended result codes; every failure is a `SQLiteError`.
/// The database closes once the connection and every statement prepared on it are gone.
///
/// ```swift
/// let db = try SQLiteConnection(path: "/var/lib/appsim/store.db")
/// try db.execute("PRAGMA journal_mode=WAL")
/// try db.setSynchronous(.normal)
/// db.setBusyTimeout(milliseconds: 5_000)
/// try db.transaction {
///     let insert = try db.cachedStatement("INSERT INTO events(id, body) VALUES (?, ?)")
///     try insert.bind(.text(id), .blob(body))
///     try insert.run()
/// }
/// ```
public final class SQLiteConnection {
    /// Values of `PRAGMA synchronous`. Debian's SQLite defaults to `FULL`; set the mode the store promises.
    public enum Synchronous: String, Sendable {
        /// No syncs: a power loss or OS crash may lose or corrupt recent commits.
        case off = "OFF"
        /// In WAL mode, every commit survives a process kill, but not necessarily a power loss.
        case normal = "NORMAL"
        /// Every commit is synced to disk before it returns.
        case full = "FULL"
    }

    private let handle: DatabaseHandle
    private var database: OpaquePointer { handle.pointer }
    private var statementCache: [String: SQLiteStatement] = [:]
    /// Set by `trackWriteAheadLog()`: where SQLite's WAL hook leaves the log's length after each commit.
    private var walLength: WALLength?

    /// Opens the database at `path`, creating the file unless `readOnly`.
    ///
    /// SQLite opens lazily: a file that is not a database is only reported, with `isCorrupt`,
    /// by the first statement that reads it, such as `pragma("schema_version")`.
    /// - Throws: `SQLiteError` with `isReadOnly` (`SQLITE_CANTOPEN`) when the file cannot be opened or created.
    public init(path: String, readOnly: Bool = false) throws(SQLiteError) {
        let access = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        handle = try DatabaseHandle(path: path, flags: access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE)
    }

    /// Runs `sql`, which may hold several statements separated by semicolons, discarding any rows.
    /// - Throws: `SQLiteError` carrying the whole `sql`.
    public func execute(_ sql: String) throws(SQLiteError) {
        try check(sqlite3_exec(database, sql, nil, nil, nil), sql: sql)
    }

    /// Compiles exactly one statement.
    ///
    /// - Parameter persistent: tells SQLite the statement will be reused many times (`SQLITE_PREPARE_PERSISTENT`).
    /// - Throws: `SQLiteError` for invalid SQL, or with `SQLITE_MISUSE` when `sql` holds no statement or more than one.
    public func prepare(_ sql: String, persistent: Bool = true) throws(SQLiteError) -> SQLiteStatement {
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        var statement: OpaquePointer?
        var hasMoreStatements = false
        let resultCode = sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let resultCode = sqlite3_prepare_v3(database, text, -1, flags, &statement, &tail)
            if resultCode == SQLITE_OK, let tail, tail.pointee != 0 {
                // Only the first statement is compiled; refuse rather than silently drop the rest.
                // Compiling the rest tells real statements from trailing comments and whitespace.
                var next: OpaquePointer?
                hasMoreStatements = sqlite3_prepare_v2(database, tail, -1, &next, nil) != SQLITE_OK || next != nil
                sqlite3_finalize(next)
            }
            return resultCode
        }
        try check(resultCode, sql: sql)
        guard let statement else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "the SQL holds no statement", sql: sql)
        }
        guard !hasMoreStatements else {
            sqlite3_finalize(statement)
            throw SQLiteError(
                code: SQLITE_MISUSE, message: "prepare takes one statement; use execute(_:) for several", sql: sql)
        }
        return SQLiteStatement(statement, handle: handle)
    }

    /// The statement for `sql`, compiled on first use and kept for the life of the connection.
    ///
    /// Every call returns the same object, reset and with its bindings cleared, so do not ask again
    /// for a statement whose rows you are still reading.
    /// - Throws: `SQLiteError` when `sql` does not compile.
    public func cachedStatement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let statement = statementCache[sql] {
            statement.reset()
            return statement
        }
        let statement = try prepare(sql, persistent: true)
        statementCache[sql] = statement
        return statement
    }

    /// Runs `body` inside `BEGIN IMMEDIATE` ... `COMMIT` and returns its result; with `exclusive`, `BEGIN EXCLUSIVE`,
    /// which in a rollback journal also keeps readers out until it ends.
    ///
    /// `BEGIN IMMEDIATE` takes the write lock up front (waiting up to the busy timeout), so statements
    /// in `body` never fail with `SQLITE_BUSY` halfway. If `body` throws, the transaction is rolled back
    /// and the error rethrown unchanged. If `COMMIT` fails, the transaction is rolled back and the
    /// `SQLiteError` thrown. Transactions do not nest.
    public func transaction<T>(exclusive: Bool = false, _ body: () throws -> T) throws -> T {
        try cachedStatement(exclusive ? "BEGIN EXCLUSIVE" : "BEGIN IMMEDIATE").run()
        let result: T
        do {
            result = try body()
            try cachedStatement("COMMIT").run()
        } catch {
            rollback()
            throw error
        }
        return result
    }

    /// Runs `body`'s reads in one deferred transaction, so that they all see the database as one commit left it
    /// (in WAL mode, a snapshot that later commits do not change), and returns its result.
    public func snapshot<T>(_ body: () throws -> T) throws -> T {
        rollback()  // a snapshot left open (its ROLLBACK failed) would otherwise pin every later read to it
        try cachedStatement("BEGIN").run()
        defer { rollback() }
        return try body()
    }

    /// Sets `PRAGMA synchronous`.
    /// - Throws: `SQLiteError`, for example `isBusy` when called inside a transaction in WAL mode.
    public func setSynchronous(_ mode: Synchronous) throws(SQLiteError) {
        try execute("PRAGMA synchronous=\(mode.rawValue)")
    }

    /// Frees what the connection's page cache holds beyond its pages in use, and gives freed memory back to the
    /// system (after a cache made large for a while).
    func releaseMemory() {
        appsim_sqlite_release_memory(database)
    }

    /// How long a statement waits for another connection's lock before failing with `isBusy`.
    public func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(database, milliseconds)
    }

    /// Starts keeping ``framesInWriteAheadLog`` up to date: SQLite reports the log's length after every commit
    /// on this connection. Replaces the automatic checkpoint (`wal_autocheckpoint`), which uses the same hook.
    public func trackWriteAheadLog() {
        let length = walLength ?? WALLength()
        walLength = length
        sqlite3_wal_hook(database, { context, _, _, frames in
            Unmanaged<WALLength>.fromOpaque(context!).takeUnretainedValue().frames = Int(frames)
            return SQLITE_OK
        }, Unmanaged.passUnretained(length).toOpaque())
    }

    /// Frames (pages) in the write-ahead log after this connection's last commit, counted from the log's start;
    /// 0 until ``trackWriteAheadLog()`` and a commit. The log starts over once a checkpoint has copied all of it.
    public var framesInWriteAheadLog: Int { walLength?.frames ?? 0 }

    /// The write-ahead log's file name, as SQLite names it (beside the database file a symbolic link points to,
    /// not beside the link); nil for an in-memory database.
    public var logPath: String? {
        guard let database = sqlite3_db_filename(database, "main"), database.pointee != 0,
              let log = sqlite3_filename_wal(database) else { return nil }
        return String(cString: log)
    }

    /// Leaves the write-ahead log in place when this connection closes: no final checkpoint copies it into the
    /// database file and deletes it, so the next open replays it from the start. For a database file whose writes
    /// the disk reported lost: the log still holds them.
    public func keepLogOnClose() {
        _ = appsim_sqlite_keep_log_on_close(database)
    }

    /// Writes to disk what this process has written to the database file (not the log) and the system still holds
    /// in memory: `fdatasync` through SQLite's own file (with its VFS), so no second descriptor is opened (closing
    /// one would drop the process's locks on the file). Blocks until the disk has it.
    public func syncDatabaseFile() throws(SQLiteError) {
        var file: UnsafeMutablePointer<sqlite3_file>?
        let found = sqlite3_file_control(database, "main", SQLITE_FCNTL_FILE_POINTER, &file)
        guard found == SQLITE_OK, let file, let methods = file.pointee.pMethods, let sync = methods.pointee.xSync else {
            throw SQLiteError(code: found == SQLITE_OK ? SQLITE_MISUSE : found, message: "the database file is not open")
        }
        let result = sync(file, SQLITE_SYNC_NORMAL)
        guard result == SQLITE_OK else {
            throw SQLiteError(code: result & 0xff, extendedCode: result, message: "could not write the database file to disk")
        }
    }

    /// Replaces `destination`'s database with a copy of this connection's, page for page, with SQLite's online backup
    /// API in one step (`sqlite3_backup_step(-1)`): the pages are read in one read transaction, so the copy is the
    /// database as one commit left it, while other processes go on committing to it (in WAL mode). Both connections'
    /// busy timeouts apply to the locks the copy needs.
    /// - Throws: `SQLiteError` from either side: the source unreadable or damaged, the destination's disk full, …
    public func backUp(into destination: SQLiteConnection) throws(SQLiteError) {
        guard let backup = sqlite3_backup_init(destination.database, "main", database, "main") else {
            throw SQLiteError(resultCode: sqlite3_extended_errcode(destination.database), database: destination.database, sql: nil)
        }
        let stepped = sqlite3_backup_step(backup, -1)
        // Finishing reports a lasting failure of the step (I/O, memory) and leaves its message on the destination's
        // connection; a busy lock it does not report.
        let finished = sqlite3_backup_finish(backup)
        let resultCode = finished != SQLITE_OK ? finished : stepped == SQLITE_DONE ? SQLITE_OK : stepped
        guard resultCode == SQLITE_OK else {
            throw SQLiteError(resultCode: resultCode, database: destination.database, sql: nil)
        }
    }

    /// Copies what it can of the write-ahead log into the database (`wal_checkpoint(PASSIVE)`): it waits for
    /// nobody. Returns the frames in the log and how many of them are now in the database.
    @discardableResult
    public func checkpoint() throws(SQLiteError) -> (frames: Int, copied: Int) {
        // The PRAGMA rather than `sqlite3_wal_checkpoint_v2`: a connection that has not read the database yet does
        // not know it is in WAL mode, and the C call then does nothing; the statement reads the schema first.
        let statement = try cachedStatement("PRAGMA wal_checkpoint(PASSIVE)")
        defer { statement.reset() }  // a statement left stepping would hold a read snapshot
        guard try statement.step() else { return (0, 0) }
        return (Int(statement.int64(at: 1)), Int(statement.int64(at: 2)))
    }

    /// Lets the next commit write the write-ahead log from its start (`wal_checkpoint(RESTART)`), once all of it is
    /// copied into the database (this copies what is not). It takes the write lock and needs every reader off the
    /// log: with the busy timeout at 0 it gives up at once when either is in use, and returns `false`.
    public func restartLog() throws(SQLiteError) -> Bool {
        let statement = try cachedStatement("PRAGMA wal_checkpoint(RESTART)")
        defer { statement.reset() }
        guard try statement.step() else { return false }
        return statement.int64(at: 0) == 0
    }

    /// The write-ahead log's file as SQLite holds it open; `nil` when the connection has no log open.
    private var logFile: UnsafeMutablePointer<sqlite3_file>? {
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(database, "main", SQLITE_FCNTL_JOURNAL_POINTER, &file) == SQLITE_OK,
              let file, file.pointee.pMethods != nil else { return nil }
        return file
    }

    /// The write-ahead log file's size in bytes; `nil` when the connection has no log open.
    public var logFileBytes: Int? {
        guard let file = logFile, let size = file.pointee.pMethods.pointee.xFileSize else { return nil }
        var bytes: sqlite3_int64 = 0
        return size(file, &bytes) == SQLITE_OK ? Int(bytes) : nil
    }

    /// Whether the database was opened read-only: asked to be, or SQLite could not open the file for writing (its
    /// permissions, an immutable file, a read-only file system) and opened it for reading instead, without an error.
    /// Every write then fails with `isReadOnly`.
    public var isReadOnly: Bool { sqlite3_db_readonly(database, "main") == 1 }

    /// What stops a statement running on this connection from another thread (see ``SQLiteInterrupter``).
    public var interrupter: SQLiteInterrupter { SQLiteInterrupter(handle) }

    /// Runs `body`, whose statements `interrupter` stops however late it is asked: every statement that runs or
    /// starts from then on fails with `SQLITE_INTERRUPT`. `sqlite3_interrupt` alone is forgotten when it comes
    /// between two statements (SQLite clears it as the next one starts), so a progress handler asks the interrupter
    /// again every 1,000 virtual machine instructions.
    public func stoppable<Result, Failure: Error>(
        by interrupter: SQLiteInterrupter, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let context = Unmanaged.passUnretained(interrupter).toOpaque()
        sqlite3_progress_handler(database, 1_000, { context in
            guard let context else { return 0 }
            return Unmanaged<SQLiteInterrupter>.fromOpaque(context).takeUnretainedValue().isInterrupted ? 1 : 0
        }, context)
        defer {
            sqlite3_progress_handler(database, 0, nil, nil)
            withExtendedLifetime(interrupter) {}
        }
        return try body()
    }

    /// Rows changed by the most recent `INSERT`, `UPDATE` or `DELETE`.
    public var changes: Int { Int(sqlite3_changes64(database)) }

    /// Row id of the most recent successful `INSERT`.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(database) }

    /// The first column of the first row of `PRAGMA name`, as text; nil when there is no row.
    ///
    /// `name` goes into the SQL as written, so it may carry an argument (`"table_info(events)"`)
    /// but must never come from a client.
    /// ```swift
    /// try db.pragma("journal_mode") // "wal"
    /// ```
    public func pragma(_ name: String) throws(SQLiteError) -> String? {
        let statement = try prepare("PRAGMA \(name)", persistent: false)
        return try statement.step() ? statement.string(at: 0) : nil
    }

    private func check(_ resultCode: Int32, sql: String) throws(SQLiteError) {
        guard resultCode == SQLITE_OK else {
            throw SQLiteError(resultCode: resultCode, database: database, sql: sql)
        }
    }

    private func rollback() {
        // Some errors (SQLITE_FULL, SQLITE_IOERR, ...) already rolled the transaction back.
        // Nothing can be done if ROLLBACK itself fails: the caller gets the original error.
        if sqlite3_get_autocommit(database) == 0 {
            sqlite3_exec(database, "ROLLBACK", nil, nil, nil)
        }
    }
}

@available(*, unavailable)
extension SQLiteConnection: Sendable {}

/// Stops whatever statement its connection is running, from any thread (`sqlite3_interrupt`, the one call SQLite allows
/// on a connection another thread is using): the statement fails with `SQLITE_INTERRUPT`. Run the work it may stop
/// inside ``SQLiteConnection/stoppable(by:_:)``, or a stop that comes between two statements is lost. It keeps the
/// connection's handle open, so it is safe to call even after the connection itself is gone.
public final class SQLiteInterrupter: @unchecked Sendable {
    // Unchecked: the handle is only ever passed to sqlite3_interrupt, which is safe from any thread.
    private let handle: DatabaseHandle
    private let interrupted = Atomic(false)

    fileprivate init(_ handle: DatabaseHandle) {
        self.handle = handle
    }

    /// Whether `interrupt()` was called: what ``SQLiteConnection/stoppable(by:_:)`` keeps telling SQLite.
    var isInterrupted: Bool { interrupted.load(ordering: .acquiring) }

    public func interrupt() {
        interrupted.store(true, ordering: .releasing)
        sqlite3_interrupt(handle.pointer)
    }
}

/// The write-ahead log's length as the WAL hook last reported it.
private final class WALLength {
    var frames = 0
}

/// A value of any SQLite storage class, for binding several parameters in one call and reading columns generically.
public enum SQLiteValue: Equatable, Sendable {
    case int(Int64)
    case double(Double)
    case text(String)
    case blob([UInt8])
    case null
}

/// A compiled statement, made by `SQLiteConnection.prepare(_:persistent:)` or `cachedStatement(_:)`.
///
/// Parameters are numbered from 1, columns from 0. Text and blobs are copied when bound, so the Swift
/// values need not outlive the call. A statement keeps its database open while it exists.
///
/// ```swift
/// let select = try db.prepare("SELECT id, body FROM events WHERE instance = ?")
/// try select.bind(instanceID, at: 1)
/// while try select.step() {
///     let id = select.int64(at: 0)
///     let body = select.blob(at: 1)
/// }
/// ```
public final class SQLiteStatement {
    private let statement: OpaquePointer
    private let handle: DatabaseHandle

    fileprivate init(_ statement: OpaquePointer, handle: DatabaseHandle) {
        self.statement = statement
        self.handle = handle
    }

    deinit {
        sqlite3_finalize(statement)
    }

    /// The SQL this statement was compiled from.
    public var sql: String { String(cString: sqlite3_sql(statement)) }

    /// Binds an integer to parameter `index` (1-based).
    /// - Throws: `SQLiteError` (`SQLITE_RANGE`) when there is no such parameter.
    public func bind(_ value: Int64, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_int64(statement, index, value))
    }

    /// Binds an integer to parameter `index` (1-based).
    public func bind(_ value: Int, at index: Int32) throws(SQLiteError) {
        try bind(Int64(value), at: index)
    }

    /// Binds a floating-point number to parameter `index` (1-based).
    public func bind(_ value: Double, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_double(statement, index, value))
    }

    /// Binds UTF-8 text to parameter `index` (1-based); nil binds NULL.
    public func bind(_ value: String?, at index: Int32) throws(SQLiteError) {
        guard let value else {
            return try bindNull(at: index)
        }
        // The explicit length keeps any NUL characters inside the string.
        let resultCode = value.withCString { text in
            sqlite3_bind_text64(
                statement, index, text, UInt64(value.utf8.count), appsim_sqlite_transient(), UInt8(SQLITE_UTF8))
        }
        try check(resultCode)
    }

    /// Binds a blob to parameter `index` (1-based); an empty array binds an empty blob, not NULL.
    public func bind(_ value: [UInt8], at index: Int32) throws(SQLiteError) {
        let resultCode = value.withUnsafeBytes { bytes in
            // SQLite binds NULL for a nil pointer, and an empty array may have no address.
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                return sqlite3_bind_zeroblob(statement, index, 0)
            }
            return sqlite3_bind_blob64(statement, index, base, UInt64(bytes.count), appsim_sqlite_transient())
        }
        try check(resultCode)
    }

    /// Binds NULL to parameter `index` (1-based).
    public func bindNull(at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_null(statement, index))
    }

    /// Binds `value` to parameter `index` (1-based).
    public func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        switch value {
        case .int(let number): try bind(number, at: index)
        case .double(let number): try bind(number, at: index)
        case .text(let text): try bind(text, at: index)
        case .blob(let bytes): try bind(bytes, at: index)
        case .null: try bindNull(at: index)
        }
    }

    /// Binds `values` to parameters 1, 2, 3, ...
    ///
    /// ```swift
    /// try insert.bind(.text(id), .int(version), .blob(body))
    /// ```
    public func bind(_ values: SQLiteValue...) throws(SQLiteError) {
        try bind(values)
    }

    /// Binds `values` to parameters 1, 2, 3, ...
    public func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Advances to the next row: true when a row can be read, false when the statement is done.
    /// - Throws: `SQLiteError`, for example `isBusy` after the busy timeout or a constraint violation.
    public func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let resultCode: throw SQLiteError(resultCode: resultCode, database: handle.pointer, sql: sql)
        }
    }

    /// Steps until done, discarding any rows, then resets the statement and clears its bindings,
    /// whether or not a step failed.
    public func run() throws(SQLiteError) {
        defer { reset() }
        while try step() {}
    }

    /// Rewinds the statement and clears its bindings to NULL, ready for reuse.
    public func reset() {
        // sqlite3_reset repeats the last step's error, which step() has already thrown.
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    /// Column `column` (0-based) of the current row as an integer; 0 for NULL.
    public func int64(at column: Int32) -> Int64 {
        sqlite3_column_int64(statement, column)
    }

    /// Column `column` (0-based) of the current row as a floating-point number; 0 for NULL.
    public func double(at column: Int32) -> Double {
        sqlite3_column_double(statement, column)
    }

    /// Column `column` (0-based) of the current row as text; nil for NULL.
    public func string(at column: Int32) -> String? {
        guard let text = sqlite3_column_text(statement, column) else {
            return nil
        }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Column `column` (0-based) of the current row as bytes; empty for NULL.
    public func blob(at column: Int32) -> [UInt8] {
        guard let bytes = sqlite3_column_blob(statement, column) else {
            return []
        }
        let count = Int(sqlite3_column_bytes(statement, column))
        return [UInt8](UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// Whether column `column` (0-based) of the current row is NULL.
    public func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(statement, column) == SQLITE_NULL
    }

    /// Column `column` (0-based) of the current row in its own storage class.
    public func value(at column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: .int(int64(at: column))
        case SQLITE_FLOAT: .double(double(at: column))
        case SQLITE_TEXT: .text(string(at: column) ?? "")
        case SQLITE_BLOB: .blob(blob(at: column))
        default: .null
        }
    }

    private func check(_ resultCode: Int32) throws(SQLiteError) {
        guard resultCode == SQLITE_OK else {
            throw SQLiteError(resultCode: resultCode, database: handle.pointer, sql: sql)
        }
    }
}

@available(*, unavailable)
extension SQLiteStatement: Sendable {}

/// Owns the `sqlite3` pointer: opened in `init`, closed in `deinit`. The connection and each of its
/// statements hold one, so the database closes only after the last statement is finalized.
private final class DatabaseHandle {
    let pointer: OpaquePointer

    init(path: String, flags: Int32) throws(SQLiteError) {
        var database: OpaquePointer?
        let resultCode = sqlite3_open_v2(path, &database, flags, nil)
        guard resultCode == SQLITE_OK, let database else {
            let error = SQLiteError(resultCode: resultCode, database: database, sql: nil)
            // SQLite returns a handle even when opening fails (unless out of memory); it must still be closed.
            sqlite3_close(database)
            throw error
        }
        pointer = database
    }

    deinit {
        sqlite3_close_v2(pointer)
    }
}

extension SQLiteError {
    /// The one place a SQLite result code becomes an error.
    fileprivate init(resultCode: Int32, database: OpaquePointer?, sql: String?) {
        let message: String
        // The connection's message describes `resultCode` only if it was set by the same failure.
        if let database, sqlite3_extended_errcode(database) == resultCode {
            message = String(cString: sqlite3_errmsg(database))
        } else {
            message = String(cString: sqlite3_errstr(resultCode))
        }
        self.init(code: resultCode & 0xFF, extendedCode: resultCode, message: message, sql: sql)
    }
}
