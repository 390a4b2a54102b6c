import AppSimJSON
import AppSimTestSupport
import Foundation
import Glibc
import Testing

/// Thousands of waiting clients cost no thread each, never delay other requests, and are all woken.
@Suite("Live: 2,000 waiters", .serialized)
struct LiveManyWaitersTests {
    @Test("2,000 waiters (long-polls and streams) hold no thread each, other requests go on, and all are woken")
    func twoThousandWaiters() throws {
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = min(limit.rlim_max, 16_384)
        setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("appsim-waiters-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try AppSimProcess(database: directory.appendingPathComponent("w.db").path)
        let port = server.port

        func call(_ method: String, _ path: String, _ body: JSONValue? = nil) throws -> JSONValue {
            let response = try TestHTTPClient.request(port: port, method, path, body: body?.jsonBytes ?? [])
            return try JSONValue.parse(response.body)
        }
        let installed = try call("POST", "/v1/instances/batch", ["count": 100, "appsPerDevice": 1, "info": ["bundleId": "com.example.w"]])
        let apps = installed["ids"]?.arrayValue?.compactMap(\.stringValue) ?? []
        try #require(apps.count == 100)

        // Warm up: one long-poll and one stream, woken, so that whatever the server starts on first use (and keeps)
        // is there before counting.
        let warmApp = try #require(try call("POST", "/v1/instances", ["info": ["bundleId": "com.example.warm"]])["id"]?.stringValue)
        let warmPoll = try TestHTTPClient(port: port)
        try warmPoll.send("GET", "/v1/instances/\(warmApp)/callbacks?after=0&wait=30")
        let warmStream = try SSEClient(port: port, path: "/v1/instances/\(warmApp)/stream")
        #expect(warmStream.read(until: { $0.contains(": streaming") }))
        _ = try call("POST", "/v1/instances/\(warmApp)/events", ["type": "launch"])
        #expect(try warmPoll.readResponse().status == 200)
        #expect(warmStream.read(until: { $0.contains("applicationDidBecomeActive:") }))
        warmStream.disconnect()

        // The server's own threads are counted, in its own process: tests running alongside in this one do not count.
        let before = server.threadCount
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
        let during = server.threadCount
        // A few threads of its own may come and go (the store's checkpointer, a runtime's helper); one per waiter,
        // or even per hundred waiters, would be 20 or more.
        #expect(before > 0 && during <= before + 10, "threads went from \(before) to \(during) with 2,000 waiters")

        // Wake them all: one launch per app.
        for app in apps { _ = try call("POST", "/v1/instances/\(app)/events", ["type": "launch"]) }
        var woken = 0
        for poll in polls {
            let response = try poll.readResponse()
            // A launch's four callbacks on the batch's default iOS 26: willFinish, didFinish, runtimeIssue, didBecomeActive.
            if response.status == 200, (try? JSONValue.parse(response.body))?["items"]?.arrayValue?.count == 4 { woken += 1 }
        }
        for stream in streams where stream.read(until: { $0.contains("applicationDidBecomeActive:") }, seconds: 10) { woken += 1 }
        #expect(woken == 2_000)
    }
}
