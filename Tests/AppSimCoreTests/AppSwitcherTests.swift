@testable import AppSimCore
import AppSimJSON
import Testing

/// LIFECYCLE.md §13.3: the app switcher, and a swipe from it, for app-delegate, scene and SwiftUI apps.
@Suite("§13.3 The app switcher")
struct AppSwitcherTests {
    typealias S = SceneTests.S

    func sceneApp() -> AppInfo {
        var info = app("com.example.scenes", restoration: true)
        info.scenes = SceneManifest(supportsMultiple: false)
        return info
    }

    func swiftUIApp() -> AppInfo {
        var info = app("com.example.swiftui", restoration: true)
        info.ui = .swiftui
        return info
    }

    @Test("§13.3 appSwitcher: the app-delegate app in front resigns active and stays inactive; the device says the switcher is open; dismissAppSwitcher makes it active again")
    func openAndDismissAppDelegate() {
        var h = Harness(os: "26.0")
        let id = h.install(app())
        h.post(.launch, to: id)
        #expect(phaseNames(h.post(.appSwitcher)) == [Sel.willResignActive])
        #expect(h.state(id) == .inactive)
        #expect(h.app(id).interruption == .appSwitcher)
        #expect(h.sim.device.appSwitcherOpen)
        #expect(phaseNames(h.post(.dismissAppSwitcher)) == [Sel.didBecomeActive])
        #expect(h.state(id) == .active)
        #expect(!h.sim.device.appSwitcherOpen)
    }

    @Test("§13.3 a scene app resigns with sceneWillResignActive: and comes back with sceneDidBecomeActive:; a SwiftUI app with its phases")
    func openAndDismissScenes() {
        var h = Harness(os: "26.0")
        let scenes = h.install(sceneApp())
        h.post(.launch, to: scenes)
        #expect(phaseNames(h.post(.appSwitcher)) == [S.willResignActive, S.appWillResignActive])
        #expect(phaseNames(h.post(.dismissAppSwitcher)) == [S.didBecomeActive, S.appDidBecomeActive])

        var s = Harness(os: "26.0")
        let swiftUI = s.install(swiftUIApp())
        s.post(.launch, to: swiftUI)
        #expect(phaseNames(s.post(.appSwitcher)) == ["scene active→inactive", "app active→inactive", S.appWillResignActive])
        #expect(phaseNames(s.post(.dismissAppSwitcher)) == ["scene inactive→active", "app inactive→active", S.appDidBecomeActive])
    }

    @Test("§13.3 with no app in front the switcher opens and closes with no callback")
    func openOnHomeScreen() {
        var h = Harness(os: "26.0")
        let id = h.install(app())
        #expect(h.post(.appSwitcher).callbacks.isEmpty)
        #expect(h.sim.device.appSwitcherOpen)
        #expect(h.post(.dismissAppSwitcher).callbacks.isEmpty)
        #expect(h.state(id) == .notRunning)
    }

    @Test("§13.3 refusals: appSwitcher while locked, while open, or over an interrupted app; dismissAppSwitcher while closed; before iOS 4")
    func refusals() {
        var h = Harness(os: "26.0")
        let id = h.install(app())
        h.post(.launch, to: id)
        #expect(h.reject(.dismissAppSwitcher).kind == .notAllowed)
        h.post(.incomingCall, to: id)
        #expect(h.reject(.appSwitcher).kind == .notAllowed)
        h.post(.declineCall, to: id)
        h.post(.appSwitcher)
        #expect(h.reject(.appSwitcher).kind == .notAllowed)
        h.post(.dismissAppSwitcher)
        h.post(.lock)
        #expect(h.reject(.appSwitcher).kind == .notAllowed)

        var old = Harness(os: "3.1")
        #expect(old.reject(.appSwitcher).kind == .unusable)
    }

