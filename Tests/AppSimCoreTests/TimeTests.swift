@testable import AppSimCore
import Testing

/// LIFECYCLE.md §5: time, background execution and the watchdog.
@Suite("§5 Time and the watchdog")
struct TimeTests {
    static var quickBackground: AppBehavior {
        var behavior = AppBehavior()
        behavior.backgroundMillis = 0
        return behavior
    }

    @Test("§5 an app with no background task and no running mode is suspended suspendDelaySeconds (default 5) after didEnterBackground")
    func suspendDelay() {
        var h = Harness()
        let id = h.install(app(), Self.quickBackground)
        h.post(.launch, to: id)
        h.post(.home, to: id)
        #expect(h.advance(seconds: 4.999).callbacks.isEmpty)
        #expect(h.state(id) == .background)
        let later = h.advance(seconds: 0.001)
        #expect(names(of: later) == ["suspended"])
        #expect(later.callbacks.first?.at == 5_000)
        #expect(later.callbacks.first?.state == .suspended)
        #expect(later.changes == [StateChange(instance: id, from: .background, to: .suspended)])
    }

    @Test("§5 device limits.suspendDelaySeconds overrides the suspend delay")
    func suspendDelayOverride() throws {
        var limits = DeviceLimits()
        limits.suspendDelayMillis = 2_000
        var h = Harness(limits: limits)
        let id = h.install(app(), Self.quickBackground)
        h.post(.launch, to: id)
        h.post(.home, to: id)
        #expect(h.advance(seconds: 1.999).callbacks.isEmpty)
        let later = h.advance(seconds: 0.001)
        #expect(names(of: later) == ["suspended"])
        #expect(later.callbacks.first?.at == 2_000)
    }

    @Test("§5 audio, location and voip keep a backgrounded app running", arguments: [BackgroundMode.audio, .location, .voip])
    func runningModes(mode: BackgroundMode) {
        var h = Harness()
        let id = h.install(app(modes: [mode]))
        h.post(.launch, to: id)
        h.post(.home, to: id)
        h.advance(seconds: 3_600)
        #expect(h.state(id) == .background)
    }

    @Test("§5 fetch and remote-notification do not keep a backgrounded app running")
    func nonRunningModes() {
        var h = Harness()
        let id = h.install(app(modes: [.fetch, .remoteNotification]))
        h.post(.launch, to: id)
        h.post(.home, to: id)
        h.advance(seconds: 5)
        #expect(h.state(id) == .suspended)
    }

    @Test("§5 a background task begun by behavior keeps the app running until it ends, then it is suspended after the suspend delay")
    func behaviorTask() {
        var h = Harness()
        var behavior = Self.quickBackground
        behavior.backgroundTaskMillis = 12_000
        let id = h.install(app(), behavior)
        h.post(.launch, to: id)
        h.post(.home, to: id)
        #expect(h.app(id).backgroundTasks.count == 1)
        #expect(h.backgroundTimeRemaining(id) == 30_000)
        h.advance(seconds: 11.999)
        #expect(h.state(id) == .background)
        h.advance(seconds: 0.001)
        #expect(h.app(id).backgroundTasks.isEmpty)
        #expect(h.state(id) == .background)
        #expect(h.advance(seconds: 4.999).callbacks.isEmpty)
        let later = h.advance(seconds: 0.001)
        #expect(names(of: later) == ["suspended"])
        #expect(later.callbacks.first?.at == 17_000)
    }

    @Test("§5 beginBackgroundTask returns a task id; ending the last task suspends the app after the suspend delay")
    func actionTasks() throws {
        var h = Harness()
        let id = h.install(app(), Self.quickBackground)
        h.post(.launch, to: id)
        let begun = h.post(.beginBackgroundTask(name: "upload"), to: id)
        let first = try #require(begun.begunTaskId)
        h.post(.home, to: id)
        let begunAgain = h.post(.beginBackgroundTask(name: nil), to: id)
        let second = try #require(begunAgain.begunTaskId)
        #expect(first != second)
        #expect(h.app(id).backgroundTasks.map(\.name) == ["upload", nil])
        h.advance(seconds: 10)
        h.post(.endBackgroundTask(taskId: Int(first)), to: id)
        h.advance(seconds: 10)
        #expect(h.state(id) == .background)
        h.post(.endBackgroundTask(taskId: Int(second)), to: id)
        #expect(h.state(id) == .background)
        #expect(h.advance(seconds: 4.999).callbacks.isEmpty)
        #expect(names(of: h.advance(seconds: 0.001)) == ["suspended"])
        let unknown = h.reject(.endBackgroundTask(taskId: 99), to: id)
        #expect(unknown.kind == .notAllowed)
    }

