import AppSimJSON
import AppSimStore
import Testing

/// A full disk or a locked database is a 503 with nothing half-written, and what is served still matches the store.
@Suite("Live: store faults")
struct LiveFaultTests {
    @Test("a full disk gives 503 problem JSON; nothing changes, and a restart serves exactly the same")
    func fullDisk() throws {
        let live = try LiveServer { $0.maxPageCount = 40 }
        let app = try live.install(["bundleId": "com.example.filler"])
        try live.post(app, ["type": "launch"])
        var status = 200
        var attempts = 0
        var lastGood = try live.get("/v1/instances/\(app)").json
        // Edits grow the stored instance until the capped file is full.
        while status == 200, attempts < 500 {
            attempts += 1
            let blob = String(repeating: "x", count: 1_000) + "\(attempts)"
            var memory = JSONObject()
            memory["k\(attempts)"] = .string(blob)
            let reply = try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "edit", "memory": .object(memory)])
            status = reply.status
            if status == 200 {
                lastGood = try live.get("/v1/instances/\(app)").json
            } else {
                #expect(reply.status == 503)
                #expect(reply.headers["content-type"] == "application/problem+json")
                #expect(reply.json["detail"]?.stringValue?.contains("nothing was changed") == true)
            }
        }
        #expect(status == 503, "the capped database never filled up")
        #expect(try live.get("/v1/instances/\(app)").json == lastGood)
        live.stop()
        try live.start()
        #expect(try live.get("/v1/instances/\(app)").json == lastGood)
    }

    @Test("a database locked by another process gives 503; the event is not applied and works once the lock goes")
    func lockedDatabase() throws {
        let live = try LiveServer { $0.busyTimeoutMillis = 200 }
        let app = try live.install(["bundleId": "com.example.locked"])
        let other = try SQLiteConnection(path: live.databasePath)
        try other.execute("BEGIN IMMEDIATE")
        let refused = try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "launch"])
        #expect(refused.status == 503)
        #expect(refused.json["detail"]?.stringValue?.contains("locked") == true)
        #expect(try live.state(app) == "notRunning")
        #expect(try live.get("/healthz").status == 503)
        try other.execute("ROLLBACK")
        #expect(try live.get("/healthz").status == 200)
        let launched = try live.post(app, ["type": "launch"])
        #expect(launched["callbacks"]?.arrayValue?.first?["seq"] == 1)
        #expect(try live.state(app) == "active")
    }
}
