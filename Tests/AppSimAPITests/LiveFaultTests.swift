import AppSimCore
import AppSimJSON
@testable import AppSimStore
import Foundation
import Glibc
import Synchronization
import Testing

/// A full disk or a locked database is a 503 with nothing half-written, and what is served still matches the store.
@Suite("Live: store faults")
struct LiveFaultTests {
    @Test("a full disk gives 503 problem JSON; nothing changes, and a restart serves exactly the same")
    func fullDisk() throws {
        let live = try LiveServer { $0.maxPageCount = 40 }
        let app = try live.install(["bundleId": "com.example.filler"])
        try live.post(app, ["type": "launch"])
        #expect(try live.get("/healthz").status == 200)
        var status = 200
        var attempts = 0
        var lastGood = try live.get("/v1/instances/\(app)").json
        // Edits grow the stored instance until the capped file is full.
        while status == 200, attempts < 500 {
            attempts += 1
            let blob = String(repeating: "x", count: 1_000) + "\(attempts)"
            var memory = JSONObject()
            memory["k\(attempts)"] = .string(blob)
            let reply = try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "edit", "memory": .object(memory)])
            status = reply.status
            if status == 200 {
                lastGood = try live.get("/v1/instances/\(app)").json
            } else {
                #expect(reply.status == 503)
                #expect(reply.headers["content-type"] == "application/problem+json")
                #expect(reply.json["detail"]?.stringValue?.contains("nothing was changed") == true)
            }
        }
        #expect(status == 503, "the capped database never filled up")
        #expect(try live.get("/v1/instances/\(app)").json == lastGood)
        let health = try live.get("/healthz")
        ProblemReply.expect(health, 503, "store-unavailable", "a full disk")
        #expect(health.json["detail"]?.stringValue?.contains("is full") == true, "\(health.text)")
        live.stop()
        try live.start()
        #expect(try live.get("/v1/instances/\(app)").json == lastGood)
    }

    @Test("a database locked by another process gives 503; the event is not applied and works once the lock goes")
    func lockedDatabase() throws {
        let live = try LiveServer { $0.busyTimeoutMillis = 200 }
        let app = try live.install(["bundleId": "com.example.locked"])
        let other = try SQLiteConnection(path: live.databasePath)
        try other.execute("BEGIN IMMEDIATE")
        let refused = try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "launch"])
        #expect(refused.status == 503)
        #expect(refused.json["detail"]?.stringValue?.contains("locked") == true)
        #expect(try live.state(app) == "notRunning")
        #expect(try live.get("/healthz").status == 503)
        try other.execute("ROLLBACK")
        #expect(try live.get("/healthz").status == 200)
        let launched = try live.post(app, ["type": "launch"])
        #expect(launched["callbacks"]?.arrayValue?.first?["seq"] == 1)
        #expect(try live.state(app) == "active")
    }

    @Test("a database file the server may not write: /healthz and writes answer 503 saying so, nothing changes, and a restart once it is writable serves on")
    func readOnlyFile() throws {
        let live = try LiveServer()
        let app = try live.install(["bundleId": "com.example.readonly"])
        let before = try live.get("/v1/instances/\(app)").json
        live.stop()
        guard let file = ReadOnlyFile(live.databasePath) else {
            try Test.cancel("no way to make a file read-only here: chattr +i failed (not root, or a file system without it) and chmod does not stop root")
        }
        defer { file.release() }
        try live.start()
        let health = try live.get("/healthz")
        ProblemReply.expect(health, 503, "store-unavailable", "a read-only file")
        #expect(health.json["detail"]?.stringValue?.contains("read-only") == true, "\(health.text)")
        let refused = try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "launch"])
        ProblemReply.expect(refused, 503, "store-unavailable", "an event on a read-only file")
        #expect(refused.json["detail"]?.stringValue?.contains("nothing was changed") == true, "\(refused.text)")
        #expect(try live.get("/v1/instances/\(app)").json == before)
        live.stop()
        file.release()
        try live.start()
        #expect(try live.get("/healthz").status == 200)
        #expect(try live.get("/v1/instances/\(app)").json == before)
        try live.post(app, ["type": "launch"])
    }

    @Test("a disk that fails to store the database file: /healthz and writes answer 503 saying so, and a restart has every acknowledged write")
    func diskFailure() throws {
        let live = try LiveServer(openStore: { path in
            // A short log, so that the checkpointer soon copies all of it and writes the database file to disk.
            try Store(path: path, logFramesBeforeRestart: 50, syncDatabase: { _ in
                throw SQLiteError(code: 10, extendedCode: 10 | (4 << 8), message: "disk I/O error")
            })
        })
        let app = try live.install(["bundleId": "com.example.failing"])
        try live.post(app, ["type": "launch"])
        var lastGood = try live.get("/v1/instances/\(app)").json
        var attempts = 0
        while try live.get("/healthz").status == 200, attempts < 2_000 {
            attempts += 1
            let reply = try live.request(
                "POST", "/v1/instances/\(app)/events",
                json: ["type": "edit", "memory": ["note": .string(String(repeating: "x", count: 500) + "\(attempts)")]])
            if reply.status == 200 { lastGood = try live.get("/v1/instances/\(app)").json }
        }
        let health = try live.get("/healthz")
        ProblemReply.expect(health, 503, "store-unavailable", "a failing disk")
        #expect(health.json["detail"]?.stringValue?.contains("disk failed") == true, "\(health.text)")
        #expect(health.json["detail"]?.stringValue?.contains("restart") == true, "\(health.text)")
        let refused = try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "edit", "memory": ["note": "after"]])
        ProblemReply.expect(refused, 503, "store-unavailable", "an event after the disk failed")
        #expect(refused.json["detail"]?.stringValue?.contains("nothing was changed") == true, "\(refused.text)")
        #expect(try live.get("/v1/instances/\(app)").json == lastGood)
        live.stop()
        live.openStore = nil
        try live.start()
        #expect(try live.get("/healthz").status == 200)
        #expect(try live.get("/v1/instances/\(app)").json == lastGood)
    }

    @Test("a database damaged in the middle of its file: /healthz answers 503 saying it is corrupt, writes answer 503, and nothing is written to it")
    func damagedFile() throws {
        let live = try LiveServer()
        // A manual clock: no timer falls due at the next start, which would write before the damage is found.
        let device = try live.createDevice()
        let app = try live.install(["bundleId": "com.example.damaged"], device: device)
        try live.post(app, ["type": "launch"])
        // Enough apps that the middle of the file holds their rows, far from the schema and the index start-up reads.
        let batch = try live.request(
            "POST", "/v1/instances/batch", json: ["count": 2_000, "appsPerDevice": 10, "info": ["bundleId": "com.example.filler"]])
        try #require(batch.status == 201, "\(batch.text)")
        live.stop()
        // Everything into the database file, and the log emptied.
        do {
            let raw = try SQLiteConnection(path: live.databasePath)
            raw.setBusyTimeout(milliseconds: 10_000)
            let checkpoint = try raw.prepare("PRAGMA wal_checkpoint(TRUNCATE)")
            try #require(try checkpoint.step() && checkpoint.int64(at: 0) == 0, "the log could not be emptied")
        }
        let file = URL(fileURLWithPath: live.databasePath)
        var damaged = try Data(contentsOf: file)
        let page = 1_024
        let middle = damaged.count / page / 2 * page
        damaged.replaceSubrange(middle..<middle + 8 * page, with: repeatElement(UInt8(0xFF), count: 8 * page))
        try damaged.write(to: file)

        try live.start()
        // The file is read through in the background after start-up; /healthz says what it found once it has.
        let deadline = ContinuousClock.now + .seconds(60)
        var health = try live.get("/healthz")
        while health.status == 200, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            health = try live.get("/healthz")
        }
        ProblemReply.expect(health, 503, "store-unavailable", "a damaged file")
        #expect(health.json["detail"]?.stringValue?.contains("is corrupt") == true, "\(health.text)")
        #expect(health.json["detail"]?.stringValue?.contains("recover") == true, "\(health.text)")
        let event = try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "home"])
        ProblemReply.expect(event, 503, "store-unavailable", "an event on a damaged file")
        #expect(event.json["detail"]?.stringValue?.contains("is corrupt") == true, "\(event.text)")
        let install = try live.request("POST", "/v1/instances", json: ["device": .string(device), "info": ["bundleId": "com.example.more"]])
        ProblemReply.expect(install, 503, "store-unavailable", "an install on a damaged file")
        live.stop()
        #expect(try Data(contentsOf: file) == damaged, "the damaged file was written to")
        let log = (try? FileManager.default.attributesOfItem(atPath: live.databasePath + "-wal")[.size] as? Int) ?? 0
        #expect(log == 0, "the log holds writes made after the damage was found")
    }

    @Test("a checkpointer that cannot open its connection is reported and makes /healthz answer 503 saying so, until it can")
    func checkpointerWithoutConnection() throws {
        let failing = Flag(true)
        let reported = Reports()
        let live = try LiveServer(openStore: { path in
            try Store(path: path, syncDatabase: nil, openCheckpointerConnection: { path in
                if failing.value.load(ordering: .relaxed) { throw SQLiteError(code: 14, message: "unable to open database file") }
                return try SQLiteConnection(path: path)
            }, reportFault: reported.add)
        })
        let health = try live.get("/healthz")
        ProblemReply.expect(health, 503, "store-unavailable", "a checkpointer without its connection")
        #expect(health.json["detail"]?.stringValue?.contains("checkpointer could not open") == true, "\(health.text)")
        // Writes still go: the log grows, and the writer copies it when it must.
        let app = try live.install(["bundleId": "com.example.checkpointed"])
        try live.post(app, ["type": "launch"])
        failing.value.store(false, ordering: .relaxed)
        let deadline = ContinuousClock.now + .seconds(30)
        while try live.get("/healthz").status != 200, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(try live.get("/healthz").status == 200)
        let messages = reported.messages
        #expect(messages.count == 2, "\(messages)")
        #expect(messages.first?.contains("could not open") == true, "\(messages)")
        #expect(messages.last?.contains("after all") == true, "\(messages)")
    }
}

