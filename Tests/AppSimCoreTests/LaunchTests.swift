@testable import AppSimCore
import Testing

/// LIFECYCLE.md §4: launches and URLs.
@Suite("§4 Launches")
struct LaunchTests {
    @Test("§4 Foreground launch: willFinish → didFinish → didBecomeActive")
    func foregroundLaunch() {
        var h = Harness()
        let id = h.install()
        let outcome = h.post(.launch, to: id)
        #expect(names(of: outcome) == [Sel.willFinish, Sel.didFinish, Sel.didBecomeActive])
        #expect(outcome.callbacks.map(\.state) == [.inactive, .inactive, .active])
        #expect(outcome.callbacks.map(\.applicationState) == [.inactive, .inactive, .active])
        #expect(outcome.callbacks.allSatisfy { $0.kind == .delegate && $0.instance == id })
        #expect(outcome.changes == [StateChange(instance: id, from: .notRunning, to: .active)])
        #expect(h.state(id) == .active)
        #expect(h.app(id).launchCount == 1)
    }

    @Test("§4 each callback names the UIApplication notification posted with it")
    func notificationsNamed() {
        var h = Harness()
        let id = h.install()
        let launch = h.post(.launch, to: id)
        let home = h.post(.home, to: id)
        let back = h.post(.launch, to: id)
        let byName = Dictionary((launch.callbacks + home.callbacks + back.callbacks).map { ($0.name, $0.notification) }) { a, _ in a }
        #expect(byName[Sel.willFinish] == .some(nil))
        #expect(byName[Sel.didFinish] == "UIApplicationDidFinishLaunchingNotification")
        #expect(byName[Sel.didBecomeActive] == "UIApplicationDidBecomeActiveNotification")
        #expect(byName[Sel.willResignActive] == "UIApplicationWillResignActiveNotification")
        #expect(byName[Sel.didEnterBackground] == "UIApplicationDidEnterBackgroundNotification")
        #expect(byName[Sel.willEnterForeground] == "UIApplicationWillEnterForegroundNotification")
        let terminate = h.post(.terminate, to: id)
        #expect(record(Sel.willTerminate, in: terminate.callbacks)?.notification == "UIApplicationWillTerminateNotification")
    }

    @Test("§4 callback seq increases by one per instance with no gaps, and each names its event")
    func sequenceNumbers() {
        var h = Harness()
        let a = h.install(app("com.example.notes"))
        let b = h.install(app("com.example.mail"))
        h.post(.launch, to: a)
        let bLaunch = h.post(.launch, to: b)
        h.post(.home, to: b)
        h.advance(seconds: 6)
        for id in [a, b] {
            let seqs = h.history(of: id).map(\.seq)
            #expect(seqs == Array(1...Int64(seqs.count)))
        }
        #expect(bLaunch.callbacks.allSatisfy { $0.event == bLaunch.event.seq })
    }

    @Test("§4 Background launch: willFinish → didFinish (applicationState background) → didEnterBackground → the event's callback → suspended when its work ends")
    func backgroundLaunch() {
        var h = Harness()
        var behavior = AppBehavior()
        behavior.minimumFetchInterval = .millis(900_000)
        behavior.backgroundMillis = 0
        let id = h.install(app(modes: [.fetch]), behavior)
        let outcome = h.post(.backgroundFetch, to: id)
        #expect(names(of: outcome) == [Sel.willFinish, Sel.didFinish, Sel.didEnterBackground, Sel.performFetch])
        #expect(outcome.callbacks.prefix(2).allSatisfy { $0.applicationState == .background && $0.state == .background })
        #expect(outcome.changes == [StateChange(instance: id, from: .notRunning, to: .background)])
        #expect(h.state(id) == .background)

        // Still running while the fetch works; suspended once it has ended and the suspend delay (§5) has passed.
        #expect(h.advance(seconds: 0.999).callbacks.isEmpty)
        #expect(h.state(id) == .background)
        h.advance(seconds: 0.001 + 5)
        #expect(names(h.history(of: id)).suffix(2) == ["fetchCompleted", "suspended"])
        #expect(record("fetchCompleted", in: h.history(of: id))?.args["result"] == "newData")
        #expect(h.state(id) == .suspended)
    }

