import AppSimJSON
import Testing

/// LIFECYCLE.md §13.1 over HTTP: the default device, `info.sdkVersion`, `lifecycleModel`, the runtime issue and the
/// launch iOS 27 refuses.
@Suite("§13.1 over HTTP")
struct LiveSceneLifecycleTests {
    @Test("§13.1 a device created without osVersion is iOS 26.0; an app installed without sdkVersion was built with 26.0 and reports its lifecycleModel")
    func defaults() throws {
        let live = try LiveServer()
        let device = try #require(try live.request("POST", "/v1/devices", json: [:]).json["id"]?.stringValue)
        #expect(try live.get("/v1/devices/\(device)").json["osVersion"] == "26.0")
        let legacy = try live.install(["bundleId": "com.example.legacy"], device: device)
        let legacyApp = try live.get("/v1/instances/\(legacy)").json
        #expect(legacyApp["info"]?["sdkVersion"] == "26.0")
        #expect(legacyApp["lifecycleModel"] == "appDelegate")
        let scenes = try live.install(["bundleId": "com.example.scenes", "scenes": [:], "sdkVersion": "27"], device: device)
        let sceneApp = try live.get("/v1/instances/\(scenes)").json
        #expect(sceneApp["info"]?["sdkVersion"] == "27.0")
        #expect(sceneApp["lifecycleModel"] == "scenes")
    }

    @Test("§13.1 an sdkVersion that is not MAJOR[.MINOR] is 422 naming info.sdkVersion, and installs nothing", arguments: ["27.0.1", "026", "0.1", "27.", "x", ""])
    func badSDKVersion(_ text: String) throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        let reply = try live.request("POST", "/v1/instances", json: ["device": .string(device), "info": ["bundleId": "com.example.a", "sdkVersion": .string(text)]])
        ProblemReply.expect(reply, 422, "invalid-field")
        #expect(reply.json["field"] == "info.sdkVersion")
        #expect(try live.get("/v1/instances?device=\(device)").json["items"] == [])
    }

    @Test("§13.1 on iOS 26 a launch of an app without scenes records the runtime issue after didFinishLaunching")
    func runtimeIssue() throws {
        let live = try LiveServer()
        let device = try live.createDevice(["osVersion": "26.0"])
        let app = try live.install(["bundleId": "com.example.legacy"], device: device)
        let launch = try live.post(app, ["type": "launch"])
        let names = launch["callbacks"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(names == ["application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:", "runtimeIssue", "applicationDidBecomeActive:"])
        let issue = try #require(launch["callbacks"]?.arrayValue?[2])
        #expect(issue["kind"] == "system")
        #expect(issue["args"] == ["message": "UIScene lifecycle will soon be required. Failure to adopt will result in an assert in the future."])
    }

    @Test("§13.1 the iOS 27 migration check: the app built with SDK 27 without scenes fails to launch (200, killed, notRunning), the same app with scenes launches")
    func migrationCheck() throws {
        let live = try LiveServer()
        let device = try live.createDevice(["osVersion": "27.0"])
        let legacy = try live.install(["bundleId": "com.example.legacy", "sdkVersion": "27.0"], device: device)
        let failed = try live.post(legacy, ["type": "launch"])
        let killed = try #require(failed["callbacks"]?.arrayValue?.first)
        #expect(failed["callbacks"]?.arrayValue?.count == 1)
        #expect(killed["name"] == "killed")
        #expect(killed["args"]?["reason"] == "sceneLifecycleRequired")
        let instance = try live.get("/v1/instances/\(legacy)").json
        #expect(instance["state"] == "notRunning")
        #expect(instance["launchCount"] == 1)

        let adopted = try live.install(["bundleId": "com.example.adopted", "sdkVersion": "27.0", "scenes": [:]], device: device)
        try live.post(adopted, ["type": "launch"])
        #expect(try live.state(adopted) == "active")
    }
}

/// LIFECYCLE.md §13.2 over HTTP: `info.ui`, scene phases in the history, and the refusal on a device before iOS 14.
@Suite("§13.2 over HTTP")
struct LiveSwiftUITests {
    @Test("§13.2 a SwiftUI app shows ui, one window and lifecycleModel swiftui; its launch records scenePhase records, kind scenePhase, scene then app")
    func swiftUIApp() throws {
        let live = try LiveServer()
        let device = try live.createDevice(["osVersion": "26.0"])
        let app = try live.install(["bundleId": "com.example.swiftui", "ui": "swiftui"], device: device)
        let installed = try live.get("/v1/instances/\(app)").json
        #expect(installed["info"]?["ui"] == "swiftui")
        #expect(installed["info"]?["scenes"] == ["supportsMultiple": false])
        #expect(installed["lifecycleModel"] == "swiftui")
        let launch = try live.post(app, ["type": "launch"])
        let records = try #require(launch["callbacks"]?.arrayValue)
        #expect(records.compactMap { $0["name"]?.stringValue } == [
            "application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:",
            "scenePhase", "scenePhase", "UIApplicationDidBecomeActiveNotification",
        ])
        #expect(records[2]["kind"] == "scenePhase")
        #expect(records[2]["args"] == ["scope": "scene", "scene": .string("\(app).s1"), "from": "inactive", "to": "active"])
        #expect(records[3]["args"] == ["scope": "app", "scene": nil, "from": "inactive", "to": "active"])
        let history = try live.callbacks(app)
        #expect(history.count == records.count)
    }

    @Test("§13.2 a SwiftUI app on a device before iOS 14 is 422 naming info.ui, and installs nothing; an unknown ui is 422")
    func refusals() throws {
        let live = try LiveServer()
        let device = try live.createDevice(["osVersion": "13.7"])
        let old = try live.request("POST", "/v1/instances", json: ["device": .string(device), "info": ["bundleId": "com.example.s", "ui": "swiftui"]])
        ProblemReply.expect(old, 422, "invalid-field")
        #expect(old.json["field"] == "info.ui")
        let unknown = try live.request("POST", "/v1/instances", json: ["device": .string(device), "info": ["bundleId": "com.example.s", "ui": "appkit"]])
        ProblemReply.expect(unknown, 422, "invalid-field")
        #expect(unknown.json["field"] == "info.ui")
        #expect(try live.get("/v1/instances?device=\(device)").json["items"] == [])
    }
}

