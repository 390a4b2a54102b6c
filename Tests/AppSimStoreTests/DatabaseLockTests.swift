@testable import AppSimStore
import Foundation
import Testing

/// One store at a time has a database open: a second one is refused with a message naming who has it.
@Suite("Database lock")
struct DatabaseLockTests {
    @Test("a second store on a database this process has open is refused, naming the database and this process, through a link too; once the first closes, it opens")
    func secondStoreRefused() throws {
        let scratch = try StoreTests.Scratch()
        let link = scratch.directory.appendingPathComponent("link.db").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: scratch.path)
        do {
            let first = try Store(path: scratch.path)
            try first.commit(StoreTests().sampleWrite().1)
            for path in [scratch.path, link] {
                do {
                    _ = try Store(path: path)
                    Issue.record("a second store opened \(path)")
                } catch {
                    #expect(error.message.contains("the database \(path) is already open in this process (pid \(getpid()))"), "\(error.message)")
                }
            }
            // The lock file says who holds it, for a look with cat.
            #expect(try String(contentsOfFile: scratch.path + "-lock", encoding: .utf8) == "\(getpid())\n")
            // The first store is untouched.
            #expect(try first.loadAll().count == 1)
        }
        let reopened = try Store(path: link)
        #expect(try reopened.loadAll().count == 1)
    }

    @Test("the lock file names the holder only while it holds the lock: a closed store empties it")
    func pidGoesWithTheLock() throws {
        let scratch = try StoreTests.Scratch()
        do {
            let store = try Store(path: scratch.path)
            try store.commit(StoreTests().sampleWrite().1)
            #expect(try String(contentsOfFile: scratch.path + "-lock", encoding: .utf8) == "\(getpid())\n")
        }
        // A store closes once the threads using it have ended, moments after its last use.
        let deadline = Date().addingTimeInterval(5)
        while (try? String(contentsOfFile: scratch.path + "-lock", encoding: .utf8)) != "", Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(try String(contentsOfFile: scratch.path + "-lock", encoding: .utf8) == "")
    }

    @Test("a store that could not open the database lets go of it")
    func failedOpenLetsGo() throws {
        let scratch = try StoreTests.Scratch()
        _ = FileManager.default.createFile(atPath: scratch.path, contents: Data(repeating: 0x41, count: 4096))
        #expect(throws: StoreError.self) { try Store(path: scratch.path) }
        try FileManager.default.removeItem(atPath: scratch.path)
        _ = try Store(path: scratch.path)
    }
}
