import AppSimJSON
import Testing

/// API.md "Shapes" over real HTTP: Device, Instance, Callback and EventResult carry every field the contract names,
/// with the values the lifecycle gives them, and nothing else. Whole replies are compared, so a missing, extra or
/// misnamed field fails.
@Suite("Live: shapes")
struct LiveShapeTests {
    static let appInfo: JSONValue = [
        "bundleId": "com.example.shapes", "backgroundModes": ["fetch", "audio"], "urlSchemes": ["Shapes"],
        "stateRestoration": true, "dataProtection": true, "memoryMB": 250, "backgroundMemoryMB": 120,
    ]
    /// The info as replies show it: every default filled in, modes sorted, schemes lowercased.
    static let shownInfo: JSONValue = [
        "bundleId": "com.example.shapes", "backgroundModes": ["audio", "fetch"], "exitsOnSuspend": false,
        "urlSchemes": ["shapes"], "stateRestoration": true, "dataProtection": true, "memoryMB": 250,
        "backgroundMemoryMB": 120, "sdkVersion": "26.0", "ui": "uikit",
    ]
    static let behavior: JSONValue = [
        "launchSeconds": 0.5, "backgroundTaskSeconds": 20, "saveOn": ["terminate", "background"], "fetchResult": "manual",
        "minimumFetchInterval": 3600,
    ]
    static let shownBehavior: JSONValue = [
        "launchSeconds": 0.5, "backgroundSeconds": 0.1, "terminateSeconds": 0.1, "saveOn": ["background", "terminate"],
        "backgroundTaskSeconds": 20, "endsTaskOnExpiration": true, "fetchResult": "manual", "fetchSeconds": 1,
        "opensURLs": true, "minimumFetchInterval": 3600, "taskSeconds": 1, "taskSuccess": true, "presentationOptions": [],
    ]

    /// A Callback as API.md shapes it.
    static func callback(
        _ seq: Int, _ instance: String, at: Int, _ name: String, kind: String = "delegate", notification: String? = nil,
        state: String, applicationState: String, args: JSONValue = [:], event: Int
    ) -> JSONValue {
        [
            "seq": JSONValue(seq), "instance": .string(instance), "at": JSONValue(at), "name": .string(name),
            "kind": .string(kind), "notification": JSONValue(notification), "state": .string(state),
            "applicationState": .string(applicationState), "args": args, "event": JSONValue(event),
        ]
    }

    @Test("Device: every field API.md and openapi.yaml name, from creation through events")
    func device() throws {
        let live = try LiveServer()
        let created = try live.request("POST", "/v1/devices", json: [
            "osVersion": "16.4", "memoryMB": 3000, "passcode": false, "clock": ["mode": "manual"],
            "limits": ["suspendDelaySeconds": 2.5, "backgroundTaskSeconds": 45], "labels": ["suite": "shapes", "owner": nil],
        ])
        #expect(created.status == 201)
        #expect(created.headers["content-type"] == "application/json")
        let id = try #require(created.json["id"]?.stringValue)
        #expect(created.headers["location"] == "/v1/devices/\(id)")
        var expected: JSONValue = [
            "id": .string(id), "osVersion": "16.4", "memoryMB": 3000, "usedMemoryMB": 0, "passcode": false,
            "clock": ["mode": "manual"],  // a manual clock has no speed
            "limits": [
                "suspendDelaySeconds": 2.5, "backgroundTaskSeconds": 45, "launchSeconds": 5, "backgroundSeconds": 5,
                "terminateSeconds": 5, "fetchSeconds": 30, "appRefreshTaskSeconds": 30, "processingTaskSeconds": 300,
                "continuedProcessingTasks": 1, "continuedProcessingStallSeconds": 30,
            ],
            "labels": ["suite": "shapes", "owner": ""], "locked": false, "orientation": "portrait", "batteryState": "unknown", "appSwitcher": false, "supportsBackgroundGPU": false, "time": 0,
            "foreground": nil, "call": nil, "instances": [], "eventSeq": 0,
        ]
        #expect(created.json == expected)
        #expect(try live.get("/v1/devices/\(id)").json == expected)

        let app = try live.install(["bundleId": "com.example.mail", "memoryMB": 300], device: id)
        try live.post(app, ["type": "launch"])
        try live.post(app, ["type": "incomingCall"])
        let ringing = try live.get("/v1/devices/\(id)").json
        #expect(ringing["foreground"] == .string(app))
        #expect(ringing["call"] == ["instance": .string(app), "answered": false])
        try live.post(app, ["type": "answerCall"])
        try live.postDevice(id, ["type": "orientation", "value": "landscapeLeft"])
        try live.postDevice(id, ["type": "advanceClock", "seconds": 1.5])
        try live.postDevice(id, ["type": "lock"])
        guard case .object(var object) = expected else { return }
        object["usedMemoryMB"] = 300
        object["locked"] = true
        object["orientation"] = "landscapeLeft"
        object["time"] = 1500
        object["call"] = ["instance": .string(app), "answered": true]
        object["instances"] = [.string(app)]
        object["eventSeq"] = 6
        expected = .object(object)
        #expect(try live.get("/v1/devices/\(id)").json == expected)
        // A page of devices shows each one in the same shape.
        let page = try live.get("/v1/devices?limit=1000").json
        #expect(page["items"] == [expected])
        #expect(page["next"] == .null)
    }

