import AppSimJSON
import AppSimTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

/// `appsim backup` beside a real server under load: a server started on the copy has every change acknowledged before
/// the backup began; and what the command refuses.
@Suite("Live: backup", .serialized)
struct LiveBackupTests {
    /// One client's app and the callbacks of every event it had acknowledged, in order.
    final class ClientLog: Sendable {
        let app: String
        private let acknowledged = Mutex<[JSONValue]>([])
        private let stopped = Atomic(false)
        private let finished = DispatchSemaphore(value: 0)

        init(app: String) { self.app = app }

        var callbacks: [JSONValue] { acknowledged.withLock { $0 } }

        /// Posts launch and Home in turn, each once the last was answered, until told to stop.
        func drive(port: Int) {
            defer { finished.signal() }
            var event = "launch"
            while !stopped.load(ordering: .relaxed) {
                guard let reply = try? TestHTTPClient.request(
                    port: port, "POST", "/v1/instances/\(app)/events", headers: [("Content-Type", "application/json")],
                    body: Array(#"{"type":"\#(event)"}"#.utf8)),
                    reply.status == 200
                else { return }
                let callbacks = (try? JSONValue.parse(reply.body))?["callbacks"]?.arrayValue ?? []
                acknowledged.withLock { $0 += callbacks }
                event = event == "launch" ? "home" : "launch"
            }
        }

        func stop() {
            stopped.store(true, ordering: .relaxed)
            finished.wait()
        }
    }

    /// How an `appsim` command ended.
    struct CommandResult: CustomStringConvertible {
        var status: Int32
        var output: String
        var error: String
        var description: String { "exit \(status); stdout: \(output); stderr: \(error)" }
    }

    /// Runs `appsim ARGUMENTS` to its end, with APPSIM_DB only as `environment` sets it.
    static func appsim(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: AppSimProcess.binary)
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        variables["APPSIM_DB"] = nil
        variables.merge(environment) { _, new in new }
        process.environment = variables
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Its lines are few: read to the end, then reap.
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let said = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus, output: String(decoding: printed, as: UTF8.self),
            error: String(decoding: said, as: UTF8.self))
    }

    /// Every callback of `instance` on `server`, following `next` through the pages.
    static func history(_ instance: String, on server: AppSimProcess) throws -> [JSONValue] {
        var items: [JSONValue] = []
        var after = 0
        while true {
            let reply = try server.get("/v1/instances/\(instance)/callbacks?after=\(after)&limit=1000")
            try #require(reply.status == 200, "history of \(instance): \(reply.status) \(reply.text)")
            items += reply.json["items"]?.arrayValue ?? []
            guard let next = reply.json["next"]?.doubleValue else { return items }
            after = Int(next)
        }
    }

    final class Scratch {
        let directory: URL
        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("appsim-backup-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        deinit { try? FileManager.default.removeItem(at: directory) }
    }