/// A switch a test flips while the server reads it from its own threads.
final class Flag: Sendable {
    let value: Atomic<Bool>
    init(_ value: Bool) { self.value = Atomic(value) }
}

/// What a store reported, from its threads.
final class Reports: Sendable {
    private let lines = Mutex<[String]>([])
    var messages: [String] { lines.withLock { $0 } }
    @Sendable func add(_ message: String) { lines.withLock { $0.append(message) } }
}

/// A file made one that no process may write, root included: immutable (`chattr +i`) where that works, else read-only
/// (`chmod 444`, which stops any user but root).
final class ReadOnlyFile {
    let path: String
    private let immutable: Bool
    private var released = false

    /// `nil` when neither works here.
    init?(_ path: String) {
        self.path = path
        if Self.run("chattr", "+i", path) {
            immutable = true
        } else if geteuid() != 0, (try? FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)) != nil {
            immutable = false
        } else {
            return nil
        }
        let probe = open(path, O_WRONLY)
        guard probe < 0 else {
            close(probe)
            release()
            return nil
        }
    }

    /// Makes the file writable again. Idempotent.
    func release() {
        guard !released else { return }
        released = true
        if immutable {
            _ = Self.run("chattr", "-i", path)
        } else {
            try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        }
    }

    deinit { release() }

    private static func run(_ arguments: String...) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