    @Test("Instance, EventResult and Callback: every field, with the values install, launch, edit, a task, Home and time give them")
    func instanceEventAndCallback() throws {
        let live = try LiveServer()
        let device = try live.createDevice(["osVersion": "16.4", "limits": ["backgroundTaskSeconds": 45]])
        let installed = try live.request("POST", "/v1/instances", json: [
            "device": .string(device), "info": Self.appInfo, "behavior": Self.behavior,
        ])
        #expect(installed.status == 201)
        #expect(installed.headers["content-type"] == "application/json")
        let app = try #require(installed.json["id"]?.stringValue)
        #expect(app == device + ".1")
        #expect(installed.json == [
            "id": .string(app), "device": .string(device), "info": Self.shownInfo, "behavior": Self.shownBehavior,
            "state": "notRunning", "applicationState": "background", "xcuiState": 1, "launchCount": 0, "forceQuit": false,
            "backgroundTimeRemaining": nil, "backgroundTasks": [], "pendingNotifications": [], "shownNotification": nil,
            "minimumFetchInterval": 3600, "data": ["memory": [:], "disk": [:]], "restorationArchive": nil, "memoryMB": 0,
            "updatedAt": 0, "lifecycleModel": "appDelegate",
        ])

        let launch = try live.post(app, ["type": "launch"])
        #expect(launch == [
            "event": ["seq": 1, "type": "launch", "at": 0],
            "changes": [["instance": .string(app), "from": "notRunning", "to": "active"]],
            "callbacks": [
                Self.callback(1, app, at: 0, "application:willFinishLaunchingWithOptions:", state: "inactive",
                              applicationState: "inactive", args: ["launchOptions": [:]], event: 1),
                Self.callback(2, app, at: 0, "application:didFinishLaunchingWithOptions:",
                              notification: "UIApplicationDidFinishLaunchingNotification", state: "inactive",
                              applicationState: "inactive", args: ["launchOptions": [:]], event: 1),
                Self.callback(3, app, at: 0, "applicationDidBecomeActive:", notification: "UIApplicationDidBecomeActiveNotification",
                              state: "active", applicationState: "active", event: 1),
            ],
        ])
        // advanceClock's event is at the time before the clock moved.
        #expect(try live.postDevice(device, ["type": "advanceClock", "seconds": 1.5])
                == ["event": ["seq": 2, "type": "advanceClock", "at": 0], "changes": [], "callbacks": []])
        #expect(try live.post(app, ["type": "edit", "memory": ["draft": "x"], "ui": ["tab": 2]])
                == ["event": ["seq": 3, "type": "edit", "at": 1500], "changes": [], "callbacks": []])
        // Only an app action with something to return has `result`.
        #expect(try live.post(app, ["type": "beginBackgroundTask", "name": "upload"])
                == ["event": ["seq": 4, "type": "beginBackgroundTask", "at": 1500], "changes": [], "callbacks": [], "result": ["taskId": 1]])
        let orientation = try live.postDevice(device, ["type": "orientation", "value": "landscapeLeft"])
        let notified = Self.callback(4, app, at: 1500, "UIDeviceOrientationDidChangeNotification", kind: "notification",
                                     notification: "UIDeviceOrientationDidChangeNotification", state: "active",
                                     applicationState: "active", args: ["value": "landscapeLeft"], event: 5)
        #expect(orientation == ["event": ["seq": 5, "type": "orientation", "at": 1500], "changes": [], "callbacks": [notified]])

        let home = try live.post(app, ["type": "home"])
        let homeCallbacks: [JSONValue] = [
            Self.callback(5, app, at: 1500, "applicationWillResignActive:", notification: "UIApplicationWillResignActiveNotification",
                          state: "inactive", applicationState: "active", event: 6),
            Self.callback(6, app, at: 1500, "applicationDidEnterBackground:", notification: "UIApplicationDidEnterBackgroundNotification",
                          state: "background", applicationState: "background", event: 6),
            Self.callback(7, app, at: 1500, "application:shouldSaveApplicationState:", state: "background",
                          applicationState: "background", args: ["coder": "NSCoder"], event: 6),
            Self.callback(8, app, at: 1500, "application:willEncodeRestorableStateWithCoder:", state: "background",
                          applicationState: "background", args: ["coder": "NSCoder"], event: 6),
        ]
        #expect(home == [
            "event": ["seq": 6, "type": "home", "at": 1500],
            "changes": [["instance": .string(app), "from": "active", "to": "background"]],
            "callbacks": .array(homeCallbacks),
        ])
        try live.postDevice(device, ["type": "advanceClock", "seconds": 5])

        let instance = try live.get("/v1/instances/\(app)")
        #expect(instance.headers["content-type"] == "application/json")
        let expected: JSONValue = [
            "id": .string(app), "device": .string(device), "info": Self.shownInfo, "behavior": Self.shownBehavior,
            "state": "background", "applicationState": "background", "xcuiState": 3, "launchCount": 1, "forceQuit": false,
            "backgroundTimeRemaining": 40,
            "backgroundTasks": [
                ["id": 1, "name": "upload", "beganAt": 1500, "endsAt": nil],
                ["id": 2, "name": "behavior.backgroundTaskSeconds", "beganAt": 1500, "endsAt": 21500],
            ],
            "pendingNotifications": [], "shownNotification": nil, "minimumFetchInterval": 3600,
            "data": ["memory": ["draft": "x", "ui": ["tab": 2]], "disk": ["draft": "x"]],
            "restorationArchive": ["tab": 2], "memoryMB": 120, "updatedAt": 1500, "lifecycleModel": "appDelegate",
        ]
        #expect(instance.json == expected)
        #expect(try live.get("/v1/instances?device=\(device)").json == ["items": [expected], "next": nil])

        // The history is the callbacks of the replies, in order, in the same shape.
        let history = try live.get("/v1/instances/\(app)/callbacks")
        #expect(history.headers["content-type"] == "application/json")
        #expect(history.json == [
            "items": .array((launch["callbacks"]?.arrayValue ?? []) + [notified] + homeCallbacks), "next": nil, "dropped": 0,
        ])
    }

    @Test("Instance: xcuiState, applicationState, pending and shown notifications and memoryMB in every state")
    func instanceStates() throws {
        let live = try LiveServer()
        let device = try live.createDevice(["osVersion": "16.4"])
        let app = try live.install(["bundleId": "com.example.notes", "memoryMB": 200, "backgroundMemoryMB": 80], device: device)
        func expectState(_ state: String, _ applicationState: String, _ xcuiState: Int, _ memoryMB: Int,
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
            let instance = try live.get("/v1/instances/\(app)").json
            #expect(instance["state"] == .string(state), sourceLocation: sourceLocation)
            #expect(instance["applicationState"] == .string(applicationState), sourceLocation: sourceLocation)
            #expect(instance["xcuiState"] == JSONValue(xcuiState), sourceLocation: sourceLocation)
            #expect(instance["memoryMB"] == JSONValue(memoryMB), sourceLocation: sourceLocation)
        }
        try expectState("notRunning", "background", 1, 0)
        try live.post(app, ["type": "launch"])
        try expectState("active", "active", 4, 200)
        try live.post(app, ["type": "alert"])
        try expectState("inactive", "inactive", 4, 200)
        try live.post(app, ["type": "dismissAlert"])
        try live.post(app, ["type": "home"])
        try expectState("background", "background", 3, 80)
        let suspended = try live.postDevice(device, ["type": "advanceClock", "seconds": 6])
        #expect(suspended["callbacks"] == [
            Self.callback(8, app, at: 5000, "suspended", kind: "system", state: "suspended", applicationState: "background", event: 5),
        ])
        try expectState("suspended", "background", 2, 80)

        try live.postDevice(device, ["type": "orientation", "value": "faceUp"])
        try live.post(app, ["type": "push", "payload": ["aps": ["alert": "Hi"]]])
        let waiting = try live.get("/v1/instances/\(app)").json
        #expect(waiting["pendingNotifications"] == [[
            "type": "orientation", "name": "UIDeviceOrientationDidChangeNotification", "kind": "notification",
            "notification": "UIDeviceOrientationDidChangeNotification", "args": ["value": "faceUp"], "postedAt": 6000,
        ]])
        #expect(waiting["shownNotification"] == ["aps": ["alert": "Hi"]])
        let killed = try live.post(app, ["type": "terminate"])
        #expect(killed["callbacks"] == [
            Self.callback(9, app, at: 6000, "killed", kind: "system", state: "notRunning", applicationState: "background",
                          args: ["reason": "terminate"], event: 8),
        ])
        try expectState("notRunning", "background", 1, 0)
    }
}
