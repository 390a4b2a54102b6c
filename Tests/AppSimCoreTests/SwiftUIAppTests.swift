@testable import AppSimCore
import AppSimJSON
import Testing

/// LIFECYCLE.md §13.2: SwiftUI apps record scene phases where scene apps record scene delegate methods.
@Suite("§13.2 SwiftUI apps")
struct SwiftUIAppTests {
    typealias S = SceneTests.S

    func swiftUIApp(multiple: Bool = false, restoration: Bool = true, modes: [BackgroundMode] = []) -> AppInfo {
        var info = app("com.example.notes", modes: modes, restoration: restoration)
        info.ui = .swiftui
        if multiple { info.scenes = SceneManifest(supportsMultiple: true) }
        return info
    }

    @Test("§13.2 a SwiftUI app adopts scenes, with one window unless it says otherwise, and reports lifecycleModel swiftui")
    func adoptsScenes() {
        let info = swiftUIApp()
        #expect(info.adoptsSceneLifecycle)
        #expect(info.sceneManifest == SceneManifest(supportsMultiple: false))
        #expect(info.lifecycleModel == .swiftui)
        #expect(AppUI.swiftui.minimumOS == OSVersion(14))
    }

    @Test("§13.2 a foreground launch records only inactive → active, for the scene then the app, then the app's notification; no configuration call and no scene delegate method")
    func foregroundLaunch() throws {
        var h = Harness(os: "17.0")
        let id = h.install(swiftUIApp())
        let launch = h.post(.launch, to: id)
        #expect(phaseNames(launch) == [Sel.willFinish, Sel.didFinish, "scene inactive→active", "app inactive→active", S.appDidBecomeActive])
        let scene = try #require(launch.callbacks.first { $0.kind == .scenePhase })
        #expect(scene.name == "scenePhase")
        #expect(scene.args == ["scope": "scene", "scene": "d1.1.s1", "from": "inactive", "to": "active"])
        #expect(scene.scene == "d1.1.s1")
        let app = try #require(launch.callbacks.last { $0.kind == .scenePhase })
        #expect(app.args == ["scope": "app", "scene": nil, "from": "inactive", "to": "active"])
        #expect(h.app(id).scenes.map(\.activationState) == [.foregroundActive])
    }

    @Test("§13.2 Home: active → inactive, then inactive → background, each for the scene then the app, each before its UIApplication notification; no stateRestorationActivityForScene: record")
    func home() {
        var h = Harness(os: "17.0")
        let id = h.install(swiftUIApp())
        h.post(.launch, to: id)
        h.post(.edit(memory: nil, ui: ["screen": "editor"]), to: id)
        let home = h.post(.home, to: id)
        #expect(phaseNames(home) == [
            "scene active→inactive", "app active→inactive", S.appWillResignActive,
            "scene inactive→background", "app inactive→background", S.appDidEnterBackground,
        ])
        // SwiftUI still saves the scene's state for the next connection.
        #expect(h.app(id).scenes.first?.stateRestorationActivity == ["screen": "editor"])
    }

    @Test("§13.2 a return from the background records background → inactive, then inactive → active")
    func returnFromBackground() {
        var h = Harness(os: "17.0")
        let id = h.install(swiftUIApp())
        h.post(.launch, to: id)
        h.post(.home, to: id)
        h.advance(seconds: 5)
        let back = h.post(.launch, to: id)
        #expect(phaseNames(back) == [
            "scene background→inactive", "app background→inactive", S.appWillEnterForeground,
            "scene inactive→active", "app inactive→active", S.appDidBecomeActive,
        ])
    }

    @Test("§13.2 an interruption (a call) and its end: active → inactive and back, no scene delegate method")
    func interruption() {
        var h = Harness(os: "17.0")
        let id = h.install(swiftUIApp())
        h.post(.launch, to: id)
        #expect(phaseNames(h.post(.incomingCall, to: id)) == ["scene active→inactive", "app active→inactive", S.appWillResignActive])
        #expect(phaseNames(h.post(.declineCall, to: id)) == ["scene inactive→active", "app inactive→active", S.appDidBecomeActive])
    }

    @Test("§13.2 the app delegate adaptor gets the app delegate methods a scene app keeps: a memory warning")
    func adaptor() {
        var h = Harness(os: "17.0")
        let id = h.install(swiftUIApp())
        h.post(.launch, to: id)
        #expect(names(of: h.post(.memoryWarning, to: id)) == [Sel.memoryWarning])
    }

    @Test("§13.2 force quit from the background or suspended records no phase: the process is killed")
    func forceQuitRecordsNoPhase() {
        var h = Harness(os: "17.0")
        let id = h.install(swiftUIApp())
        h.post(.launch, to: id)
        h.post(.home, to: id)
        let quit = h.post(.forceQuit, to: id)
        #expect(!quit.callbacks.contains { $0.kind == .scenePhase })
        #expect(h.state(id) == .notRunning)
    }

    @Test("§13.2 with two windows the app's phase is derived from its scenes': active while one is, inactive while one is in the foreground, background after the last")
    func appPhaseFollowsItsScenes() {
        var h = Harness(os: "17.0")
        let id = h.install(swiftUIApp(multiple: true))
        h.post(.launch, to: id)
        // §9 resigns the first window before the new one is active: for that moment no scene is active.
        let open = h.post(.openScene, to: id)
        #expect(phaseNames(open) == ["scene active→inactive", "app active→inactive", "scene inactive→active", "app inactive→active"])
        let home = h.post(.home, to: id)
        #expect(phaseNames(home) == [
            "scene active→inactive", "app active→inactive", S.appWillResignActive,
            "scene inactive→background", "scene inactive→background", "app inactive→background", S.appDidEnterBackground,
        ])
    }
}
