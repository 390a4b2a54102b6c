@testable import AppSimCore
import AppSimJSON
import Testing

/// LIFECYCLE.md §11: tasks scheduled with BGTaskScheduler.
@Suite("§11 BGTaskScheduler")
struct TaskSchedulerTests {
    static let refresh = "com.example.news.refresh"
    static let cleanup = "com.example.news.cleanup"

    func newsApp(modes: [BackgroundMode] = [.fetch, .processing]) -> AppInfo {
        var info = app("com.example.news", modes: modes)
        info.taskIdentifiers = [Self.refresh, Self.cleanup]
        return info
    }

    func submit(_ h: inout Harness, _ id: String, _ identifier: String = refresh, kind: TaskKind = .appRefresh, after seconds: Double = 0, power: Bool = false) {
        h.post(.submitTask(identifier: identifier, kind: kind, earliestBeginMillis: Int64(seconds * 1000), requiresExternalPower: power), to: id)
    }

    @Test("§11 submitTask: the request is pending on the instance, one per identifier; a new one replaces it")
    func submitKeepsOnePerIdentifier() {
        var h = Harness()
        let id = h.install(newsApp())
        h.post(.launch, to: id)
        submit(&h, id, after: 60)
        submit(&h, id, after: 120)
        submit(&h, id, Self.cleanup, kind: .processing)
        #expect(h.app(id).taskRequests.map(\.identifier) == [Self.refresh, Self.cleanup])
        #expect(h.app(id).taskRequests.first?.earliestBeginAt == 120_000)
    }

    @Test("§11 submitTask: an unknown identifier, a missing background mode or iOS before 13 is unusable (422)")
    func submitRefusals() {
        var h = Harness()
        let id = h.install(newsApp(modes: [.fetch]))
        h.post(.launch, to: id)
        let unknown = h.reject(.action(.submitTask(identifier: "com.other", kind: .appRefresh, earliestBeginMillis: 0, requiresExternalPower: false)), to: id)
        #expect(unknown.kind == .unusable)
        let mode = h.reject(.action(.submitTask(identifier: Self.cleanup, kind: .processing, earliestBeginMillis: 0, requiresExternalPower: false)), to: id)
        #expect(mode.kind == .unusable)
        #expect(mode.reason.contains("processing"))
        var old = Harness(os: "12.4")
        let oldApp = old.install(newsApp())
        old.post(.launch, to: oldApp)
        let os = old.reject(.action(.submitTask(identifier: Self.refresh, kind: .appRefresh, earliestBeginMillis: 0, requiresExternalPower: false)), to: oldApp)
        #expect(os.kind == .unusable)
        #expect(os.reason.contains("13.0"))
    }

    @Test("§11 runTask from notRunning: a background launch, then BGTaskScheduler launchHandler with the identifier and kind; completed after taskSeconds, then suspended")
    func runFromNotRunning() {
        var h = Harness()
        let id = h.install(newsApp())
        h.post(.launch, to: id)
        submit(&h, id)
        h.post(.terminate, to: id)
        let run = h.post(.device(.runTask(identifier: Self.refresh)))
        #expect(names(of: run) == [Sel.willFinish, Sel.didFinish, Sel.didEnterBackground, "BGTaskScheduler launchHandler"])
        #expect(run.callbacks.last?.args == ["identifier": .string(Self.refresh), "kind": "appRefresh"])
        #expect(run.callbacks.first?.applicationState == .background)
        #expect(h.app(id).taskRequests.isEmpty)
        let done = h.advance(seconds: 1)
        #expect(names(of: done) == ["setTaskCompleted"])
        #expect(done.callbacks.first?.args["success"] == true)
        let later = h.advance(seconds: 5)
        #expect(names(of: later) == ["suspended"])
    }

