import AppSimCore
import AppSimJSON
import Testing

/// What one app may hold (docs/lifecycle.md, Limits): the event that would pass a limit is 409 naming it, and
/// changes nothing; below it, events go on.
@Suite("Live: what one app may hold")
struct LiveAppLimitsTests {
    static func expectLimit(_ reply: LiveServer.Reply, _ limit: AppLimit, sourceLocation: SourceLocation = #_sourceLocation) {
        ProblemReply.expect(reply, 409, "event-not-allowed", sourceLocation: sourceLocation)
        #expect(reply.json["limit"] == ["name": .string(limit.rawValue), "maximum": JSONValue(limit.maximum)], "\(reply.text)", sourceLocation: sourceLocation)
    }

    @Test("an app's data and UI state stop at 256 KiB of JSON: the edit that would pass it is 409 naming savedDataBytes; removing keys makes room again")
    func savedData() throws {
        let live = try LiveServer()
        let device = try live.createDevice(["clock": ["mode": "manual"]])
        let app = try live.install(["bundleId": "com.example.notes"], device: device)
        try live.post(app, ["type": "launch"])
        let chunk = JSONValue.string(String(repeating: "x", count: 60_000))
        var accepted = 0
        var refused: LiveServer.Reply?
        for key in 0..<10 {
            let reply = try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "edit", "memory": [.init("k\(key)"): chunk]])
            if reply.status == 200 { accepted += 1 } else { refused = reply; break }
        }
        #expect(accepted == 4)
        let refusal = try #require(refused)
        Self.expectLimit(refusal, .savedDataBytes)
        let before = try live.get("/v1/instances/\(app)").json
        #expect(before["data"]?["memory"]?.objectValue?.count == 4)
        // Room again once a key is removed.
        #expect(try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "edit", "memory": ["k0": nil]]).status == 200)
        #expect(try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "edit", "memory": ["k9": chunk]]).status == 200)
        // UI state counts too.
        Self.expectLimit(try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "edit", "ui": chunk]), .savedDataBytes)
    }

    @Test("an app has at most 32 scene sessions and 64 background tasks: the next is 409 naming the limit")
    func scenesAndTasks() throws {
        let live = try LiveServer()
        let device = try live.createDevice(["clock": ["mode": "manual"]])
        let app = try live.install(["bundleId": "com.example.ipad", "scenes": ["supportsMultiple": true]], device: device)
        try live.post(app, ["type": "launch"])
        for _ in 1..<AppLimit.scenes.maximum { try live.post(app, ["type": "openScene"]) }
        let scenes = try live.get("/v1/instances/\(app)").json["scenes"]?.arrayValue?.count
        #expect(scenes == AppLimit.scenes.maximum)
        Self.expectLimit(try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "openScene"]), .scenes)
        for _ in 0..<AppLimit.backgroundTasks.maximum { try live.post(app, ["type": "beginBackgroundTask"]) }
        let refused = try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "beginBackgroundTask"])
        Self.expectLimit(refused, .backgroundTasks)
        #expect(try live.get("/v1/instances/\(app)").json["backgroundTasks"]?.arrayValue?.count == AppLimit.backgroundTasks.maximum)
        // Ending one makes room.
        try live.post(app, ["type": "endBackgroundTask", "taskId": 1])
        #expect(try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "beginBackgroundTask"]).status == 200)
    }
}

/// A list by a filter few instances match looks through a bounded number of them per page, so that it holds a
/// worker for milliseconds; following `next` still gives every match once, in order.
@Suite("Live: filtered lists look through a bounded number of instances per page")
struct LiveBoundedListTests {
    @Test("with 100 instances looked at per page, a state filter matching the last device's apps gives empty pages with next, then every match once")
    func boundedScan() throws {
        let live = try LiveServer(tune: { $0.instancesExaminedPerPage = 100 })
        let batch = try live.request("POST", "/v1/instances/batch", json: ["count": 450, "appsPerDevice": 50, "info": ["bundleId": "com.example.w"]])
        #expect(batch.status == 201)
        let ids = batch.json["ids"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(ids.count == 450)
        let lastDevice = String(ids.sorted().last!.split(separator: ".")[0])
        let launched = ids.filter { $0.hasPrefix(lastDevice + ".") }.prefix(7)
        for app in launched { try live.post(app, ["type": "launch"]); try live.post(app, ["type": "home"]) }
        // Each app in turn went to the background; with a realtime device, suspension may follow, so both count.
        var found: [String] = []
        var pages = 0
        var emptyPagesWithNext = 0
        var after: String?
        repeat {
            let reply = try live.get("/v1/instances?state=background&limit=3" + (after.map { "&after=\($0)" } ?? ""))
            #expect(reply.status == 200, "\(reply.text.prefix(300))")
            let items = reply.json["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
            #expect(items.count <= 3)
            after = reply.json["next"]?.stringValue
            if items.isEmpty, after != nil { emptyPagesWithNext += 1 }
            found += items
            pages += 1
        } while after != nil && pages < 100
        let background = try launched.filter { try live.state($0) == "background" }
        #expect(found == background.sorted(by: { ($0.split(separator: ".")[0], Int($0.split(separator: ".")[1])!) < ($1.split(separator: ".")[0], Int($1.split(separator: ".")[1])!) }))
        #expect(emptyPagesWithNext >= 3, "the pages before the last device looked through at most 100 instances each")
    }
}
