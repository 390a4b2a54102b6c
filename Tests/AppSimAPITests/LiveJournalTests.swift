@testable import AppSimAPI
import AppSimJSON
import AppSimTestSupport
import Foundation
import Testing

/// The event journal, `GET /v1/devices/{id}/events`, over real HTTP: every accepted event with what was posted and
/// what it did, paged, kept across a restart, and trimmed with the history it refers to.
@Suite("Live: event journal")
struct LiveJournalTests {
    /// Every entry of a device's journal, page by page, with the last page's `dropped`.
    func journal(_ live: LiveServer, _ device: String, after: Int64 = 0, limit: Int = 1000) throws -> (items: [JSONValue], dropped: JSONValue?) {
        var items: [JSONValue] = []
        var cursor = after
        var dropped: JSONValue?
        while true {
            let reply = try live.get("/v1/devices/\(device)/events?after=\(cursor)&limit=\(limit)")
            try #require(reply.status == 200, "\(reply.text)")
            items += reply.json["items"]?.arrayValue ?? []
            dropped = reply.json["dropped"]
            guard let next = reply.json["next"]?.int64Value else { break }
            #expect(next > cursor)
            cursor = next
        }
        return (items, dropped)
    }

    @Test("every accepted event, in order, with its body, time, changes, the callbacks it caused and its result; refused ones are not there")
    func entries() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        let app = try live.install(["bundleId": "com.example.notes"], device: device)
        let launch = try live.post(app, ["type": "launch"])
        let refused = try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "launch"])
        #expect(refused.status == 409)
        try live.post(app, ["type": "push", "payload": ["aps": ["alert": "Hi"]]])
        try live.postDevice(device, ["type": "lock"])
        let (items, dropped) = try journal(live, device)
        #expect(dropped == 0)
        #expect(items.map { $0["type"] } == ["launch", "push", "lock"])
        #expect(items.map { $0["seq"] } == [1, 2, 3])
        let first = try #require(items.first)
        #expect(first["instance"] == .string(app))
        #expect(first["body"] == ["type": "launch"])
        #expect(first["at"] == launch["event"]?["at"])
        #expect(first["changes"] == [["instance": .string(app), "from": "notRunning", "to": "active"]])
        #expect(first["callbacks"] == .array((1...3).map { ["instance": .string(app), "seq": JSONValue($0)] }))
        #expect(items[1]["result"] == ["delivery": "delivered"])
        #expect(items[2]["instance"] == .null)
        #expect(items[2]["body"] == ["type": "lock"])
        #expect(items[2]["callbacks"]?.arrayValue?.count == 2)
    }

    @Test("pages of the journal follow one another with no gap, and it is kept across a restart")
    func pagesAndRestart() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        let app = try live.install(["bundleId": "com.example.notes"], device: device)
        for _ in 0..<5 {
            try live.post(app, ["type": "launch"])
            try live.post(app, ["type": "home"])
        }
        let paged = try journal(live, device, limit: 3)
        #expect(paged.items.map { $0["seq"] } == .init((1...10).map { JSONValue($0) }))
        live.stop()
        try live.start()
        #expect(try journal(live, device).items == paged.items)
        let after = try journal(live, device, after: 8)
        #expect(after.items.map { $0["seq"] } == [9, 10])
    }

    @Test("timers a realtime clock fires are journaled as a timers event with no body")
    func timers() throws {
        let live = try LiveServer()
        let device = try live.createDevice(["clock": ["mode": "realtime", "speed": 200]])
        let app = try live.install(["bundleId": "com.example.notes"], device: device)
        try live.post(app, ["type": "launch"])
        try live.post(app, ["type": "home"])
        let waited = try live.get("/v1/instances/\(app)?waitFor=suspended&timeout=10")
        #expect(waited.status == 200)
        let items = try journal(live, device).items
        let timers = try #require(items.first { $0["type"] == "timers" })
        #expect(timers["body"] == .null)
        #expect(timers["changes"] == [["instance": .string(app), "from": "background", "to": "suspended"]])
    }

    @Test("the journal is trimmed with the history it refers to, and says how many of its oldest events are gone")
    func trimmed() throws {
        let live = try LiveServer(historyLimit: 4)
        let device = try live.createDevice()
        let app = try live.install(["bundleId": "com.example.notes"], device: device)
        try live.post(app, ["type": "launch"])  // callbacks 1–3
        for _ in 0..<4 { try live.post(app, ["type": "memoryWarning"]) }  // 4–7, event 2–5
        // History keeps callbacks 4–7: events 2–5. Event 1 (launch) refers to nothing kept.
        let (items, dropped) = try journal(live, device)
        #expect(items.map { $0["seq"] } == [2, 3, 4, 5])
        #expect(dropped == 1)
        let callbacks = try live.get("/v1/instances/\(app)/callbacks").json
        #expect(callbacks["dropped"] == 3)
    }

    @Test("a device stream resumed with Last-Event-ID replays each event exactly as it was sent live, its callbacks across apps in the order they came")
    func deviceStreamReplaysAsSentLive() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        let first = try live.install(["bundleId": "com.example.first"], device: device)
        let second = try live.install(["bundleId": "com.example.second"], device: device)
        let following = try SSEClient(port: live.port, path: "/v1/devices/\(device)/stream")
        try live.post(second, ["type": "launch"])
        // The second app leaves the foreground first, then the first app launches: callbacks of the app installed
        // later come first.
        try live.post(first, ["type": "launch"])
        try live.postDevice(device, ["type": "memoryWarning"])
        #expect(following.read(until: { $0.contains("id: 3\n") && $0.hasSuffix("\n\n") }))
        let resumed = try SSEClient(port: live.port, path: "/v1/devices/\(device)/stream", headers: [("Last-Event-ID", "1")])
        #expect(resumed.read(until: { $0.contains("id: 3\n") && $0.hasSuffix("\n\n") }))
        func messages(_ text: String) -> [String] {
            text.components(separatedBy: "\n\n").filter { $0.hasPrefix("event: event\nid: 2\n") || $0.hasPrefix("event: event\nid: 3\n") }
        }
        let sentLive = messages(following.text)
        #expect(sentLive.count == 2)
        #expect(messages(resumed.text) == sentLive)
        let callbacks = try #require(sentLive.first?.components(separatedBy: "\"callbacks\":").last)
        let secondAt = try #require(callbacks.range(of: "\"instance\":\"\(second)\""))
        let firstAt = try #require(callbacks.range(of: "\"instance\":\"\(first)\""))
        #expect(secondAt.lowerBound < firstAt.lowerBound, "the app that left the foreground comes first")
    }

    @Test("a device stream resumed with Last-Event-ID replays whole events from the journal: type, time and changes")
    func deviceStreamReplay() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        let app = try live.install(["bundleId": "com.example.notes"], device: device)
        try live.post(app, ["type": "launch"])
        try live.post(app, ["type": "home"])
        try live.postDevice(device, ["type": "lock"])
        let stream = try SSEClient(port: live.port, path: "/v1/devices/\(device)/stream", headers: [("Last-Event-ID", "1")])
        #expect(stream.read(until: { $0.contains("id: 3\n") }))
        let text = stream.text
        #expect(!text.contains("id: 1\n"))
        #expect(text.contains(#"event: event\#nid: 2\#ndata: {"event":{"seq":2,"type":"home","at":0},"changes":[{"instance":"\#(app)","from":"active","to":"background"}],"callbacks":[{"seq":4,"#))
        #expect(text.contains(#"{"event":{"seq":3,"type":"lock","at":0},"changes":[],"callbacks":[]}"#))
    }

    @Test("an entry another app's history keeps names callbacks its own app has dropped; a replay of it sends the callbacks still kept")
    func keptEntryWithDroppedCallbacks() throws {
        let live = try LiveServer(historyLimit: 3)
        let device = try live.createDevice()
        let quiet = try live.install(["bundleId": "com.example.quiet"], device: device)
        let busy = try live.install(["bundleId": "com.example.busy"], device: device)
        try live.post(quiet, ["type": "launch"])  // event 1
        try live.post(busy, ["type": "launch"])  // event 2: the quiet app leaves the foreground, the busy one launches
        for _ in 0..<3 { try live.post(busy, ["type": "memoryWarning"]) }  // events 3–5: the busy app keeps only these
        let busyHistory = try live.get("/v1/instances/\(busy)/callbacks").json
        #expect(busyHistory["items"]?.arrayValue?.compactMap { $0["event"]?.int64Value } == [3, 4, 5])
        #expect(busyHistory["dropped"] == 3, "the busy app's launch callbacks, which the journal's entry still names")
        // The quiet app still keeps callbacks of event 2, so the journal keeps it, naming the busy app's too.
        let (items, _) = try journal(live, device)
        let launch = try #require(items.first { $0["seq"] == 2 })
        let named = launch["callbacks"]?.arrayValue ?? []
        #expect(named.contains { $0["instance"]?.stringValue == busy })
        #expect(named.contains { $0["instance"]?.stringValue == quiet })
        let stream = try SSEClient(port: live.port, path: "/v1/devices/\(device)/stream", headers: [("Last-Event-ID", "1")])
        #expect(stream.read(until: { $0.contains("id: 5\n") && $0.hasSuffix("\n\n") }))
        let replayed = try #require(stream.text.components(separatedBy: "\n\n").first { $0.hasPrefix("event: event\nid: 2\n") })
        let data = try JSONValue.parse(Array(replayed.components(separatedBy: "data: ").last!.utf8))
        let sent = data["callbacks"]?.arrayValue ?? []
        #expect(!sent.isEmpty)
        #expect(sent.allSatisfy { $0["instance"]?.stringValue == quiet }, "\(replayed)")
        #expect(sent.count == named.filter { $0["instance"]?.stringValue == quiet }.count)
        #expect(data["changes"]?.arrayValue?.count == 2, "the entry itself is whole: both apps' changes")
    }

    @Test("a device stream that resumes past events the journal no longer keeps says first how many are gone, as the journal's dropped")
    func deviceStreamDropped() throws {
        let live = try LiveServer(historyLimit: 4)
        let device = try live.createDevice()
        let app = try live.install(["bundleId": "com.example.notes"], device: device)
        try live.post(app, ["type": "launch"])  // event 1: callbacks 1–3
        for _ in 0..<4 { try live.post(app, ["type": "memoryWarning"]) }  // events 2–5: the history keeps these
        #expect(try journal(live, device).dropped == 1)
        let resumed = try SSEClient(port: live.port, path: "/v1/devices/\(device)/stream", headers: [("Last-Event-ID", "0")])
        #expect(resumed.read(until: { $0.contains("id: 5\n") && $0.hasSuffix("\n\n") }))
        let text = resumed.text
        let notice = try #require(text.range(of: "event: dropped\ndata: {\"dropped\":1}\n\n"), "\(text)")
        let first = try #require(text.range(of: "id: 2\n"))
        #expect(notice.lowerBound < first.lowerBound, "the notice comes before the replay")
        #expect(!text.contains("id: 1\n"))
        // Resuming after what is gone: nothing to say.
        let caughtUp = try SSEClient(port: live.port, path: "/v1/devices/\(device)/stream", headers: [("Last-Event-ID", "1")])
        #expect(caughtUp.read(until: { $0.contains("id: 5\n") && $0.hasSuffix("\n\n") }))
        #expect(!caughtUp.text.contains("event: dropped"))
    }

    @Test("an instance stream that resumes past trimmed history says how many callbacks were dropped")
    func instanceStreamDropped() throws {
        let live = try LiveServer(historyLimit: 4)
        let app = try live.install(["bundleId": "com.example.notes"])
        try live.post(app, ["type": "launch"])
        for _ in 0..<4 { try live.post(app, ["type": "memoryWarning"]) }
        let stream = try SSEClient(port: live.port, path: "/v1/instances/\(app)/stream", headers: [("Last-Event-ID", "1")])
        #expect(stream.read(until: { $0.contains("id: 7\n") }))
        #expect(stream.text.contains("event: dropped\ndata: {\"dropped\":3}\n\n"))
        let ids = stream.text.split(separator: "\n").filter { $0.hasPrefix("id: ") }
        #expect(ids == ["id: 4", "id: 5", "id: 6", "id: 7"])
    }

    @Test("the journal of an unknown device is 404, a bad cursor 400, and POST still posts events")
    func errors() throws {
        let live = try LiveServer()
        #expect(try live.get("/v1/devices/dnothere/events").status == 404)
        let device = try live.createDevice()
        #expect(try live.get("/v1/devices/\(device)/events?after=-1").status == 400)
        #expect(try live.get("/v1/devices/\(device)/events?limit=0").status == 400)
        #expect(try live.request("DELETE", "/v1/devices/\(device)/events").status == 405)
        #expect(try live.get("/v1/devices/\(device)/events").json == ["items": [], "next": .null, "dropped": 0])
    }

    @Test("a journal with no event yet, read after a cursor, is 409 naming the newest (none), on a device and on one whose apps never ran; after 0 is an empty page")
    func emptyAfterACursor() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        _ = try live.install(["bundleId": "com.example.notes"], device: device)
        for after in ["1", "5", "9223372036854775807"] {
            let reply = try live.get("/v1/devices/\(device)/events?after=\(after)")
            ProblemReply.expect(reply, 409, "resume-past-newest", field: "after", after)
            ProblemReply.expect(try live.get("/v1/devices/\(device)/stream?after=\(after)"), 409, "resume-past-newest", field: "after", after)
        }
        #expect(try live.get("/v1/devices/\(device)/events?after=0").json["items"] == [])
        let app = try live.install(["bundleId": "com.example.other"], device: device)
        try live.post(app, ["type": "launch"])
        let stream = try SSEClient(port: live.port, path: "/v1/devices/\(device)/stream?after=1")
        try live.post(app, ["type": "home"])
        // The client said it had seen event 1: the stream goes on after it.
        #expect(stream.read(until: { $0.contains("id: 2\n") }))
        #expect(!stream.text.contains("id: 1\n"))
    }
}
