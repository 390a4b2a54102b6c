import AppSimCore
import AppSimJSON
import Foundation
import Testing

/// The first working slice over real HTTP: install → launch → Home → callbacks, as a client sees it.
@Suite("Live: lifecycle over HTTP")
struct LiveLifecycleTests {
    @Test("install, launch, Home: the callbacks come back by name and in order")
    func installLaunchHome() throws {
        let live = try LiveServer()
        let app = try live.install(["bundleId": "com.example.notes"])
        #expect(try live.state(app) == "notRunning")

        let launch = try live.post(app, ["type": "launch"])
        #expect(names(launch) == [
            "application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:",
            "applicationDidBecomeActive:",
        ])
        #expect(launch["changes"] == [["instance": .string(app), "from": "notRunning", "to": "active"]])

        let home = try live.post(app, ["type": "home"])
        #expect(names(home) == ["applicationWillResignActive:", "applicationDidEnterBackground:"])

        let instance = try live.get("/v1/instances/\(app)").json
        #expect(instance["state"] == "background")
        #expect(instance["applicationState"] == "background")
        #expect(instance["xcuiState"] == 3)
        #expect(instance["launchCount"] == 1)

        let history = try live.callbacks(app)
        #expect(history.compactMap { $0["name"]?.stringValue } == names(launch) + names(home))
        #expect(history.compactMap { $0["seq"]?.doubleValue } == [1, 2, 3, 4, 5])
        #expect(history.allSatisfy { $0["instance"] == .string(app) })
    }

    @Test("an instance id starts with its device id and a dot")
    func instanceIdNamesItsDevice() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        let app = try live.install(["bundleId": "com.example.a"], device: device)
        #expect(app.hasPrefix(device + "."))
        let deviceJSON = try live.get("/v1/devices/\(device)").json
        #expect(deviceJSON["instances"] == [.string(app)])
    }

    @Test("exitsOnSuspend: Home terminates the app")
    func exitsOnSuspendHome() throws {
        let live = try LiveServer()
        let app = try live.install(["bundleId": "com.example.old", "exitsOnSuspend": true])
        try live.post(app, ["type": "launch"])
        let home = try live.post(app, ["type": "home"])
        #expect(names(home) == ["applicationWillResignActive:", "applicationWillTerminate:"])
        #expect(try live.state(app) == "notRunning")
    }

    @Test("a realtime clock suspends the app after the suspend delay without any request")
    func realtimeSuspension() throws {
        let live = try LiveServer()
        // 200× speed: the 5 s suspend delay passes in 25 ms of wall time.
        let device = try live.createDevice(["clock": ["mode": "realtime", "speed": 200]])
        let app = try live.install(["bundleId": "com.example.notes"], device: device)
        try live.post(app, ["type": "launch"])
        try live.post(app, ["type": "home"])
        // The timer fires on the server's own thread; its record is stored right after.
        var last = try live.callbacks(app).last
        for _ in 0..<200 where last?["name"] != "suspended" {
            Thread.sleep(forTimeInterval: 0.02)
            last = try live.callbacks(app).last
        }
        #expect(try live.state(app) == "suspended")
        #expect(last?["name"] == "suspended")
        #expect(last?["kind"] == "system")
    }

    @Test("lists page with limit and after, and filter by state and bundleId")
    func listsPage() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        var ids: [String] = []
        for index in 0..<5 { ids.append(try live.install(["bundleId": .string("com.example.app\(index)")], device: device)) }
        try live.post(ids[1], ["type": "launch"])

        let first = try live.get("/v1/instances?device=\(device)&limit=2").json
        #expect(first["items"]?.arrayCount == 2)
        let cursor = try #require(first["next"]?.stringValue)
        let second = try live.get("/v1/instances?device=\(device)&limit=2&after=\(cursor)").json
        let third = try live.get("/v1/instances?device=\(device)&limit=2&after=\(second["next"]?.stringValue ?? "")").json
        let seen = [first, second, third].flatMap { $0["items"]?.arrayValue ?? [] }.compactMap { $0["id"]?.stringValue }
        #expect(seen == ids)
        #expect(third["next"] == .null)

        let active = try live.get("/v1/instances?state=active").json
        #expect(active["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == [ids[1]])
        let byBundle = try live.get("/v1/instances?bundleId=com.example.app3").json
        #expect(byBundle["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == [ids[3]])

        let devices = try live.get("/v1/devices?limit=1").json
        #expect(devices["items"]?.arrayCount == 1)
    }

    @Test("uninstall removes the instance and its history")
    func uninstall() throws {
        let live = try LiveServer()
        let app = try live.install(["bundleId": "com.example.gone"])
        try live.post(app, ["type": "launch"])
        #expect(try live.request("DELETE", "/v1/instances/\(app)").status == 204)
        #expect(try live.get("/v1/instances/\(app)").status == 404)
        #expect(try live.get("/v1/instances/\(app)/callbacks").status == 404)
        #expect(try live.request("DELETE", "/v1/instances/\(app)").status == 404)
    }

    @Test("health, spec and metrics are served")
    func operationalEndpoints() throws {
        let live = try LiveServer()
        let health = try live.get("/healthz")
        #expect(health.status == 200)
        #expect(health.json["status"] == "ok")
        let spec = try live.get("/openapi.yaml")
        #expect(spec.status == 200)
        #expect(spec.text.hasPrefix("openapi: 3.1"))
        // Installed on a new default device: one POST answered 201.
        let app = try #require(try live.request("POST", "/v1/instances", json: ["info": ["bundleId": "com.example.metrics"]]).json["id"]?.stringValue)
        try live.post(app, ["type": "launch"])
        let metrics = try live.get("/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.text.contains("appsim_events_total{type=\"launch\"} 1"))
        #expect(metrics.text.contains("appsim_instances{state=\"active\"} 1"))
        #expect(metrics.text.contains("appsim_http_requests_total{method=\"POST\",status=\"201\"} 1"))
        #expect(metrics.text.contains("appsim_store_transactions_total "))
        // A short log is never restarted by the writer.
        #expect(metrics.text.contains("\nappsim_store_log_restarts_total 0\n"))
        #expect(metrics.text.contains("\nappsim_store_log_restart_seconds_total 0.0\n"))
    }
}

