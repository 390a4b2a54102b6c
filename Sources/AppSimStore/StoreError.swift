/// Why the store could not do what was asked, in words a user can act on.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    enum Code: Sendable {
        /// The database cannot be written now (full disk, read-only file, locked by another process): `503`.
        case unavailable
        /// The file is not an appsim database (or not SQLite at all): refused at start-up.
        case notAnAppsimDatabase
        /// The database was written by a newer appsim.
        case newerSchema
        /// The database file is corrupt: nothing more is written to it (`Checkpointer.failure`).
        case corrupt
        /// Another process, or another store of this one, has the database open (`DatabaseLock`).
        case inUse
        /// A stored row this appsim cannot read (written by another version, or damaged): its device alone is
        /// unusable, and lists go on without it.
        case unreadableRecord
        /// A file to read does not exist (the database to back up).
        case missing
        /// A file to write exists, and replacing it was not asked for; or it is the database itself.
        case exists
        /// Opening was stopped (``MigrationStop``) while the schema was being brought up to date; nothing changed.
        case stopped
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

    /// Opening was stopped while the schema was being brought up to date (``MigrationStop``); nothing changed.
    public var isStopped: Bool { code == .stopped }

    /// One stored row cannot be read; the rest of the store can.
    public var isUnreadableRecord: Bool { code == .unreadableRecord }

    public var description: String { message }

    /// Turns a SQLite error into what it means for appsim's user.
    static func from(_ error: SQLiteError, path: String) -> StoreError {
        if error.isFull {
            return StoreError(.unavailable, "the disk holding \(path) is full; free some space, then retry", underlying: error)
        }
        if error.isBusy {
            return StoreError(.unavailable, "the database \(path) is locked by another process; stop it or use another --db, then retry", underlying: error)
        }
        if error.isHotJournal {
            return StoreError(.unavailable, "the database \(path) has a journal (\(path)-journal) left by a writer that was interrupted (an appsim killed, or a power loss, while it brought the database up to date): start appsim on it once, with write access to the file and its directory, which puts the database back from the journal, then retry", underlying: error)
        }
        if error.isReadOnly {
            return StoreError(.unavailable, "the database \(path) cannot be written (\(error.message)); check its permissions and the disk, then retry", underlying: error)
        }
        if error.isNotADatabase {
            return StoreError(.notAnAppsimDatabase, "\(path) is not a usable SQLite database (\(error.message)); point --db at an appsim database or a new file", underlying: error)
        }
        if error.isCorrupt { return corrupt(path, because: error.message, underlying: error) }
        return StoreError(.failed, "the database \(path) failed: \(error.description)", underlying: error)
    }

    /// The file is corrupt. Writing on would bury what is left under new pages, so appsim stops writing and says how
    /// to get the data out.
    static func corrupt(_ path: String, because reason: String, underlying: SQLiteError? = nil) -> StoreError {
        StoreError(
            .corrupt,
            "the database \(path) is corrupt (\(reason)); appsim writes nothing more to it: stop appsim, recover what it "
                + "holds (sqlite3 \(path) .recover | sqlite3 recovered.db) or restore a backup, and start appsim on that file",
            underlying: underlying)
    }

    /// The disk failed to store what was written (see `Checkpointer.failure`).
    static func diskFailed(_ path: String, because reason: String, underlying: SQLiteError? = nil) -> StoreError {
        StoreError(
            .unavailable,
            "the disk failed to store the database file \(path) (\(reason)); appsim refuses writes so that nothing "
                + "acknowledged is lost: check the disk, then restart appsim, which replays its log",
            underlying: underlying)
    }
}