    @Test("appsim backup while clients post events: a server on the copy has every reply acknowledged before the backup began, in one consistent state, and the server served on")
    func backupUnderLoad() throws {
        let scratch = try Scratch()
        let database = scratch.path("appsim.db")
        let copy = scratch.path("copy.db")
        let server = try AppSimProcess(database: database)
        defer { server.stop(with: SIGTERM) }
        // Bulk for the copy to read while the clients commit.
        let batch = try server.request("POST", "/v1/instances/batch", json: [
            "count": 5_000, "appsPerDevice": 100, "info": ["bundleId": "com.example.bulk"],
        ])
        try #require(batch.status == 201, "\(batch.text)")
        var clients: [ClientLog] = []
        for number in 0..<4 {
            let device = try server.request("POST", "/v1/devices", json: ["clock": ["mode": "manual"]]).json["id"]?.stringValue ?? ""
            let installed = try server.request(
                "POST", "/v1/instances", json: ["device": .string(device), "info": ["bundleId": .string("com.example.busy\(number)")]])
            try #require(installed.status == 201, "\(installed.text)")
            clients.append(ClientLog(app: try #require(installed.json["id"]?.stringValue)))
        }
        let port = server.port
        for client in clients { Thread { client.drive(port: port) }.start() }
        var stopped = false
        defer { if !stopped { clients.forEach { $0.stop() } } }
        let warm = Date().addingTimeInterval(60)
        while clients.contains(where: { $0.callbacks.count < 20 }), Date() < warm { usleep(5_000) }
        try #require(clients.allSatisfy { $0.callbacks.count >= 20 }, "the clients had no 20 callbacks acknowledged each within 60 s")

        let acknowledgedBefore = clients.map(\.callbacks)
        let backup = try Self.appsim(["backup", "--db", database, copy])
        #expect(backup.status == 0, "\(backup)")
        #expect(backup.error.isEmpty, "\(backup)")
        let line = backup.output.split(separator: "\n")
        #expect(line.count == 1, "\(backup)")
        #expect(line.first?.hasPrefix("copied \(database) (54 devices, 5004 instances, ") == true, "\(backup)")
        #expect(line.first?.contains(" to \(copy) in ") == true, "\(backup)")
        // The server goes on serving and committing: the backup took neither its lock nor its writes' turn.
        #expect(try String(contentsOfFile: database + "-lock", encoding: .utf8) == "\(server.pid)\n")
        let acknowledgedAfter = clients.map(\.callbacks.count)
        let more = Date().addingTimeInterval(60)
        while zip(clients, acknowledgedAfter).contains(where: { $0.callbacks.count < $1 + 10 }), Date() < more { usleep(5_000) }
        #expect(zip(clients, acknowledgedAfter).allSatisfy { $0.callbacks.count >= $1 + 10 }, "the server stopped acknowledging events")
        clients.forEach { $0.stop() }
        stopped = true
        let served = try clients.map { try Self.history($0.app, on: server) }

        let restored = try AppSimProcess(database: copy)
        defer { restored.stop(with: SIGTERM) }
        for (index, client) in clients.enumerated() {
            let history = try Self.history(client.app, on: restored)
            // Every callback acknowledged before the backup began is there, as it was sent.
            for callback in acknowledgedBefore[index] {
                let seq = Int(callback["seq"]?.doubleValue ?? 0)
                #expect(history.indices.contains(seq - 1) && history[seq - 1] == callback, "\(client.app) lacks \(callback.jsonString)")
            }
            // One moment of the server's: its history up to some event, and the app as that event left it.
            #expect(history.count >= acknowledgedBefore[index].count)
            #expect(Array(served[index].prefix(history.count)) == history, "\(client.app)'s history in the copy is not the server's")
            let instance = try restored.get("/v1/instances/\(client.app)").json
            #expect(instance["state"] == history.last?["state"], "\(client.app) is \(instance["state"] ?? .null) after \(history.last?.jsonString ?? "")")
        }
        let page = try restored.get("/v1/instances?limit=1").json
        #expect(page["items"]?.arrayCount == 1)
        // And it serves on: the copy is a database like any other.
        let home = try restored.request("POST", "/v1/instances/\(clients[0].app)/events", json: ["type": "home"])
        let launch = try restored.request("POST", "/v1/instances/\(clients[0].app)/events", json: ["type": "launch"])
        #expect(launch.status == 200, "\(home.text) \(launch.text)")
    }

    @Test("appsim backup refuses an existing OUT (unless --force), a missing FILE, and a file that is not appsim's, each in one line; takes FILE from APPSIM_DB; its help says how to restore")
    func refusals() throws {
        let scratch = try Scratch()
        let database = scratch.path("appsim.db")
        do {
            let server = try AppSimProcess(database: database)
            defer { server.stop(with: SIGTERM) }
            try #require(try server.request("POST", "/v1/instances", json: ["info": ["bundleId": "com.example.kept"]]).status == 201)
        }
        let existing = scratch.path("existing.db")
        try "yesterday's backup".write(toFile: existing, atomically: true, encoding: .utf8)

        let refusedExisting = try Self.appsim(["backup", "--db", database, existing])
        #expect(refusedExisting.status == 1, "\(refusedExisting)")
        #expect(refusedExisting.output.isEmpty)
        #expect(refusedExisting.error == "appsim: \(existing) exists; name a new file, or add --force to replace it\n")
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "yesterday's backup")

        let missing = scratch.path("missing.db")
        let out = scratch.path("out.db")
        let refusedMissing = try Self.appsim(["backup", "--db", missing, out])
        #expect(refusedMissing.status == 1, "\(refusedMissing)")
        #expect(refusedMissing.error.hasPrefix("appsim: there is no database at \(missing)"), "\(refusedMissing)")
        #expect(refusedMissing.error.filter { $0 == "\n" }.count == 1, "\(refusedMissing)")
        #expect(!FileManager.default.fileExists(atPath: out))

        let notes = scratch.path("notes.txt")
        try String(repeating: "not a database. ", count: 20).write(toFile: notes, atomically: true, encoding: .utf8)
        let refusedForeign = try Self.appsim(["backup", "--db", notes, out])
        #expect(refusedForeign.status == 1, "\(refusedForeign)")
        #expect(refusedForeign.error.hasPrefix("appsim: \(notes) is not an appsim database"), "\(refusedForeign)")
        #expect(refusedForeign.error.filter { $0 == "\n" }.count == 1, "\(refusedForeign)")
        #expect(!FileManager.default.fileExists(atPath: out))

        let fromEnvironment = try Self.appsim(["backup", existing, "--force"], environment: ["APPSIM_DB": database])
        #expect(fromEnvironment.status == 0, "\(fromEnvironment)")
        #expect(fromEnvironment.output.hasPrefix("copied \(database) (1 device, 1 instance, "), "\(fromEnvironment)")
        let restored = try AppSimProcess(database: existing)
        defer { restored.stop(with: SIGTERM) }
        let listed = try restored.get("/v1/instances").json["items"]?.arrayValue ?? []
        #expect(listed.compactMap { $0["info"]?["bundleId"]?.stringValue } == ["com.example.kept"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.directory.path).allSatisfy { !$0.contains(".partial-") })

        let help = try Self.appsim(["backup", "--help"])
        #expect(help.status == 0)
        let text = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")  // as wrapped for the terminal
        for words in ["To restore", "stop the server", "-wal and -shm", "appsim serve --db COPY", "--force", "APPSIM_DB"] {
            #expect(text.contains(words), "appsim backup --help does not say \(words): \(help.output)")
        }
    }
}
