@testable import AppSimCore
import Testing

/// LIFECYCLE.md §4: termination by the system, force quit, crash, reboot and memory warnings.
@Suite("§4 Ending apps")
struct TerminationTests {
    @Test("§4 Termination by the system: running (active/inactive/background) → applicationWillTerminate: → notRunning", arguments: [LifecycleState.active, .inactive, .background])
    func terminateRunning(from state: LifecycleState) {
        var h = Harness()
        let id = h.install()
        h.drive(id, to: state)
        let outcome = h.post(.terminate, to: id)
        #expect(outcome.callbacks.filter { $0.kind == .delegate }.map(\.name) == [Sel.willTerminate])
        #expect(killReason(outcome.callbacks) == "terminate")
        #expect(outcome.changes == [StateChange(instance: id, from: state, to: .notRunning)])
        #expect(h.state(id) == .notRunning)
    }

    @Test("§4 Termination by the system: suspended → notRunning, no callback")
    func terminateSuspended() {
        var h = Harness()
        let id = h.install()
        h.drive(id, to: .suspended)
        let outcome = h.post(.terminate, to: id)
        #expect(outcome.callbacks.allSatisfy { $0.kind == .system })
        #expect(names(of: outcome) == ["killed"])
        #expect(h.state(id) == .notRunning)
    }

    @Test("§4 Termination by the system: a kill of a running background app for memory → applicationWillTerminate:")
    func memoryKillOfBackgroundApp() {
        var h = Harness()
        let id = h.install(app(modes: [.audio]))
        h.drive(id, to: .background)
        let outcome = h.post(.memoryPressure(freeMB: 50))
        #expect(names(of: outcome) == [Sel.willTerminate, "killed"])
        #expect(killReason(outcome.callbacks) == "jetsam")
        #expect(h.state(id) == .notRunning)
    }

    @Test("§4 Force quit: suspended → no callback; deletes the restoration archive")
    func forceQuitSuspended() {
        var h = Harness()
        let id = h.install(app(restoration: true))
        h.drive(id, to: .active)
        h.post(.edit(memory: nil, ui: ["screen": "list"]), to: id)
        h.post(.home, to: id)
        h.advance(seconds: 5)
        #expect(h.app(id).restorationArchive == ["screen": "list"])
        let outcome = h.post(.forceQuit, to: id)
        #expect(outcome.callbacks.allSatisfy { $0.kind == .system })
        #expect(h.state(id) == .notRunning)
        #expect(h.app(id).restorationArchive == nil)
        #expect(h.app(id).forceQuit)
    }

    @Test("§4 Force quit: running in background → applicationWillTerminate:")
    func forceQuitBackground() {
        var h = Harness()
        let id = h.install()
        h.drive(id, to: .background)
        let outcome = h.post(.forceQuit, to: id)
        #expect(outcome.callbacks.filter { $0.kind == .delegate }.map(\.name) == [Sel.willTerminate])
        #expect(h.state(id) == .notRunning)
    }

    @Test("§4 Force quit: the app is not launched for silent pushes or fetches until the user launches it again")
    func forceQuitBlocksBackgroundLaunches() {
        var h = Harness()
        var behavior = AppBehavior()
        behavior.minimumFetchInterval = .millis(60_000)
        let id = h.install(app(modes: [.fetch, .remoteNotification]), behavior)
        h.drive(id, to: .suspended)
        h.post(.forceQuit, to: id)
        let fetch = h.reject(.backgroundFetch, to: id)
        #expect(fetch.kind == .notAllowed)
        #expect(fetch.reason.contains("force"))
        let push = h.post(.push(payload: Payload.silent), to: id)
        #expect(push.callbacks.isEmpty)
        #expect(h.state(id) == .notRunning)

        h.post(.launch, to: id)
        #expect(!h.app(id).forceQuit)
        h.post(.home, to: id)
        h.advance(seconds: 5)
        let again = h.post(.push(payload: Payload.silent), to: id)
        #expect(names(of: again) == [Sel.remoteNotificationFetch])
    }

    @Test("§4 Force quit: the mark is cleared when the device reboots")
    func rebootClearsForceQuit() {
        var h = Harness()
        var behavior = AppBehavior()
        behavior.minimumFetchInterval = .millis(60_000)
        let id = h.install(app(modes: [.fetch]), behavior)
        h.drive(id, to: .suspended)
        h.post(.forceQuit, to: id)
        _ = h.reject(.backgroundFetch, to: id)
        h.post(.reboot)
        #expect(!h.app(id).forceQuit)
        let fetch = h.post(.backgroundFetch, to: id)
        #expect(names(of: fetch).last == Sel.performFetch)
    }

    @Test("§4 Crash: notRunning at once, no callback", arguments: [LifecycleState.active, .inactive, .background, .suspended])
    func crash(from state: LifecycleState) {
        var h = Harness()
        let id = h.install()
        h.drive(id, to: state)
        let outcome = h.post(.crash(duringLaunch: false), to: id)
        #expect(outcome.callbacks.allSatisfy { $0.kind == .system })
        #expect(killReason(outcome.callbacks) == "crash")
        #expect(h.state(id) == .notRunning)
    }

    @Test("§4 Crash: a crash during launch deletes the restoration archive")
    func crashDuringLaunch() {
        var h = Harness()
        let id = h.install(app(restoration: true))
        h.drive(id, to: .active)
        h.post(.edit(memory: nil, ui: ["screen": "list"]), to: id)
        h.post(.home, to: id)
        h.post(.terminate, to: id)
        #expect(h.app(id).restorationArchive == ["screen": "list"])
        let outcome = h.post(.crash(duringLaunch: true), to: id)
        #expect(h.state(id) == .notRunning)
        #expect(names(of: outcome).last == "killed")
        #expect(h.app(id).restorationArchive == nil)
        let launch = h.post(.launch, to: id)
        #expect(names(of: launch) == [Sel.willFinish, Sel.didFinish, Sel.didBecomeActive])
    }

    @Test("§4 Reboot (device): every app → notRunning, no callback")
    func reboot() {
        var h = Harness()
        let a = h.install(app("com.example.notes"))
        let b = h.install(app("com.example.mail"))
        let c = h.install(app("com.example.music", modes: [.audio]))
        h.drive(a, to: .suspended)
        h.drive(c, to: .background)
        h.post(.launch, to: b)
        let outcome = h.post(.reboot)
        #expect(outcome.callbacks.allSatisfy { $0.kind == .system && $0.name == "killed" })
        #expect(Set(outcome.callbacks.map(\.instance)) == [a, b, c])
        #expect(h.sim.instances.allSatisfy { $0.state == .notRunning })
    }

    @Test("§4 Memory warning: every running (not suspended) app gets applicationDidReceiveMemoryWarning:")
    func memoryWarning() {
        var h = Harness()
        let suspended = h.install(app("com.example.notes"))
        let background = h.install(app("com.example.music", modes: [.audio]))
        let front = h.install(app("com.example.mail"))
        let idle = h.install(app("com.example.maps"))
        h.drive(suspended, to: .suspended)
        h.drive(background, to: .background)
        h.post(.launch, to: front)
        let outcome = h.post(.memoryWarning)
        #expect(Set(outcome.callbacks.map(\.instance)) == [background, front])
        #expect(outcome.callbacks.allSatisfy { $0.name == Sel.memoryWarning })
        #expect(record(Sel.memoryWarning, in: outcome.callbacks)?.notification == "UIApplicationDidReceiveMemoryWarningNotification")
        #expect(h.state(idle) == .notRunning)
        #expect(outcome.changes.isEmpty)
    }
}
