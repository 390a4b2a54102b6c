@testable import AppSimCore
import AppSimJSON
import Testing

/// LIFECYCLE.md §9: the scene life cycle.
@Suite("§9 Scenes")
struct SceneTests {
    enum S {
        static let config = "application:configurationForConnectingSceneSession:options:"
        static let discard = "application:didDiscardSceneSessions:"
        static let connect = "scene:willConnectToSession:options:"
        static let willEnterForeground = "sceneWillEnterForeground:"
        static let didBecomeActive = "sceneDidBecomeActive:"
        static let willResignActive = "sceneWillResignActive:"
        static let didEnterBackground = "sceneDidEnterBackground:"
        static let disconnect = "sceneDidDisconnect:"
        static let openURL = "scene:openURLContexts:"
        static let activity = "stateRestorationActivityForScene:"
        static let appDidBecomeActive = "UIApplicationDidBecomeActiveNotification"
        static let appWillResignActive = "UIApplicationWillResignActiveNotification"
        static let appDidEnterBackground = "UIApplicationDidEnterBackgroundNotification"
        static let appWillEnterForeground = "UIApplicationWillEnterForegroundNotification"
    }

    func sceneApp(multiple: Bool = false, restoration: Bool = true, modes: [BackgroundMode] = [], schemes: [String] = []) -> AppInfo {
        var info = app("com.example.notes", modes: modes, schemes: schemes, restoration: restoration)
        info.scenes = SceneManifest(supportsMultiple: multiple)
        return info
    }

    @Test("§9 foreground launch with no session: willFinish → didFinish → configurationForConnectingSceneSession → willConnectToSession → sceneWillEnterForeground → sceneDidBecomeActive, with the app's notification; no app-delegate foreground callbacks")
    func launchWithoutSession() {
        var h = Harness()
        let id = h.install(sceneApp())
        let launch = h.post(.launch, to: id)
        #expect(names(of: launch) == [Sel.willFinish, Sel.didFinish, S.config, S.connect, S.willEnterForeground, S.didBecomeActive, S.appDidBecomeActive])
        #expect(launch.callbacks[3].scene == "d1.1.s1")
        #expect(launch.callbacks[6].kind == .notification)
        #expect(h.app(id).scenes.map(\.activationState) == [.foregroundActive])
        #expect(h.state(id) == .active)
    }

    @Test("§9 Home: sceneWillResignActive → sceneDidEnterBackground → stateRestorationActivityForScene (saving the activity) → suspended; the return: sceneWillEnterForeground → sceneDidBecomeActive")
    func homeAndReturn() {
        var h = Harness()
        let id = h.install(sceneApp())
        h.post(.launch, to: id)
        h.post(.edit(memory: nil, ui: ["screen": "editor"]), to: id)
        let home = h.post(.home, to: id)
        #expect(names(of: home) == [S.willResignActive, S.appWillResignActive, S.didEnterBackground, S.appDidEnterBackground, S.activity])
        #expect(h.app(id).scenes.first?.stateRestorationActivity == ["screen": "editor"])
        #expect(h.app(id).scenes.first?.activationState == .background)
        #expect(names(of: h.advance(seconds: 5)) == ["suspended"])
        let back = h.post(.launch, to: id)
        #expect(names(of: back) == [S.willEnterForeground, S.appWillEnterForeground, S.didBecomeActive, S.appDidBecomeActive])
    }

    @Test("§9 a kill while suspended, then a launch: the surviving session reconnects with its activity (no configuration call), and memory.ui equals it")
    func relaunchRestoresTheActivity() {
        var h = Harness()
        let id = h.install(sceneApp())
        h.post(.launch, to: id)
        h.post(.edit(memory: ["draft": "hi"], ui: ["screen": "editor"]), to: id)
        h.post(.home, to: id)
        h.advance(seconds: 5)
        h.post(.memoryPressure(freeMB: nil))
        #expect(h.state(id) == .notRunning)
        #expect(h.app(id).scenes.map(\.activationState) == [.unattached])
        let launch = h.post(.launch, to: id)
        #expect(names(of: launch) == [Sel.willFinish, Sel.didFinish, S.connect, S.willEnterForeground, S.didBecomeActive, S.appDidBecomeActive])
        #expect(launch.callbacks[2].args["options"]?["stateRestorationActivity"] == ["screen": "editor"])
        #expect(h.app(id).memory["ui"] == ["screen": "editor"])
        #expect(h.app(id).scenes.first?.stateRestorationActivity == nil)
    }

    @Test("§9 URL launch: the URL comes in willConnectToSession's options and openURLContexts is not called; a URL to a background app: sceneWillEnterForeground → openURLContexts → sceneDidBecomeActive")
    func urls() {
        var h = Harness()
        let id = h.install(sceneApp(schemes: ["notes"]))
        let launch = h.post(.openURL(url: "notes://a", sourceApplication: nil), to: id)
        #expect(names(of: launch) == [Sel.willFinish, Sel.didFinish, S.config, S.connect, S.willEnterForeground, S.didBecomeActive, S.appDidBecomeActive])
        #expect(launch.callbacks[3].args["options"]?["URLContexts"] == [["url": "notes://a"]])
        h.post(.home, to: id)
        let open = h.post(.openURL(url: "notes://b", sourceApplication: nil), to: id)
        #expect(names(of: open) == [S.willEnterForeground, S.appWillEnterForeground, S.openURL, S.didBecomeActive, S.appDidBecomeActive])
    }

