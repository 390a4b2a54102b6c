import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A copy of an appsim database made while a server may be serving it (`appsim backup`): the database as one commit
/// left it, with every change committed before the copy began.
///
/// The copy reads the database in one read transaction on a read-only connection, and takes no lock of the server's
/// (`DatabaseLock`): the server goes on serving and committing meanwhile, and its checkpointer copies no more of the
/// log into the database than the copy's snapshot allows until the copy is done. The copy is written beside
/// `destination` (``partialPath(for:)``), checked with `PRAGMA quick_check`, written to disk, and only then renamed
/// into place: `destination` is whole or absent, never partly written.
///
/// ```swift
/// let backup = try Backup(of: "appsim.db", to: "backups/monday.db")
/// print(backup.instances, backup.bytes)
/// ```
public struct Backup: Sendable {
    /// Devices and app instances in the copy.
    public let devices: Int
    public let instances: Int
    /// The copy's size.
    public let bytes: Int

    /// Copies the appsim database at `database` to `destination`.
    ///
    /// - Parameter replacing: replace a file at `destination`, which is refused otherwise.
    /// - Throws: `StoreError` when `database` does not exist or is not an appsim database (or is a newer appsim's),
    ///   when `destination` exists (unless `replacing`), is the database or one of its files, or cannot be written,
    ///   and when the copy fails its check; nothing is left at `destination` or beside it then.
    public init(of database: String, to destination: String, replacing: Bool = false) throws(StoreError) {
        var file = stat()
        guard stat(database, &file) == 0 else {
            let code = errno
            let reason = String(cString: strerror(code))
            if code == ENOENT { throw StoreError(.missing, "there is no database at \(database) (\(reason)); \(Self.nameTheDatabase)") }
            throw StoreError(.failed, "cannot read \(database) (\(reason))")
        }
        guard file.st_mode & S_IFMT == S_IFREG else {
            throw StoreError(.notAnAppsimDatabase, "\(database) is not a file; \(Self.nameTheDatabase)")
        }
        try Self.refuseDestination(destination, of: database, replacing: replacing)
        let partial = Self.partialPath(for: destination)
        do {
            (devices, instances) = try Self.copy(database, to: partial)
            try Self.syncFile(partial)
            try Self.moveIntoPlace(partial, destination, replacing: replacing)
        } catch {
            Self.removePartial(for: destination)
            throw error
        }
        var copy = stat()
        bytes = stat(destination, &copy) == 0 ? Int(copy.st_size) : 0
    }

    /// What a refusal of the database asks for.
    private static let nameTheDatabase = "name the database file appsim serves (its --db, or APPSIM_DB)"

    private static func exists(_ destination: String) -> StoreError {
        StoreError(.exists, "\(destination) exists; name a new file, or add --force to replace it")
    }

    /// The file a copy to `destination` is written to until it is whole and checked: beside it, so that renaming it
    /// into place is atomic.
    public static func partialPath(for destination: String) -> String {
        "\(destination).partial-\(getpid())"
    }

