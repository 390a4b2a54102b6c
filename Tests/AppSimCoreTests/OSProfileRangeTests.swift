@testable import AppSimCore
import Testing

/// LIFECYCLE.md §3 sampled inside each version range and at its upper edge (the last release of the range, and the
/// last version that can be written before the next range), where OSProfileTests samples the lower edges.
@Suite("§3 OS version ranges: middles and upper edges")
struct OSProfileRangeTests {
    enum Lock: Sendable { case resignOnly, backgroundReadingInactive, background }

    /// What §3 says a version does, written out from the table for each sampled version.
    struct Profile: Sendable, CustomTestStringConvertible {
        var os: String
        var multitasking: Bool
        /// `nil` below 4.0, where the table names no URL method.
        var urlMethod: String?
        var lock: Lock
        var bannersAreAlerts: Bool
        var restoration: Bool
        var backgroundFetch: Bool
        var taskSeconds: Double

        var testDescription: String { "iOS \(os)" }
        /// §13.1: from 18.4 UIKit logs a runtime issue right after didFinishLaunching of an app without scenes.
        var launchIssue: [String] { OSVersion(os).map { $0 >= OSVersion(18, 4) } == true ? ["runtimeIssue"] : [] }
        var pushMethod: String { backgroundFetch ? Sel.remoteNotificationFetch : Sel.remoteNotification }
    }

    static let profiles: [Profile] = [
        // < 4.0
        Profile(os: "3.1.3", multitasking: false, urlMethod: nil, lock: .resignOnly, bannersAreAlerts: true, restoration: false, backgroundFetch: false, taskSeconds: 600),
        Profile(os: "3.2.2", multitasking: false, urlMethod: nil, lock: .resignOnly, bannersAreAlerts: true, restoration: false, backgroundFetch: false, taskSeconds: 600),
        Profile(os: "3.9999.9999", multitasking: false, urlMethod: nil, lock: .resignOnly, bannersAreAlerts: true, restoration: false, backgroundFetch: false, taskSeconds: 600),
        // 4.0–4.1
        Profile(os: "4.0.2", multitasking: true, urlMethod: Sel.handleOpenURL, lock: .resignOnly, bannersAreAlerts: true, restoration: false, backgroundFetch: false, taskSeconds: 600),
        Profile(os: "4.1", multitasking: true, urlMethod: Sel.handleOpenURL, lock: .resignOnly, bannersAreAlerts: true, restoration: false, backgroundFetch: false, taskSeconds: 600),
        Profile(os: "4.1.9999", multitasking: true, urlMethod: Sel.handleOpenURL, lock: .resignOnly, bannersAreAlerts: true, restoration: false, backgroundFetch: false, taskSeconds: 600),
        // 4.2–4.x (still < 5.0)
        Profile(os: "4.3.5", multitasking: true, urlMethod: Sel.openURLSourceApplication, lock: .resignOnly, bannersAreAlerts: true, restoration: false, backgroundFetch: false, taskSeconds: 600),
        Profile(os: "4.9999.9999", multitasking: true, urlMethod: Sel.openURLSourceApplication, lock: .resignOnly, bannersAreAlerts: true, restoration: false, backgroundFetch: false, taskSeconds: 600),
        // 5.0–5.x
        Profile(os: "5.1.1", multitasking: true, urlMethod: Sel.openURLSourceApplication, lock: .backgroundReadingInactive, bannersAreAlerts: false, restoration: false, backgroundFetch: false, taskSeconds: 600),
        Profile(os: "5.9999.9999", multitasking: true, urlMethod: Sel.openURLSourceApplication, lock: .backgroundReadingInactive, bannersAreAlerts: false, restoration: false, backgroundFetch: false, taskSeconds: 600),
        // 6.x
        Profile(os: "6.0.1", multitasking: true, urlMethod: Sel.openURLSourceApplication, lock: .backgroundReadingInactive, bannersAreAlerts: false, restoration: true, backgroundFetch: false, taskSeconds: 600),
        Profile(os: "6.1.6", multitasking: true, urlMethod: Sel.openURLSourceApplication, lock: .backgroundReadingInactive, bannersAreAlerts: false, restoration: true, backgroundFetch: false, taskSeconds: 600),
        Profile(os: "6.9999.9999", multitasking: true, urlMethod: Sel.openURLSourceApplication, lock: .backgroundReadingInactive, bannersAreAlerts: false, restoration: true, backgroundFetch: false, taskSeconds: 600),
        // 7.0–8.x
        Profile(os: "7.1.2", multitasking: true, urlMethod: Sel.openURLSourceApplication, lock: .background, bannersAreAlerts: false, restoration: true, backgroundFetch: true, taskSeconds: 180),
        Profile(os: "8.4.1", multitasking: true, urlMethod: Sel.openURLSourceApplication, lock: .background, bannersAreAlerts: false, restoration: true, backgroundFetch: true, taskSeconds: 180),
        Profile(os: "8.9999.9999", multitasking: true, urlMethod: Sel.openURLSourceApplication, lock: .background, bannersAreAlerts: false, restoration: true, backgroundFetch: true, taskSeconds: 180),
        // 9.0–12.x
        Profile(os: "10.3.4", multitasking: true, urlMethod: Sel.openURLOptions, lock: .background, bannersAreAlerts: false, restoration: true, backgroundFetch: true, taskSeconds: 180),
        Profile(os: "12.5.7", multitasking: true, urlMethod: Sel.openURLOptions, lock: .background, bannersAreAlerts: false, restoration: true, backgroundFetch: true, taskSeconds: 180),
        Profile(os: "12.9999.9999", multitasking: true, urlMethod: Sel.openURLOptions, lock: .background, bannersAreAlerts: false, restoration: true, backgroundFetch: true, taskSeconds: 180),
        // ≥ 13.0
        Profile(os: "15.8", multitasking: true, urlMethod: Sel.openURLOptions, lock: .background, bannersAreAlerts: false, restoration: true, backgroundFetch: true, taskSeconds: 30),
        Profile(os: "99.9999.9999", multitasking: true, urlMethod: Sel.openURLOptions, lock: .background, bannersAreAlerts: false, restoration: true, backgroundFetch: true, taskSeconds: 30),
    ]

