import AppSimCore
import AppSimJSON
import Testing

/// Every event type of API.md, once over real HTTP, from a state where it applies.
@Suite("Live: every event type")
struct LiveEventTypesTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var event: JSONValue
        /// Events posted first to reach the state the event applies in.
        var setup: [JSONValue]
        var expected: [String]
        var info: JSONValue = ["bundleId": "com.example.app", "urlSchemes": ["app"], "backgroundModes": ["fetch", "remote-notification"]]
        var behavior: JSONValue = ["minimumFetchInterval": 60]
        var device: JSONObject = [:]
        var testDescription: String { event["type"]?.stringValue ?? "?" }
    }

    static let willFinish = "application:willFinishLaunchingWithOptions:"
    static let didFinish = "application:didFinishLaunchingWithOptions:"
    static let cases: [Case] = [
        Case(event: ["type": "launch"], setup: [], expected: [willFinish, didFinish, "applicationDidBecomeActive:"]),
        Case(event: ["type": "home"], setup: [["type": "launch"]], expected: ["applicationWillResignActive:", "applicationDidEnterBackground:"]),
        Case(event: ["type": "openURL", "url": "app://item/1", "sourceApplication": "com.apple.mobilesafari"], setup: [],
             expected: [willFinish, didFinish, "application:openURL:options:", "applicationDidBecomeActive:"]),
        Case(event: ["type": "push", "payload": ["aps": ["alert": "Hi"]]], setup: [["type": "launch"]],
             expected: ["application:didReceiveRemoteNotification:fetchCompletionHandler:"]),
        Case(event: ["type": "tapNotification"], setup: [["type": "push", "payload": ["aps": ["alert": "Hi"]]]],
             expected: [willFinish, didFinish, "application:didReceiveRemoteNotification:fetchCompletionHandler:", "applicationDidBecomeActive:"]),
        Case(event: ["type": "backgroundFetch"], setup: [],
             expected: [willFinish, didFinish, "applicationDidEnterBackground:", "application:performFetchWithCompletionHandler:"]),
        Case(event: ["type": "incomingCall"], setup: [["type": "launch"]], expected: ["applicationWillResignActive:"]),
        Case(event: ["type": "answerCall"], setup: [["type": "launch"], ["type": "incomingCall"]], expected: ["applicationDidEnterBackground:"]),
        Case(event: ["type": "declineCall"], setup: [["type": "launch"], ["type": "incomingCall"]], expected: ["applicationDidBecomeActive:"]),
        Case(event: ["type": "endCall"], setup: [["type": "launch"], ["type": "incomingCall"], ["type": "answerCall"]],
             expected: ["applicationWillEnterForeground:", "applicationDidBecomeActive:"]),
        Case(event: ["type": "alert"], setup: [["type": "launch"]], expected: ["applicationWillResignActive:"]),
        Case(event: ["type": "dismissAlert"], setup: [["type": "launch"], ["type": "alert"]], expected: ["applicationDidBecomeActive:"]),
        Case(event: ["type": "notificationCenter"], setup: [["type": "launch"]], expected: ["applicationWillResignActive:"]),
        Case(event: ["type": "dismissNotificationCenter"], setup: [["type": "launch"], ["type": "notificationCenter"]], expected: ["applicationDidBecomeActive:"]),
        Case(event: ["type": "memoryWarning"], setup: [["type": "launch"]], expected: ["applicationDidReceiveMemoryWarning:"]),
        Case(event: ["type": "forceQuit"], setup: [["type": "launch"], ["type": "home"]], expected: ["applicationWillTerminate:", "killed"]),
        Case(event: ["type": "terminate"], setup: [["type": "launch"], ["type": "home"], ["type": "advanceClock", "seconds": 6]], expected: ["killed"]),
        Case(event: ["type": "crash"], setup: [["type": "launch"]], expected: ["killed"]),
        Case(event: ["type": "edit", "memory": ["draft": "x"]], setup: [["type": "launch"]], expected: []),
        Case(event: ["type": "beginBackgroundTask", "name": "upload"], setup: [["type": "launch"]], expected: []),
        Case(event: ["type": "endBackgroundTask", "taskId": 1], setup: [["type": "launch"], ["type": "beginBackgroundTask"]], expected: []),
        Case(event: ["type": "completeFetch", "result": "noData"], setup: [["type": "backgroundFetch"]], expected: ["fetchCompleted"],
             behavior: ["minimumFetchInterval": 60, "fetchResult": "manual"]),
        Case(event: ["type": "setMinimumFetchInterval", "seconds": "never"], setup: [["type": "launch"]], expected: []),
        Case(event: ["type": "lock"], setup: [["type": "launch"]], expected: ["applicationWillResignActive:", "applicationDidEnterBackground:"]),
        Case(event: ["type": "unlock"], setup: [["type": "launch"], ["type": "lock"]], expected: ["applicationWillEnterForeground:", "applicationDidBecomeActive:"]),
        Case(event: ["type": "reboot"], setup: [["type": "launch"]], expected: ["killed"]),
        Case(event: ["type": "memoryPressure"], setup: [["type": "launch"], ["type": "home"], ["type": "advanceClock", "seconds": 6]], expected: ["killed"]),
        Case(event: ["type": "advanceClock", "seconds": 5.5], setup: [["type": "launch"], ["type": "home"]], expected: ["suspended"]),
        Case(event: ["type": "orientation", "value": "landscapeLeft"], setup: [["type": "launch"]], expected: ["UIDeviceOrientationDidChangeNotification"]),
        Case(event: ["type": "timeChange"], setup: [["type": "launch"]], expected: ["applicationSignificantTimeChange:"]),
        Case(event: ["type": "battery", "level": 0.5, "state": "charging"], setup: [["type": "launch"]],
             expected: ["UIDeviceBatteryLevelDidChangeNotification", "UIDeviceBatteryStateDidChangeNotification"]),
        Case(event: ["type": "proximity", "near": true], setup: [["type": "launch"]], expected: ["UIDeviceProximityStateDidChangeNotification"]),
        Case(event: ["type": "accessory", "connected": true], setup: [["type": "launch"]], expected: ["EAAccessoryDidConnectNotification"]),
        Case(event: ["type": "display", "connected": false], setup: [["type": "launch"]], expected: ["UIScreenDidDisconnectNotification"]),
        Case(event: ["type": "screenMode", "value": "1920x1080"], setup: [["type": "launch"]], expected: ["UIScreenModeDidChangeNotification"]),
        Case(event: ["type": "settings", "changes": ["volume": 3]], setup: [["type": "launch"]], expected: ["NSUserDefaultsDidChangeNotification"]),
        Case(event: ["type": "locale", "value": "fr_FR"], setup: [["type": "launch"]], expected: ["NSCurrentLocaleDidChangeNotification"]),
        Case(event: ["type": "iCloudAccount"], setup: [["type": "launch"]], expected: ["NSUbiquityIdentityDidChangeNotification"]),
        // §13.4: continued processing tasks (iOS 26).
        Case(event: ["type": "reportProgress", "identifier": "com.example.app.export.1", "completed": 3, "total": 10],
             setup: [["type": "launch"], ["type": "submitTask", "identifier": "com.example.app.export.1", "kind": "continuedProcessing", "title": "Export"]],
             expected: [], info: continuedApp, behavior: ["taskSeconds": "manual"], device: ["osVersion": "26.0"]),
        Case(event: ["type": "updateTitle", "identifier": "com.example.app.export.1", "title": "Export 2"],
             setup: [["type": "launch"], ["type": "submitTask", "identifier": "com.example.app.export.1", "kind": "continuedProcessing", "title": "Export"]],
             expected: [], info: continuedApp, behavior: ["taskSeconds": "manual"], device: ["osVersion": "26.0"]),
        Case(event: ["type": "cancelTask", "identifier": "com.example.app.export.1"],
             setup: [["type": "launch"], ["type": "submitTask", "identifier": "com.example.app.export.1", "kind": "continuedProcessing", "title": "Export"]],
             expected: ["backgroundTaskExpired", "setTaskCompleted"], info: continuedApp, behavior: ["taskSeconds": "manual"], device: ["osVersion": "26.0"]),
        // §13.3: the app switcher.
        Case(event: ["type": "appSwitcher"], setup: [["type": "launch"]], expected: ["applicationWillResignActive:"]),
        Case(event: ["type": "dismissAppSwitcher"], setup: [["type": "launch"], ["type": "appSwitcher"]], expected: ["applicationDidBecomeActive:"]),
        // §9: scenes.
        Case(event: ["type": "openScene"], setup: [["type": "launch"]],
             expected: ["sceneWillResignActive:", "application:configurationForConnectingSceneSession:options:",
                        "scene:willConnectToSession:options:", "sceneWillEnterForeground:", "sceneDidBecomeActive:"], info: sceneApp),
        Case(event: ["type": "closeScene", "scene": "SCENE.s2"], setup: [["type": "launch"], ["type": "openScene"]],
             expected: ["sceneWillResignActive:", "sceneDidEnterBackground:", "sceneDidDisconnect:", "application:didDiscardSceneSessions:",
                        "sceneDidBecomeActive:"], info: sceneApp),
        Case(event: ["type": "disconnectScene", "scene": "SCENE.s1"], setup: [["type": "launch"], ["type": "beginBackgroundTask"], ["type": "home"]],
             expected: ["sceneDidDisconnect:"], info: sceneApp),
        // §11: BGTaskScheduler.
        Case(event: ["type": "submitTask", "identifier": "com.example.app.refresh", "kind": "appRefresh", "earliestBeginSeconds": 0],
             setup: [["type": "launch"]], expected: [], info: taskApp, behavior: ["taskSeconds": "manual"]),
        Case(event: ["type": "runTask", "identifier": "com.example.app.refresh"],
             setup: [["type": "launch"], ["type": "submitTask", "identifier": "com.example.app.refresh", "kind": "appRefresh"], ["type": "home"]],
             expected: ["BGTaskScheduler launchHandler"], info: taskApp),
        Case(event: ["type": "completeTask", "success": true],
             setup: [["type": "launch"], ["type": "submitTask", "identifier": "com.example.app.refresh", "kind": "appRefresh"], ["type": "home"],
                     ["type": "runTask", "identifier": "com.example.app.refresh"]],
             expected: ["setTaskCompleted"], info: taskApp, behavior: ["taskSeconds": "manual"]),
    ]

    static let sceneApp: JSONValue = ["bundleId": "com.example.app", "scenes": ["supportsMultiple": true]]

    static let continuedApp: JSONValue = ["bundleId": "com.example.app", "scenes": [:], "taskIdentifiers": ["com.example.app.export.*"]]

    static let taskApp: JSONValue = [
        "bundleId": "com.example.app", "backgroundModes": ["fetch", "processing"], "taskIdentifiers": ["com.example.app.refresh"],
    ]

    @Test("each event type over HTTP gives its callbacks", arguments: cases)
    func eventType(_ testCase: Case) throws {
        let live = try LiveServer()
        let device = try live.createDevice(testCase.device)
        let app = try live.install(testCase.info, behavior: testCase.behavior, device: device)
        for step in testCase.setup { try live.post(app, step) }
        // Scene ids begin with the instance id, which the cases cannot know.
        let event = try JSONValue.parse(Array(testCase.event.jsonString.replacingOccurrences(of: "SCENE", with: app).utf8))
        let result = try live.post(app, event)
        #expect(names(result) == testCase.expected)
        #expect(result["event"]?["type"] == testCase.event["type"])
    }

    @Test("every API.md event type has a live case")
    func everyTypeCovered() {
        let covered = Set(Self.cases.compactMap { $0.event["type"]?.stringValue })
        let all = Set(Event.appEventTypes + Event.appActionTypes + Event.deviceEventTypes)
        #expect(all.subtracting(covered).isEmpty, "no live case for \(all.subtracting(covered).sorted())")
    }

    @Test("device events posted to /v1/devices/{id}/events reach every app on the device")
    func deviceEventsOnDevice() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        let first = try live.install(["bundleId": "com.example.first"], device: device)
        let second = try live.install(["bundleId": "com.example.second"], device: device)
        try live.post(first, ["type": "launch"])
        try live.post(second, ["type": "launch"])
        let warning = try live.postDevice(device, ["type": "memoryWarning"])
        #expect(names(warning) == ["applicationDidReceiveMemoryWarning:", "applicationDidReceiveMemoryWarning:"])
        let begin = try live.post(second, ["type": "beginBackgroundTask"])
        #expect(begin["result"] == ["taskId": 1])
    }
}
