import AppSimJSON
import AppSimStore
import AppSimTestSupport
import Foundation
import Testing

/// What a client is shown has been committed: a change computed in memory stays invisible to reads, waits and
/// lists until the transaction holding it commits, and is never seen at all if that transaction fails.
///
/// The commit is held back by another connection that owns the database's write lock, as a second process could.
@Suite("Live: only committed state is shown")
struct LiveCommittedStateTests {
    /// An app launched on a manual-clock device, its device id, and what a client reads of it now.
    struct Launched {
        var app: String
        var device: String
        var instance: JSONValue
        var deviceJSON: JSONValue
        var history: [JSONValue]
        var list: JSONValue
    }

    static func launched(on live: LiveServer) throws -> Launched {
        let device = try live.createDevice()
        let app = try live.install(["bundleId": "com.example.held"], device: device)
        try live.post(app, ["type": "launch"])
        return Launched(
            app: app, device: device, instance: try live.get("/v1/instances/\(app)").json,
            deviceJSON: try live.get("/v1/devices/\(device)").json, history: try live.callbacks(app),
            list: try live.get("/v1/instances?device=\(device)").json)
    }

    /// Everything a client can read of `launched` now, compared with what it read before the held event.
    static func expectUnchanged(_ launched: Launched, on live: LiveServer, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try live.get("/v1/instances/\(launched.app)").json == launched.instance, sourceLocation: sourceLocation)
        #expect(try live.get("/v1/devices/\(launched.device)").json == launched.deviceJSON, sourceLocation: sourceLocation)
        #expect(try live.callbacks(launched.app) == launched.history, sourceLocation: sourceLocation)
        #expect(try live.get("/v1/instances?device=\(launched.device)").json == launched.list, sourceLocation: sourceLocation)
        // A wait for the state the held event leads to does not end early: it times out on what is committed.
        let wait = try live.get("/v1/instances/\(launched.app)?waitFor=background&timeout=0.2")
        #expect(wait.status == 408, sourceLocation: sourceLocation)
        #expect(wait.json["state"] == "active", sourceLocation: sourceLocation)
    }

    /// Waits (up to 10 s) until the server has applied `count` Home events in memory: it counts them when it
    /// computes them, before their commit.
    static func waitUntilComputed(homes count: Int, on live: LiveServer) throws {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if try live.get("/metrics").text.contains(#"appsim_events_total{type="home"} \#(count)"#) { return }
            usleep(5_000)
        }
        Issue.record("the server never applied the Home event")
    }

    @Test("a change whose commit is held back is not shown by GET, lists, history or waits until it commits")
    func heldCommitIsInvisibleUntilCommitted() throws {
        let live = try LiveServer { $0.busyTimeoutMillis = 30_000 }
        let before = try Self.launched(on: live)
        let waiter = try TestHTTPClient(port: live.port)
        try waiter.send("GET", "/v1/instances/\(before.app)?waitFor=background&timeout=30")

        let other = try SQLiteConnection(path: live.databasePath)
        try other.execute("BEGIN IMMEDIATE")
        let poster = try TestHTTPClient(port: live.port)
        try poster.send("POST", "/v1/instances/\(before.app)/events", headers: [("Content-Type", "application/json")],
                        body: Array(#"{"type":"home"}"#.utf8))
        try Self.waitUntilComputed(homes: 1, on: live)
        try Self.expectUnchanged(before, on: live)

        try other.execute("COMMIT")
        let reply = try poster.readResponse()
        #expect(reply.status == 200)
        let waited = try waiter.readResponse()
        #expect(waited.status == 200)
        #expect(try JSONValue.parse(waited.body)["state"] == "background")
        #expect(try live.state(before.app) == "background")
        #expect(try live.callbackNames(before.app).suffix(2) == ["applicationWillResignActive:", "applicationDidEnterBackground:"])
    }

    @Test("a change whose commit fails is never shown, and the next write computes on what is stored")
    func failedCommitIsNeverShown() throws {
        let live = try LiveServer { $0.busyTimeoutMillis = 1_500 }
        let before = try Self.launched(on: live)
        let other = try SQLiteConnection(path: live.databasePath)
        try other.execute("BEGIN IMMEDIATE")
        let poster = try TestHTTPClient(port: live.port)
        try poster.send("POST", "/v1/instances/\(before.app)/events", headers: [("Content-Type", "application/json")],
                        body: Array(#"{"type":"home"}"#.utf8))
        try Self.waitUntilComputed(homes: 1, on: live)
        try Self.expectUnchanged(before, on: live)

        let refused = try poster.readResponse()
        #expect(refused.status == 503)
        try other.execute("ROLLBACK")
        try Self.expectUnchanged(before, on: live)
        // Home is still allowed: the refused one left nothing behind, and this one gets the seqs it would have had.
        let home = try live.post(before.app, ["type": "home"])
        #expect(home["callbacks"]?.arrayValue?.first?["seq"] == JSONValue(before.history.count + 1))
    }
}
