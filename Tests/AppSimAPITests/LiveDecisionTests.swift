import AppSimJSON
import Testing

/// LIFECYCLE.md §12 over real HTTP: one live check per decision (the core tests in DecisionTests cover each fully).
@Suite("Live: §12 decisions")
struct LiveDecisionTests {
    let live: LiveServer
    init() throws { live = try LiveServer() }

    @Test("§12 the suspend delay counts from the event that moved the app to the background; its callbacks carry its time")
    func suspendDelay() throws {
        let device = try live.createDevice()
        let app = try live.install(["bundleId": "com.example.notes"], behavior: ["backgroundSeconds": 4], device: device)
        try live.post(app, ["type": "launch"])
        let home = try live.post(app, ["type": "home"])
        #expect(home["callbacks"]?.arrayValue?.allSatisfy { $0["at"] == home["event"]?["at"] } == true)
        try live.postDevice(device, ["type": "advanceClock", "seconds": 4.9])
        #expect(try live.state(app) == "background")
        try live.postDevice(device, ["type": "advanceClock", "seconds": 0.1])
        #expect(try live.state(app) == "suspended")
    }

    @Test("§12 at unlock an app suspended while locked gets protected data right after applicationWillEnterForeground:, never while suspended")
    func protectedDataAfterUnlock() throws {
        let device = try live.createDevice()
        let app = try live.install(["bundleId": "com.example.vault", "dataProtection": true], device: device)
        try live.post(app, ["type": "launch"])
        try live.postDevice(device, ["type": "lock"])
        try live.postDevice(device, ["type": "advanceClock", "seconds": 6])
        let unlock = try live.postDevice(device, ["type": "unlock"])
        #expect(names(unlock) == [
            "applicationWillEnterForeground:", "applicationProtectedDataDidBecomeAvailable:", "applicationDidBecomeActive:",
        ])
        #expect(try live.callbacks(app).allSatisfy { $0["kind"] == "system" || $0["state"] != "suspended" })
    }

    @Test("§12 passcode false: no protected-data callbacks")
    func noPasscode() throws {
        let device = try live.createDevice(["passcode": false])
        let app = try live.install(["bundleId": "com.example.vault", "dataProtection": true], device: device)
        try live.post(app, ["type": "launch"])
        let lock = try live.postDevice(device, ["type": "lock"])
        #expect(names(lock) == ["applicationWillResignActive:", "applicationDidEnterBackground:"])
    }

    @Test("§12 timeChange gives a running app applicationSignificantTimeChange:")
    func timeChange() throws {
        let app = try live.install(["bundleId": "com.example.clock"])
        try live.post(app, ["type": "launch"])
        let change = try live.post(app, ["type": "timeChange"])
        #expect(names(change) == ["applicationSignificantTimeChange:"])
        #expect(change["callbacks"]?.arrayValue?.first?["kind"] == "delegate")
    }

    @Test("§12 endCall returns no app when the user opened another one during the call")
    func endCallLeavesTheOtherApp() throws {
        let device = try live.createDevice()
        let called = try live.install(["bundleId": "com.example.notes"], device: device)
        let other = try live.install(["bundleId": "com.example.mail"], device: device)
        try live.post(called, ["type": "launch"])
        try live.post(called, ["type": "incomingCall"])
        try live.post(called, ["type": "answerCall"])
        try live.post(other, ["type": "launch"])
        let end = try live.post(called, ["type": "endCall"])
        #expect(names(end).isEmpty)
        #expect(try live.state(other) == "active")
    }

    @Test("§12 a foreground app is never killed for a fetch's deadline")
    func foregroundEndsTheFetchDeadline() throws {
        let device = try live.createDevice()
        let app = try live.install(
            ["bundleId": "com.example.news", "backgroundModes": ["fetch"]],
            behavior: ["fetchResult": "manual", "minimumFetchInterval": 60], device: device)
        try live.post(app, ["type": "backgroundFetch"])
        try live.post(app, ["type": "launch"])
        let later = try live.postDevice(device, ["type": "advanceClock", "seconds": 60])
        #expect(!names(later).contains("killed"))
        #expect(try live.state(app) == "active")
    }

    @Test("§12 a locked device refuses Home with 409 naming unlock, in the detail and in allowedEvents")
    func lockedDeviceRefusesHome() throws {
        let device = try live.createDevice(["osVersion": "4.3"])
        let app = try live.install(["bundleId": "com.example.notes"], device: device)
        try live.post(app, ["type": "launch"])
        try live.postDevice(device, ["type": "lock"])
        let refused = try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "home"])
        #expect(refused.status == 409)
        #expect(refused.json["detail"]?.stringValue?.contains("unlock") == true)
        #expect(refused.json["allowedEvents"]?.arrayValue?.contains("unlock") == true)
    }

    @Test("§12 a crash keeps the restoration archive and restores it at the next launch")
    func crashKeepsTheArchive() throws {
        let app = try live.install(["bundleId": "com.example.notes", "stateRestoration": true])
        try live.post(app, ["type": "launch"])
        try live.post(app, ["type": "edit", "ui": ["screen": "editor"]])
        try live.post(app, ["type": "home"])
        try live.post(app, ["type": "crash"])
        #expect(try live.get("/v1/instances/\(app)").json["restorationArchive"] == ["screen": "editor"])
        let launch = try live.post(app, ["type": "launch"])
        #expect(names(launch).contains("application:didDecodeRestorableStateWithCoder:"))
    }

    @Test("§12 iOS < 5.0: a push to the foreground app is delivered to it")
    func oldPushToTheForegroundApp() throws {
        let device = try live.createDevice(["osVersion": "4.3"])
        let app = try live.install(["bundleId": "com.example.notes"], device: device)
        try live.post(app, ["type": "launch"])
        let push = try live.post(app, ["type": "push", "payload": ["aps": ["alert": "Hi"]]])
        #expect(names(push) == ["application:didReceiveRemoteNotification:"])
        #expect(push["result"] == ["delivery": "delivered"])
    }

    @Test("§12 a push's reply says what became of it: launched, woken, shown or dropped with a reason")
    func pushDelivery() throws {
        let device = try live.createDevice()
        let sync = try live.install(["bundleId": "com.example.sync", "backgroundModes": ["remote-notification"]], device: device)
        let plain = try live.install(["bundleId": "com.example.plain"], device: device)
        let silent: JSONValue = ["type": "push", "payload": ["aps": ["content-available": 1]]]
        #expect(try live.post(sync, silent)["result"]?["delivery"] == "launched")
        try live.postDevice(device, ["type": "advanceClock", "seconds": 10])
        #expect(try live.post(sync, silent)["result"]?["delivery"] == "woken")
        #expect(try live.post(plain, ["type": "push", "payload": ["aps": ["alert": "Hi"]]])["result"] == ["delivery": "shown"])
        let dropped = try live.post(plain, silent)
        #expect(dropped["result"]?["delivery"] == "dropped")
        #expect(dropped["result"]?["reason"]?.stringValue?.contains("remote-notification") == true)
    }

    @Test("§12 a launch that does not fit in memory happens, and the foreground app is warned")
    func overcommittedLaunch() throws {
        let device = try live.createDevice(["memoryMB": 500])
        let app = try live.install(["bundleId": "com.example.big", "memoryMB": 600], device: device)
        let launch = try live.post(app, ["type": "launch"])
        #expect(names(launch).last == "applicationDidReceiveMemoryWarning:")
        #expect(try live.state(app) == "active")
    }

    @Test("§12 replies that help: no push in allowedEvents after a refused silent push; a manual clock shows no speed; an ended behavior task leaves a record; no archive without UI state")
    func repliesThatHelp() throws {
        let device = try live.createDevice()
        let sync = try live.install(
            ["bundleId": "com.example.sync", "backgroundModes": ["remote-notification"], "stateRestoration": true],
            behavior: ["fetchResult": "manual", "backgroundTaskSeconds": 2], device: device)
        let silent: JSONValue = ["type": "push", "payload": ["aps": ["content-available": 1]]]
        try live.post(sync, silent)
        let refused = try live.request("POST", "/v1/instances/\(sync)/events", json: silent)
        #expect(refused.status == 409)
        #expect(refused.json["allowedEvents"]?.arrayValue?.contains("push") == false)
        #expect(try live.get("/v1/devices/\(device)").json["clock"] == ["mode": "manual"])
        try live.post(sync, ["type": "completeFetch", "result": "newData"])
        try live.post(sync, ["type": "launch"])
        try live.post(sync, ["type": "home"])
        #expect(try live.get("/v1/instances/\(sync)").json["restorationArchive"] == .null)
        let ended = try live.postDevice(device, ["type": "advanceClock", "seconds": 2])
        #expect(names(ended) == ["backgroundTaskEnded"])
    }
}
