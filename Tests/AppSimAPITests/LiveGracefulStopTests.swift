import AppSimJSON
@testable import AppSimStore
import AppSimTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

/// A stop (SIGTERM or SIGINT) under load misreports nothing: every event answered 200 is in the store after the
/// restart, and no event answered with an error, or not answered at all, was applied.
@Suite("Live: graceful stop", .serialized)
struct LiveGracefulStopTests {
    /// What one client saw of its app's events: the callbacks of every event answered 200, in order.
    final class ClientLog: Sendable {
        let app: String
        private let log = Mutex<(acknowledged: [JSONValue], errors: [Int], unanswered: Int)>(([], [], 0))

        init(app: String) { self.app = app }

        var acknowledged: [JSONValue] { log.withLock { $0.acknowledged } }
        var errors: [Int] { log.withLock { $0.errors } }
        var unanswered: Int { log.withLock { $0.unanswered } }

        /// Posts launch and Home in turn until the server stops answering 200.
        func drive(port: Int) {
            var event = "launch"
            while true {
                let reply: TestHTTPClient.Response
                do {
                    reply = try TestHTTPClient.request(
                        port: port, "POST", "/v1/instances/\(app)/events", headers: [("Content-Type", "application/json")],
                        body: Array(#"{"type":"\#(event)"}"#.utf8))
                } catch {
                    log.withLock { $0.unanswered += 1 }
                    return
                }
                guard reply.status == 200 else {
                    log.withLock { $0.errors.append(reply.status) }
                    return
                }
                let callbacks = (try? JSONValue.parse(reply.body))?["callbacks"]?.arrayValue ?? []
                log.withLock { $0.acknowledged += callbacks }
                event = event == "launch" ? "home" : "launch"
            }
        }
    }

    @Test("a server that cannot start (its port is taken) exits 1 saying why, and its lock file names no process")
    func failedStartLeavesNoPid() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("appsim-failed-start-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let running = try AppSimProcess(database: directory.appendingPathComponent("running.db").path)
        defer { running.stop(with: SIGTERM) }
        let database = directory.appendingPathComponent("second.db").path
        let second = Process()
        second.executableURL = URL(fileURLWithPath: AppSimProcess.binary)
        second.arguments = ["serve", "--port", "\(running.port)", "--db", database]
        let errors = Pipe()
        second.standardError = errors
        second.standardOutput = FileHandle.nullDevice
        try second.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        second.waitUntilExit()
        #expect(second.terminationStatus == 1)
        #expect(said.contains("could not listen on 127.0.0.1:\(running.port)"), "\(said)")
        #expect(try String(contentsOfFile: database + "-lock", encoding: .utf8) == "")
    }

    /// A database as appsim wrote it at schema 7, with `apps` apps of `callbacks` callbacks each (one an event) in the
    /// JSON of that time: its migration takes a while, even on a fast machine.
    static func writeSchemaSeven(to path: String, apps: Int, callbacks: Int) throws {
        let raw = try SQLiteConnection(path: path)
        _ = try raw.pragma("journal_mode=WAL")
        for migration in Store.migrations.prefix(7) { try raw.execute(migration) }
        try raw.execute("DROP INDEX devices_by_wake; ALTER TABLE devices DROP COLUMN wake_at")
        try raw.execute("""
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < \(apps * callbacks))
            INSERT INTO callbacks(instance, seq, event, at, body)
            SELECT 'dold.' || (i / \(callbacks) + 1), i % \(callbacks) + 1, i % \(callbacks) + 1, 1000 + i,
                json_object('seq', i % \(callbacks) + 1, 'instance', 'dold.' || (i / \(callbacks) + 1), 'at', 1000 + i,
                    'name', 'applicationDidReceiveMemoryWarning:', 'kind', 'delegate', 'notification', NULL,
                    'state', 'active', 'applicationState', 'active', 'args', json('{}'), 'event', i % \(callbacks) + 1)
            FROM n
            """)
        try raw.execute("PRAGMA application_id=\(Store.applicationID); PRAGMA user_version=7")
    }

    @Test("SIGTERM or SIGINT while a database of an earlier appsim is brought up to date stops the server at once, the database as it was; the next start brings it up to date", arguments: [SIGTERM, SIGINT])
    func stopDuringMigration(signal: Int32) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("appsim-migration-stop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("old.db").path
        try Self.writeSchemaSeven(to: database, apps: 20_000, callbacks: 10)

        let server = Process()
        server.executableURL = URL(fileURLWithPath: AppSimProcess.binary)
        server.arguments = ["serve", "--port", "0", "--db", database, "--log-level", "info"]
        let log = directory.appendingPathComponent("log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        server.standardError = try FileHandle(forWritingTo: log)
        server.standardOutput = FileHandle.nullDevice
        try server.run()
        defer { if server.isRunning { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() } }
        let deadline = Date().addingTimeInterval(30)
        var said = ""
        while !said.contains("bringing it up to version"), Date() < deadline, server.isRunning {
            usleep(5_000)
            said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        }
        try #require(said.contains("has schema version 7; bringing it up to version \(Store.migrations.count)"), "\(said)")
        let signalled = Date()
        kill(server.processIdentifier, signal)
        server.waitUntilExit()
        said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(Date().timeIntervalSince(signalled) < 5, "it stopped without finishing the migration")
        #expect(server.terminationStatus == 128 + signal)
        #expect(said.contains("received \(signal == SIGINT ? "SIGINT" : "SIGTERM") while starting; stopping"), "\(said)")
        #expect(said.contains("stopped while bringing \(database) up to date from schema version 7; it is as it was, at version 7"), "\(said)")
        #expect(!said.contains("is at schema version"), "the migration did not finish: \(said)")
        #expect(try SQLiteConnection(path: database).pragma("user_version") == "7")
        #expect(try String(contentsOfFile: database + "-lock", encoding: .utf8) == "", "the lock file names no process")

        // Started again and left alone, it migrates, then serves.
        let restarted = try AppSimProcess(database: database)
        #expect(try restarted.get("/healthz").status == 200)
        restarted.stop(with: SIGTERM)
        #expect(try SQLiteConnection(path: database).pragma("user_version") == "\(Store.migrations.count)")
        let history = try Store(path: database).callbacks(instance: "dold.20000", after: 0, limit: 3)
        #expect(history.map(\.seq) == [1, 2, 3])
    }

    @Test("kill -9 while a database of an earlier appsim is brought up to date: the next open puts back what the migration had written (its rollback journal), and the next start brings it up to date and serves from the write-ahead log")
    func killDuringMigration() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("appsim-migration-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("old.db").path
        let journal = database + "-journal"
        func size(_ path: String) -> Int {
            var status = stat()
            return stat(path, &status) == 0 ? Int(status.st_size) : -1
        }

        // The migration's new pages stay in its cache until it commits, so the kill must land while the commit writes
        // them: after the file has grown, before the journal is deleted. A try whose kill came too late (the journal
        // gone, or the one of the switch back to the log after the commit) starts over.
        var caught = false
        for _ in 0..<5 where !caught {
            for suffix in ["", "-wal", "-shm", "-journal", "-lock"] { try? FileManager.default.removeItem(atPath: database + suffix) }
            try Self.writeSchemaSeven(to: database, apps: 20_000, callbacks: 10)
            _ = try SQLiteConnection(path: database).pragma("wal_checkpoint(TRUNCATE)")
            let originalSize = size(database)
            let server = Process()
            server.executableURL = URL(fileURLWithPath: AppSimProcess.binary)
            server.arguments = ["serve", "--port", "0", "--db", database, "--log-level", "info"]
            server.standardError = FileHandle.nullDevice
            server.standardOutput = FileHandle.nullDevice
            try server.run()
            let deadline = Date().addingTimeInterval(60)
            while server.isRunning, Date() < deadline, size(database) <= originalSize { usleep(100) }
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
            guard size(database) > originalSize, size(journal) > 0 else { continue }
            // Any connection that may write puts the database back from the journal as it opens it.
            let version = try SQLiteConnection(path: database).pragma("user_version")
            guard version == "7" else { continue }
            caught = true
            #expect(size(database) == originalSize, "the old length")
            #expect(size(journal) == -1)
        }
        try #require(caught, "in 5 tries, no kill landed while the migration's commit wrote the database")

        let restarted = try AppSimProcess(database: database)
        #expect(try restarted.get("/healthz").status == 200)
        restarted.stop(with: SIGTERM)
        #expect(size(journal) == -1)
        let sqlite = try SQLiteConnection(path: database)
        #expect(try sqlite.pragma("user_version") == "\(Store.migrations.count)")
        #expect(try sqlite.pragma("journal_mode") == "wal")
        let history = try Store(path: database).callbacks(instance: "dold.20000", after: 0, limit: 10)
        #expect(history.map(\.seq) == Array(1...10))
    }

    @Test("SIGTERM under load: every event answered 200 is kept, none answered with an error was applied", arguments: [SIGTERM, SIGINT])
    func stopUnderLoad(signal: Int32) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("appsim-stop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("appsim.db").path

        let server = try AppSimProcess(database: database)
        var clients: [ClientLog] = []
        for n in 0..<8 {
            let device = try server.request("POST", "/v1/devices", json: ["clock": ["mode": "manual"]]).json["id"]?.stringValue ?? ""
            let installed = try server.request("POST", "/v1/instances", json: ["device": .string(device), "info": ["bundleId": .string("com.example.stop\(n)")]])
            try #require(installed.status == 201)
            clients.append(ClientLog(app: try #require(installed.json["id"]?.stringValue)))
        }
        let port = server.port
        let threads = clients.map { client in Thread { client.drive(port: port) } }
        for thread in threads { thread.start() }
        // Let the load build up, so that the stop finds writes queued and requests in flight.
        let warm = Date().addingTimeInterval(10)
        while clients.contains(where: { $0.acknowledged.count < 20 }), Date() < warm { usleep(10_000) }
        server.stop(with: signal)
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 0)
        #expect(try String(contentsOfFile: database + "-lock", encoding: .utf8) == "", "the pid goes with the server")
        let finished = Date().addingTimeInterval(15)
        while threads.contains(where: { !$0.isFinished }), Date() < finished { usleep(10_000) }

        let restarted = try AppSimProcess(database: database)
        var acknowledgedTotal = 0
        for client in clients {
            // Every error a stopping server gives is a 503 that says nothing was done.
            #expect(client.errors.allSatisfy { $0 == 503 }, "\(client.app) got \(client.errors)")
            var stored: [JSONValue] = []
            var after = 0
            while true {
                let page = try restarted.get("/v1/instances/\(client.app)/callbacks?after=\(after)&limit=1000").json
                let items = page["items"]?.arrayValue ?? []
                stored += items
                guard let next = page["next"]?.doubleValue else { break }
                after = Int(next)
            }
            // Exactly what was acknowledged, in order, with no gap: nothing acknowledged is missing, and nothing
            // that was refused or went unanswered was applied.
            let storedSeqs = stored.compactMap { $0["seq"]?.doubleValue.map(Int.init) }
            let acknowledgedSeqs = client.acknowledged.compactMap { $0["seq"]?.doubleValue.map(Int.init) }
            #expect(storedSeqs == acknowledgedSeqs, "\(client.app): stored seqs 1...\(storedSeqs.last ?? 0), acknowledged 1...\(acknowledgedSeqs.last ?? 0)")
            #expect(storedSeqs == (0..<storedSeqs.count).map { $0 + 1 }, "gap in \(client.app)")
            if storedSeqs == acknowledgedSeqs {
                #expect(stored.map { $0["name"] } == client.acknowledged.map { $0["name"] })
            }
            acknowledgedTotal += client.acknowledged.count
        }
        #expect(acknowledgedTotal > 0)
        restarted.stop(with: SIGTERM)
    }
}
