import AppSimJSON
import Testing

/// A device as a shared place, over HTTP: three apps switching, locking, queued notifications, running out of memory.
@Suite("Live: devices with many apps")
struct LiveDeviceTests {
    @Test("three apps: launching B moves A out as Home would, in one event that lists every change")
    func switching() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        let a = try live.install(["bundleId": "com.example.a"], device: device)
        let b = try live.install(["bundleId": "com.example.b"], device: device)
        let c = try live.install(["bundleId": "com.example.c"], device: device)
        try live.post(a, ["type": "launch"])
        let launchB = try live.post(b, ["type": "launch"])
        #expect(names(launchB) == [
            "applicationWillResignActive:", "applicationDidEnterBackground:",
            "application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:", "applicationDidBecomeActive:",
        ])
        let instances = launchB["callbacks"]?.arrayValue?.compactMap { $0["instance"]?.stringValue } ?? []
        #expect(instances == [a, a, b, b, b])
        #expect(launchB["changes"] == [
            ["instance": .string(a), "from": "active", "to": "background"],
            ["instance": .string(b), "from": "notRunning", "to": "active"],
        ])
        try live.post(c, ["type": "launch"])
        #expect(try live.get("/v1/devices/\(device)").json["foreground"] == .string(c))
        // Back to A: it returns to the foreground; C leaves it.
        let backToA = try live.post(a, ["type": "launch"])
        #expect(names(backToA) == [
            "applicationWillResignActive:", "applicationDidEnterBackground:",
            "applicationWillEnterForeground:", "applicationDidBecomeActive:",
        ])
        let foreground = try [a, b, c].filter { ["active", "inactive"].contains(try live.state($0) ?? "") }
        #expect(foreground == [a])
    }

    @Test("lock and unlock the device: the foreground app goes and comes back; protected data callbacks")
    func lockAndUnlock() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        let secure = try live.install(["bundleId": "com.example.vault", "dataProtection": true], device: device)
        let plain = try live.install(["bundleId": "com.example.plain"], device: device)
        try live.post(plain, ["type": "launch"])
        try live.post(secure, ["type": "launch"])
        let lock = try live.postDevice(device, ["type": "lock"])
        #expect(names(lock) == [
            "applicationWillResignActive:", "applicationProtectedDataWillBecomeUnavailable:", "applicationDidEnterBackground:",
        ])
        #expect(try live.request("POST", "/v1/instances/\(plain)/events", json: ["type": "launch"]).status == 409)
        let unlock = try live.postDevice(device, ["type": "unlock"])
        #expect(names(unlock) == [
            "applicationProtectedDataDidBecomeAvailable:", "applicationWillEnterForeground:", "applicationDidBecomeActive:",
        ])
        #expect(try live.state(secure) == "active")
    }

    @Test("two orientation changes while two apps are suspended: one pending each, the latest, delivered on return")
    func queuedNotifications() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        let a = try live.install(["bundleId": "com.example.a"], device: device)
        let b = try live.install(["bundleId": "com.example.b"], device: device)
        let c = try live.install(["bundleId": "com.example.c"], device: device)
        for app in [a, b, c] { try live.post(app, ["type": "launch"]) }
        try live.postDevice(device, ["type": "advanceClock", "seconds": 6])
        #expect(try live.state(a) == "suspended")
        #expect(try live.state(b) == "suspended")
        try live.postDevice(device, ["type": "orientation", "value": "landscapeLeft"])
        let second = try live.postDevice(device, ["type": "orientation", "value": "landscapeRight"])
        #expect(names(second) == ["UIDeviceOrientationDidChangeNotification"])  // only C runs
        let pending = try live.get("/v1/instances/\(a)").json["pendingNotifications"]?.arrayValue ?? []
        #expect(pending.count == 1)
        #expect(pending.first?["args"] == ["value": "landscapeRight"])
        let resume = try live.post(a, ["type": "launch"])
        let resumed = (resume["callbacks"]?.arrayValue ?? []).filter { $0["instance"] == .string(a) }
        #expect(resumed.compactMap { $0["name"]?.stringValue } == [
            "applicationWillEnterForeground:", "UIDeviceOrientationDidChangeNotification", "applicationDidBecomeActive:",
        ])
        try #require(resumed.count == 3)
        #expect(resumed[1]["args"] == ["value": "landscapeRight"])
        #expect(try live.get("/v1/instances/\(b)").json["pendingNotifications"]?.arrayCount == 1)
    }

    @Test("running out of memory: suspended apps die first, largest first, and relaunch with what they saved")
    func outOfMemory() throws {
        let live = try LiveServer()
        let device = try live.createDevice(["memoryMB": 1000])
        let small = try live.install(["bundleId": "com.example.small", "memoryMB": 300], device: device)
        let large = try live.install(["bundleId": "com.example.large", "memoryMB": 400, "stateRestoration": true], device: device)
        let big = try live.install(["bundleId": "com.example.big", "memoryMB": 500], device: device)
        try live.post(small, ["type": "launch"])
        try live.post(large, ["type": "launch"])
        try live.post(large, ["type": "edit", "memory": ["draft": "saved before jetsam"], "ui": ["tab": 2]])
        try live.post(small, ["type": "launch"])     // large goes to the background and saves
        try live.postDevice(device, ["type": "advanceClock", "seconds": 6])
        #expect(try live.state(large) == "suspended")
        // small (300, foreground) + large (400, suspended) + big (500) > 1000: the suspended large app is killed.
        let launchBig = try live.post(big, ["type": "launch"])
        let killed = (launchBig["callbacks"]?.arrayValue ?? []).filter { $0["name"] == "killed" }
        #expect(killed.map { $0["instance"] } == [.string(large)])
        #expect(killed.first?["args"] == ["reason": "jetsam"])
        #expect(try live.state(large) == "notRunning")
        #expect(try live.state(small) == "background")
        let relaunch = try live.post(large, ["type": "launch"])
        #expect(names(relaunch).contains("application:didDecodeRestorableStateWithCoder:"))
        let data = try live.get("/v1/instances/\(large)").json["data"]
        #expect(data?["memory"] == ["draft": "saved before jetsam", "ui": ["tab": 2]])
    }

    @Test("deleting a device removes its apps")
    func deleteDevice() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        let app = try live.install(["bundleId": "com.example.a"], device: device)
        #expect(try live.request("DELETE", "/v1/devices/\(device)").status == 204)
        #expect(try live.get("/v1/instances/\(app)").status == 404)
        #expect(try live.get("/v1/devices/\(device)").status == 404)
    }
}
