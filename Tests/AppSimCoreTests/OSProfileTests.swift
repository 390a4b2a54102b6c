@testable import AppSimCore
import Testing

/// LIFECYCLE.md §3: what changes with the device's OS version.
@Suite("§3 OS version profiles")
struct OSProfileTests {
    static func version(_ text: String) -> OSVersion { OSVersion(text)! }

    @Test("§3 < 4.0 no multitasking: leaving the foreground terminates (like exitsOnSuspend)", arguments: osVersions)
    func multitasking(os: String) {
        var h = Harness(os: os)
        let id = h.install()
        h.post(.launch, to: id)
        let home = h.post(.home, to: id)
        if Self.version(os) < OSVersion(4) {
            #expect(names(of: home) == [Sel.willResignActive, Sel.willTerminate])
            #expect(h.state(id) == .notRunning)
        } else {
            #expect(names(of: home) == [Sel.willResignActive, Sel.didEnterBackground])
            #expect(h.state(id) == .background)
        }
    }

    @Test("§3 < 4.0 no background events: no fetch, silent pushes are only shown, audio does not keep the app running")
    func noBackgroundEventsBefore4() {
        var h = Harness(os: "3.1")
        var behavior = AppBehavior()
        behavior.minimumFetchInterval = .millis(60_000)
        let id = h.install(app(modes: [.fetch, .remoteNotification, .audio]), behavior)
        let fetch = h.reject(.backgroundFetch, to: id)
        #expect(fetch.kind == .unusable)
        let push = h.post(.push(payload: ["aps": ["content-available": 1, "alert": "Synced"]]), to: id)
        #expect(push.callbacks.isEmpty)
        #expect(h.state(id) == .notRunning)
        h.post(.launch, to: id)
        h.post(.home, to: id)
        #expect(h.state(id) == .notRunning)
    }

    @Test("§3 < 4.0 no multitasking: answering a call terminates the app instead of backgrounding it")
    func answerCallBefore4() {
        var h = Harness(os: "3.1")
        let id = h.install()
        h.post(.launch, to: id)
        h.post(.incomingCall, to: id)
        let answer = h.post(.answerCall, to: id)
        #expect(names(of: answer) == [Sel.willTerminate])
        #expect(h.state(id) == .notRunning)
    }

    @Test("§3 URL method by version: 4.0–4.1 handleOpenURL, 4.2–8.x openURL:sourceApplication:annotation:, ≥ 9.0 openURL:options:", arguments: osVersions)
    func urlMethod(os: String) {
        var h = Harness(os: os)
        let id = h.install(app(schemes: ["notes"]))
        h.post(.launch, to: id)
        let outcome = h.post(.openURL(url: "notes://item/7", sourceApplication: "com.apple.mobilesafari"), to: id)
        let v = Self.version(os)
        let expected = v < OSVersion(4, 2) ? Sel.handleOpenURL : v < OSVersion(9) ? Sel.openURLSourceApplication : Sel.openURLOptions
        #expect(names(of: outcome) == [expected])
        let args = outcome.callbacks.first?.args
        #expect(args?["url"] == "notes://item/7")
        if expected == Sel.openURLSourceApplication {
            #expect(args?["sourceApplication"] == "com.apple.mobilesafari")
        }
        if expected == Sel.openURLOptions {
            #expect(args?["options"]?["UIApplicationOpenURLOptionsSourceApplicationKey"] == "com.apple.mobilesafari")
        }
    }

    @Test("§3 push method by version: ≥ 7.0 didReceiveRemoteNotification:fetchCompletionHandler:, before didReceiveRemoteNotification:", arguments: osVersions)
    func pushMethod(os: String) {
        var h = Harness(os: os)
        let id = h.install()
        h.post(.launch, to: id)
        let outcome = h.post(.push(payload: Payload.alert), to: id)
        let expected = Self.version(os) >= OSVersion(7) ? Sel.remoteNotificationFetch : Sel.remoteNotification
        #expect(names(of: outcome) == [expected])
        #expect(outcome.callbacks.first?.args["userInfo"] == Payload.alert)
        #expect(outcome.callbacks.first?.applicationState == .active)
    }

    @Test("§3 lock by version: < 5.0 resign only (stays inactive); 5.0–6.x enters background reading inactive; ≥ 7.0 background", arguments: osVersions)
    func lock(os: String) {
        var h = Harness(os: os)
        let id = h.install()
        h.post(.launch, to: id)
        let lock = h.post(.lock)
        let v = Self.version(os)
        if v < OSVersion(5) {
            #expect(names(of: lock) == [Sel.willResignActive])
            #expect(h.state(id) == .inactive)
            #expect(h.sim.applicationState(of: id) == .inactive)
            let unlock = h.post(.unlock)
            #expect(names(of: unlock) == [Sel.didBecomeActive])
        } else {
            #expect(names(of: lock) == [Sel.willResignActive, Sel.didEnterBackground])
            #expect(h.state(id) == .background)
            let reads: ApplicationState = v < OSVersion(7) ? .inactive : .background
            #expect(h.sim.applicationState(of: id) == reads)
            #expect(record(Sel.didEnterBackground, in: lock.callbacks)?.applicationState == reads)
            let unlock = h.post(.unlock)
            #expect(names(of: unlock) == [Sel.willEnterForeground, Sel.didBecomeActive])
        }
        #expect(h.state(id) == .active)
        #expect(h.sim.applicationState(of: id) == .active)
    }