    @Test("§11 runTask from suspended wakes the app; delivered queued notifications first")
    func runFromSuspended() {
        var h = Harness()
        let id = h.install(newsApp())
        h.post(.launch, to: id)
        submit(&h, id)
        h.post(.home, to: id)
        h.advance(seconds: 5)
        h.post(.notification(DeviceNotification(kind: .locale, value: ["value": "fr_FR"])))
        let run = h.post(.device(.runTask(identifier: Self.refresh)), to: id)
        #expect(names(of: run) == ["NSCurrentLocaleDidChangeNotification", "BGTaskScheduler launchHandler"])
        #expect(h.state(id) == .background)
    }

    @Test("§11 runTask needs a pending request whose earliest begin has passed, an app not force-quit, and external power when asked")
    func runConditions() {
        var h = Harness()
        let id = h.install(newsApp())
        h.post(.launch, to: id)
        #expect(h.reject(.device(.runTask(identifier: Self.refresh))).kind == .notAllowed)
        submit(&h, id, after: 60)
        submit(&h, id, Self.cleanup, kind: .processing, power: true)
        h.post(.home, to: id)
        #expect(h.reject(.device(.runTask(identifier: Self.refresh)), to: id).reason.contains("may not begin"))
        #expect(h.reject(.device(.runTask(identifier: Self.cleanup)), to: id).reason.contains("external power"))
        h.post(.notification(DeviceNotification(kind: .battery, value: ["state": "charging"])))
        h.post(.device(.runTask(identifier: Self.cleanup)), to: id)
        var quit = Harness()
        let app = quit.install(newsApp())
        quit.post(.launch, to: app)
        submit(&quit, app)
        quit.post(.home, to: app)
        quit.post(.forceQuit, to: app)
        #expect(quit.reject(.device(.runTask(identifier: Self.refresh))).reason.contains("force-quit"))
    }

    @Test("§11 completeTask when taskSeconds is manual; a task not completed in time: expiration handler (backgroundTaskExpired with the identifier), the app suspended, the request gone", arguments: [TaskKind.appRefresh, .processing])
    func manualAndExpiry(_ kind: TaskKind) {
        var h = Harness()
        var behavior = AppBehavior()
        behavior.taskMillis = nil
        let id = h.install(newsApp(), behavior)
        let identifier = kind == .appRefresh ? Self.refresh : Self.cleanup
        h.post(.launch, to: id)
        submit(&h, id, identifier, kind: kind)
        h.post(.home, to: id)
        h.post(.device(.runTask(identifier: identifier)), to: id)
        let done = h.post(.completeTask(success: false), to: id)
        #expect(names(of: done) == ["setTaskCompleted"])
        #expect(done.callbacks.first?.args["success"] == false)
        #expect(h.reject(.completeTask(success: true), to: id).kind == .notAllowed)

        submit(&h, id, identifier, kind: kind)
        h.advance(seconds: 5)
        h.post(.device(.runTask(identifier: identifier)), to: id)
        let limit = kind == .appRefresh ? 30.0 : 300.0
        #expect(!names(of: h.advance(seconds: limit - 0.001)).contains("backgroundTaskExpired"))
        let expired = h.advance(seconds: 0.001)
        #expect(names(of: expired) == ["backgroundTaskExpired", "suspended"])
        #expect(expired.callbacks.first?.args["identifier"] == .string(identifier))
        #expect(h.state(id) == .suspended)
        #expect(h.app(id).taskRequests.isEmpty)
    }

    @Test("§11 the device's limits override the task times")
    func limitsOverride() {
        var limits = DeviceLimits()
        limits.appRefreshTaskMillis = 2_000
        var h = Harness(limits: limits)
        var behavior = AppBehavior()
        behavior.taskMillis = nil
        let id = h.install(newsApp(), behavior)
        h.post(.launch, to: id)
        submit(&h, id)
        h.post(.home, to: id)
        h.post(.device(.runTask(identifier: Self.refresh)), to: id)
        #expect(names(of: h.advance(seconds: 2)) == ["backgroundTaskExpired", "suspended"])
    }
}