    @Test("§3 < 4.0 no multitasking: Home terminates; from 4.0 it enters the background", arguments: profiles)
    func multitasking(_ profile: Profile) {
        var h = Harness(os: profile.os)
        let id = h.install()
        h.post(.launch, to: id)
        let home = h.post(.home, to: id)
        #expect(names(of: home) == (profile.multitasking ? [Sel.willResignActive, Sel.didEnterBackground] : [Sel.willResignActive, Sel.willTerminate]))
        #expect(h.state(id) == (profile.multitasking ? .background : .notRunning))
    }

    @Test("§3 the URL method: 4.0–4.1 handleOpenURL, 4.2–8.x openURL:sourceApplication:annotation:, ≥ 9.0 openURL:options:", arguments: profiles.filter { $0.urlMethod != nil })
    func urlMethod(_ profile: Profile) throws {
        let expected = try #require(profile.urlMethod)
        var h = Harness(os: profile.os)
        let id = h.install(app(schemes: ["notes"]))
        h.post(.launch, to: id)
        let open = h.post(.openURL(url: "notes://item/7", sourceApplication: "com.apple.mobilesafari"), to: id)
        #expect(names(of: open) == [expected])
    }

    @Test("§3 the push method: ≥ 7.0 didReceiveRemoteNotification:fetchCompletionHandler:, before didReceiveRemoteNotification:", arguments: profiles)
    func pushMethod(_ profile: Profile) {
        var h = Harness(os: profile.os)
        let id = h.install()
        h.post(.launch, to: id)
        #expect(names(of: h.post(.push(payload: Payload.alert), to: id)) == [profile.pushMethod])
    }

    @Test("§3 lock: < 5.0 resign only; 5.0–6.x background reading inactive; ≥ 7.0 background", arguments: profiles)
    func lock(_ profile: Profile) {
        var h = Harness(os: profile.os)
        let id = h.install()
        h.post(.launch, to: id)
        let lock = h.post(.lock)
        switch profile.lock {
        case .resignOnly:
            #expect(names(of: lock) == [Sel.willResignActive])
            #expect(h.state(id) == .inactive)
            #expect(names(of: h.post(.unlock)) == [Sel.didBecomeActive])
        case .backgroundReadingInactive, .background:
            let reads: ApplicationState = profile.lock == .background ? .background : .inactive
            #expect(names(of: lock) == [Sel.willResignActive, Sel.didEnterBackground])
            #expect(h.state(id) == .background)
            #expect(h.sim.applicationState(of: id) == reads)
            #expect(names(of: h.post(.unlock)) == [Sel.willEnterForeground, Sel.didBecomeActive])
        }
        #expect(h.state(id) == .active)
    }

