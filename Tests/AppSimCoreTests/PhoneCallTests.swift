@testable import AppSimCore
import Testing

/// LIFECYCLE.md §4 "Interruptions" with several apps on the device: a call belongs to the app it came over.
@Suite("§4 Phone calls with several apps")
struct PhoneCallTests {
    /// A device with a suspended app, a background-running app (audio) and an active app the call comes over.
    struct Scene {
        var h = Harness()
        let suspended: String
        let playing: String
        let called: String

        init() {
            suspended = h.install(app("com.example.notes"))
            playing = h.install(app("com.example.radio", modes: [.audio]))
            called = h.install(app("com.example.mail"))
            h.drive(suspended, to: .suspended)
            h.drive(playing, to: .background)
            h.post(.launch, to: called)
            h.post(.incomingCall, to: called)
            h.post(.answerCall, to: called)
        }

        var states: [LifecycleState] { [suspended, playing, called].map { h.state($0) } }
    }

    @Test("§4 endCall returns the app that was foreground when the call came, and only it, with other apps installed and running")
    func endCallReturnsTheCalledApp() {
        var scene = Scene()
        #expect(scene.states == [.suspended, .background, .background])
        let end = scene.h.post(.endCall, to: scene.called)
        #expect(names(of: end) == [Sel.willEnterForeground, Sel.didBecomeActive])
        #expect(end.callbacks.allSatisfy { $0.instance == scene.called })
        #expect(end.changes == [StateChange(instance: scene.called, from: .background, to: .active)])
        #expect(scene.states == [.suspended, .background, .active])
        #expect(scene.h.sim.device.call == nil)
    }

    @Test("§4 endCall posted to an app the call did not come over is refused, and the call goes on")
    func endCallToAnotherAppRefused() {
        var scene = Scene()
        for other in [scene.suspended, scene.playing] {
            let rejection = scene.h.reject(.endCall, to: other)
            #expect(rejection.kind == .notAllowed)
            #expect(!rejection.allowedEvents.contains("endCall"))
        }
        #expect(scene.states == [.suspended, .background, .background])
        #expect(scene.h.sim.device.call == PhoneCall(instance: scene.called, answered: true))
        // The call still ends for the app it came over.
        let end = scene.h.post(.endCall, to: scene.called)
        #expect(names(of: end, for: scene.called) == [Sel.willEnterForeground, Sel.didBecomeActive])
    }

    @Test("§4 endCall after the called app was suspended during the call resumes it from suspended, delivering what was queued (§7)")
    func endCallAfterSuspension() {
        var scene = Scene()
        scene.h.advance(seconds: 5)
        #expect(scene.states == [.suspended, .background, .suspended])
        scene.h.post(.notification(DeviceNotification(kind: .orientation, value: ["value": "landscapeLeft"])))
        let end = scene.h.post(.endCall, to: scene.called)
        #expect(names(of: end) == [Sel.willEnterForeground, "UIDeviceOrientationDidChangeNotification", Sel.didBecomeActive])
        #expect(end.callbacks.allSatisfy { $0.instance == scene.called })
        #expect(scene.states == [.suspended, .background, .active])
    }

    @Test("§12 endCall returns the called app only if no app is in the foreground: an app the user opened during the call stays, and ending the call changes no app")
    func endCallWithAnotherAppInFront() {
        var scene = Scene()
        scene.h.post(.launch, to: scene.suspended)
        #expect(scene.states == [.active, .background, .background])
        let end = scene.h.post(.endCall, to: scene.called)
        #expect(end.callbacks.isEmpty)
        #expect(end.changes.isEmpty)
        #expect(scene.states == [.active, .background, .background])
        #expect(scene.h.sim.device.call == nil)
    }

    @Test("§4 a second call comes over the app in front then, and its endCall returns that app, not the first call's")
    func eachCallReturnsItsOwnApp() {
        var scene = Scene()
        scene.h.post(.endCall, to: scene.called)
        scene.h.post(.launch, to: scene.suspended)  // the user switches apps; mail leaves the foreground
        scene.h.post(.incomingCall, to: scene.suspended)
        scene.h.post(.answerCall, to: scene.suspended)
        #expect(scene.states == [.background, .background, .background])
        #expect(scene.h.reject(.endCall, to: scene.called).kind == .notAllowed)
        let end = scene.h.post(.endCall, to: scene.suspended)
        #expect(names(of: end) == [Sel.willEnterForeground, Sel.didBecomeActive])
        #expect(end.callbacks.allSatisfy { $0.instance == scene.suspended })
        #expect(scene.states == [.active, .background, .background])
    }

    @Test("§12 a call ringing when the device locks rings on the lock screen; unlocked without an answer it is missed: a new call can come, and unlock brings the app back")
    func lockWhileRinging() {
        var h = Harness()
        let app = h.install(app("com.example.mail"))
        h.post(.launch, to: app)
        h.post(.incomingCall, to: app)
        #expect(h.sim.device.call == PhoneCall(instance: app, answered: false))
        h.post(.lock)
        #expect(h.sim.device.call == PhoneCall(instance: app, answered: false))
        #expect(h.state(app) == .background)
        h.post(.unlock)
        #expect(h.state(app) == .active)
        #expect(h.reject(.answerCall, to: app).kind == .notAllowed)
        // The device is not stuck: a new call rings and can be declined.
        h.post(.incomingCall, to: app)
        #expect(h.sim.device.call == PhoneCall(instance: app, answered: false))
        h.post(.declineCall, to: app)
        #expect(h.sim.device.call == nil)
        #expect(h.state(app) == .active)
    }
}
