@testable import AppSimCore
import Testing

/// `Lifecycle`: each stage of an app's life holds its own data, and leaving a stage leaves its data behind.
@Suite("Lifecycle")
struct LifecycleTests {
    @Test("§5 a background app holds when its task time began, its tasks and its work; suspended, it holds none of them")
    func backgroundStageData() throws {
        var h = Harness()
        var behavior = AppBehavior()
        behavior.backgroundTaskMillis = 2_000
        let id = h.install(app(), behavior)
        h.post(.launch, to: id)
        #expect(h.app(id).lifecycle == .active(tasks: [], work: nil))
        h.advance(seconds: 1)
        h.post(.home, to: id)
        let task = BackgroundTask(id: 1, name: "behavior.backgroundTaskSeconds", beganAt: 1_000, endsAt: 3_000)
        #expect(h.app(id).lifecycle == .background(since: 1_000, suspendAt: nil, tasks: [task], work: nil))
        // The task ends at 3 s: the suspend delay (5 s) starts then.
        h.advance(seconds: 2)
        #expect(h.app(id).lifecycle == .background(since: 1_000, suspendAt: 8_000, tasks: [], work: nil))
        h.advance(seconds: 5)
        #expect(h.app(id).lifecycle == .suspended(pending: []))
        #expect(h.app(id).backgroundTasks.isEmpty)
    }

    @Test("§4 an interruption is held by the inactive stage alone, and ends with it")
    func interruptionIsInactiveData() {
        var h = Harness()
        let id = h.install()
        h.post(.launch, to: id)
        h.post(.alert, to: id)
        #expect(h.app(id).lifecycle == .inactive(interruption: .alert, tasks: [], work: nil))
        h.post(.home, to: id)
        #expect(h.app(id).interruption == nil)
        #expect(h.app(id).state == .background)
    }

    @Test("§7 notifications wait in the suspended stage, and are delivered as the app leaves it")
    func pendingIsSuspendedData() {
        var h = Harness()
        let id = h.install()
        h.drive(id, to: .suspended)
        h.post(.notification(DeviceNotification(kind: .locale, value: ["value": "fr_FR"])))
        guard case .suspended(let pending) = h.app(id).lifecycle else {
            Issue.record("not suspended: \(h.app(id).lifecycle)")
            return
        }
        #expect(pending.map(\.type) == ["locale"])
        let resumed = h.post(.launch, to: id)
        #expect(names(of: resumed) == [Sel.willEnterForeground, "NSCurrentLocaleDidChangeNotification", Sel.didBecomeActive])
        #expect(h.app(id).pendingNotifications.isEmpty)
    }

    @Test("setting a stage's data on a stage that does not hold it changes nothing")
    func dataOfOtherStagesIsIgnored() {
        var lifecycle = Lifecycle.suspended(pending: [])
        lifecycle.tasks = [BackgroundTask(id: 1, name: nil, beganAt: 0, endsAt: nil)]
        lifecycle.work = BackgroundWork(kind: .fetch, startedAt: 0, completesAt: nil, deadline: 30_000)
        lifecycle.suspendAt = 5_000
        #expect(lifecycle == .suspended(pending: []))
        var active = Lifecycle.active(tasks: [], work: nil)
        active.pending = [PendingNotification(type: "locale", name: "n", kind: .notification, notification: nil, args: [:], postedAt: 0)]
        #expect(active == .active(tasks: [], work: nil))
    }
}
