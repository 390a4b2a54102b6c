@testable import AppSimCore
import AppSimJSON
import Testing

/// LIFECYCLE.md §13.5: BGTaskScheduler's pending-request limits, the silent-push budget and the geometry callbacks.
@Suite("§13.5 Budgets")
struct BudgetTests {
    static let refresh = "com.example.notes.refresh"
    static let refresh2 = "com.example.notes.refresh2"

    func taskApp() -> AppInfo {
        var info = app(modes: [.fetch, .processing])
        info.taskIdentifiers = [Self.refresh, Self.refresh2] + (1...11).map { "com.example.notes.clean\($0)" }
        return info
    }

    func submit(_ identifier: String, _ kind: TaskKind) -> AppAction {
        .submitTask(identifier: identifier, kind: kind, earliestBeginMillis: 0, requiresExternalPower: false)
    }

    @Test("§13.5 BGTaskScheduler holds 1 pending app-refresh request per app: a second identifier is 409 tooManyPendingTaskRequests; replacing the same identifier is not one more")
    func oneAppRefresh() {
        var h = Harness(os: "26.0")
        let id = h.install(taskApp())
        h.post(.launch, to: id)
        h.post(submit(Self.refresh, .appRefresh), to: id)
        h.post(submit(Self.refresh, .appRefresh), to: id)
        let second = h.reject(.action(submit(Self.refresh2, .appRefresh)), to: id)
        #expect(second.kind == .notAllowed)
        #expect(second.code == .tooManyPendingTaskRequests)
        #expect(h.app(id).taskRequests.map(\.identifier) == [Self.refresh])
    }

    @Test("§13.5 BGTaskScheduler holds 10 pending processing requests per app: the eleventh is 409 tooManyPendingTaskRequests")
    func tenProcessing() {
        var h = Harness(os: "26.0")
        let id = h.install(taskApp())
        h.post(.launch, to: id)
        for n in 1...10 { h.post(submit("com.example.notes.clean\(n)", .processing), to: id) }
        let eleventh = h.reject(.action(submit("com.example.notes.clean11", .processing)), to: id)
        #expect(eleventh.code == .tooManyPendingTaskRequests)
        // An app-refresh request is counted apart.
        h.post(submit(Self.refresh, .appRefresh), to: id)
        #expect(h.app(id).taskRequests.count == 11)
    }

    func pusher() -> (Harness, String) {
        var limits = DeviceLimits()
        limits.backgroundPushesPerHour = 2
        var h = Harness(os: "26.0", limits: limits)
        var behavior = AppBehavior()
        behavior.fetchResult = .newData
        behavior.fetchMillis = 100
        let id = h.install(app(modes: [.remoteNotification]), behavior)
        return (h, id)
    }

    @Test("§13.5 with limits.backgroundPushesPerHour set, a silent push beyond that many in the last hour of device time is dropped with reason throttled, and nothing runs")
    func silentPushBudget() {
        var (h, id) = pusher()
        h.post(.launch, to: id)
        h.post(.home, to: id)
        for _ in 0..<2 {
            let push = h.post(.push(payload: Payload.silent), to: id)
            #expect(push.pushDelivery == .delivered || push.pushDelivery == .woken)
            h.advance(seconds: 60)
        }
        let third = h.post(.push(payload: Payload.silent), to: id)
        #expect(third.pushDelivery == .dropped(reason: "throttled"))
        #expect(third.callbacks.isEmpty)
        // An hour after the first, there is room again.
        h.advance(seconds: 3_600)
        #expect(h.post(.push(payload: Payload.silent), to: id).pushDelivery != .dropped(reason: "throttled"))
    }

    @Test("§13.5 without a budget (the default) silent pushes are never throttled; pushes to the foreground app do not count")
    func noBudget() {
        var h = Harness(os: "26.0")
        var behavior = AppBehavior()
        behavior.fetchMillis = 100
        let id = h.install(app(modes: [.remoteNotification]), behavior)
        h.post(.launch, to: id)
        h.post(.home, to: id)
        for _ in 0..<5 {
            #expect(h.post(.push(payload: Payload.silent), to: id).pushDelivery != .dropped(reason: "throttled"))
            h.advance(seconds: 1)
        }
        var (b, other) = pusher()
        b.post(.launch, to: other)
        for _ in 0..<3 { #expect(b.post(.push(payload: Payload.silent), to: other).pushDelivery == .delivered) }
        #expect(b.app(other).silentPushTimes.isEmpty)
    }

    func sceneApp(ui: AppUI = .uikit) -> AppInfo {
        var info = app()
        info.scenes = SceneManifest(supportsMultiple: false)
        info.ui = ui
        return info
    }

    @Test("§13.5 an orientation change gives each foreground scene of a scene app windowScene:didUpdateCoordinateSpace:interfaceOrientation:traitCollection: on OS 13–25, after the device notification",
          arguments: ["13.0", "17.0", "25.9"])
    func geometryBefore26(os: String) throws {
        var h = Harness(os: os)
        let id = h.install(sceneApp())
        h.post(.launch, to: id)
        let turn = h.post(.notification(DeviceNotification(kind: .orientation, value: ["value": "landscapeLeft"])))
        #expect(names(of: turn) == ["UIDeviceOrientationDidChangeNotification", "windowScene:didUpdateCoordinateSpace:interfaceOrientation:traitCollection:"])
        let geometry = try #require(turn.callbacks.last)
        #expect(geometry.scene == "d1.1.s1")
        #expect(geometry.args == ["interfaceOrientation": "landscapeLeft"])
    }

    @Test("§13.5 from OS 26 the callback is windowScene:didUpdateEffectiveGeometry:; a SwiftUI app, an app-delegate app and a scene in the background record none")
    func geometryFrom26() {
        var h = Harness(os: "26.0")
        let scenes = h.install(sceneApp())
        let swiftUI = h.install(sceneApp(ui: .swiftui))
        let legacy = h.install(app("com.example.legacy"))
        h.post(.launch, to: scenes)
        let turn = h.post(.notification(DeviceNotification(kind: .orientation, value: ["value": "portrait"])))
        #expect(names(of: turn, for: scenes) == ["UIDeviceOrientationDidChangeNotification", "windowScene:didUpdateEffectiveGeometry:"])
        h.post(.launch, to: swiftUI)
        let again = h.post(.notification(DeviceNotification(kind: .orientation, value: ["value": "landscapeRight"])))
        #expect(names(of: again, for: swiftUI) == ["UIDeviceOrientationDidChangeNotification"])
        // The scene app is in the background now: its scene is not told.
        #expect(names(of: again, for: scenes) == ["UIDeviceOrientationDidChangeNotification"])
        #expect(names(of: again, for: legacy).isEmpty)
    }
}