    @Test("§13.3 a swipe of the app-delegate app in front: applicationDidEnterBackground: → applicationWillTerminate:, then killed (forceQuit); its restoration archive goes and it is marked force-quit; the switcher stays open")
    func swipeAppDelegate() {
        var h = Harness(os: "26.0")
        let id = h.install(app(restoration: true))
        h.post(.launch, to: id)
        h.post(.appSwitcher)
        let swipe = h.post(.forceQuit, to: id)
        #expect(phaseNames(swipe) == [Sel.didEnterBackground, Sel.willTerminate, "killed"])
        #expect(killReason(swipe.callbacks) == "forceQuit")
        #expect(h.state(id) == .notRunning)
        #expect(h.app(id).forceQuit)
        #expect(h.app(id).restorationArchive == nil)
        #expect(h.sim.device.appSwitcherOpen)
        #expect(h.post(.dismissAppSwitcher).callbacks.isEmpty)
    }

    @Test("§13.3 a swipe of the scene app in front: sceneDidDisconnect: → application:didDiscardSceneSessions: → applicationWillTerminate:, with no sceneDidEnterBackground:; its sessions go")
    func swipeSceneApp() {
        var h = Harness(os: "26.0")
        let id = h.install(sceneApp())
        h.post(.launch, to: id)
        h.post(.appSwitcher)
        let swipe = h.post(.forceQuit, to: id)
        #expect(phaseNames(swipe) == [S.disconnect, S.discard, Sel.willTerminate, "killed"])
        #expect(h.app(id).scenes.isEmpty)
        #expect(h.state(id) == .notRunning)
    }

    @Test("§13.3 a swipe of the SwiftUI app in front: phase inactive → background (scene, then app), then applicationWillTerminate:")
    func swipeSwiftUIApp() {
        var h = Harness(os: "26.0")
        let id = h.install(swiftUIApp())
        h.post(.launch, to: id)
        h.post(.appSwitcher)
        let swipe = h.post(.forceQuit, to: id)
        #expect(phaseNames(swipe) == ["scene inactive→background", "app inactive→background", Sel.willTerminate, "killed"])
        #expect(h.app(id).scenes.isEmpty)
    }

    @Test("§13.3 launch of another app closes the switcher: the app in front goes to the background as Home sends it, then the other launches")
    func launchAnotherCloses() {
        var h = Harness(os: "26.0")
        let first = h.install(app("com.example.a"))
        let second = h.install(app("com.example.b"))
        h.post(.launch, to: first)
        h.post(.appSwitcher)
        let launch = h.post(.launch, to: second)
        #expect(names(of: launch, for: first) == [Sel.didEnterBackground])
        #expect(h.state(first) == .background)
        #expect(h.state(second) == .active)
        #expect(!h.sim.device.appSwitcherOpen)
    }

    @Test("§13.3 Home closes the switcher: the app in front goes to the background with no second willResignActive; a launch of the app in front closes it on that app")
    func homeAndTapClose() {
        var h = Harness(os: "26.0")
        let id = h.install(app())
        h.post(.launch, to: id)
        h.post(.appSwitcher)
        #expect(phaseNames(h.post(.home, to: id)) == [Sel.didEnterBackground])
        #expect(!h.sim.device.appSwitcherOpen)
        h.post(.launch, to: id)
        h.post(.appSwitcher)
        #expect(phaseNames(h.post(.launch, to: id)) == [Sel.didBecomeActive])
        #expect(h.state(id) == .active)
        #expect(!h.sim.device.appSwitcherOpen)
    }

    @Test("§13.3 lock closes the switcher; the app in front goes to the background as a lock sends it")
    func lockCloses() {
        var h = Harness(os: "26.0")
        let id = h.install(app())
        h.post(.launch, to: id)
        h.post(.appSwitcher)
        #expect(phaseNames(h.post(.lock)) == [Sel.didEnterBackground])
        #expect(!h.sim.device.appSwitcherOpen)
        #expect(h.state(id) == .background)
    }
}
