@testable import AppSimCore
import Testing

/// LIFECYCLE.md §4 "Lock" (device events lock and unlock).
@Suite("§4 Lock")
struct LockTests {
    @Test("§4 Lock (device): foreground app: willResignActive → didEnterBackground; Unlock: willEnterForeground → didBecomeActive")
    func lockAndUnlock() {
        var h = Harness()
        let id = h.install()
        h.post(.launch, to: id)
        let lock = h.post(.lock)
        #expect(names(of: lock) == [Sel.willResignActive, Sel.didEnterBackground])
        #expect(h.state(id) == .background)
        #expect(h.sim.device.locked)
        let unlock = h.post(.unlock)
        #expect(names(of: unlock) == [Sel.willEnterForeground, Sel.didBecomeActive])
        #expect(h.state(id) == .active)
        #expect(!h.sim.device.locked)
    }

    @Test("§4 Lock with dataProtection: willResignActive → applicationProtectedDataWillBecomeUnavailable: → didEnterBackground; Unlock: applicationProtectedDataDidBecomeAvailable: → willEnterForeground → didBecomeActive")
    func lockWithDataProtection() {
        var h = Harness()
        let id = h.install(app(dataProtection: true))
        h.post(.launch, to: id)
        let lock = h.post(.lock)
        #expect(names(of: lock) == [Sel.willResignActive, Sel.protectedWillBecomeUnavailable, Sel.didEnterBackground])
        #expect(record(Sel.protectedWillBecomeUnavailable, in: lock.callbacks)?.notification == "UIApplicationProtectedDataWillBecomeUnavailable")
        let unlock = h.post(.unlock)
        #expect(names(of: unlock) == [Sel.protectedDidBecomeAvailable, Sel.willEnterForeground, Sel.didBecomeActive])
        #expect(record(Sel.protectedDidBecomeAvailable, in: unlock.callbacks)?.notification == "UIApplicationProtectedDataDidBecomeAvailable")
        #expect(h.state(id) == .active)
    }

    @Test("§4 Unlock brings back the app that was foreground, even after it was suspended while locked")
    func unlockAfterSuspension() {
        var h = Harness()
        let id = h.install()
        h.post(.launch, to: id)
        h.post(.lock)
        h.advance(seconds: 60)
        #expect(h.state(id) == .suspended)
        let unlock = h.post(.unlock)
        #expect(names(of: unlock) == [Sel.willEnterForeground, Sel.didBecomeActive])
        #expect(h.state(id) == .active)
    }

    @Test("§4 Lock: background apps with dataProtection get the protected-data callbacks too; apps without it do not")
    func backgroundAppsWithDataProtection() {
        var h = Harness()
        let protected = h.install(app("com.example.vault", dataProtection: true))
        let plain = h.install(app("com.example.notes"))
        let front = h.install(app("com.example.mail"))
        for id in [protected, plain] {
            h.post(.launch, to: id)
            h.post(.beginBackgroundTask(name: "keep running"), to: id)
            h.post(.home, to: id)
        }
        h.post(.launch, to: front)
        let lock = h.post(.lock)
        #expect(names(of: lock, for: protected) == [Sel.protectedWillBecomeUnavailable])
        #expect(names(of: lock, for: plain) == [])
        let unlock = h.post(.unlock)
        #expect(names(of: unlock, for: protected) == [Sel.protectedDidBecomeAvailable])
        #expect(names(of: unlock, for: plain) == [])
        #expect(h.state(protected) == .background)
    }

    @Test("§4 Lock: a suspended app with dataProtection gets the protected-data callback queued, then delivered when it runs (§7)")
    func suspendedAppQueuesProtectedData() {
        var h = Harness()
        let id = h.install(app(dataProtection: true))
        h.drive(id, to: .suspended)
        let lock = h.post(.lock)
        #expect(lock.callbacks.isEmpty)
        #expect(h.app(id).pendingNotifications.map(\.name) == [Sel.protectedWillBecomeUnavailable])
        h.post(.unlock)
        // Coalesced: one pending per type, with the latest value.
        #expect(h.app(id).pendingNotifications.map(\.name) == [Sel.protectedDidBecomeAvailable])
        let launch = h.post(.launch, to: id)
        #expect(names(of: launch) == [Sel.willEnterForeground, Sel.protectedDidBecomeAvailable, Sel.didBecomeActive])
        #expect(h.app(id).pendingNotifications.isEmpty)
    }

    @Test("§4 Lock: the user cannot launch apps while the device is locked; lock twice is refused")
    func lockedDeviceRefuses() {
        var h = Harness()
        let id = h.install()
        h.post(.lock)
        let launch = h.reject(.launch, to: id)
        #expect(launch.kind == .notAllowed)
        #expect(launch.reason.contains("locked"))
        #expect(launch.allowedEvents.contains("push"))
        let again = h.reject(.lock)
        #expect(again.allowedEvents.contains("unlock"))
        #expect(!again.allowedEvents.contains("lock"))
    }
}

@Suite("§4 Lock with exitsOnSuspend")
struct LockExitsOnSuspendTests {
    @Test("§4 Lock (device) with exitsOnSuspend: the app exits as on Home: willResignActive → willTerminate; unlock leaves the home screen")
    func lockTerminatesExitOnSuspendApp() {
        var h = Harness()
        var info = AppInfo(bundleId: "com.example.legacy")
        info.exitsOnSuspend = true
        let id = h.install(info)
        h.post(.launch, to: id)
        let lock = h.post(.lock)
        #expect(names(of: lock) == [Sel.willResignActive, Sel.willTerminate])
        #expect(h.state(id) == .notRunning)
        let unlock = h.post(.unlock)
        #expect(unlock.callbacks.isEmpty)
        #expect(h.state(id) == .notRunning)
    }
}
