@testable import AppSimCore
import AppSimJSON
import Testing

/// LIFECYCLE.md §10: apps with a UNUserNotificationCenter delegate.
@Suite("§10 User notifications")
struct UserNotificationTests {
    static let willPresent = "userNotificationCenter:willPresentNotification:withCompletionHandler:"
    static let didReceive = "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"

    func notifyingApp(modes: [BackgroundMode] = []) -> AppInfo {
        var info = app("com.example.chat", modes: modes)
        info.userNotifications = true
        return info
    }

    func presenting(_ options: [PresentationOption]) -> AppBehavior {
        var behavior = AppBehavior()
        behavior.presentationOptions = options
        return behavior
    }

    @Test("§10 a push with an alert to the foreground app: willPresentNotification; presentationOptions decide whether it is shown")
    func willPresent() {
        var h = Harness()
        let quiet = h.install(notifyingApp())
        h.post(.launch, to: quiet)
        let push = h.post(.push(payload: Payload.alert), to: quiet)
        #expect(names(of: push) == [Self.willPresent])
        #expect(push.callbacks.first?.args["options"] == [])
        #expect(h.app(quiet).shownNotification == nil)

        var shown = Harness()
        let banner = shown.install(notifyingApp(), presenting([.banner, .sound]))
        shown.post(.launch, to: banner)
        let presented = shown.post(.push(payload: Payload.alert), to: banner)
        #expect(presented.callbacks.first?.args["options"] == ["banner", "sound"])
        #expect(shown.app(banner).shownNotification == Payload.alert)
    }

    @Test("§10 with content-available also set, the push method comes first")
    func silentPartFirst() {
        var h = Harness()
        let id = h.install(notifyingApp(modes: [.remoteNotification]))
        h.post(.launch, to: id)
        let payload: JSONValue = ["aps": ["alert": "New message", "content-available": 1]]
        let push = h.post(.push(payload: payload), to: id)
        #expect(names(of: push) == [Sel.remoteNotificationFetch, Self.willPresent])
    }

    @Test("§10 tapping a shown notification launches the app: willFinish (payload in the options) → didFinish → didReceiveNotificationResponse → didBecomeActive; no push method")
    func tapLaunches() {
        var h = Harness()
        let id = h.install(notifyingApp())
        h.post(.push(payload: Payload.alert), to: id)
        let tap = h.post(.tapNotification, to: id)
        #expect(names(of: tap) == [Sel.willFinish, Sel.didFinish, Self.didReceive, Sel.didBecomeActive])
        #expect(tap.callbacks.first?.args["launchOptions"]?["remoteNotification"] == Payload.alert)
        #expect(tap.callbacks[2].args["response"]?["userInfo"] == Payload.alert)
        #expect(tap.callbacks[2].applicationState == .inactive)
    }

    @Test("§10 tapping it resumes a suspended app: willEnterForeground → queued notifications → didReceiveNotificationResponse → didBecomeActive")
    func tapResumes() {
        var h = Harness()
        let id = h.install(notifyingApp())
        h.post(.launch, to: id)
        h.post(.home, to: id)
        h.advance(seconds: 5)
        h.post(.notification(DeviceNotification(kind: .locale, value: ["value": "fr_FR"])))
        h.post(.push(payload: Payload.alert), to: id)
        let tap = h.post(.tapNotification, to: id)
        #expect(names(of: tap) == [Sel.willEnterForeground, "NSCurrentLocaleDidChangeNotification", Self.didReceive, Sel.didBecomeActive])
    }

    @Test("§10 a notification the foreground app presented can be tapped: didReceiveNotificationResponse, the app stays active")
    func tapPresented() {
        var h = Harness()
        let id = h.install(notifyingApp(), presenting([.banner]))
        h.post(.launch, to: id)
        h.post(.push(payload: Payload.alert), to: id)
        let tap = h.post(.tapNotification, to: id)
        #expect(names(of: tap) == [Self.didReceive])
        #expect(h.state(id) == .active)
        #expect(h.reject(.tapNotification, to: id).kind == .notAllowed)
    }

    @Test("§10 silent pushes, apps without the delegate, and iOS before 10 behave as §4 says")
    func otherwiseAsBefore() {
        var h = Harness()
        let plain = h.install(app("com.example.plain"))
        h.post(.launch, to: plain)
        #expect(names(of: h.post(.push(payload: Payload.alert), to: plain)) == [Sel.remoteNotificationFetch])
        var old = Harness(os: "9.3")
        let id = old.install(notifyingApp())
        old.post(.launch, to: id)
        #expect(names(of: old.post(.push(payload: Payload.alert), to: id)) == [Sel.remoteNotificationFetch])
        var silent = Harness()
        let sync = silent.install(notifyingApp(modes: [.remoteNotification]))
        silent.post(.launch, to: sync)
        #expect(names(of: silent.post(.push(payload: Payload.silent), to: sync)) == [Sel.remoteNotificationFetch])
    }
}