    @Test("§9 background launch connects no scene; a later icon tap connects one")
    func backgroundLaunch() {
        var h = Harness()
        var behavior = AppBehavior()
        behavior.minimumFetchInterval = .millis(60_000)
        let id = h.install(sceneApp(modes: [.fetch]), behavior)
        let fetch = h.post(.backgroundFetch, to: id)
        #expect(names(of: fetch) == [Sel.willFinish, Sel.didFinish, Sel.performFetch])
        #expect(h.app(id).scenes.isEmpty)
        let tap = h.post(.launch, to: id)
        #expect(names(of: tap) == [S.connect, S.willEnterForeground, S.appWillEnterForeground, S.didBecomeActive, S.appDidBecomeActive])
    }

    @Test("§9 lock, calls and interruptions go through the scene: sceneWillResignActive and back with sceneDidBecomeActive")
    func interruptions() {
        var h = Harness()
        let id = h.install(sceneApp())
        h.post(.launch, to: id)
        #expect(names(of: h.post(.alert, to: id)) == [S.willResignActive, S.appWillResignActive])
        #expect(names(of: h.post(.dismissAlert, to: id)) == [S.didBecomeActive, S.appDidBecomeActive])
        let lock = h.post(.lock)
        #expect(names(of: lock) == [S.willResignActive, S.appWillResignActive, S.didEnterBackground, S.appDidEnterBackground, S.activity])
        let unlock = h.post(.unlock)
        #expect(names(of: unlock) == [S.willEnterForeground, S.appWillEnterForeground, S.didBecomeActive, S.appDidBecomeActive])
    }

    @Test("§9 the system reclaims a background scene (memory pressure, disconnectScene): sceneDidDisconnect; the session stays; the next return connects it again")
    func reclaim() {
        var h = Harness()
        var behavior = AppBehavior()
        behavior.backgroundTaskMillis = 20_000
        let id = h.install(sceneApp(), behavior)
        h.post(.launch, to: id)
        h.post(.edit(memory: nil, ui: ["tab": 1]), to: id)
        h.post(.home, to: id)
        let pressure = h.post(.memoryPressure(freeMB: nil))
        #expect(names(of: pressure) == [S.disconnect])
        #expect(h.state(id) == .background)
        #expect(h.app(id).scenes.first?.activationState == .unattached)
        let back = h.post(.launch, to: id)
        #expect(names(of: back) == [S.connect, S.willEnterForeground, S.appWillEnterForeground, S.didBecomeActive, S.appDidBecomeActive])
        #expect(back.callbacks.first?.args["options"]?["stateRestorationActivity"] == ["tab": 1])
        h.post(.home, to: id)
        let scene = h.app(id).scenes[0].id
        #expect(names(of: h.post(.disconnectScene(scene: scene), to: id)) == [S.disconnect])
        #expect(h.reject(.disconnectScene(scene: scene), to: id).kind == .notAllowed)
    }

    @Test("§9 force quit in the background: sceneDidDisconnect → didDiscardSceneSessions → applicationWillTerminate; while suspended no callback, and the next launch reports the discarded session right after didFinish")
    func forceQuit() {
        var h = Harness()
        var behavior = AppBehavior()
        behavior.backgroundTaskMillis = 20_000
        let id = h.install(sceneApp(), behavior)
        h.post(.launch, to: id)
        h.post(.home, to: id)
        let quit = h.post(.forceQuit, to: id)
        #expect(names(of: quit) == [S.disconnect, S.discard, Sel.willTerminate, "killed"])
        #expect(h.app(id).scenes.isEmpty)

        var s = Harness()
        let app = s.install(sceneApp())
        s.post(.launch, to: app)
        s.post(.home, to: app)
        s.advance(seconds: 5)
        #expect(names(of: s.post(.forceQuit, to: app)) == ["killed"])
        let launch = s.post(.launch, to: app)
        #expect(names(of: launch) == [Sel.willFinish, Sel.didFinish, S.discard, S.config, S.connect, S.willEnterForeground, S.didBecomeActive, S.appDidBecomeActive])
        #expect(launch.callbacks[2].args["sessions"] == ["d1.1.s1.session"])
        #expect(launch.callbacks[4].scene == "d1.1.s2")
    }

