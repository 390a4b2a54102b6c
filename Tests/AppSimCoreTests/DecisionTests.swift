@testable import AppSimCore
import AppSimJSON
import Testing

/// LIFECYCLE.md §12: the decisions on points the guides leave open, one test per decision.
@Suite("§12 Decisions")
struct DecisionTests {
    @Test("§12 the suspend delay counts from the event that moved the app to the background, whatever backgroundSeconds is; all of an event's callbacks carry the event's time")
    func suspendDelayCountsFromTheEvent() {
        var h = Harness()
        var slow = AppBehavior()
        slow.backgroundMillis = 4_000
        let id = h.install(app(), slow)
        h.post(.launch, to: id)
        h.advance(seconds: 10)
        let home = h.post(.home, to: id)
        #expect(home.callbacks.allSatisfy { $0.at == 10_000 })
        h.advance(seconds: 4.999)
        #expect(h.state(id) == .background)
        let due = h.advance(seconds: 0.001)
        #expect(names(of: due) == ["suspended"])
        #expect(due.callbacks.first?.at == 15_000)
    }

    @Test("§12 only a running app gets callbacks: at unlock, an app suspended while locked gets its protected-data notification queued, right after applicationWillEnterForeground:")
    func protectedDataAfterUnlockIsQueuedForASuspendedApp() {
        var h = Harness()
        let id = h.install(app(dataProtection: true))
        h.post(.launch, to: id)
        h.post(.lock)
        h.advance(seconds: 5)
        #expect(h.state(id) == .suspended)
        let unlock = h.post(.unlock)
        #expect(names(of: unlock) == [Sel.willEnterForeground, Sel.protectedDidBecomeAvailable, Sel.didBecomeActive])
        #expect(h.history.allSatisfy { $0.kind == .system || $0.state != .suspended })
        // Unlocked within the suspend delay, the app still runs and hears it first, as §4 orders it.
        h.post(.lock)
        let early = h.post(.unlock)
        #expect(names(of: early) == [Sel.protectedDidBecomeAvailable, Sel.willEnterForeground, Sel.didBecomeActive])
    }

    @Test("§12 passcode false: a device without a passcode has no protected-data callbacks")
    func noPasscodeNoProtectedData() {
        var h = Harness()
        var device = h.sim.device
        device.passcode = false
        h.sim = DeviceSimulation(device: device)
        let id = h.install(app(dataProtection: true))
        let other = h.install(app("com.example.mail", modes: [.audio], dataProtection: true))
        h.post(.launch, to: other)
        h.post(.launch, to: id)
        let lock = h.post(.lock)
        let unlock = h.post(.unlock)
        let all = names(of: lock) + names(of: unlock)
        #expect(!all.contains(Sel.protectedWillBecomeUnavailable))
        #expect(!all.contains(Sel.protectedDidBecomeAvailable))
        #expect(names(of: lock, for: id) == [Sel.willResignActive, Sel.didEnterBackground])
    }

    @Test("§12 timeChange gives a running app applicationSignificantTimeChange: with its notification; the other device notifications are kind notification")
    func timeChangeIsADelegateCallback() {
        var h = Harness()
        let id = h.install()
        h.post(.launch, to: id)
        let change = h.post(.notification(DeviceNotification(kind: .timeChange, value: [:])))
        #expect(change.callbacks.map(\.name) == ["applicationSignificantTimeChange:"])
        #expect(change.callbacks.first?.kind == .delegate)
        #expect(change.callbacks.first?.notification == "UIApplicationSignificantTimeChangeNotification")
        let turn = h.post(.notification(DeviceNotification(kind: .orientation, value: ["value": "landscapeLeft"])))
        #expect(turn.callbacks.map(\.kind) == [.notification])
    }

    @Test("§12 endCall returns the app that was foreground when the call came when no app is in the foreground then")
    func endCallReturnsTheCalledApp() {
        var h = Harness()
        let id = h.install()
        h.post(.launch, to: id)
        h.post(.incomingCall, to: id)
        h.post(.answerCall, to: id)
        let end = h.post(.endCall, to: id)
        #expect(names(of: end) == [Sel.willEnterForeground, Sel.didBecomeActive])
        #expect(h.state(id) == .active)
    }

