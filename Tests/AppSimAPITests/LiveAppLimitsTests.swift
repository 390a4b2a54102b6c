import Foundation
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

    @Test("an app's data and UI state stop at 256 KiB of JSON: the edit that would pass it is 409 naming memoryBytes; removing keys makes room again")
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
        Self.expectLimit(refusal, .memoryBytes)
        // A smaller edit (one that removes keys) would be taken: edit stays among the allowed events.
        #expect(refusal.json["allowedEvents"]?.arrayValue?.contains("edit") == true)
        let before = try live.get("/v1/instances/\(app)").json
        #expect(before["data"]?["memory"]?.objectValue?.count == 4)
        // Room again once a key is removed.
        #expect(try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "edit", "memory": ["k0": nil]]).status == 200)
        #expect(try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "edit", "memory": ["k9": chunk]]).status == 200)
        // UI state counts too.
        Self.expectLimit(try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "edit", "ui": chunk]), .memoryBytes)
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

/// The journal keeps at most as many of a device's newest events as its apps keep callbacks together
/// (`--history-limit` each), those that caused no callback too.
@Suite("Live: the journal's bound")
struct LiveJournalBoundTests {
    @Test("with --history-limit 5, 40 edits (no callback) and 40 clock moves on a device whose app never runs keep the newest 5 of each journal, dropped counting the rest; the store keeps no more")
    func journalKeepsTheNewest() throws {
        let live = try LiveServer(historyLimit: 5)
        let device = try live.createDevice(["clock": ["mode": "manual"]])
        let app = try live.install(["bundleId": "com.example.notes"], device: device)
        try live.post(app, ["type": "launch"])  // event 1
        let big = JSONValue.string(String(repeating: "x", count: 10_000))
        for number in 0..<40 { try live.post(app, ["type": "edit", "memory": ["draft": big, "n": .integer(Int64(number))]]) }
        let journal = try live.get("/v1/devices/\(device)/events?limit=100").json
        let seqs = journal["items"]?.arrayValue?.compactMap { $0["seq"]?.int64Value } ?? []
        #expect(seqs == [37, 38, 39, 40, 41], "\(journal)")
        #expect(journal["dropped"] == 36)
        // Resumed before the window, a device stream says what is gone, then replays the rest.
        let stream = try SSEClient(port: live.port, path: "/v1/devices/\(device)/stream?after=2")
        #expect(stream.read(until: { $0.contains("id: 41\n") }))
        #expect(stream.text.contains("event: dropped\ndata: {\"dropped\":36}"))
        #expect(stream.ids == [37, 38, 39, 40, 41])

        let idle = try live.createDevice(["clock": ["mode": "manual"]])
        _ = try live.install(["bundleId": "com.example.idle"], device: idle)
        for _ in 0..<40 { try live.postDevice(idle, ["type": "advanceClock", "seconds": 1]) }
        let idleJournal = try live.get("/v1/devices/\(idle)/events").json
        #expect(idleJournal["items"]?.arrayValue?.compactMap { $0["seq"]?.int64Value } == [36, 37, 38, 39, 40])
        #expect(idleJournal["dropped"] == 35)
        // The rows are gone too, not only hidden.
        live.stop()
        let rows = try Self.sqlite(live.databasePath, "SELECT count(*) FROM events")
        #expect(rows == "10")
    }

    static func sqlite(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", path, sql]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