extension JSONValue {
    var arrayCount: Int? { arrayValue?.count }
}

@Suite("Live: history retention")
struct LiveHistoryRetentionTests {
    @Test("--history-limit keeps the newest N callbacks per instance, and a page says how many were dropped")
    func retention() throws {
        let live = try LiveServer(historyLimit: 4)
        let app = try live.install(["bundleId": "com.example.chatty"])
        try live.post(app, ["type": "launch"])                       // seqs 1–3
        try live.post(app, ["type": "home"])                         // seqs 4–5
        try live.post(app, ["type": "launch"])                       // seqs 6–7
        let page = try live.get("/v1/instances/\(app)/callbacks").json
        #expect(page["dropped"] == 3)
        #expect(page["items"]?.arrayValue?.compactMap { $0["seq"]?.doubleValue } == [4, 5, 6, 7])
        let fresh = try LiveServer()
        let other = try fresh.install(["bundleId": "com.example.quiet"])
        #expect(try fresh.get("/v1/instances/\(other)/callbacks").json["dropped"] == 0)
    }
}

@Suite("Live: batch install")
struct LiveBatchInstallTests {
    @Test("POST /v1/instances/batch installs many apps, appsPerDevice to a device, each usable at once")
    func batch() throws {
        let live = try LiveServer()
        let reply = try live.request("POST", "/v1/instances/batch",
                                     json: ["count": 25, "appsPerDevice": 10, "info": ["bundleId": "com.example.many"]])
        #expect(reply.status == 201)
        #expect(reply.json["count"] == 25)
        #expect(reply.json["devices"] == 3)
        let ids = reply.json["ids"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(ids.count == 25)
        #expect(Set(ids.map { $0.split(separator: ".")[0] }).count == 3)
        let last = try #require(ids.last)
        #expect(try live.state(last) == "notRunning")
        try live.post(last, ["type": "launch"])
        #expect(try live.state(last) == "active")
        let listed = try live.get("/v1/instances?bundleId=com.example.many&limit=1000").json["items"]?.arrayCount
        #expect(listed == 25)
        #expect(try live.request("POST", "/v1/instances/batch", json: ["count": 0, "info": ["bundleId": "com.x"]]).status == 422)
        let tooMany = try live.request("POST", "/v1/instances/batch", json: ["count": 10_001, "info": ["bundleId": "com.x"]])
        #expect(tooMany.status == 422)
        #expect(tooMany.json["detail"] == "'count' must be a whole number from 1 to 10000, not 10001")
    }
}

@Suite("OpenAPI")
struct OpenAPISpecTests {
    @Test("the server serves openapi.yaml byte for byte as it is in the repository")
    func servedSpecIsTheFile() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let file = try Data(contentsOf: root.appendingPathComponent("openapi.yaml"))
        let live = try LiveServer()
        let served = try live.get("/openapi.yaml")
        #expect(served.body == Array(file))
        #expect(served.headers["content-type"] == "application/yaml")
    }

    @Test("every event type the server takes is in openapi.yaml")
    func everyEventTypeDocumented() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let file = try String(contentsOf: root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        for type in Event.appEventTypes + Event.appActionTypes + Event.deviceEventTypes {
            #expect(file.contains("const: \(type)\n"), "openapi.yaml does not document event type \(type)")
        }
    }
}
