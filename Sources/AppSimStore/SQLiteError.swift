/// A failed SQLite call: the result code SQLite returned, its message, and the SQL that failed.
///
/// Every SQLite call in `SQLiteConnection` and `SQLiteStatement` reports failure with this one type.
/// Callers decide what to do from the classification properties rather than from raw codes:
///
/// ```swift
/// do {
///     try store.save(instance)
/// } catch let error as SQLiteError where error.isUnavailable {
///     // busy, disk full, read-only or I/O error: retry later or answer 503
/// }
/// ```
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// The primary result code, such as 5 for `SQLITE_BUSY` (the low 8 bits of `extendedCode`).
    public var code: Int32
    /// The extended result code, such as 261 for `SQLITE_BUSY_RECOVERY`; equal to `code` when SQLite gave no detail.
    public var extendedCode: Int32
    /// SQLite's own explanation, such as "no such table: instances".
    public var message: String
    /// The SQL being prepared or run, when the failure belongs to a statement.
    public var sql: String?

    /// Creates an error from SQLite result codes; `extendedCode` defaults to `code`.
    public init(code: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil) {
        self.code = code
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
    }

    /// Another connection holds a lock the call needed (`SQLITE_BUSY` or `SQLITE_LOCKED`), even after the busy timeout.
    public var isBusy: Bool { code == PrimaryCode.busy || code == PrimaryCode.locked }

    /// The disk or the database size limit is full (`SQLITE_FULL`).
    public var isFull: Bool { code == PrimaryCode.full }

    /// The database cannot be written or opened: `SQLITE_READONLY`, `SQLITE_CANTOPEN`, `SQLITE_PERM`
    /// or any `SQLITE_IOERR`.
    public var isReadOnly: Bool {
        code == PrimaryCode.readOnly || code == PrimaryCode.cantOpen || code == PrimaryCode.perm
            || code == PrimaryCode.ioError
    }

    /// Reading or writing a file failed (`SQLITE_IOERR`, any extended code): the disk's failure, not a busy lock.
    public var isIOError: Bool { code == PrimaryCode.ioError }

    /// A read-only connection found a hot journal it may not roll back (`SQLITE_READONLY_ROLLBACK`): a writer was
    /// killed in a transaction kept in a rollback journal, and only a connection that may write puts the file back.
    public var isHotJournal: Bool { extendedCode == PrimaryCode.readOnly | 3 << 8 }

    /// The file is damaged or is not an SQLite database (`SQLITE_CORRUPT` or `SQLITE_NOTADB`).
    public var isCorrupt: Bool { code == PrimaryCode.corrupt || code == PrimaryCode.notADatabase }

    /// The statement was stopped by `SQLiteInterrupter.interrupt()` (`SQLITE_INTERRUPT`).
    public var isInterrupted: Bool { code == PrimaryCode.interrupt }

    /// An `SQLITE_INTERRUPT` of appsim's own, for work stopped before SQLite began it (`isInterrupted` is true).
    static func interrupted(_ message: String) -> SQLiteError {
        SQLiteError(code: PrimaryCode.interrupt, message: message)
    }

    /// The file is not an SQLite database at all (`SQLITE_NOTADB`); one of the two cases of `isCorrupt`.
    public var isNotADatabase: Bool { code == PrimaryCode.notADatabase }

    /// The store cannot be used right now (busy, full, read-only or I/O error), as opposed to a programming
    /// error such as bad SQL or a constraint violation. Corruption is not included: waiting does not cure it.
    public var isUnavailable: Bool { isBusy || isFull || isReadOnly }

    /// For example: `SQLite error 1: no such table: t - while executing "SELECT * FROM t"`.
    public var description: String {
        var text = "SQLite error \(extendedCode): \(message)"
        if let sql {
            text += " - while executing \"\(sql)\""
        }
        return text
    }
}

/// Primary result codes from https://sqlite.org/rescode.html, spelled out here (as GRDB does) because only
/// SQLite.swift imports the C module. They are part of SQLite's stable ABI.
private enum PrimaryCode {
    static let perm: Int32 = 3
    static let busy: Int32 = 5
    static let locked: Int32 = 6
    static let readOnly: Int32 = 8
    static let interrupt: Int32 = 9
    static let ioError: Int32 = 10
    static let corrupt: Int32 = 11
    static let full: Int32 = 13
    static let cantOpen: Int32 = 14
    static let notADatabase: Int32 = 26
}
