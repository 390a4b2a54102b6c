@testable import AppSimCore
import Testing

/// LIFECYCLE.md §4: background fetch and pushes.
@Suite("§4 Background fetch and push")
struct FetchAndPushTests {
    static func fetcher(_ result: FetchCompletion = .newData, seconds: Double = 1) -> AppBehavior {
        var behavior = AppBehavior()
        behavior.minimumFetchInterval = .millis(900_000)
        behavior.fetchResult = result
        behavior.fetchMillis = Int64(seconds * 1000)
        return behavior
    }

    @Test("§4 Background fetch from notRunning → background launch → performFetchWithCompletionHandler:")
    func fetchFromNotRunning() {
        var h = Harness()
        let id = h.install(app(modes: [.fetch]), Self.fetcher())
        let outcome = h.post(.backgroundFetch, to: id)
        #expect(names(of: outcome) == [Sel.willFinish, Sel.didFinish, Sel.didEnterBackground, Sel.performFetch])
        #expect(h.state(id) == .background)
    }

    @Test("§4 Background fetch from suspended → wake into background → performFetchWithCompletionHandler:")
    func fetchFromSuspended() {
        var h = Harness()
        let id = h.install(app(modes: [.fetch]), Self.fetcher())
        h.drive(id, to: .suspended)
        let outcome = h.post(.backgroundFetch, to: id)
        #expect(names(of: outcome) == [Sel.performFetch])
        #expect(outcome.callbacks.first?.applicationState == .background)
        #expect(outcome.changes == [StateChange(instance: id, from: .suspended, to: .background)])
        #expect(h.app(id).launchCount == 1)
    }

    @Test("§4 Background fetch completes after fetchSeconds with fetchResult", arguments: [FetchCompletion.newData, .noData, .failed])
    func fetchCompletes(result: FetchCompletion) {
        var h = Harness()
        let id = h.install(app(modes: [.fetch]), Self.fetcher(result, seconds: 2))
        h.post(.backgroundFetch, to: id)
        #expect(h.advance(seconds: 1.999).callbacks.isEmpty)
        let done = h.advance(seconds: 0.001)
        #expect(names(of: done) == ["fetchCompleted"])
        #expect(done.callbacks.first?.args["result"] == .string(result.rawValue))
        #expect(done.callbacks.first?.at == 2_000)
        #expect(h.app(id).work == nil)
    }

    @Test("§4 Background fetch with fetchResult manual: the app action completeFetch completes it")
    func manualFetch() {
        var h = Harness()
        let id = h.install(app(modes: [.fetch]), Self.fetcher(.manual))
        h.post(.backgroundFetch, to: id)
        #expect(h.advance(seconds: 20).callbacks.isEmpty)
        #expect(h.state(id) == .background)
        let done = h.post(.completeFetch(result: .noData), to: id)
        #expect(names(of: done) == ["fetchCompleted"])
        #expect(done.callbacks.first?.args["result"] == "noData")
        h.advance(seconds: 5)
        #expect(h.state(id) == .suspended)
        let again = h.reject(.completeFetch(result: .newData), to: id)
        #expect(again.kind == .notAllowed)
    }

    @Test("§4 Background fetch not completed within 30 s → the app is killed (watchdog)")
    func fetchWatchdog() {
        var h = Harness()
        let id = h.install(app(modes: [.fetch]), Self.fetcher(.manual))
        h.post(.backgroundFetch, to: id)
        #expect(h.advance(seconds: 29.999).callbacks.isEmpty)
        let killed = h.advance(seconds: 0.001)
        #expect(names(of: killed) == ["killed"])
        #expect(killReason(killed.callbacks)?.hasPrefix("watchdog") == true)
        #expect(killReason(killed.callbacks)?.contains("30 s") == true)
        #expect(killed.callbacks.first?.at == 30_000)
        #expect(h.state(id) == .notRunning)
    }

    @Test("§4 Background fetch needs the fetch mode, OS ≥ 7, minimumFetchInterval ≠ never and no force quit")
    func fetchPreconditions() {
        var h = Harness()
        let noMode = h.install(app("com.example.a"), Self.fetcher())
        #expect(h.reject(.backgroundFetch, to: noMode).kind == .unusable)

        let never = h.install(app("com.example.b", modes: [.fetch]))
        let rejection = h.reject(.backgroundFetch, to: never)
        #expect(rejection.kind == .notAllowed)
        #expect(rejection.reason.contains("never"))
        h.post(.launch, to: never)
        h.post(.setMinimumFetchInterval(.millis(3_600_000)), to: never)
        h.post(.home, to: never)
        #expect(names(of: h.post(.backgroundFetch, to: never)) == [Sel.performFetch])

        var old = Harness(os: "6.0")
        let oldApp = old.install(app(modes: [.fetch]), Self.fetcher())
        #expect(old.reject(.backgroundFetch, to: oldApp).kind == .unusable)
    }