    @Test("§9 several scenes: openScene connects a new one beside the active one, which resigns; events act on every scene; closeScene ends one, and the app ends with its last")
    func severalScenes() {
        var h = Harness()
        let id = h.install(sceneApp(multiple: true))
        h.post(.launch, to: id)
        let open = h.post(.openScene, to: id)
        #expect(names(of: open) == [S.willResignActive, S.config, S.connect, S.willEnterForeground, S.didBecomeActive])
        #expect(open.callbacks.first?.scene == "d1.1.s1")
        #expect(open.callbacks.last?.scene == "d1.1.s2")
        #expect(h.app(id).scenes.map(\.activationState) == [.foregroundInactive, .foregroundActive])
        let home = h.post(.home, to: id)
        #expect(home.callbacks.filter { $0.name == S.didEnterBackground }.map(\.scene) == ["d1.1.s1", "d1.1.s2"])
        h.post(.launch, to: id)
        #expect(h.app(id).scenes.map(\.activationState) == [.foregroundInactive, .foregroundActive])
        let close = h.post(.closeScene(scene: "d1.1.s2"), to: id)
        #expect(names(of: close) == [S.willResignActive, S.didEnterBackground, S.disconnect, S.discard, S.didBecomeActive])
        #expect(h.app(id).scenes.map(\.id) == ["d1.1.s1"])
        let last = h.post(.closeScene(scene: "d1.1.s1"), to: id)
        #expect(names(of: last).suffix(2) == [Sel.willTerminate, "killed"])
        #expect(h.state(id) == .notRunning)
        var single = Harness()
        let one = single.install(sceneApp())
        single.post(.launch, to: one)
        #expect(single.reject(.openScene, to: one).kind == .unusable)
    }

    /// An iPad app with two windows, running in the background (a task), whose first window the system disconnected.
    func twoWindowsOneDisconnected(_ h: inout Harness) -> String {
        var behavior = AppBehavior()
        behavior.backgroundTaskMillis = 20_000
        let id = h.install(sceneApp(multiple: true), behavior)
        h.post(.launch, to: id)
        h.post(.openScene, to: id)
        h.post(.beginBackgroundTask(name: nil), to: id)
        h.post(.home, to: id)
        h.post(.disconnectScene(scene: "d1.1.s1"), to: id)
        return id
    }

    @Test("§9 closing the last connected scene ends the app as force quit does: every session is discarded, those the system disconnected too, and the next launch starts afresh")
    func closingTheLastSceneDiscardsEverySession() {
        var h = Harness()
        let id = h.install(sceneApp(multiple: true))
        h.post(.launch, to: id)
        h.post(.openScene, to: id)
        h.post(.edit(memory: nil, ui: ["draft": "s1"], scene: "d1.1.s1"), to: id)
        h.post(.home, to: id)
        h.advance(seconds: 6)
        #expect(h.state(id) == .suspended)
        h.post(.disconnectScene(scene: "d1.1.s1"), to: id)
        #expect(names(of: h.post(.closeScene(scene: "d1.1.s2"), to: id)) == ["killed"])
        #expect(h.state(id) == .notRunning)
        #expect(h.app(id).scenes.isEmpty)
        let launch = h.post(.launch, to: id)
        #expect(names(of: launch) == [Sel.willFinish, Sel.didFinish, S.discard, S.config, S.connect, S.willEnterForeground, S.didBecomeActive, S.appDidBecomeActive])
        #expect(launch.callbacks[2].args["sessions"] == ["d1.1.s1.session", "d1.1.s2.session"])
        #expect(launch.callbacks[4].args["options"]?["stateRestorationActivity"] == .null)
        #expect(h.app(id).scenes.map(\.id) == ["d1.1.s3"])

        // And in the background, with the app running: told before applicationWillTerminate:.
        var r = Harness()
        let app = twoWindowsOneDisconnected(&r)
        let close = r.post(.closeScene(scene: "d1.1.s2"), to: app)
        #expect(names(of: close) == [S.disconnect, S.discard, Sel.willTerminate, "killed"])
        #expect(close.callbacks[1].args["sessions"] == ["d1.1.s1.session", "d1.1.s2.session"])
        #expect(r.app(app).scenes.isEmpty)
    }

    @Test("§12 a refusal's allowedEvents tries every scene: closeScene and disconnectScene are listed when any scene would take them")
    func allowedEventsTryEveryScene() {
        var h = Harness()
        let id = twoWindowsOneDisconnected(&h)
        let refused = h.reject(.declineCall, to: id)
        #expect(refused.allowedEvents.contains("closeScene"))
        #expect(refused.allowedEvents.contains("disconnectScene"))
        h.post(.closeScene(scene: "d1.1.s2"), to: id)
    }

    @Test("§9 an app without info.scenes, or on iOS before 13, behaves as §4 says")
    func withoutScenes() {
        var h = Harness(os: "12.4")
        let id = h.install(sceneApp())
        #expect(names(of: h.post(.launch, to: id)) == [Sel.willFinish, Sel.didFinish, Sel.didBecomeActive])
        #expect(names(of: h.post(.home, to: id)).prefix(2) == [Sel.willResignActive, Sel.didEnterBackground])
        #expect(h.app(id).scenes.isEmpty)
    }
}
