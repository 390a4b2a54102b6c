@testable import AppSimCore
import AppSimJSON
import Testing

/// LIFECYCLE.md §13.4: continued processing tasks (iOS 26 and later).
@Suite("§13.4 Continued processing tasks")
struct ContinuedTaskTests {
    static let export = "com.example.notes.export.1"

    func exporter(_ identifiers: [String] = ["com.example.notes.export.*"]) -> AppInfo {
        var info = app()
        info.scenes = SceneManifest(supportsMultiple: false)
        info.taskIdentifiers = identifiers
        return info
    }

    /// `taskSeconds: "manual"`: the task runs until the app completes it, or it stalls.
    var manual: AppBehavior {
        var behavior = AppBehavior()
        behavior.taskMillis = nil
        return behavior
    }

    func submit(_ identifier: String = Self.export, title: String = "Exporting", strategy: ContinuedTask.Strategy = .queue, gpu: Bool = false) -> AppAction {
        .submitContinuedTask(identifier: identifier, title: title, subtitle: nil, strategy: strategy, requiresGPU: gpu)
    }

    func running(_ h: Harness, _ id: String) -> [TaskRequest] {
        h.app(id).taskRequests.filter { $0.continued?.status == .running }
    }

    @Test("§13.4 the active app submits; with room it starts at once: BGTaskScheduler launchHandler with identifier, kind and title; the request shows running")
    func startsAtOnce() throws {
        var h = Harness(os: "26.0")
        let id = h.install(exporter(), manual)
        h.post(.launch, to: id)
        let submitted = h.post(submit(), to: id)
        #expect(names(of: submitted) == ["BGTaskScheduler launchHandler"])
        #expect(submitted.callbacks.first?.args == ["identifier": .string(Self.export), "kind": "continuedProcessing", "title": "Exporting"])
        let request = try #require(h.app(id).taskRequests.first)
        #expect(request.continued?.status == .running)
        #expect(request.continued?.title == "Exporting")
    }

    @Test("§13.4 refusals: before iOS 26 (422), an identifier taskIdentifiers does not permit (422), an app that is not active (409), requiresGPU without the device's support (422), title missing (decoding)")
    func refusals() {
        var old = Harness(os: "18.0")
        let legacy = old.install(exporter(), manual)
        old.post(.launch, to: legacy)
        #expect(old.reject(.action(submit()), to: legacy).kind == .unusable)

        var h = Harness(os: "26.0")
        let id = h.install(exporter(["com.example.notes.refresh", "com.example.notes.export.*"]), manual)
        h.post(.launch, to: id)
        #expect(h.reject(.action(submit("com.example.other.1")), to: id).kind == .unusable)
        // `.*` permits a prefix, not the bare name.
        #expect(h.reject(.action(submit("com.example.notes.export")), to: id).kind == .unusable)
        #expect(h.reject(.action(submit(gpu: true)), to: id).kind == .unusable)
        h.post(.incomingCall, to: id)
        let inactive = h.reject(.action(submit()), to: id)
        #expect(inactive.kind == .notAllowed)
        #expect(inactive.state == .inactive)
    }

    @Test("§13.4 requiresGPU runs on a device with supportsBackgroundGPU")
    func gpu() {
        var h = Harness(os: "26.0")
        var device = h.sim.device
        device.supportsBackgroundGPU = true
        h.sim = DeviceSimulation(device: device)
        let id = h.install(exporter(), manual)
        h.post(.launch, to: id)
        #expect(names(of: h.post(submit(gpu: true), to: id)) == ["BGTaskScheduler launchHandler"])
    }

    @Test("§13.4 without room, strategy fail is 409 with reason unavailable; queue waits, and starts when room frees, in submission order")
    func room() {
        var h = Harness(os: "26.0")
        let a = h.install(exporter(), manual)
        let b = h.install(exporter(), manual)
        h.post(.launch, to: a)
        h.post(submit("com.example.notes.export.a"), to: a)
        h.post(.launch, to: b)
        let failed = h.reject(.action(submit("com.example.notes.export.b", strategy: .fail)), to: b)
        #expect(failed.kind == .notAllowed)
        #expect(failed.code == .unavailable)
        #expect(h.post(submit("com.example.notes.export.b1"), to: b).callbacks.isEmpty)
        #expect(h.post(submit("com.example.notes.export.b2"), to: b).callbacks.isEmpty)
        #expect(h.app(b).taskRequests.map { $0.continued?.status } == [.pending, .pending])
        // The running task completes: the oldest waiting one starts.
        let done = h.post(.completeTask(success: true, identifier: "com.example.notes.export.a"), to: a)
        #expect(names(of: done, for: a) == ["setTaskCompleted"])
        #expect(names(of: done, for: b) == ["BGTaskScheduler launchHandler"])
        #expect(done.callbacks.last?.args["identifier"] == "com.example.notes.export.b1")
    }