/// LIFECYCLE.md §13.5 over HTTP: the refusal names its reason; the budget is a device limit.
@Suite("§13.5 over HTTP")
struct LiveBudgetTests {
    @Test("§13.5 a second pending app-refresh request is 409 with reason tooManyPendingTaskRequests, state and allowedEvents")
    func tooManyPending() throws {
        let live = try LiveServer()
        let device = try live.createDevice(["osVersion": "26.0"])
        let app = try live.install(["bundleId": "com.example.t", "backgroundModes": ["fetch"], "taskIdentifiers": ["a.refresh", "b.refresh"]], device: device)
        try live.post(app, ["type": "launch"])
        try live.post(app, ["type": "submitTask", "identifier": "a.refresh", "kind": "appRefresh"])
        let refused = try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "submitTask", "identifier": "b.refresh", "kind": "appRefresh"])
        ProblemReply.expect(refused, 409, "event-not-allowed")
        #expect(refused.json["reason"] == "tooManyPendingTaskRequests")
        #expect(refused.json["state"] == "active")
        #expect(refused.json["allowedEvents"]?.arrayValue?.isEmpty == false)
    }

    @Test("§13.5 limits.backgroundPushesPerHour is shown only when set, and a silent push beyond it is dropped with reason throttled")
    func budget() throws {
        let live = try LiveServer()
        let plain = try live.createDevice()
        #expect(try live.get("/v1/devices/\(plain)").json["limits"]?["backgroundPushesPerHour"] == nil)
        let device = try live.createDevice(["osVersion": "26.0", "limits": ["backgroundPushesPerHour": 1]])
        #expect(try live.get("/v1/devices/\(device)").json["limits"]?["backgroundPushesPerHour"] == 1)
        let app = try live.install(["bundleId": "com.example.p", "backgroundModes": ["remote-notification"]], device: device)
        let silent: JSONValue = ["type": "push", "payload": ["aps": ["content-available": 1]]]
        #expect(try live.post(app, silent)["result"]?["delivery"] == "launched")
        try live.post(app, ["type": "completeFetch", "result": "newData"])
        let dropped = try live.post(app, silent)
        #expect(dropped["result"] == ["delivery": "dropped", "reason": "throttled"])
    }
}

/// LIFECYCLE.md §13.4 over HTTP: the task request's shape, and the refusal with no room.
@Suite("§13.4 over HTTP")
struct LiveContinuedTaskTests {
    @Test("§13.4 a running continued task shows status, title and progress on the instance; with no room strategy fail is 409 naming reason unavailable; it survives a restart")
    func continuedTask() throws {
        let live = try LiveServer()
        let device = try live.createDevice(["osVersion": "26.0"])
        let info: JSONValue = ["bundleId": "com.example.export", "scenes": [:], "taskIdentifiers": ["com.example.export.*"]]
        let app = try live.install(info, behavior: ["taskSeconds": "manual"], device: device)
        try live.post(app, ["type": "launch"])
        let started = try live.post(app, ["type": "submitTask", "identifier": "com.example.export.1", "kind": "continuedProcessing", "title": "Exporting"])
        #expect(started["callbacks"]?.arrayValue?.first?["name"] == "BGTaskScheduler launchHandler")
        try live.post(app, ["type": "reportProgress", "identifier": "com.example.export.1", "completed": 2, "total": 5])
        live.stop()
        try live.start()
        let request = try #require(try live.get("/v1/instances/\(app)").json["taskRequests"]?.arrayValue?.first)
        #expect(request["status"] == "running")
        #expect(request["title"] == "Exporting")
        #expect(request["progress"] == ["completed": 2, "total": 5])
        let refused = try live.request("POST", "/v1/instances/\(app)/events", json: [
            "type": "submitTask", "identifier": "com.example.export.2", "kind": "continuedProcessing", "title": "More", "strategy": "fail",
        ])
        ProblemReply.expect(refused, 409, "event-not-allowed")
        #expect(refused.json["reason"] == "unavailable")
        let noTitle = try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "submitTask", "identifier": "com.example.export.3", "kind": "continuedProcessing"])
        ProblemReply.expect(noTitle, 422, "invalid-field")
        #expect(noTitle.json["field"] == "title")
    }
}