    @Test("§4 Background launch for a silent push: willFinish (payload in launchOptions) → didFinish → didEnterBackground → push method")
    func backgroundLaunchForSilentPush() {
        var h = Harness()
        let id = h.install(app(modes: [.remoteNotification]))
        let outcome = h.post(.push(payload: Payload.silent), to: id)
        #expect(names(of: outcome) == [Sel.willFinish, Sel.didFinish, Sel.didEnterBackground, Sel.remoteNotificationFetch])
        #expect(outcome.callbacks.first?.args["launchOptions"]?["remoteNotification"] == Payload.silent)
        #expect(outcome.callbacks.last?.args["userInfo"] == Payload.silent)
        #expect(outcome.callbacks.last?.applicationState == .background)
        #expect(h.state(id) == .background)
    }

    @Test("§4 URL launch: willFinish → didFinish (launchOptions carry the URL and source app) → URL method → didBecomeActive")
    func urlLaunch() {
        var h = Harness()
        let id = h.install(app(schemes: ["notes"]))
        let outcome = h.post(.openURL(url: "notes://item/1", sourceApplication: "com.apple.mobilesafari"), to: id)
        #expect(names(of: outcome) == [Sel.willFinish, Sel.didFinish, Sel.openURLOptions, Sel.didBecomeActive])
        for name in [Sel.willFinish, Sel.didFinish] {
            let options = record(name, in: outcome.callbacks)?.args["launchOptions"]
            #expect(options?["url"] == "notes://item/1")
            #expect(options?["sourceApplication"] == "com.apple.mobilesafari")
        }
        #expect(record(Sel.openURLOptions, in: outcome.callbacks)?.args["url"] == "notes://item/1")
        #expect(h.state(id) == .active)
    }

    @Test("§4 URL launch: if the launch methods return NO (opensURLs false), the URL method is not called")
    func urlLaunchDeclined() {
        var h = Harness()
        var behavior = AppBehavior()
        behavior.opensURLs = false
        let id = h.install(app(schemes: ["notes"]), behavior)
        let outcome = h.post(.openURL(url: "notes://item/1", sourceApplication: nil), to: id)
        #expect(names(of: outcome) == [Sel.willFinish, Sel.didFinish, Sel.didBecomeActive])
        #expect(record(Sel.didFinish, in: outcome.callbacks)?.args["launchOptions"]?["url"] == "notes://item/1")
        #expect(h.state(id) == .active)
    }

    @Test("§4 URL to a background/suspended app: willEnterForeground → URL method → didBecomeActive", arguments: [LifecycleState.background, .suspended])
    func urlToBackgroundApp(from state: LifecycleState) {
        var h = Harness()
        let id = h.install(app(schemes: ["notes"]))
        h.drive(id, to: state)
        let outcome = h.post(.openURL(url: "notes://item/2", sourceApplication: nil), to: id)
        #expect(names(of: outcome) == [Sel.willEnterForeground, Sel.openURLOptions, Sel.didBecomeActive])
        #expect(outcome.changes == [StateChange(instance: id, from: state, to: .active)])
        #expect(h.app(id).launchCount == 1)
    }

    @Test("§4 a URL with a scheme the app does not declare is unusable (422) and changes nothing")
    func undeclaredScheme() {
        var h = Harness()
        let id = h.install(app(schemes: ["notes"]))
        let before = h.sim.instances
        let rejection = h.reject(.openURL(url: "mail://x", sourceApplication: nil), to: id)
        #expect(rejection.kind == .unusable)
        #expect(rejection.reason.contains("mail"))
        #expect(h.sim.instances == before)
    }
}
