@testable import AppSimCore
import Testing

/// LIFECYCLE.md §5 "Watchdog limits (the App Programming Guide's values; device `limits` override)": each limit a
/// device is created with is the one the watchdog applies, both stricter and looser than the default.
@Suite("§5 Device limits override the watchdog")
struct DeviceLimitsTests {
    /// A harness whose device was created with the defaults but what `change` sets (a client sets them in
    /// `POST /v1/devices`, in seconds: reading and reporting them is tested with the API's request decoding).
    static func harness(_ change: (inout DeviceLimits) -> Void) -> Harness {
        var limits = DeviceLimits()
        change(&limits)
        return Harness(limits: limits)
    }

    static func behavior(_ change: (inout AppBehavior) -> Void) -> AppBehavior {
        var behavior = AppBehavior()
        change(&behavior)
        return behavior
    }

    @Test("§5 device limits.backgroundSeconds overrides the applicationDidEnterBackground: limit: stricter kills, looser lets the app live")
    func backgroundLimit() throws {
        var strict = Self.harness { $0.backgroundMillis = 1_000 }
        let slow = strict.install(app(), Self.behavior { $0.backgroundMillis = 2_000 })
        strict.post(.launch, to: slow)
        let home = strict.post(.home, to: slow)
        #expect(names(of: home) == [Sel.willResignActive, Sel.didEnterBackground, "killed"])
        #expect(killReason(home.callbacks) == "watchdog: applicationDidEnterBackground: took 2.0 s, limit 1 s")
        #expect(strict.state(slow) == .notRunning)

        var loose = Self.harness { $0.backgroundMillis = 10_000 }
        let slower = loose.install(app(), Self.behavior { $0.backgroundMillis = 6_000 })  // over the default 5 s
        loose.post(.launch, to: slower)
        let survived = loose.post(.home, to: slower)
        #expect(names(of: survived) == [Sel.willResignActive, Sel.didEnterBackground])
        #expect(loose.state(slower) == .background)
        loose.advance(seconds: 5)
        #expect(loose.state(slower) == .suspended)
    }

    @Test("§5 device limits.terminateSeconds overrides the applicationWillTerminate: limit: stricter kills before saving, looser saves")
    func terminateLimit() throws {
        var strict = Self.harness { $0.terminateMillis = 50 }
        let id = strict.install()  // terminate takes the default 0.1 s
        strict.post(.launch, to: id)
        strict.post(.edit(memory: ["draft": "unsaved"], ui: nil), to: id)
        let terminate = strict.post(.terminate, to: id)
        #expect(names(of: terminate) == [Sel.willTerminate, "killed"])
        #expect(killReason(terminate.callbacks) == "watchdog: applicationWillTerminate: took 0.1 s, limit 0.05 s")
        #expect(strict.app(id).disk.isEmpty)

        var loose = Self.harness { $0.terminateMillis = 10_000 }
        let slow = loose.install(app(), Self.behavior { $0.terminateMillis = 8_000 })  // over the default 5 s
        loose.post(.launch, to: slow)
        loose.post(.edit(memory: ["draft": "saved"], ui: nil), to: slow)
        let terminated = loose.post(.terminate, to: slow)
        #expect(names(of: terminated) == [Sel.willTerminate, "killed"])
        #expect(killReason(terminated.callbacks) == "terminate")
        #expect(loose.app(slow).disk == ["draft": "saved"])
    }

    @Test("§5 device limits.fetchSeconds overrides the fetch and silent push limit: stricter kills, looser lets the work complete")
    func fetchLimit() throws {
        let fetcher = app(modes: [.fetch, .remoteNotification])
        var strict = Self.harness { $0.fetchMillis = 10_000 }
        let slow = Self.behavior {
            $0.minimumFetchInterval = .millis(60_000)
            $0.fetchMillis = 15_000
        }
        let fetching = strict.install(fetcher, slow)
        strict.post(.backgroundFetch, to: fetching)
        let killed = strict.advance(seconds: 20)
        #expect(names(of: killed) == ["killed"])
        #expect(record("killed", in: killed.callbacks)?.at == 10_000)
        #expect(killReason(killed.callbacks) == "watchdog: background fetch not completed within 10 s")
        let pushed = strict.install(app("com.example.chat", modes: [.remoteNotification]), slow)
        strict.post(.push(payload: Payload.silent), to: pushed)
        let killedPush = strict.advance(seconds: 20)
        #expect(killReason(killedPush.callbacks) == "watchdog: silent push not completed within 10 s")
        #expect(strict.state(pushed) == .notRunning)

        var loose = Self.harness { $0.fetchMillis = 60_000 }
        let patient = loose.install(fetcher, Self.behavior {
            $0.minimumFetchInterval = .millis(60_000)
            $0.fetchMillis = 40_000  // over the default 30 s
        })
        loose.post(.backgroundFetch, to: patient)
        let completed = loose.advance(seconds: 42)
        #expect(names(of: completed) == ["fetchCompleted"])
        #expect(record("fetchCompleted", in: completed.callbacks)?.at == 40_000)
        #expect(loose.state(patient) == .background)
    }

    @Test("§5 device limits.launchSeconds applies to background launches too (a fetch from notRunning)")
    func launchLimitInBackgroundLaunch() throws {
        var h = Self.harness { $0.launchMillis = 1_000 }
        let id = h.install(app(modes: [.fetch]), Self.behavior {
            $0.minimumFetchInterval = .millis(60_000)
            $0.launchMillis = 2_000
        })
        let fetch = h.post(.backgroundFetch, to: id)
        #expect(names(of: fetch) == [Sel.willFinish, Sel.didFinish, "killed"])
        #expect(killReason(fetch.callbacks) == "watchdog: launch took 2.0 s, limit 1 s")
        #expect(h.state(id) == .notRunning)
    }
}
