@testable import AppSimCore
@testable import AppSimStore
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `appsim backup`'s copy: the database as one commit left it, taken beside an open store without its lock, written
/// whole or not at all, and refused where it would replace something it should not.
@Suite("Backup")
struct BackupTests {
    typealias Scratch = StoreTests.Scratch

    /// A device `id` with `apps` apps, each launched and sent Home, and the write that stores it.
    func deviceWrite(_ id: String, apps: Int = 2) -> (DeviceSimulation, StoreWrite) {
        var device = Device(id: id)
        device.clock = DeviceClock(mode: .manual)
        var simulation = DeviceSimulation(device: device)
        var write = StoreWrite()
        for number in 0..<apps {
            let app = simulation.install(info: AppInfo(bundleId: "com.example.app\(number)"), behavior: AppBehavior(), wallMillis: 0)
            write.installed.append(app)
            for event in [Event.app(.launch), .app(.home)] {
                let applied = simulation.apply(event, to: app.id, wallMillis: 0)
                write.add(applied.outcomes, to: simulation)
            }
        }
        write.devices = [StoredDevice(simulation)]
        return (simulation, write)
    }

    /// The files in the scratch directory, by name.
    func files(in scratch: Scratch) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: scratch.directory.path)) ?? [])
    }

    /// Partial copies in the scratch directory (`Backup.partialPath`), and SQLite's files beside them.
    func partialCopies(in scratch: Scratch) -> Set<String> {
        files(in: scratch).filter { $0.contains(".partial-") }
    }

    /// Whether some process holds the exclusive lock a store takes on `database` (see `DatabaseLock`).
    func isLocked(_ database: String) -> Bool {
        let descriptor = open(database + "-lock", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return true }
        flock(descriptor, LOCK_UN)
        return false
    }

    @Test("a backup beside an open store holds everything committed before it, the log's pages included, and leaves the store its lock and its writes")
    func backupOfAnOpenStore() throws {
        let scratch = try Scratch()
        let copy = scratch.directory.appendingPathComponent("copy.db").path
        let (first, firstWrite) = deviceWrite("dfirst")
        let (_, secondWrite) = deviceWrite("dsecond")
        let store = try Store(path: scratch.path)
        try store.commit(firstWrite)
        // Commits do not copy the log into the database file (the checkpointer does, later): the copy reads both.
        #expect(store.framesInWriteAheadLog > 0)

        let backup = try Backup(of: scratch.path, to: copy)
        #expect(isLocked(scratch.path), "the store lost its lock")
        try store.commit(secondWrite)
        #expect(try store.loadAll().map(\.device.id) == ["dfirst", "dsecond"])

        #expect(backup.devices == 1)
        #expect(backup.instances == 2)
        #expect(backup.bytes == (try FileManager.default.attributesOfItem(atPath: copy)[.size] as? Int))
        #expect(files(in: scratch) == ["appsim.db", "appsim.db-lock", "appsim.db-wal", "appsim.db-shm", "copy.db"])
        let restored = try Store(path: copy)
        let loaded = try restored.loadAll()
        #expect(loaded.map(\.device) == [first.device])
        #expect(loaded.first?.instances == first.instances)
        for app in first.instances {
            let history = try restored.callbacks(instance: app.id, after: 0, limit: 100)
            #expect(history == firstWrite.callbacks.filter { $0.instance == app.id })
            #expect(!history.isEmpty)
        }
    }

    @Test("copies made while a store commits are each one commit's state, with every write committed before the copy began")
    func copiesUnderWrites() throws {
        let scratch = try Scratch()
        let (left, leftWrite) = deviceWrite("dleft", apps: 1)
        let (right, rightWrite) = deviceWrite("dright", apps: 1)
        let store = try Store(path: scratch.path)
        try store.commit([leftWrite, rightWrite])
        // Each commit relabels both devices with the same number: a copy of two moments would show two numbers.
        final class Writer: Sendable {
            let committed = Atomic(0)
            let stop = Atomic(false)
            let stopped = DispatchSemaphore(value: 0)
        }
        let writer = Writer()
        Thread {
            defer { writer.stopped.signal() }
            var round = 0
            while !writer.stop.load(ordering: .relaxed) {
                round += 1
                var write = StoreWrite()
                write.devices = [left, right].map { StoredDevice($0.relabeled(["round": String(round)])) }
                guard (try? store.commit(write)) != nil else { return }
                writer.committed.store(round, ordering: .releasing)
            }
        }.start()
        defer {
            writer.stop.store(true, ordering: .relaxed)
            writer.stopped.wait()
        }
        while writer.committed.load(ordering: .acquiring) < 10 { usleep(1_000) }
        for copyNumber in 0..<5 {
            let before = writer.committed.load(ordering: .acquiring)
            let copy = scratch.directory.appendingPathComponent("copy\(copyNumber).db").path
            _ = try Backup(of: scratch.path, to: copy)
            let rounds = try Store(path: copy).loadAll().map { Int($0.device.labels["round"] ?? "") ?? -1 }
            #expect(rounds.count == 2 && rounds[0] == rounds[1], "copy \(copyNumber) is torn: \(rounds)")
            #expect(rounds.allSatisfy { $0 >= before }, "copy \(copyNumber) lacks round \(before), committed before it began: \(rounds)")
        }
        #expect(writer.committed.load(ordering: .acquiring) > 10, "the store stopped committing during the copies")
    }

    @Test("a backup takes no lock: none is made for a database no store has open")
    func noLockFileOfItsOwn() throws {
        let scratch = try Scratch()
        do { try Store(path: scratch.path).commit(deviceWrite("dclosed").1) }
        try FileManager.default.removeItem(atPath: scratch.path + "-lock")
        let copy = scratch.directory.appendingPathComponent("copy.db").path
        #expect(try Backup(of: scratch.path, to: copy).instances == 2)
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "-lock"))
    }

    @Test("refused, leaving nothing behind: a missing database, a file that is not appsim's, an existing destination without replacing, and the database itself even with it")
    func refusals() throws {
        let scratch = try Scratch()
        let directory = scratch.directory
        do { try Store(path: scratch.path).commit(deviceWrite("dkept").1) }
        func refused(_ database: String, _ destination: String, replacing: Bool = false, _ code: StoreError.Code,
                     saying words: String..., sourceLocation: SourceLocation = #_sourceLocation) {
            let before = try? Data(contentsOf: URL(fileURLWithPath: destination))
            do {
                _ = try Backup(of: database, to: destination, replacing: replacing)
                Issue.record("backed up \(database) to \(destination)", sourceLocation: sourceLocation)
            } catch {
                #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
                for word in words { #expect(error.message.contains(word), "\(error.message)", sourceLocation: sourceLocation) }
                #expect(!error.message.contains("\n"), sourceLocation: sourceLocation)
            }
            let after = try? Data(contentsOf: URL(fileURLWithPath: destination))
            #expect(after == before, "\(destination) changed", sourceLocation: sourceLocation)
            #expect(partialCopies(in: scratch).isEmpty, "left \(partialCopies(in: scratch))", sourceLocation: sourceLocation)
        }
        let copy = directory.appendingPathComponent("copy.db").path
        let missing = directory.appendingPathComponent("missing.db").path
        refused(missing, copy, .missing, saying: missing, "APPSIM_DB")
        let text = directory.appendingPathComponent("notes.txt").path
        try "not a database, just text long enough to fill a header of a hundred bytes, which SQLite reads first"
            .write(toFile: text, atomically: true, encoding: .utf8)
        refused(text, copy, .notAnAppsimDatabase, saying: text, "not an appsim database")
        let empty = directory.appendingPathComponent("empty.db").path
        #expect(FileManager.default.createFile(atPath: empty, contents: nil))
        refused(empty, copy, .notAnAppsimDatabase, saying: empty)
        let foreign = directory.appendingPathComponent("foreign.db").path
        do { try SQLiteConnection(path: foreign).execute("CREATE TABLE notes(body TEXT)") }
        refused(foreign, copy, .notAnAppsimDatabase, saying: foreign)
        refused(directory.path, copy, .notAnAppsimDatabase, saying: "not a file")

        let existing = directory.appendingPathComponent("existing.db").path
        try "keep me".write(toFile: existing, atomically: true, encoding: .utf8)
        refused(scratch.path, existing, .exists, saying: existing, "--force")
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "keep me")
        refused(scratch.path, directory.path, replacing: true, .exists, saying: "is a directory")
        refused(scratch.path, scratch.path, replacing: true, .exists, saying: "itself")
        refused(scratch.path, scratch.path + "-wal", replacing: true, .exists, saying: "-wal")
        refused(scratch.path, scratch.path + "-lock", replacing: true, .exists, saying: "-lock")
        let link = directory.appendingPathComponent("link.db").path
        try FileManager.default.linkItem(atPath: scratch.path, toPath: link)
        refused(scratch.path, link, replacing: true, .exists, saying: "itself")
        refused(scratch.path, directory.appendingPathComponent("no/such/dir/copy.db").path, .failed, saying: "directory exists")

        // Replacing, when asked: the file is the copy, whole.
        #expect(try Backup(of: scratch.path, to: existing, replacing: true).instances == 2)
        #expect(try Store(path: existing).loadAll().map(\.device.id) == ["dkept"])
        #expect(partialCopies(in: scratch).isEmpty)
    }

    @Test("a damaged database is refused by the copy's check, and no copy is kept")
    func damagedDatabase() throws {
        let scratch = try Scratch()
        do { try Store(path: scratch.path).commit(deviceWrite("ddamaged", apps: 20).1) }
        // Closed: everything is in the database file. Garbage over a page of the history.
        let page: Int
        do {
            let raw = try SQLiteConnection(path: scratch.path, readOnly: true)
            let pages = try raw.prepare("SELECT pageno FROM dbstat WHERE name = 'history' ORDER BY pageno DESC")
            try #require(try pages.step())
            page = Int(pages.int64(at: 0))
        }
        let file = URL(fileURLWithPath: scratch.path)
        var damaged = try Data(contentsOf: file)
        damaged.replaceSubrange((page - 1) * Store.pageSize..<page * Store.pageSize, with: repeatElement(UInt8(0xFF), count: Store.pageSize))
        try damaged.write(to: file)

        let copy = scratch.directory.appendingPathComponent("copy.db").path
        #expect {
            try Backup(of: scratch.path, to: copy)
        } throws: { error in
            guard let error = error as? StoreError else { return false }
            return error.code == .corrupt && error.message.contains("damaged") && error.message.contains(".recover")
        }
        #expect(!FileManager.default.fileExists(atPath: copy))
        #expect(partialCopies(in: scratch).isEmpty, "left \(partialCopies(in: scratch))")
        #expect(try Data(contentsOf: file) == damaged, "the database was written")
    }

    @Test("a database with the journal of an appsim killed while bringing it up to date is refused with what to do, and is left as it is")
    func hotJournal() throws {
        let scratch = try Scratch()
        do { try Store(path: scratch.path).commit(deviceWrite("dhot", apps: 20).1) }
        // The files as a kill would leave them midway through a transaction kept in a rollback journal: copied while
        // the transaction has written pages to the database file (a small cache spills them), before it ends.
        let crashed = scratch.directory.appendingPathComponent("crashed.db").path
        do {
            let raw = try SQLiteConnection(path: scratch.path)
            #expect(try raw.pragma("journal_mode=DELETE") == "delete")
            _ = try raw.pragma("cache_size=10")
            try raw.execute("BEGIN IMMEDIATE; UPDATE history SET callbacks = zeroblob(length(callbacks));")
            try raw.execute("CREATE TABLE filler(x); WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) INSERT INTO filler SELECT randomblob(500) FROM n")
            try #require(FileManager.default.fileExists(atPath: scratch.path + "-journal"))
            try FileManager.default.copyItem(atPath: scratch.path, toPath: crashed)
            try FileManager.default.copyItem(atPath: scratch.path + "-journal", toPath: crashed + "-journal")
            try raw.execute("ROLLBACK")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: crashed))
        let copy = scratch.directory.appendingPathComponent("copy.db").path
        #expect {
            try Backup(of: crashed, to: copy)
        } throws: { error in
            guard let error = error as? StoreError else { return false }
            return error.isUnavailable && error.message.contains("crashed.db-journal") && error.message.contains("start appsim on it once")
        }
        #expect(!FileManager.default.fileExists(atPath: copy))
        #expect(try Data(contentsOf: URL(fileURLWithPath: crashed)) == before, "the database was written")
        #expect(FileManager.default.fileExists(atPath: crashed + "-journal"))
        // A store puts it back as it opens.
        let store = try Store(path: crashed)
        #expect(!FileManager.default.fileExists(atPath: crashed + "-journal"))
        #expect(try store.callbacks(instance: "dhot.1", after: 0, limit: 10).count > 0)
    }
}
