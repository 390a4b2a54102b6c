import AppSimJSON
import Testing

/// API.md: `DELETE /v1/devices/{deviceId}` removes the device "with its instances and their data" — over real HTTP,
/// and still so after a restart.
@Suite("Live: deleting a device")
struct LiveDeviceDeleteTests {
    @Test("deleting a device removes its instances, their data and their history, everywhere a client can look, and nothing else")
    func deleteRemovesInstancesAndHistory() throws {
        let live = try LiveServer()
        let doomed = try live.createDevice()
        let kept = try live.createDevice()
        let apps = [
            try live.install(["bundleId": "com.example.notes", "stateRestoration": true], device: doomed),
            try live.install(["bundleId": "com.example.mail"], device: doomed),
        ]
        let survivor = try live.install(["bundleId": "com.example.notes"], device: kept)
        for app in apps + [survivor] {
            try live.post(app, ["type": "launch"])
            try live.post(app, ["type": "edit", "memory": ["draft": "text"], "ui": ["screen": "editor"]])
        }
        try live.post(apps[1], ["type": "home"])
        #expect(try live.callbacks(apps[0]).count == 7)  // launched, then sent to the background (and preserved) by the second
        let keptBefore = try live.get("/v1/devices/\(kept)").json
        let survivorBefore = try live.get("/v1/instances/\(survivor)").json
        let survivorHistory = try live.callbacks(survivor)

        let deleted = try live.request("DELETE", "/v1/devices/\(doomed)")
        #expect(deleted.status == 204)
        #expect(deleted.body.isEmpty)

        func expectGone(sourceLocation: SourceLocation = #_sourceLocation) throws {
            ProblemReply.expect(try live.get("/v1/devices/\(doomed)"), 404, "not-found", "the device", sourceLocation: sourceLocation)
            for app in apps {
                ProblemReply.expect(try live.get("/v1/instances/\(app)"), 404, "not-found", app, sourceLocation: sourceLocation)
                ProblemReply.expect(try live.get("/v1/instances/\(app)/callbacks"), 404, "not-found", "history", sourceLocation: sourceLocation)
                ProblemReply.expect(try live.get("/v1/instances/\(app)/callbacks?after=0&wait=5"), 404, "not-found", "a wait",
                                    sourceLocation: sourceLocation)
                ProblemReply.expect(try live.get("/v1/instances/\(app)?waitFor=active&timeout=5"), 404, "not-found", "a waitFor",
                                    sourceLocation: sourceLocation)
                ProblemReply.expect(try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "launch"]), 404, "not-found",
                                    "an event", sourceLocation: sourceLocation)
                ProblemReply.expect(try live.request("DELETE", "/v1/instances/\(app)"), 404, "not-found", "uninstall",
                                    sourceLocation: sourceLocation)
            }
            ProblemReply.expect(try live.request("POST", "/v1/devices/\(doomed)/events", json: ["type": "lock"]), 404, "not-found",
                                "a device event", sourceLocation: sourceLocation)
            ProblemReply.expect(try live.request("DELETE", "/v1/devices/\(doomed)"), 404, "not-found", "a second delete",
                                sourceLocation: sourceLocation)
            let install = try live.request("POST", "/v1/instances", json: ["device": .string(doomed), "info": ["bundleId": "com.example.new"]])
            ProblemReply.expect(install, 422, "invalid-field", field: "device", "an install", sourceLocation: sourceLocation)
            #expect(try live.get("/v1/instances?device=\(doomed)").json == ["items": [], "next": nil], sourceLocation: sourceLocation)
            let listed = try live.get("/v1/instances?limit=1000").json["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
            #expect(listed == [survivor], sourceLocation: sourceLocation)
            let devices = try live.get("/v1/devices?limit=1000").json["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
            #expect(devices == [kept], sourceLocation: sourceLocation)
            #expect(try live.get("/metrics").text.contains("\nappsim_devices 1\n"), sourceLocation: sourceLocation)
            // The other device and its app are exactly as they were.
            #expect(try live.get("/v1/devices/\(kept)").json == keptBefore, sourceLocation: sourceLocation)
            #expect(try live.get("/v1/instances/\(survivor)").json == survivorBefore, sourceLocation: sourceLocation)
            #expect(try live.callbacks(survivor) == survivorHistory, sourceLocation: sourceLocation)
        }
        try expectGone()
        // Deleted in the store, not only in the server's memory.
        live.stop()
        try live.start()
        try expectGone()
    }
}