    @Test("§4 Push to the active app: the push method with applicationState active")
    func pushToActiveApp() {
        var h = Harness()
        let id = h.install()
        h.post(.launch, to: id)
        let outcome = h.post(.push(payload: Payload.alert), to: id)
        #expect(names(of: outcome) == [Sel.remoteNotificationFetch])
        #expect(outcome.callbacks.first?.applicationState == .active)
        #expect(outcome.callbacks.first?.args["userInfo"] == Payload.alert)
    }

    @Test("§4 Silent push to a background/suspended/notRunning app with remote-notification: launch or wake → push method → completes like a fetch", arguments: [LifecycleState.notRunning, .background, .suspended])
    func silentPush(from state: LifecycleState) {
        var h = Harness()
        let id = h.install(app(modes: [.remoteNotification]), Self.fetcher(.manual))
        h.drive(id, to: state)
        let outcome = h.post(.push(payload: Payload.silent), to: id)
        #expect(names(of: outcome).last == Sel.remoteNotificationFetch)
        if state == .notRunning {
            #expect(names(of: outcome) == [Sel.willFinish, Sel.didFinish, Sel.didEnterBackground, Sel.remoteNotificationFetch])
        } else {
            #expect(names(of: outcome) == [Sel.remoteNotificationFetch])
        }
        #expect(h.state(id) == .background)
        // Completes like a fetch: with completeFetch, or the watchdog after 30 s.
        let start = h.now
        let killed = h.advance(seconds: 30)
        #expect(killReason(killed.callbacks)?.hasPrefix("watchdog") == true)
        #expect(record("killed", in: killed.callbacks)?.at == start + 30_000)
        #expect(h.state(id) == .notRunning)
    }

    @Test("§4 Silent push completes by itself after fetchSeconds like a fetch, then the app is suspended (§5)")
    func silentPushCompletes() {
        var h = Harness()
        var behavior = Self.fetcher(.newData, seconds: 3)
        behavior.backgroundMillis = 0
        let id = h.install(app(modes: [.remoteNotification]), behavior)
        h.post(.push(payload: Payload.silent), to: id)
        #expect(h.advance(seconds: 2.999).callbacks.isEmpty)
        h.advance(seconds: 0.001 + 5)
        #expect(names(h.history(of: id)).suffix(2) == ["fetchCompleted", "suspended"])
        #expect(record("fetchCompleted", in: h.history(of: id))?.args["kind"] == "remoteNotification")
        #expect(h.state(id) == .suspended)
    }

    @Test("§4 Other pushes to a non-foreground app are only shown", arguments: [LifecycleState.notRunning, .background, .suspended])
    func pushOnlyShown(from state: LifecycleState) {
        var h = Harness()
        let id = h.install(app(modes: [.remoteNotification]))
        h.drive(id, to: state)
        let outcome = h.post(.push(payload: Payload.alert), to: id)
        #expect(outcome.callbacks.isEmpty)
        #expect(outcome.changes.isEmpty)
        #expect(h.state(id) == state)
        #expect(h.app(id).shownNotification == Payload.alert)
    }

    @Test("§4 Silent push without the remote-notification mode (or before 7.0) does not run the app")
    func silentPushWithoutMode() {
        var h = Harness()
        let id = h.install()
        let outcome = h.post(.push(payload: Payload.silent), to: id)
        #expect(outcome.callbacks.isEmpty)
        #expect(h.state(id) == .notRunning)
    }

    @Test("§4 tapNotification launches: willFinish with the payload in launchOptions → didFinish → push method (inactive) → didBecomeActive")
    func tapNotificationLaunches() {
        var h = Harness()
        let id = h.install()
        h.post(.push(payload: Payload.alert), to: id)
        let outcome = h.post(.tapNotification, to: id)
        #expect(names(of: outcome) == [Sel.willFinish, Sel.didFinish, Sel.remoteNotificationFetch, Sel.didBecomeActive])
        #expect(outcome.callbacks[0].args["launchOptions"]?["remoteNotification"] == Payload.alert)
        #expect(outcome.callbacks[2].applicationState == .inactive)
        #expect(outcome.callbacks[2].args["userInfo"] == Payload.alert)
        #expect(h.state(id) == .active)
        #expect(h.app(id).shownNotification == nil)
    }

    @Test("§4 tapNotification resumes: willEnterForeground → push method → didBecomeActive", arguments: [LifecycleState.background, .suspended])
    func tapNotificationResumes(from state: LifecycleState) {
        var h = Harness()
        let id = h.install()
        h.drive(id, to: state)
        h.post(.push(payload: Payload.alert), to: id)
        let outcome = h.post(.tapNotification, to: id)
        #expect(names(of: outcome) == [Sel.willEnterForeground, Sel.remoteNotificationFetch, Sel.didBecomeActive])
        #expect(h.state(id) == .active)
    }

    @Test("§4 tapNotification with no notification shown is refused")
    func tapWithoutNotification() {
        var h = Harness()
        let id = h.install()
        let rejection = h.reject(.tapNotification, to: id)
        #expect(rejection.kind == .notAllowed)
        #expect(rejection.allowedEvents.contains("launch"))
        #expect(!rejection.allowedEvents.contains("tapNotification"))
    }
}
