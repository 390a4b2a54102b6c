import AppSimJSON
import Testing

/// Scenes over HTTP: closing the last connected scene ends the app as force quit does, and a refusal lists the
/// scene events any scene would take.
@Suite("Live: closing scenes")
struct LiveScenesClosedTests {
    /// An iPad app with two windows, the first saved UI state, in the background with a task, then the first
    /// window disconnected by the system.
    static func twoWindowsOneDisconnected(_ live: LiveServer) throws -> String {
        let device = try live.createDevice(["clock": ["mode": "manual"]])
        let app = try live.install(
            ["bundleId": "com.example.ipad", "stateRestoration": true, "scenes": ["supportsMultiple": true]],
            behavior: ["backgroundTaskSeconds": 20], device: device)
        try live.post(app, ["type": "launch"])
        try live.post(app, ["type": "openScene"])
        try live.post(app, ["type": "edit", "ui": ["draft": "s1"], "scene": .string("\(app).s1")])
        try live.post(app, ["type": "beginBackgroundTask"])
        try live.post(app, ["type": "home"])
        try live.post(app, ["type": "disconnectScene", "scene": .string("\(app).s1")])
        return app
    }

    @Test("§9 closing the last connected scene discards every session, the disconnected one's too: the next launch connects a new session, with no saved activity")
    func closingTheLastSceneDiscardsEverySession() throws {
        let live = try LiveServer()
        let app = try Self.twoWindowsOneDisconnected(live)
        let close = try live.post(app, ["type": "closeScene", "scene": .string("\(app).s2")])
        #expect(names(close) == ["sceneDidDisconnect:", "application:didDiscardSceneSessions:", "applicationWillTerminate:", "killed"])
        #expect(close["callbacks"]?.arrayValue?[1]["args"]?["sessions"] == [.string("\(app).s1.session"), .string("\(app).s2.session")])
        let instance = try live.get("/v1/instances/\(app)").json
        #expect(instance["state"] == "notRunning")
        #expect(instance["scenes"] == [])
        let launch = try live.post(app, ["type": "launch"])
        let connect = try #require(launch["callbacks"]?.arrayValue?.first { $0["name"] == "scene:willConnectToSession:options:" })
        #expect(connect["scene"] == .string("\(app).s3"))
        #expect(connect["args"]?["options"]?["stateRestorationActivity"] == .null)
    }

    @Test("§12 a refused event's allowedEvents lists closeScene and disconnectScene when some scene would take them, not only the first")
    func allowedEventsTryEveryScene() throws {
        let live = try LiveServer()
        let app = try Self.twoWindowsOneDisconnected(live)
        let refused = try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "declineCall"])
        ProblemReply.expect(refused, 409, "event-not-allowed")
        let allowed = refused.json["allowedEvents"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(allowed.contains("closeScene"), "\(allowed)")
        #expect(allowed.contains("disconnectScene"), "\(allowed)")
        #expect(try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "closeScene", "scene": .string("\(app).s2")]).status == 200)
    }
}