    @Test("§12 bringing an app to the foreground ends its fetch or silent-push deadline: a foreground app is never killed for it", arguments: ["fetch", "silentPush"])
    func foregroundEndsTheWorkDeadline(_ work: String) {
        var h = Harness()
        var manual = AppBehavior()
        manual.fetchResult = .manual
        manual.minimumFetchInterval = .millis(60_000)
        let id = h.install(app(modes: [.fetch, .remoteNotification]), manual)
        if work == "fetch" { h.post(.backgroundFetch, to: id) } else { h.post(.push(payload: Payload.silent), to: id) }
        #expect(h.app(id).work != nil)
        h.advance(seconds: 10)
        h.post(.launch, to: id)
        let later = h.advance(seconds: 60)
        #expect(!names(of: later).contains("killed"))
        #expect(h.state(id) == .active)
        // The completion handler can still be called.
        let done = h.post(.completeFetch(result: .newData), to: id)
        #expect(names(of: done) == ["fetchCompleted"])
    }

    @Test("§12 while the device is locked, launch, home, openURL and tapNotification are refused (409) naming unlock; a call can still be answered or declined")
    func lockedDeviceRefusesWhatNeedsTheUser() {
        var h = Harness(os: "4.3")  // before 5.0 a locked app stays in the foreground, where Home would apply
        let id = h.install(app(schemes: ["notes"]))
        let other = h.install(app("com.example.mail"))
        h.post(.launch, to: id)
        h.post(.push(payload: Payload.alert), to: other)
        h.post(.lock)
        let refusals = [
            h.reject(.launch, to: other), h.reject(.home, to: id), h.reject(.openURL(url: "notes://1", sourceApplication: nil), to: id),
            h.reject(.tapNotification, to: other),
        ]
        for rejection in refusals {
            #expect(rejection.kind == .notAllowed)
            #expect(rejection.reason.contains("unlock"))
            #expect(rejection.allowedEvents.contains("unlock"))
        }
        var ringing = Harness()
        let called = ringing.install()
        ringing.post(.launch, to: called)
        ringing.post(.incomingCall, to: called)
        ringing.post(.lock)
        ringing.post(.answerCall, to: called)
        var declined = Harness()
        let caller = declined.install()
        declined.post(.launch, to: caller)
        declined.post(.incomingCall, to: caller)
        declined.post(.lock)
        declined.post(.declineCall, to: caller)
    }

    @Test("§12 a crash other than during launch, and every termination by the system, keep the restoration archive and restore it at the next launch", arguments: ["crash", "terminate", "jetsam", "watchdog"])
    func systemEndingsKeepTheArchive(_ ending: String) {
        var h = Harness()
        var behavior = AppBehavior()
        if ending == "watchdog" {
            behavior.backgroundTaskMillis = 60_000
            behavior.endsTaskOnExpiration = false
        }
        let id = h.install(app(restoration: true), behavior)
        h.post(.launch, to: id)
        h.post(.edit(memory: nil, ui: ["screen": "editor"]), to: id)
        h.post(.home, to: id)
        switch ending {
        case "crash": h.post(.crash(duringLaunch: false), to: id)
        case "terminate": h.post(.terminate, to: id)
        case "jetsam": h.advance(seconds: 5); h.post(.memoryPressure(freeMB: nil))
        default: h.advance(seconds: 31)
        }
        #expect(h.state(id) == .notRunning)
        #expect(h.app(id).restorationArchive == ["screen": "editor"])
        let launch = h.post(.launch, to: id)
        #expect(names(of: launch) == [Sel.willFinish, Sel.shouldRestore, Sel.didDecode, Sel.didFinish, Sel.didBecomeActive])
        #expect(h.app(id).memory["ui"] == ["screen": "editor"])
    }

    @Test("§12 iOS < 5.0: a push to the app that is itself in the foreground is delivered to it, never shown as an alert")
    func oldPushToForegroundAppIsDelivered() {
        var h = Harness(os: "4.3")
        let id = h.install()
        h.post(.launch, to: id)
        let push = h.post(.push(payload: Payload.alert), to: id)
        #expect(names(of: push) == [Sel.remoteNotification])
        #expect(push.pushDelivery == .delivered)
        #expect(h.state(id) == .active)
        #expect(h.app(id).shownNotification == nil)
    }

