import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Whether the store can take a write now, for `/healthz`.
extension Store {
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
