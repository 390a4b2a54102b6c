@testable import AppSimAPI
import AppSimJSON
import AppSimTestSupport
import Foundation
import Testing

/// Server-Sent Events over real HTTP: what happens, as it is committed.
@Suite("Live: streams")
struct LiveStreamTests {
    @Test("an instance stream shows a Home press and the suspension that follows, as they happen")
    func instanceStream() throws {
        let live = try LiveServer()
        let device = try live.createDevice(["clock": ["mode": "realtime", "speed": 50]])
        let app = try live.install(["bundleId": "com.example.notes"], device: device)
        try live.post(app, ["type": "launch"])
        let stream = try SSEClient(port: live.port, path: "/v1/instances/\(app)/stream")
        #expect(stream.read(until: { $0.contains(": streaming") }))
        #expect(stream.status == 200)
        #expect(stream.headers["content-type"] == "text/event-stream")
        try live.post(app, ["type": "home"])
        #expect(stream.read(until: { $0.contains("\"name\":\"suspended\"") }))
        let text = stream.text
        #expect(text.contains("event: callback\nid: 4\n"))
        #expect(text.contains("event: callback\nid: 5\n"))
        #expect(text.contains("event: callback\nid: 6\n"))
        #expect(text.contains("event: state\ndata: {\"instance\":\"\(app)\",\"from\":\"active\",\"to\":\"background\""))
        #expect(text.contains("\"from\":\"background\",\"to\":\"suspended\""))
        let order = ["applicationWillResignActive:", "applicationDidEnterBackground:", "\"suspended\""].map { text.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil })
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
    }

    @Test("Last-Event-ID resumes an instance stream after that seq, without a gap or a duplicate")
    func resume() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        let app = try live.install(["bundleId": "com.example.notes"], device: device)
        try live.post(app, ["type": "launch"])
        try live.post(app, ["type": "home"])
        let stream = try SSEClient(port: live.port, path: "/v1/instances/\(app)/stream", headers: [("Last-Event-ID", "2")])
        #expect(stream.read(until: { $0.contains("id: 5\n") }))
        try live.post(app, ["type": "launch"])
        #expect(stream.read(until: { $0.contains("id: 7\n") }))
        let ids = stream.text.split(separator: "\n").filter { $0.hasPrefix("id: ") }.map { String($0.dropFirst(4)) }
        #expect(ids == ["3", "4", "5", "6", "7"])
    }

    @Test("a stream refuses a wrong after even beside a Last-Event-ID, which wins over a right one")
    func resumeChecksBoth() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        let app = try live.install(["bundleId": "com.example.notes"], device: device)
        for path in ["/v1/instances/\(app)/stream", "/v1/devices/\(device)/stream"] {
            for (after, header) in [("9223372036854775808", "0"), ("-1", "3"), ("0", "x")] {
                let reply = try live.request("GET", "\(path)?after=\(after)", headers: [("Last-Event-ID", header)])
                ProblemReply.expect(reply, 400, "bad-query", field: "after", "\(path) after=\(after) Last-Event-ID: \(header)")
            }
        }
        try live.post(app, ["type": "launch"])
        let stream = try SSEClient(port: live.port, path: "/v1/instances/\(app)/stream?after=0", headers: [("Last-Event-ID", "2")])
        #expect(stream.read(until: { $0.contains("id: 3\n") }))
        #expect(!stream.text.contains("id: 1\n"))
    }

    @Test("a device stream shows each committed event with its changes and callbacks")
    func deviceStream() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        let a = try live.install(["bundleId": "com.example.a"], device: device)
        let stream = try SSEClient(port: live.port, path: "/v1/devices/\(device)/stream")
        #expect(stream.read(until: { $0.contains(": streaming device") }))
        try live.post(a, ["type": "launch"])
        try live.postDevice(device, ["type": "lock"])
        #expect(stream.read(until: { $0.contains("id: 2\n") }))
        #expect(stream.text.contains("event: event\nid: 1\ndata: {\"event\":{\"seq\":1,\"type\":\"launch\""))
        #expect(stream.text.contains("\"type\":\"lock\""))
    }

    @Test("a client that disconnects from a stream frees its slot")
    func disconnectFreesTheSlot() throws {
        let live = try LiveServer()
        let app = try live.install(["bundleId": "com.example.notes"])
        let service = try #require(live.server?.service)
        let stream = try SSEClient(port: live.port, path: "/v1/instances/\(app)/stream")
        #expect(stream.read(until: { $0.contains(": streaming") }))
        #expect(service.watchers.subscriberCount == 1)
        stream.disconnect()
        var count = service.watchers.subscriberCount
        for _ in 0..<100 where count != 0 {
            Thread.sleep(forTimeInterval: 0.05)
            count = service.watchers.subscriberCount
        }
        #expect(count == 0)
    }
}

@Suite("Live: waiting clients that leave")
struct LiveLeavingWaiterTests {
    @Test("a long-poll client that disconnects frees its slot at once")
    func longPollDisconnect() throws {
        let live = try LiveServer()
        let app = try live.install(["bundleId": "com.example.notes"])
        let service = try #require(live.server?.service)
        var client: TestHTTPClient? = try TestHTTPClient(port: live.port)
        try client?.send("GET", "/v1/instances/\(app)?waitFor=active&timeout=60")
        var count = service.watchers.waiterCount
        for _ in 0..<100 where count != 1 {
            Thread.sleep(forTimeInterval: 0.02)
            count = service.watchers.waiterCount
        }
        #expect(count == 1)
        client = nil  // the client goes away
        for _ in 0..<100 where count != 0 {
            Thread.sleep(forTimeInterval: 0.02)
            count = service.watchers.waiterCount
        }
        #expect(count == 0)
    }
}