    @Test("§12 what became of a push: delivered, launched, woken, shown, or dropped with the reason")
    func pushDelivery() {
        var h = Harness()
        let syncing = h.install(app("com.example.sync", modes: [.remoteNotification]))
        let plain = h.install(app("com.example.plain"))
        #expect(h.post(.push(payload: Payload.silent), to: syncing).pushDelivery == .launched)
        h.advance(seconds: 10)
        #expect(h.state(syncing) == .suspended)
        #expect(h.post(.push(payload: Payload.silent), to: syncing).pushDelivery == .woken)
        #expect(h.post(.push(payload: Payload.alert), to: plain).pushDelivery == .shown)
        let dropped = h.post(.push(payload: Payload.silent), to: plain)
        guard case .dropped(let reason) = dropped.pushDelivery else {
            Issue.record("a silent push to an app without remote-notification was not dropped: \(String(describing: dropped.pushDelivery))")
            return
        }
        #expect(reason.contains("remote-notification"))
        #expect(dropped.callbacks.isEmpty)
        h.post(.launch, to: plain)
        #expect(h.post(.push(payload: Payload.alert), to: plain).pushDelivery == .delivered)
    }

    @Test("§12 a launch or resume that still does not fit in memory happens anyway, and the foreground app gets applicationDidReceiveMemoryWarning:")
    func overcommittedLaunchWarnsTheForegroundApp() {
        var h = Harness(memoryMB: 500)
        let big = h.install(app("com.example.big", memoryMB: 600))
        let launch = h.post(.launch, to: big)
        #expect(names(of: launch) == [Sel.willFinish, Sel.didFinish, Sel.didBecomeActive, Sel.memoryWarning])
        #expect(h.state(big) == .active)
        h.post(.home, to: big)
        h.advance(seconds: 5)
        let resume = h.post(.launch, to: big)
        #expect(names(of: resume).last == Sel.memoryWarning)
        // One that fits is not warned.
        var roomy = Harness(memoryMB: 1_000)
        let small = roomy.install(app("com.example.small", memoryMB: 600))
        #expect(!names(of: roomy.post(.launch, to: small)).contains(Sel.memoryWarning))
    }

    @Test("§12 allowedEvents lists only what would be accepted now: not push in the reply that refused a silent push")
    func allowedEventsAfterARefusedSilentPush() {
        var h = Harness()
        var manual = AppBehavior()
        manual.fetchResult = .manual
        let id = h.install(app(modes: [.remoteNotification]), manual)
        h.post(.push(payload: Payload.silent), to: id)
        let refused = h.reject(.app(.push(payload: Payload.silent)), to: id)
        #expect(!refused.allowedEvents.contains("push"))
        #expect(refused.allowedEvents.contains("completeFetch"))
    }

    @Test("§12 a background task of behavior that ends on its own leaves a system record")
    func behaviorTaskEndLeavesARecord() {
        var h = Harness()
        var behavior = AppBehavior()
        behavior.backgroundTaskMillis = 3_000
        let id = h.install(app(), behavior)
        h.post(.launch, to: id)
        h.post(.home, to: id)
        let ended = h.advance(seconds: 3)
        #expect(names(of: ended) == ["backgroundTaskEnded"])
        #expect(ended.callbacks.first?.kind == .system)
        #expect(ended.callbacks.first?.args["tasks"]?.arrayValue?.first?["name"] == "behavior.backgroundTaskSeconds")
    }

    @Test("§12 restorationArchive is null until there is UI state to keep")
    func archiveOnlyWithUIState() {
        var h = Harness()
        let id = h.install(app(restoration: true))
        h.post(.launch, to: id)
        h.post(.home, to: id)
        #expect(h.history(of: id).map(\.name).contains(Sel.willEncode))
        #expect(h.app(id).restorationArchive == nil)
        h.post(.launch, to: id)
        h.post(.edit(memory: nil, ui: ["tab": 2]), to: id)
        h.post(.home, to: id)
        #expect(h.app(id).restorationArchive == ["tab": 2])
    }
}
