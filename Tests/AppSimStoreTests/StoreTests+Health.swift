@testable import AppSimCore
@testable import AppSimStore
import Foundation
import Synchronization
import Testing

/// The health check says whether a write would succeed, and why not; a damaged file is written no more.
extension StoreTests {
    @Test("a damaged page is found by the first statement that reads it: reads, writes and the health check say the file is damaged, and nothing more is written to it")
    func damagedPageFoundOnFirstRead() throws {
        let scratch = try Scratch()
        var (simulation, write) = sampleWrite()
        do {
            let store = try Store(path: scratch.path)
            try store.commit(write)
        }
        // Closed: everything is in the database file. Garbage over the page that holds the history.
        let raw = try SQLiteConnection(path: scratch.path, readOnly: true)
        let pages = try raw.prepare("SELECT pageno FROM dbstat WHERE name = 'history'")
        try #require(try pages.step())
        let page = Int(pages.int64(at: 0))
        pages.reset()
        let file = URL(fileURLWithPath: scratch.path)
        var damaged = try Data(contentsOf: file)
        damaged.replaceSubrange((page - 1) * Store.pageSize..<page * Store.pageSize, with: repeatElement(UInt8(0xFF), count: Store.pageSize))
        try damaged.write(to: file)

        let reported = Reported()
        do {
            let store = try Store(path: scratch.path, syncDatabase: nil, reportFault: reported.add)
            #expect(throws: StoreError.self) { try store.callbacks(instance: "dtest.1", after: 0, limit: 100) }
            simulation = simulation.relabeled(["after": "damage"])
            var more = StoreWrite()
            more.devices = [StoredDevice(simulation)]
            do {
                try store.commit(more)
                Issue.record("a write went into a damaged file")
            } catch {
                #expect(error.message.contains("is corrupt"), "\(error.message)")
                #expect(error.message.contains(".recover"), "\(error.message)")
            }
            do {
                try store.checkWritable()
                Issue.record("a damaged file passed the health check")
            } catch {
                #expect(error.message.contains("is corrupt"), "\(error.message)")
            }
        }
        #expect(reported.messages.count == 1, "\(reported.messages)")
        #expect(try Data(contentsOf: file) == damaged)
    }

    @Test("a store at its size limit fails the health check once a write failed for lack of room, saying the disk is full")
    func fullStoreFailsTheHealthCheck() throws {
        let scratch = try Scratch()
        let store = try Store(path: scratch.path, maxPageCount: 60)
        var (simulation, write) = sampleWrite()
        try store.commit(write)
        try store.checkWritable()
        var round = 0
        var failure: StoreError?
        while failure == nil, round < 1_000 {
            round += 1
            var labels = simulation.device.labels
            labels["round\(round)"] = String(repeating: "x", count: 500)
            simulation = simulation.relabeled(labels)
            var update = StoreWrite()
            update.devices = [StoredDevice(simulation)]
            do { try store.commit(update) } catch { failure = error }
        }
        #expect(failure?.isUnavailable == true)
        do {
            try store.checkWritable()
            Issue.record("a full store passed the health check")
        } catch {
            #expect(error.message.contains("is full"), "\(error.message)")
            #expect(error.isUnavailable)
        }
    }

    @Test("a checkpointer that cannot open its connection is reported, and the health check says so until it can")
    func checkpointerWithoutConnection() throws {
        let scratch = try Scratch()
        let reported = Reported()
        let opens = Opens(failing: true)
        let store = try Store(path: scratch.path, syncDatabase: nil, openCheckpointerConnection: opens.open, reportFault: reported.add)
        do {
            try store.checkWritable()
            Issue.record("the health check passed without a checkpointer")
        } catch {
            #expect(error.message.contains("checkpointer could not open its connection"), "\(error.message)")
            #expect(error.message.contains("unable to open database file"), "\(error.message)")
        }
        // Writes still go.
        try store.commit(sampleWrite().1)
        opens.failing.store(false, ordering: .relaxed)
        let deadline = ContinuousClock.now + .seconds(30)
        while (try? store.checkWritable()) == nil, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.02) }
        try store.checkWritable()
        #expect(reported.messages.count == 2, "\(reported.messages)")
        #expect(reported.messages.last?.contains("after all") == true, "\(reported.messages)")
    }

    /// What a store reported, from its threads.
    final class Reported: Sendable {
        private let lines = Mutex<[String]>([])
        var messages: [String] { lines.withLock { $0 } }
        @Sendable func add(_ message: String) { lines.withLock { $0.append(message) } }
    }

    /// Opens the checkpointer's connection, or fails to while `failing`.
    final class Opens: Sendable {
        let failing: Atomic<Bool>
        init(failing: Bool) { self.failing = Atomic(failing) }
        @Sendable func open(_ path: String) throws -> SQLiteConnection {
            if failing.load(ordering: .relaxed) { throw SQLiteError(code: 14, message: "unable to open database file") }
            return try SQLiteConnection(path: path)
        }
    }
}
