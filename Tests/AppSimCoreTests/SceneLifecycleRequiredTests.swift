@testable import AppSimCore
import AppSimJSON
import Testing

/// LIFECYCLE.md §13.1: the scene life cycle becomes required (iOS 18.4 warns, iOS 27 refuses apps built with SDK 27).
@Suite("§13.1 The scene life cycle becomes required")
struct SceneLifecycleRequiredTests {
    static let issue18 = "CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will become an assert in a future version."
    static let issue26 = "UIScene lifecycle will soon be required. Failure to adopt will result in an assert in the future."

    func uikitApp(sdk: String = "26.0", modes: [BackgroundMode] = []) -> AppInfo {
        var info = app(modes: modes)
        info.sdkVersion = OSVersion(sdk)!
        return info
    }

    func sceneApp(sdk: String = "27.0") -> AppInfo {
        var info = uikitApp(sdk: sdk)
        info.scenes = SceneManifest(supportsMultiple: false)
        return info
    }

    @Test("§13.1 sdkVersion defaults to 26.0; lifecycleModel is appDelegate without scenes and scenes with them")
    func defaultsAndModel() {
        #expect(AppInfo(bundleId: "a.b").sdkVersion == OSVersion(26))
        #expect(uikitApp().lifecycleModel == .appDelegate)
        #expect(sceneApp().lifecycleModel == .scenes)
    }

    @Test("§13.1 OS 18.4 to 25.x: each launch of an app without scenes records UIKit's runtime issue right after didFinishLaunching",
          arguments: ["18.4", "18.6", "25.9"])
    func runtimeIssueFrom18_4(os: String) throws {
        var h = Harness(os: os)
        let id = h.install(uikitApp())
        let launch = h.post(.launch, to: id)
        #expect(names(of: launch) == [Sel.willFinish, Sel.didFinish, "runtimeIssue", Sel.didBecomeActive])
        let issue = try #require(record("runtimeIssue", in: launch.callbacks))
        #expect(issue.kind == .system)
        #expect(issue.args == ["message": .string(Self.issue18)])
    }

    @Test("§13.1 OS 26 and later: the runtime issue says the scene life cycle will soon be required", arguments: ["26.0", "26.2", "27.0"])
    func runtimeIssueFrom26(os: String) throws {
        var h = Harness(os: os)
        let id = h.install(uikitApp())
        let launch = h.post(.launch, to: id)
        #expect(try #require(record("runtimeIssue", in: launch.callbacks)).args == ["message": .string(Self.issue26)])
    }

    @Test("§13.1 before 18.4, and for an app with scenes, no runtime issue is recorded")
    func noRuntimeIssue() {
        var old = Harness(os: "18.3")
        let legacy = old.install(uikitApp())
        #expect(!names(of: old.post(.launch, to: legacy)).contains("runtimeIssue"))
        var new = Harness(os: "26.0")
        let scenes = new.install(sceneApp())
        #expect(!names(of: new.post(.launch, to: scenes)).contains("runtimeIssue"))
    }

    @Test("§13.1 a background launch (fetch) records the runtime issue too")
    func runtimeIssueInBackgroundLaunch() {
        var h = Harness(os: "26.0")
        let id = h.install(uikitApp(modes: [.fetch]), FetchAndPushTests.fetcher(.manual))
        let fetch = h.post(.backgroundFetch, to: id)
        #expect(names(of: fetch).prefix(3) == [Sel.willFinish, Sel.didFinish, "runtimeIssue"])
    }

    @Test("§13.1 OS 27, SDK 27, no scenes: the launch is accepted, no delegate method runs, killed with reason sceneLifecycleRequired; the app stays notRunning and the attempt counts")
    func launchFailsOn27() throws {
        var h = Harness(os: "27.0")
        let id = h.install(uikitApp(sdk: "27.0"))
        let launch = h.post(.launch, to: id)
        #expect(names(of: launch) == ["killed"])
        let killed = try #require(record("killed", in: launch.callbacks))
        #expect(killed.kind == .system)
        #expect(killed.args == [
            "reason": "sceneLifecycleRequired",
            "message": "Application failed to launch: UIScene life cycle is required for apps built with this SDK.",
        ])
        #expect(h.state(id) == .notRunning)
        #expect(h.app(id).launchCount == 1)
        #expect(launch.changes.isEmpty)
    }

    @Test("§13.1 OS 27: a background launch fails the same way, and a silent push that needed it is dropped with reason sceneLifecycleRequired")
    func backgroundLaunchFailsOn27() {
        var h = Harness(os: "27.0")
        let id = h.install(uikitApp(sdk: "27.0", modes: [.fetch, .remoteNotification]), FetchAndPushTests.fetcher(.manual))
        #expect(names(of: h.post(.backgroundFetch, to: id)) == ["killed"])
        let push = h.post(.push(payload: Payload.silent), to: id)
        #expect(names(of: push) == ["killed"])
        #expect(push.pushDelivery == .dropped(reason: "sceneLifecycleRequired"))
        #expect(h.state(id) == .notRunning)
        #expect(h.app(id).launchCount == 2)
    }

    @Test("§13.1 the assert is the device's: the same app launches on OS 26, an app built with SDK 26 launches on OS 27, and an app with scenes built with SDK 27 launches on OS 27")
    func onlyNewSDKOnNewOSFails() {
        var older = Harness(os: "26.4")
        let same = older.install(uikitApp(sdk: "27.0"))
        older.post(.launch, to: same)
        #expect(older.state(same) == .active)

        var h = Harness(os: "27.0")
        let oldSDK = h.install(uikitApp(sdk: "26.0"))
        h.post(.launch, to: oldSDK)
        #expect(h.state(oldSDK) == .active)
        let adopted = h.install(sceneApp(sdk: "27.0"))
        h.post(.launch, to: adopted)
        #expect(h.state(adopted) == .active)
    }
}
