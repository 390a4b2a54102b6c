import AppSimJSON
import Testing

/// LIFECYCLE.md §9–§11 over real HTTP: scenes, user notifications and BGTaskScheduler as a client sees them.
@Suite("Live: modern iOS")
struct LiveModernTests {
    @Test("§10 a foreground app presents a push and the user taps it; a tap on a shown one launches into didReceiveNotificationResponse")
    func userNotifications() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        let chat = try live.install(["bundleId": "com.example.chat", "userNotifications": true],
                                    behavior: ["presentationOptions": ["banner", "sound"]], device: device)
        try live.post(chat, ["type": "launch"])
        let push = try live.post(chat, ["type": "push", "payload": ["aps": ["alert": "Hi"]]])
        #expect(names(push) == ["userNotificationCenter:willPresentNotification:withCompletionHandler:"])
        #expect(try live.get("/v1/instances/\(chat)").json["shownNotification"] == ["aps": ["alert": "Hi"]])
        let tap = try live.post(chat, ["type": "tapNotification"])
        #expect(names(tap) == ["userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"])

        let mail = try live.install(["bundleId": "com.example.mail", "userNotifications": true], device: device)
        try live.post(mail, ["type": "push", "payload": ["aps": ["alert": "Mail"]]])
        let launch = try live.post(mail, ["type": "tapNotification"])
        #expect(names(launch, of: mail) == [
            "application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:",
            "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:", "applicationDidBecomeActive:",
        ])
        #expect(try live.request("POST", "/v1/instances", json: [
            "info": ["bundleId": "com.example.x"], "behavior": ["presentationOptions": ["popup"]],
        ]).status == 422)
    }

    @Test("§11 an app-refresh task scheduled, run by the system and expiring, with its request on the instance, kept across a restart")
    func scheduledTask() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        let news = try live.install(
            ["bundleId": "com.example.news", "backgroundModes": ["fetch"], "taskIdentifiers": ["com.example.news.refresh"]],
            behavior: ["taskSeconds": "manual"], device: device)
        try live.post(news, ["type": "launch"])
        try live.post(news, ["type": "submitTask", "identifier": "com.example.news.refresh", "kind": "appRefresh", "earliestBeginSeconds": 60])
        live.stop()
        try live.start()
        let requests = try live.get("/v1/instances/\(news)").json["taskRequests"]
        #expect(requests == [["identifier": "com.example.news.refresh", "kind": "appRefresh", "earliestBeginAt": 60_000, "requiresExternalPower": false, "status": "pending"]])
        try live.post(news, ["type": "home"])
        let early = try live.request("POST", "/v1/devices/\(device)/events", json: ["type": "runTask", "identifier": "com.example.news.refresh"])
        #expect(early.status == 409)
        try live.postDevice(device, ["type": "advanceClock", "seconds": 60])
        let run = try live.postDevice(device, ["type": "runTask", "identifier": "com.example.news.refresh"])
        #expect(names(run) == ["BGTaskScheduler launchHandler"])
        #expect(run["event"]?["type"] == "runTask")
        let expired = try live.postDevice(device, ["type": "advanceClock", "seconds": 30])
        #expect(names(expired) == ["backgroundTaskExpired", "suspended"])
        #expect(try live.state(news) == "suspended")
        #expect(try live.request("POST", "/v1/instances/\(news)/events", json: [
            "type": "submitTask", "identifier": "com.example.news.refresh", "kind": "appRefresh",
        ]).status == 409)  // not running: only its code can submit
    }

    @Test("§9 a scene app through launch, Home, suspension, a kill while suspended and a server restart, then a relaunch that restores its scene's activity; a second window opened and closed")
    func scenes() throws {
        let live = try LiveServer()
        let device = try live.createDevice(["osVersion": "17.0"])
        let notes = try live.install(["bundleId": "com.example.notes", "stateRestoration": true, "scenes": ["supportsMultiple": true]], device: device)
        let launch = try live.post(notes, ["type": "launch"])
        #expect(names(launch).contains("application:configurationForConnectingSceneSession:options:"))
        #expect(launch["callbacks"]?.arrayValue?.first { $0["name"] == "sceneDidBecomeActive:" }?["scene"] == .string("\(notes).s1"))
        try live.post(notes, ["type": "edit", "ui": ["screen": "editor"]])
        let home = try live.post(notes, ["type": "home"])
        #expect(names(home) == [
            "sceneWillResignActive:", "UIApplicationWillResignActiveNotification", "sceneDidEnterBackground:",
            "UIApplicationDidEnterBackgroundNotification", "stateRestorationActivityForScene:",
        ])
        try live.postDevice(device, ["type": "advanceClock", "seconds": 5])
        #expect(try live.state(notes) == "suspended")
        try live.postDevice(device, ["type": "memoryPressure"])
        #expect(try live.state(notes) == "notRunning")
        live.stop()
        try live.start()
        let scenes = try live.get("/v1/instances/\(notes)").json["scenes"]
        #expect(scenes == [["id": .string("\(notes).s1"), "activationState": "unattached", "session": .string("\(notes).s1.session"),
                            "stateRestorationActivity": ["screen": "editor"]]])
        let relaunch = try live.post(notes, ["type": "launch"])
        #expect(names(relaunch) == [
            "application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:", "scene:willConnectToSession:options:",
            "sceneWillEnterForeground:", "sceneDidBecomeActive:", "UIApplicationDidBecomeActiveNotification",
        ])
        #expect(try live.get("/v1/instances/\(notes)").json["data"]?["memory"]?["ui"] == ["screen": "editor"])
        let open = try live.post(notes, ["type": "openScene"])
        #expect(names(open).last == "sceneDidBecomeActive:")
        let close = try live.post(notes, ["type": "closeScene", "scene": .string("\(notes).s2")])
        #expect(names(close).contains("application:didDiscardSceneSessions:"))
        #expect(try live.get("/v1/instances/\(notes)").json["scenes"]?.arrayValue?.count == 1)
        #expect(try live.request("POST", "/v1/instances/\(notes)/events", json: ["type": "closeScene", "scene": "nope"]).status == 422)
    }
}