    @Test("§3 < 5.0 banners are alerts: a push shown for another app makes the active app inactive; from 5.0 nothing changes", arguments: profiles)
    func banners(_ profile: Profile) {
        var h = Harness(os: profile.os)
        let front = h.install(app("com.example.notes"))
        let other = h.install(app("com.example.mail"))
        h.post(.launch, to: front)
        let push = h.post(.push(payload: Payload.alert), to: other)
        #expect(names(of: push, for: front) == (profile.bannersAreAlerts ? [Sel.willResignActive] : []))
        #expect(h.state(front) == (profile.bannersAreAlerts ? .inactive : .active))
    }

    @Test("§3 ≥ 6.0 state preservation and restoration exist", arguments: profiles.filter(\.multitasking))
    func restoration(_ profile: Profile) {
        var h = Harness(os: profile.os)
        let id = h.install(app(restoration: true))
        h.post(.launch, to: id)
        h.post(.edit(memory: nil, ui: ["screen": "editor"]), to: id)
        let home = h.post(.home, to: id)
        h.advance(seconds: 5)
        h.post(.terminate, to: id)
        let launch = h.post(.launch, to: id)
        if profile.restoration {
            #expect(names(of: home) == [Sel.willResignActive, Sel.didEnterBackground, Sel.shouldSave, Sel.willEncode])
            #expect(names(of: launch) == [Sel.willFinish, Sel.shouldRestore, Sel.didDecode, Sel.didFinish] + profile.launchIssue + [Sel.didBecomeActive])
            #expect(h.app(id).memory["ui"] == ["screen": "editor"])
        } else {
            #expect(names(of: home) == [Sel.willResignActive, Sel.didEnterBackground])
            #expect(names(of: launch) == [Sel.willFinish, Sel.didFinish, Sel.didBecomeActive])
        }
    }

    @Test("§3 ≥ 7.0 fetch and remote-notification background modes exist", arguments: profiles)
    func backgroundModes(_ profile: Profile) {
        var h = Harness(os: profile.os)
        var behavior = AppBehavior()
        behavior.minimumFetchInterval = .millis(60_000)
        let fetcher = h.install(app("com.example.feed", modes: [.fetch]), behavior)
        let pushed = h.install(app("com.example.chat", modes: [.remoteNotification]))
        if profile.backgroundFetch {
            #expect(names(of: h.post(.backgroundFetch, to: fetcher)).last == Sel.performFetch)
            #expect(names(of: h.post(.push(payload: Payload.silent), to: pushed)).last == Sel.remoteNotificationFetch)
            #expect(h.state(pushed) == .background)
        } else {
            #expect(h.reject(.backgroundFetch, to: fetcher).kind == .unusable)
            #expect(h.post(.push(payload: Payload.silent), to: pushed).callbacks.isEmpty)
            #expect(h.state(pushed) == .notRunning)
        }
    }

    @Test("§3 background task time: < 7.0 600 s; 7.0–12.x 180 s; ≥ 13.0 30 s", arguments: profiles.filter(\.multitasking))
    func backgroundTaskTime(_ profile: Profile) {
        var h = Harness(os: profile.os)
        #expect(h.sim.device.backgroundTaskMillis == Int64(profile.taskSeconds * 1000))
        var behavior = AppBehavior()
        behavior.backgroundTaskMillis = 3_600_000
        let id = h.install(app(), behavior)
        h.post(.launch, to: id)
        h.post(.home, to: id)
        #expect(h.backgroundTimeRemaining(id) == Int64(profile.taskSeconds * 1000))
        #expect(!names(of: h.advance(seconds: profile.taskSeconds - 0.001)).contains("backgroundTaskExpired"))
        #expect(names(of: h.advance(seconds: 0.001)) == ["backgroundTaskExpired", "suspended"])
    }
}