    @Test("§3 < 5.0 banners are alerts: a push shown for another app makes the active app inactive; ≥ 5.0 no state change", arguments: osVersions)
    func banners(os: String) {
        var h = Harness(os: os)
        let front = h.install(app("com.example.notes"))
        let other = h.install(app("com.example.mail"))
        h.post(.launch, to: front)
        let push = h.post(.push(payload: Payload.alert), to: other)
        if Self.version(os) < OSVersion(5) {
            #expect(names(of: push, for: front) == [Sel.willResignActive])
            #expect(h.state(front) == .inactive)
            let dismiss = h.post(.dismissAlert, to: front)
            #expect(names(of: dismiss) == [Sel.didBecomeActive])
        } else {
            #expect(push.changes.isEmpty)
            #expect(push.callbacks.isEmpty)
        }
        #expect(h.state(front) == .active)
        #expect(h.state(other) == .notRunning)
        #expect(h.app(other).shownNotification == Payload.alert)
    }

    @Test("§3 background task time by version: < 7.0 600 s, 7.0–12.x 180 s, ≥ 13.0 30 s", arguments: osVersions)
    func backgroundTaskTime(os: String) {
        let v = Self.version(os)
        let seconds: Double = v < OSVersion(7) ? 600 : v < OSVersion(13) ? 180 : 30
        var h = Harness(os: os)
        #expect(h.sim.device.backgroundTaskMillis == Int64(seconds * 1000))
        guard v.hasMultitasking else { return }
        var behavior = AppBehavior()
        behavior.backgroundTaskMillis = 3_600_000
        let id = h.install(app(), behavior)
        h.post(.launch, to: id)
        h.post(.home, to: id)
        #expect(h.backgroundTimeRemaining(id) == Int64(seconds * 1000))
        let before = h.advance(seconds: seconds - 0.001)
        #expect(!names(of: before).contains("backgroundTaskExpired"))
        #expect(h.backgroundTimeRemaining(id) == 1)
        let at = h.advance(seconds: 0.001)
        #expect(names(of: at) == ["backgroundTaskExpired", "suspended"])
    }

    @Test("§3 device limits.backgroundTaskSeconds overrides the OS's background task time")
    func backgroundTaskTimeOverride() throws {
        var limits = DeviceLimits()
        limits.backgroundTaskMillis = 45_000
        var h = Harness(os: "17.0", limits: limits)
        #expect(h.sim.device.backgroundTaskMillis == 45_000)
        let id = h.install()
        h.post(.launch, to: id)
        h.post(.beginBackgroundTask(name: "upload"), to: id)
        h.post(.home, to: id)
        #expect(h.backgroundTimeRemaining(id) == 45_000)
        #expect(!names(of: h.advance(seconds: 44)).contains("backgroundTaskExpired"))
        #expect(names(of: h.advance(seconds: 1)).contains("backgroundTaskExpired"))
    }

    @Test("§3 ≥ 6.0 state preservation and restoration exist", arguments: osVersions)
    func restorationByVersion(os: String) {
        var h = Harness(os: os)
        let id = h.install(app(restoration: true))
        h.post(.launch, to: id)
        h.post(.edit(memory: nil, ui: ["screen": "editor"]), to: id)
        let home = h.post(.home, to: id)
        let v = Self.version(os)
        guard v.hasMultitasking else {
            #expect(!names(of: home).contains(Sel.shouldSave))
            #expect(h.app(id).restorationArchive == nil)
            return
        }
        h.advance(seconds: 5)
        h.post(.terminate, to: id)
        let launch = h.post(.launch, to: id)
        if v >= OSVersion(6) {
            #expect(names(of: home).contains(Sel.shouldSave))
            #expect(names(of: launch) == [Sel.willFinish, Sel.shouldRestore, Sel.didDecode, Sel.didFinish, Sel.didBecomeActive])
            #expect(h.app(id).memory["ui"] == ["screen": "editor"])
        } else {
            #expect(!names(of: home).contains(Sel.shouldSave))
            #expect(names(of: launch) == [Sel.willFinish, Sel.didFinish, Sel.didBecomeActive])
            #expect(h.app(id).memory["ui"] == nil)
        }
    }

    @Test("§3 ≥ 7.0 fetch and remote-notification background modes exist", arguments: osVersions)
    func fetchAndRemoteNotificationByVersion(os: String) {
        var h = Harness(os: os)
        var behavior = AppBehavior()
        behavior.minimumFetchInterval = .millis(60_000)
        let id = h.install(app(modes: [.fetch, .remoteNotification]), behavior)
        if Self.version(os) >= OSVersion(7) {
            let fetch = h.post(.backgroundFetch, to: id)
            #expect(names(of: fetch).last == Sel.performFetch)
            h.advance(seconds: 10)
            #expect(h.state(id) == .suspended)
            let push = h.post(.push(payload: Payload.silent), to: id)
            #expect(names(of: push) == [Sel.remoteNotificationFetch])
            #expect(h.state(id) == .background)
        } else {
            let fetch = h.reject(.backgroundFetch, to: id)
            #expect(fetch.kind == .unusable)
            #expect(!fetch.reason.isEmpty)
            let push = h.post(.push(payload: Payload.silent), to: id)
            #expect(push.callbacks.isEmpty)
            #expect(h.state(id) == .notRunning)
        }
    }
}
