@testable import AppSimCore
import Testing

/// LIFECYCLE.md §4: Home, return to the foreground and interruptions.
@Suite("§4 Foreground and background")
struct ForegroundBackgroundTests {
    @Test("§4 Home (from active): willResignActive → didEnterBackground → background → suspended")
    func home() {
        var h = Harness()
        let id = h.install()
        h.post(.launch, to: id)
        let outcome = h.post(.home, to: id)
        #expect(names(of: outcome) == [Sel.willResignActive, Sel.didEnterBackground])
        #expect(outcome.callbacks.map(\.state) == [.inactive, .background])
        #expect(outcome.callbacks.map(\.applicationState) == [.active, .background])
        #expect(h.state(id) == .background)
        let later = h.advance(seconds: 5)
        #expect(names(of: later) == ["suspended"])
        #expect(later.callbacks.first?.kind == .system)
        #expect(h.state(id) == .suspended)
    }

    @Test("§4 Home with exitsOnSuspend: willResignActive → willTerminate → notRunning")
    func homeExitsOnSuspend() {
        var h = Harness()
        let id = h.install(app(exitsOnSuspend: true))
        h.post(.launch, to: id)
        h.post(.edit(memory: ["draft": "hello"], ui: nil), to: id)
        let outcome = h.post(.home, to: id)
        #expect(names(of: outcome) == [Sel.willResignActive, Sel.willTerminate])
        #expect(outcome.callbacks.allSatisfy { $0.kind == .delegate })
        #expect(h.state(id) == .notRunning)
        #expect(h.app(id).disk["draft"] == "hello")
    }

    @Test("§4 Home with OS < 4: willResignActive → willTerminate → notRunning")
    func homeBefore4() {
        var h = Harness(os: "3.1")
        let id = h.install()
        h.post(.launch, to: id)
        let outcome = h.post(.home, to: id)
        #expect(names(of: outcome) == [Sel.willResignActive, Sel.willTerminate])
        #expect(h.state(id) == .notRunning)
    }

    @Test("§4 Return to foreground (tap icon while background/suspended): willEnterForeground → didBecomeActive", arguments: [LifecycleState.background, .suspended])
    func returnToForeground(from state: LifecycleState) {
        var h = Harness()
        let id = h.install()
        h.drive(id, to: state)
        let outcome = h.post(.launch, to: id)
        #expect(names(of: outcome) == [Sel.willEnterForeground, Sel.didBecomeActive])
        #expect(outcome.callbacks.map(\.state) == [.inactive, .active])
        #expect(outcome.changes == [StateChange(instance: id, from: state, to: .active)])
        #expect(h.app(id).launchCount == 1)
    }

    @Test("§4 Interruptions (from active): incomingCall, alert, notificationCenter → willResignActive → inactive", arguments: [AppEvent.incomingCall, .alert, .notificationCenter])
    func interruption(event: AppEvent) {
        var h = Harness()
        let id = h.install()
        h.post(.launch, to: id)
        let outcome = h.post(event, to: id)
        #expect(names(of: outcome) == [Sel.willResignActive])
        #expect(h.state(id) == .inactive)
        #expect(h.sim.applicationState(of: id) == .inactive)
    }

    @Test("§4 declineCall, dismissAlert, dismissNotificationCenter → didBecomeActive", arguments: [
        (AppEvent.incomingCall, AppEvent.declineCall), (.alert, .dismissAlert), (.notificationCenter, .dismissNotificationCenter),
    ])
    func interruptionEnds(start: AppEvent, end: AppEvent) {
        var h = Harness()
        let id = h.install()
        h.post(.launch, to: id)
        h.post(start, to: id)
        let outcome = h.post(end, to: id)
        #expect(names(of: outcome) == [Sel.didBecomeActive])
        #expect(h.state(id) == .active)
    }

    @Test("§4 answerCall → didEnterBackground → background (then suspended); endCall → willEnterForeground → didBecomeActive")
    func answerAndEndCall() {
        var h = Harness()
        let id = h.install()
        h.post(.launch, to: id)
        h.post(.incomingCall, to: id)
        let answer = h.post(.answerCall, to: id)
        #expect(names(of: answer) == [Sel.didEnterBackground])
        #expect(h.state(id) == .background)
        h.advance(seconds: 5)
        #expect(h.state(id) == .suspended)
        let end = h.post(.endCall, to: id)
        #expect(names(of: end) == [Sel.willEnterForeground, Sel.didBecomeActive])
        #expect(h.state(id) == .active)
    }

    @Test("§4 answerCall with exitsOnSuspend: the app leaves the foreground by terminating")
    func answerCallExitsOnSuspend() {
        var h = Harness()
        let id = h.install(app(exitsOnSuspend: true))
        h.post(.launch, to: id)
        h.post(.incomingCall, to: id)
        let answer = h.post(.answerCall, to: id)
        #expect(names(of: answer) == [Sel.willTerminate])
        #expect(h.state(id) == .notRunning)
    }

    @Test("§4 A banner (push with an alert while active) changes no state on OS ≥ 5")
    func bannerWhileActive() {
        var h = Harness(os: "17.0")
        let id = h.install()
        h.post(.launch, to: id)
        let outcome = h.post(.push(payload: Payload.alert), to: id)
        #expect(outcome.changes.isEmpty)
        #expect(names(of: outcome) == [Sel.remoteNotificationFetch])
        #expect(h.state(id) == .active)
    }
}
