import AppSimCore
import AppSimTestSupport
import Foundation
import Glibc
import Testing

/// Thousands of waiting clients cost no thread each, never delay other requests, and are all woken.
@Suite("Live: 2,000 waiters", .serialized)
struct LiveManyWaitersTests {
    /// The appsim binary `swift build` made next to the tests, run as its own process so its threads can be counted.
    static var binary: String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/appsim").path
    }

    static func threads(of pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count) ?? -1
    }

    @Test("2,000 waiters (long-polls and streams) hold no thread each, other requests go on, and all are woken")
    func twoThousandWaiters() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build appsim first (swift build)")
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = min(limit.rlim_max, 16_384)
        setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("appsim-waiters-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["serve", "--port", "0", "--db", directory.appendingPathComponent("w.db").path, "--log-level", "error"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer { process.terminate(); process.waitUntilExit() }
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        let port = try #require(line.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) })

        func call(_ method: String, _ path: String, _ body: JSONValue? = nil) throws -> JSONValue {
            let response = try TestHTTPClient.request(port: port, method, path, body: body?.jsonBytes ?? [])
            return try JSONValue.parse(response.body)
        }
        let device = try call("POST", "/v1/devices", ["clock": ["mode": "manual"]])["id"]?.stringValue ?? ""
        let installed = try call("POST", "/v1/instances/batch", ["count": 100, "appsPerDevice": 1, "info": ["bundleId": "com.example.w"]])
        let apps = installed["ids"]?.arrayValue?.compactMap(\.stringValue) ?? []
        try #require(apps.count == 100)
        _ = device

        let before = Self.threads(of: process.processIdentifier)
        // 1,000 long-polls for callbacks and 1,000 streams, ten of each per app.
        var polls: [TestHTTPClient] = []
        var streams: [SSEClient] = []
        for index in 0..<1_000 {
            let client = try TestHTTPClient(port: port)
            try client.send("GET", "/v1/instances/\(apps[index % 100])/callbacks?after=0&wait=120")
            polls.append(client)
            streams.append(try SSEClient(port: port, path: "/v1/instances/\(apps[index % 100])/stream"))
        }
        for stream in streams { #expect(stream.read(until: { $0.contains(": streaming") }, seconds: 10)) }
        // Other requests keep being answered while the 2,000 wait.
        for index in 0..<100 {
            let reply = try TestHTTPClient.request(port: port, "GET", "/v1/instances/\(apps[index])")
            #expect(reply.status == 200)
        }
        let during = Self.threads(of: process.processIdentifier)
        #expect(during == before, "threads went from \(before) to \(during) with 2,000 waiters")

        // Wake them all: one launch per app.
        for app in apps { _ = try call("POST", "/v1/instances/\(app)/events", ["type": "launch"]) }
        var woken = 0
        for poll in polls {
            let response = try poll.readResponse()
            if response.status == 200, (try? JSONValue.parse(response.body))?["items"]?.arrayValue?.count == 3 { woken += 1 }
        }
        for stream in streams where stream.read(until: { $0.contains("applicationDidBecomeActive:") }, seconds: 10) { woken += 1 }
        #expect(woken == 2_000)
    }
}
