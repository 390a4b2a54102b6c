import AppSimCore
import Foundation
import Glibc
import Testing

/// One server per database: a second `appsim serve` on a database in use refuses to start, so that neither overwrites
/// what the other acknowledged; `sqlite3` still reads the database while the server runs.
@Suite("Live: one server per database", .serialized)
struct LiveOneServerTests {
    final class Scratch {
        let directory: URL
        var database: String { directory.appendingPathComponent("appsim.db").path }
        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("appsim-one-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(at: directory) }
    }

    @Test("a second appsim on a database in use refuses to start, naming the file and the process that holds it; the first serves on")
    func secondServerRefused() throws {
        let scratch = try Scratch()
        let first = try AppSimProcess(database: scratch.database)
        let installed = try first.request("POST", "/v1/instances", json: ["info": ["bundleId": "com.example.first"]])
        let app = try #require(installed.json["id"]?.stringValue, "\(installed.text)")
        #expect(try first.request("POST", "/v1/instances/\(app)/events", json: ["type": "launch"]).status == 200)

        do {
            _ = try AppSimProcess(database: scratch.database)
            Issue.record("a second server started on a database in use")
        } catch {
            let message = "\(error)"
            #expect(message.contains("the database \(scratch.database) is in use"), "\(message)")
            #expect(message.contains("(pid \(first.pid), appsim)"), "\(message)")
        }

        // The first goes on as if nothing happened, and a server started once it has stopped has all it acknowledged.
        #expect(try first.get("/healthz").status == 200)
        #expect(try first.request("POST", "/v1/instances/\(app)/events", json: ["type": "home"]).status == 200)
        let before = try first.get("/v1/instances/\(app)").json
        first.stop(with: SIGTERM)
        let next = try AppSimProcess(database: scratch.database)
        #expect(try next.get("/v1/instances/\(app)").json == before)
    }

    @Test("sqlite3 reads the database while the server runs, and the server writes on after it has gone")
    func sqlite3Reads() throws {
        let scratch = try Scratch()
        let server = try AppSimProcess(database: scratch.database)
        var apps: [String] = []
        for number in 1...3 {
            let installed = try server.request("POST", "/v1/instances", json: ["info": ["bundleId": .string("com.example.app\(number)")]])
            apps.append(try #require(installed.json["id"]?.stringValue, "\(installed.text)"))
        }
        #expect(try server.request("POST", "/v1/instances/\(apps[0])/events", json: ["type": "launch"]).status == 200)

        let rows = try sqlite3(scratch.database, "SELECT id, state FROM instances ORDER BY id")
        #expect(rows == apps.sorted().map { "\($0)|\($0 == apps[0] ? "active" : "notRunning")" })

        // The reader came and went without taking the server's locks with it.
        #expect(try server.request("POST", "/v1/instances/\(apps[1])/events", json: ["type": "launch"]).status == 200)
        #expect(try server.get("/healthz").status == 200)
        #expect(try sqlite3(scratch.database, "SELECT state FROM instances WHERE id = '\(apps[1])'") == ["active"])
    }

    /// The rows `sqlite3 database sql` prints, one a line.
    func sqlite3(_ database: String, _ sql: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", database, sql]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(
            process.terminationStatus == 0, "sqlite3 failed (scripts/setup installs it): \(problem)", sourceLocation: sourceLocation)
        return text.split(separator: "\n").map(String.init)
    }
}