    @Test("§5 backgroundTimeRemaining counts down the OS's task time, shared by all the app's tasks")
    func backgroundTimeRemaining() {
        var h = Harness(os: "9.0")
        let id = h.install()
        h.post(.launch, to: id)
        #expect(h.backgroundTimeRemaining(id) == nil)
        h.post(.beginBackgroundTask(name: "a"), to: id)
        h.post(.home, to: id)
        #expect(h.backgroundTimeRemaining(id) == 180_000)
        h.advance(seconds: 60)
        h.post(.beginBackgroundTask(name: "b"), to: id)
        #expect(h.backgroundTimeRemaining(id) == 120_000)
        h.advance(seconds: 30.5)
        #expect(h.backgroundTimeRemaining(id) == 89_500)
    }

    @Test("§5 at 0 the expiration handler is recorded (backgroundTaskExpired); an app that ends its tasks is then suspended")
    func expirationSuspends() {
        var h = Harness()
        let id = h.install()
        h.post(.launch, to: id)
        h.post(.beginBackgroundTask(name: "upload"), to: id)
        h.post(.home, to: id)
        #expect(h.advance(seconds: 29.999).callbacks.isEmpty)
        let expired = h.advance(seconds: 0.001)
        #expect(names(of: expired) == ["backgroundTaskExpired", "suspended"])
        #expect(expired.callbacks.allSatisfy { $0.kind == .system && $0.at == 30_000 })
        #expect(h.state(id) == .suspended)
        #expect(h.app(id).backgroundTasks.isEmpty)
    }

    @Test("§5 at 0 an app that does not end its tasks (endsTaskOnExpiration false) is killed (watchdog)")
    func expirationKills() {
        var h = Harness()
        var behavior = AppBehavior()
        behavior.endsTaskOnExpiration = false
        behavior.backgroundTaskMillis = 600_000
        let id = h.install(app(), behavior)
        h.post(.launch, to: id)
        h.post(.edit(memory: ["draft": "unsaved"], ui: nil), to: id)
        h.post(.home, to: id)
        let expired = h.advance(seconds: 30)
        #expect(names(of: expired) == ["backgroundTaskExpired", "killed"])
        #expect(killReason(expired.callbacks)?.hasPrefix("watchdog") == true)
        #expect(h.state(id) == .notRunning)
        #expect(h.app(id).memory.isEmpty)
    }

    @Test("§5 watchdog: launch callbacks over 5 s kill the app: `watchdog: launch took 7.0 s, limit 5 s`")
    func launchWatchdog() {
        var h = Harness()
        var behavior = AppBehavior()
        behavior.launchMillis = 7_000
        let id = h.install(app(), behavior)
        let outcome = h.post(.launch, to: id)
        #expect(names(of: outcome) == [Sel.willFinish, Sel.didFinish, "killed"])
        #expect(killReason(outcome.callbacks) == "watchdog: launch took 7.0 s, limit 5 s")
        #expect(outcome.callbacks.last?.kind == .system)
        #expect(h.state(id) == .notRunning)
    }

    @Test("§5 watchdog: a launch of exactly the limit survives, and device limits.launchSeconds overrides the limit")
    func launchWithinLimit() {
        var behavior = AppBehavior()
        behavior.launchMillis = 5_000
        var strict = Harness()
        let edge = strict.install(app(), behavior)
        strict.post(.launch, to: edge)
        #expect(strict.state(edge) == .active)

        var limits = DeviceLimits()
        limits.launchMillis = 10_000
        var lenient = Harness(limits: limits)
        behavior.launchMillis = 7_000
        let slow = lenient.install(app(), behavior)
        let outcome = lenient.post(.launch, to: slow)
        #expect(names(of: outcome) == [Sel.willFinish, Sel.didFinish, Sel.didBecomeActive])
        #expect(lenient.state(slow) == .active)
    }

    @Test("§5 watchdog: applicationDidEnterBackground: over 5 s kills the app")
    func didEnterBackgroundWatchdog() {
        var h = Harness()
        var behavior = AppBehavior()
        behavior.backgroundMillis = 6_000
        let id = h.install(app(), behavior)
        h.post(.launch, to: id)
        let outcome = h.post(.home, to: id)
        #expect(names(of: outcome) == [Sel.willResignActive, Sel.didEnterBackground, "killed"])
        #expect(killReason(outcome.callbacks) == "watchdog: applicationDidEnterBackground: took 6.0 s, limit 5 s")
        #expect(h.state(id) == .notRunning)
    }