    /// Removes what this process's copy to `destination` left unfinished: the partial copy and SQLite's files beside it.
    public static func removePartial(for destination: String) {
        let partial = partialPath(for: destination)
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(partial + suffix) }
    }

    /// Refuses a destination that exists (unless replacing), and at any rate the database itself or one of the files
    /// SQLite and appsim keep beside it: the copy would replace what a server is using.
    private static func refuseDestination(_ destination: String, of database: String, replacing: Bool) throws(StoreError) {
        let resolved = { (path: String) in URL(fileURLWithPath: path).resolvingSymlinksInPath().path }
        let target = resolved(destination)
        let source = resolved(database)
        if target == source {
            throw StoreError(.exists, "\(destination) is the database \(database) itself; name a file of its own for the copy")
        }
        if let suffix = ["-wal", "-shm", "-journal", "-lock"].first(where: { source + $0 == target }) {
            throw StoreError(.exists, "\(destination) is the database's \(suffix) file, which SQLite or appsim keep beside it; name a file of its own for the copy")
        }
        var existing = stat()
        guard lstat(destination, &existing) == 0 else { return }
        var databaseFile = stat()
        if stat(destination, &existing) == 0 {
            if existing.st_mode & S_IFMT == S_IFDIR {
                throw StoreError(.exists, "\(destination) is a directory; name the file the copy goes to, such as \(destination)/appsim-backup.db")
            }
            // A hard link to the database: the same file by another name.
            if stat(database, &databaseFile) == 0, databaseFile.st_dev == existing.st_dev, databaseFile.st_ino == existing.st_ino {
                throw StoreError(.exists, "\(destination) is the database \(database) itself; name a file of its own for the copy")
            }
        }
        if !replacing { throw exists(destination) }
    }

    /// Copies `database` into a new file at `partial` and checks the copy; returns its devices and instances.
    private static func copy(_ database: String, to partial: String) throws(StoreError) -> (devices: Int, instances: Int) {
        do {
            let source = try SQLiteConnection(path: database, readOnly: true)
            source.setBusyTimeout(milliseconds: 5_000)
            // A read-only connection never writes, but say so: should it be the last one out, the log stays as it is.
            source.keepLogOnClose()
            try checkIdentity(source, path: database)
            let copy: SQLiteConnection
            do {
                copy = try SQLiteConnection(path: partial)
            } catch {
                throw StoreError(.failed, "cannot create \(partial), where the copy is written before it is renamed into place (\(error.message)); check that the directory exists and that you may write in it")
            }
            copy.setBusyTimeout(milliseconds: 5_000)
            // The file is synced and renamed into place once whole, or deleted: a journal or syncs would be for nothing.
            try copy.execute("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF")
            do {
                try source.backUp(into: copy)
            } catch {
                if error.isFull { throw StoreError(.unavailable, "the disk holding \(partial) is full; free some space or back up to another disk", underlying: error) }
                throw StoreError(.failed, "could not copy \(database) to \(partial): \(error.message)", underlying: error)
            }
            let check = try copy.prepare("PRAGMA quick_check", persistent: false)
            var problems: [String] = []
            while try check.step() { problems.append(check.string(at: 0) ?? "") }
            guard problems == ["ok"] else {
                throw damaged(database, "its copy failed PRAGMA quick_check: \(problems.prefix(3).joined(separator: "; "))")
            }
            return (try count("devices", in: copy), try count("instances", in: copy))
        } catch let error as StoreError {
            throw error
        } catch let error as SQLiteError {
            if error.isNotADatabase {
                throw StoreError(.notAnAppsimDatabase, "\(database) is not an appsim database (\(error.message)); \(nameTheDatabase)", underlying: error)
            }
            if error.isCorrupt { throw damaged(database, error.message, underlying: error) }
            if error.isHotJournal { throw StoreError.from(error, path: database) }
            throw StoreError(.failed, "could not back up \(database): \(error.description)", underlying: error)
        } catch {
            throw StoreError(.failed, "could not back up \(database): \(error)")
        }
    }

    /// Refuses a file that is not an appsim database (an empty one included: a server makes its schema at once), or is
    /// a newer appsim's.
    private static func checkIdentity(_ sqlite: SQLiteConnection, path: String) throws {
        guard Int32(try sqlite.pragma("application_id") ?? "0") == Store.applicationID else {
            throw StoreError(.notAnAppsimDatabase, "\(path) is not an appsim database; \(nameTheDatabase)")
        }
        let version = Int(try sqlite.pragma("user_version") ?? "0") ?? 0
        guard version <= Store.migrations.count else {
            throw StoreError(.newerSchema, "\(path) has schema version \(version), newer than this appsim knows (\(Store.migrations.count)); back it up with the appsim that serves it")
        }
    }

    /// The database is damaged: a copy of it would be too.
    private static func damaged(_ database: String, _ reason: String, underlying: SQLiteError? = nil) -> StoreError {
        StoreError(.corrupt, "\(database) is damaged (\(reason)); no copy was kept. Recover what it holds (sqlite3 \(database) .recover | sqlite3 recovered.db), and start appsim on that file", underlying: underlying)
    }

    private static func count(_ table: String, in sqlite: SQLiteConnection) throws -> Int {
        let rows = try sqlite.prepare("SELECT count(*) FROM \(table)", persistent: false)
        return try rows.step() ? Int(rows.int64(at: 0)) : 0
    }

    /// Writes the copy to disk before it gets its name: renamed first, a power loss could leave the name on an empty
    /// file. (Called once SQLite has closed the file: closing this descriptor drops the process's locks on it.)
    private static func syncFile(_ path: String) throws(StoreError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        defer { if descriptor >= 0 { close(descriptor) } }
        guard descriptor >= 0, fsync(descriptor) == 0 else {
            throw StoreError(.failed, "could not write the copy \(path) to disk (\(String(cString: strerror(errno)))); check the disk and try again")
        }
    }

    /// Gives the copy its name, atomically: a rename when replacing; else a link, which fails rather than replace a
    /// file that appeared meanwhile. The directory is synced, so that the name survives a power loss too.
    private static func moveIntoPlace(_ partial: String, _ destination: String, replacing: Bool) throws(StoreError) {
        if replacing {
            guard rename(partial, destination) == 0 else {
                throw StoreError(.failed, "could not rename \(partial) to \(destination) (\(String(cString: strerror(errno))))")
            }
        } else {
            if link(partial, destination) == 0 {
                unlink(partial)
            } else {
                let reason = errno
                if reason == EEXIST { throw exists(destination) }
                // A file system without hard links (FAT, some network ones): a rename, after one more look.
                guard access(destination, F_OK) != 0, rename(partial, destination) == 0 else {
                    throw StoreError(.failed, "could not name the copy \(destination) (\(String(cString: strerror(reason))))")
                }
            }
        }
        let directory = open(URL(fileURLWithPath: destination).deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
    }
}
