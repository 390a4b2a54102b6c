import Synchronization
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Keeps a second appsim off a database one is using: an exclusive `flock` on a file beside it (`appsim.db-lock`),
/// held while the store is open and let go by the system when the process ends, however it ends (`kill -9` too).
///
/// SQLite's own locks do not do this: they let any number of connections read and take turns writing, so a second
/// server starts, caches what it reads and writes over what the first one acknowledged. `sqlite3` still reads the
/// database as before: it never looks at this file.
///
/// The lock is on a file of its own, not on the database, for two reasons. Closing any descriptor of a file drops every
/// POSIX lock the process holds on it, which are SQLite's (https://sqlite.org/howtocorrupt.html, section 2.2), so a
/// descriptor of the database opened beside SQLite's must never be closed while the process uses it. And where the
/// system emulates `flock` with POSIX locks (NFS), a lock on the database itself would shut out every reader,
/// `sqlite3` included. The file is never deleted: a process that deleted it while another held it would let a third
/// lock a new file of the same name.
final class DatabaseLock: Sendable {
    /// The lock file: beside the database file a symbolic link points to, as SQLite's log is.
    let path: String
    private let descriptor: Int32

    /// How long a store waits for a lock its own process holds: another store of this process on the same database
    /// is closing (a store closes once the threads using it have ended, moments after the server stops).
    static let ownReleaseWait: Duration = .seconds(2)

    /// Takes the lock of `database`.
    /// - Throws: `StoreError` (`.inUse`) naming the process that holds it, or `.failed` when the lock file cannot
    ///   be created.
    init(database: String) throws(StoreError) {
        path = URL(fileURLWithPath: database).resolvingSymlinksInPath().path + "-lock"
        var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        // A lock file another user made (and may not be written by this one) still locks when opened for reading.
        if descriptor < 0 && errno == EACCES { descriptor = open(path, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            throw StoreError(
                .failed,
                "cannot create \(path), the lock that keeps a second appsim off \(database) (\(String(cString: strerror(errno)))); "
                    + "it goes beside the database, as SQLite's log does: check that the directory exists and that appsim may write in it")
        }
        let deadline = ContinuousClock.now + Self.ownReleaseWait
        var unnamedRetries = 0
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            guard errno == EWOULDBLOCK else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw StoreError(.failed, "cannot lock \(path), which keeps a second appsim off \(database) (\(reason)); put the database on a local file system")
            }
            let holder = Self.holder(of: descriptor)
            if holder?.isThisProcess == true, ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.01)
                continue
            }
            // No holder found: it may have let go between the attempt and the look (a closing store empties the
            // file, then the kernel drops its lock), so try again a few times before saying nobody can be named.
            if holder == nil, unnamedRetries < 5 {
                unnamedRetries += 1
                Thread.sleep(forTimeInterval: 0.01)
                continue
            }
            close(descriptor)
            throw StoreError(.inUse, Self.inUseMessage(database: database, lockFile: path, holder: holder))
        }
        // For a look with `cat`, and for finding the holder where /proc/locks does not show it.
        let pid = Array("\(getpid())\n".utf8)
        if ftruncate(descriptor, 0) == 0 { _ = pwrite(descriptor, pid, pid.count, 0) }
        self.descriptor = descriptor
    }

    deinit { release() }

    /// Lets go of the lock now (once; later calls do nothing). The pid goes with the lock, so that
    /// `kill $(cat appsim.db-lock)` never names a process that has since ended (after a kill -9 the file keeps it:
    /// the next holder overwrites it). Emptied while still held, before any next holder writes its own.
    func release() {
        guard released.withLock({ released in defer { released = true }; return !released }) else { return }
        _ = ftruncate(descriptor, 0)
        close(descriptor)
    }

    private let released = Mutex(false)

    /// The process holding a lock, as far as this one can tell.
    private struct Holder {
        var pid: Int32
        /// Its command name (`/proc/<pid>/comm`), when readable.
        var command: String?
        /// Whether `pid` is a pid of this process's PID namespace; not when the holder runs in another container,
        /// where the pid it wrote into the lock file is its own namespace's.
        var isVisible: Bool
        var isThisProcess: Bool { isVisible && pid == getpid() }
    }

    private static func inUseMessage(database: String, lockFile: String, holder: Holder?) -> String {
        let advice = "two servers on one database overwrite each other's writes, so stop the other one or point --db at another file"
        guard let holder else {
            return "the database \(database) is in use by another process (it holds \(lockFile), which does not say which process it is): \(advice)"
        }
        if holder.isThisProcess {
            return "the database \(database) is already open in this process (pid \(holder.pid)): close the store that has it before opening another"
        }
        guard holder.isVisible else {
            return "the database \(database) is in use by a process in another container or PID namespace (pid \(holder.pid) there): \(advice)"
        }
        return "the database \(database) is in use by another process (pid \(holder.pid)\(holder.command.map { ", \($0)" } ?? "")): \(advice)"
    }

    /// The process holding the lock on `descriptor`'s file: as the kernel's table of locks (/proc/locks) gives it,
    /// else the pid the holder wrote into the file; `nil` when neither says.
    private static func holder(of descriptor: Int32) -> Holder? {
        let listed = lockingProcess(of: descriptor)
        if let listed, listed > 0 { return Holder(pid: listed, command: command(of: listed), isVisible: true) }
        guard let written = writtenPid(in: descriptor) else { return nil }
        // Listed as 0: the holder is not visible from here, and the pid it wrote belongs to its own namespace.
        let isVisible = listed == nil
        return Holder(pid: written, command: isVisible ? command(of: written) : nil, isVisible: isVisible)
    }

    private static func command(of pid: Int32) -> String? {
        let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        return name?.isEmpty == false ? name : nil
    }

    /// The pid /proc/locks gives for the `flock` on `descriptor`'s file, found by device and inode: 0 for a holder
    /// not visible from this process's PID namespace; `nil` when the table cannot be read or does not list the lock.
    /// A line reads `3: FLOCK  ADVISORY  WRITE 1234 fe:00:16222747 0 EOF` (the device in hexadecimal major:minor); a
    /// process waiting for the lock has a line with `->` after the number, which is skipped.
    private static func lockingProcess(of descriptor: Int32) -> Int32? {
        var file = stat()
        guard fstat(descriptor, &file) == 0, let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else {
            return nil
        }
        let device = UInt64(file.st_dev)
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
        let minor = (device & 0xff) | ((device >> 12) & ~0xff)
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] == "FLOCK", let pid = Int32(fields[4]) else { continue }
            let id = fields[5].split(separator: ":")
            guard id.count == 3, UInt64(id[0], radix: 16) == major, UInt64(id[1], radix: 16) == minor,
                  UInt64(id[2]) == UInt64(file.st_ino) else { continue }
            return max(0, pid)
        }
        return nil
    }

    /// The pid the holder wrote into the lock file.
    private static func writtenPid(in descriptor: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = pread(descriptor, &bytes, bytes.count, 0)
        guard count > 0 else { return nil }
        return Int32(String(decoding: bytes[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