    @Test("§5 watchdog: applicationWillTerminate: over 5 s kills the app")
    func willTerminateWatchdog() {
        var h = Harness()
        var behavior = AppBehavior()
        behavior.terminateMillis = 5_500
        let id = h.install(app(), behavior)
        h.post(.launch, to: id)
        let outcome = h.post(.terminate, to: id)
        #expect(names(of: outcome) == [Sel.willTerminate, "killed"])
        #expect(killReason(outcome.callbacks) == "watchdog: applicationWillTerminate: took 5.5 s, limit 5 s")
        #expect(h.state(id) == .notRunning)
    }

    @Test("§5 watchdog: fetch or silent push work over 30 s kills the app, even if it would complete later")
    func fetchLimit() {
        var h = Harness()
        var behavior = AppBehavior()
        behavior.minimumFetchInterval = .millis(60_000)
        behavior.fetchMillis = 40_000
        let id = h.install(app(modes: [.fetch]), behavior)
        h.post(.backgroundFetch, to: id)
        let outcome = h.advance(seconds: 45)
        #expect(names(of: outcome) == ["killed"])
        #expect(record("killed", in: outcome.callbacks)?.at == 30_000)
        #expect(killReason(outcome.callbacks) == "watchdog: background fetch not completed within 30 s")
        #expect(h.state(id) == .notRunning)
    }

    @Test("§5 manual clock: time moves only by advanceClock, and every record carries the device time it happened at")
    func manualClock() {
        var h = Harness()
        let id = h.install()
        var sim = h.sim
        _ = sim.apply(.app(.launch), to: id, wallMillis: 1_000_000)
        #expect(sim.device.nowMillis == 0)
        h.advance(seconds: 2.5)
        let launch = h.post(.launch, to: id)
        #expect(launch.event.at == 2_500)
        #expect(launch.callbacks.allSatisfy { $0.at == 2_500 })
    }

    @Test("§5 realtime clock: device time follows wall time ×speed, and timers fire on wall time at the device time they fell due")
    func realtimeClock() throws {
        var device = Device(id: "rt")
        device.clock = DeviceClock(mode: .realtime, speed: 2)
        device.wallAnchorMillis = 10_000
        device.createdAtWallMillis = 10_000
        device.limits.suspendDelayMillis = 5_000
        var sim = DeviceSimulation(device: device)
        var behavior = AppBehavior()
        behavior.backgroundMillis = 0
        let id = sim.install(info: AppInfo(bundleId: "com.example.notes"), behavior: behavior, wallMillis: 10_000).id
        let launch = try sim.apply(.app(.launch), to: id, wallMillis: 11_000).outcome.get()
        #expect(launch.callbacks.first?.at == 2_000)
        let home = try sim.apply(.app(.home), to: id, wallMillis: 12_000).outcome.get()
        #expect(home.callbacks.first?.at == 4_000)
        // Suspension is due at device time 9 000, which a ×2 clock reaches at wall time 14 500.
        #expect(sim.nextDeadline() == 9_000)
        #expect(sim.nextWallDeadline() == 14_500)
        let early = sim.fireDueTimers(wallMillis: 14_000)
        #expect(early == nil)
        #expect(sim.instance(id)?.state == .background)

        // An event long after the deadline first fires the timer, at the time it fell due.
        let later = sim.apply(.device(.memoryWarning), to: nil, wallMillis: 20_000)
        let timers = try #require(later.timers)
        #expect(timers.callbacks.map(\.name) == ["suspended"])
        #expect(timers.callbacks.first?.at == 9_000)
        #expect(timers.event.type == "timers")
        #expect(sim.instance(id)?.state == .suspended)
        #expect(try later.outcome.get().event.at == 20_000)
        #expect(sim.nextDeadline() == nil)
    }

    @Test("§5 realtime clock: the server's timer firing suspends the app at its deadline")
    func realtimeTimerFiring() throws {
        var device = Device(id: "rt")
        device.clock = DeviceClock(mode: .realtime, speed: 1)
        var sim = DeviceSimulation(device: device)
        let id = sim.install(info: AppInfo(bundleId: "com.example.notes"), behavior: AppBehavior(), wallMillis: 0).id
        _ = sim.apply(.app(.launch), to: id, wallMillis: 0)
        _ = sim.apply(.app(.home), to: id, wallMillis: 1_000)
        let deadline = try #require(sim.nextWallDeadline())
        #expect(deadline == 6_000)
        let due = sim.fireDueTimers(wallMillis: deadline)
        let fired = try #require(due)
        #expect(fired.callbacks.map(\.name) == ["suspended"])
        #expect(fired.changes == [StateChange(instance: id, from: .background, to: .suspended)])
        #expect(sim.instance(id)?.state == .suspended)
    }
}