    @Test("§13.4 while it runs the app is not suspended in the background; once it ends, an idle app is suspended after the suspend delay")
    func keepsRunning() {
        var h = Harness(os: "26.0")
        let id = h.install(exporter(), manual)
        h.post(.launch, to: id)
        h.post(submit(), to: id)
        h.post(.home, to: id)
        h.post(.reportProgress(identifier: Self.export, completed: 1, total: 4), to: id)
        h.advance(seconds: 20)
        #expect(h.state(id) == .background)
        h.post(.completeTask(success: true), to: id)
        h.advance(seconds: 5)
        #expect(h.state(id) == .suspended)
    }

    @Test("§13.4 reportProgress and updateTitle change what the request shows; completed above total is refused while decoding")
    func progressAndTitle() throws {
        var h = Harness(os: "26.0")
        let id = h.install(exporter(), manual)
        h.post(.launch, to: id)
        h.post(submit(), to: id)
        #expect(h.post(.reportProgress(identifier: Self.export, completed: 3, total: 10), to: id).callbacks.isEmpty)
        h.post(.updateTitle(identifier: Self.export, title: "Exporting 2", subtitle: "almost"), to: id)
        let continued = try #require(h.app(id).taskRequests.first?.continued)
        #expect((continued.completed, continued.total) == (3, 10))
        #expect(continued.title == "Exporting 2")
        #expect(continued.subtitle == "almost")
        #expect(h.reject(.action(.reportProgress(identifier: "com.example.notes.export.9", completed: 1, total: 2)), to: id).kind == .notAllowed)
    }

    @Test("§13.4 cancelTask: the expiration handler (backgroundTaskExpired, reason userCancelled), then setTaskCompleted unsuccessfully")
    func cancel() throws {
        var h = Harness(os: "26.0")
        let id = h.install(exporter(), manual)
        h.post(.launch, to: id)
        h.post(submit(), to: id)
        let cancelled = h.post(.cancelTask(identifier: Self.export), to: id)
        #expect(names(of: cancelled) == ["backgroundTaskExpired", "setTaskCompleted"])
        #expect(cancelled.callbacks[0].args == ["identifier": .string(Self.export), "reason": "userCancelled"])
        #expect(cancelled.callbacks[1].args["success"] == false)
        #expect(h.app(id).taskRequests.isEmpty)
    }

    @Test("§13.4 no progress for limits.continuedProcessingStallSeconds of device time: it expires with reason noProgress; progress resets the count")
    func stall() throws {
        var h = Harness(os: "26.0")
        let id = h.install(exporter(), manual)
        h.post(.launch, to: id)
        h.post(submit(), to: id)
        h.advance(seconds: 20)
        h.post(.reportProgress(identifier: Self.export, completed: 1, total: 4), to: id)
        #expect(h.advance(seconds: 29).callbacks.isEmpty)
        let stalled = h.advance(seconds: 1)
        #expect(names(of: stalled) == ["backgroundTaskExpired", "setTaskCompleted"])
        #expect(stalled.callbacks[0].args["reason"] == "noProgress")
        #expect(stalled.callbacks[0].at == 50_000)
    }

    @Test("§13.4 with behavior.taskSeconds a number the app reports progress steadily and completes after that long")
    func completesByBehavior() throws {
        var h = Harness(os: "26.0")
        var behavior = AppBehavior()
        behavior.taskMillis = 60_000
        let id = h.install(exporter(), behavior)
        h.post(.launch, to: id)
        h.post(submit(), to: id)
        // Longer than the stall limit, with no stall: its code reports progress.
        let done = h.advance(seconds: 60)
        #expect(names(of: done) == ["setTaskCompleted"])
        #expect(done.callbacks.first?.args["success"] == true)
        #expect(done.callbacks.first?.at == 60_000)
    }

    @Test("§13.4 force quit ends a running task with the process (no callback) and cancels the app's waiting ones")
    func forceQuit() {
        var h = Harness(os: "26.0")
        let id = h.install(exporter(), manual)
        h.post(.launch, to: id)
        h.post(submit("com.example.notes.export.1"), to: id)
        h.post(submit("com.example.notes.export.2"), to: id)
        h.post(.home, to: id)
        let quit = h.post(.forceQuit, to: id)
        #expect(!names(of: quit).contains("setTaskCompleted"))
        #expect(h.app(id).taskRequests.isEmpty)
    }
}
