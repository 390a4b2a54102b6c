/// Why the store could not do what was asked, in words a user can act on.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    enum Code: Sendable {
        /// The database cannot be written now (full disk, read-only file, locked by another process): `503`.
        case unavailable
        /// The file is not an appsim database, or is damaged: refused at start-up.
        case notAnAppsimDatabase
        /// The database was written by a newer appsim.
        case newerSchema
        /// Anything else SQLite reported.
        case failed
    }

    let code: Code
    public let message: String
    public let underlying: SQLiteError?

    init(_ code: Code, _ message: String, underlying: SQLiteError? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

    /// The store cannot take writes now; nothing was changed. Retry later.
    public var isUnavailable: Bool { code == .unavailable }

    public var description: String { message }

    /// Turns a SQLite error into what it means for appsim's user.
    static func from(_ error: SQLiteError, path: String) -> StoreError {
        if error.isFull {
            return StoreError(.unavailable, "the disk holding \(path) is full; free some space, then retry", underlying: error)
        }
        if error.isBusy {
            return StoreError(.unavailable, "the database \(path) is locked by another process; stop it or use another --db, then retry", underlying: error)
        }
        if error.isReadOnly {
            return StoreError(.unavailable, "the database \(path) cannot be written (\(error.message)); check its permissions and the disk, then retry", underlying: error)
        }
        if error.isCorrupt {
            return StoreError(.notAnAppsimDatabase, "\(path) is not a usable SQLite database (\(error.message)); point --db at an appsim database or a new file", underlying: error)
        }
        return StoreError(.failed, "the database \(path) failed: \(error.description)", underlying: error)
    }
}
