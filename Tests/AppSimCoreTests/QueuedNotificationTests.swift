@testable import AppSimCore
import AppSimJSON
import Testing

/// LIFECYCLE.md §7: device notifications reach running apps at once, and suspended apps queued and coalesced.
@Suite("§7 Queued notifications")
struct QueuedNotificationTests {
    /// Each device event of §7, a sample of it, and the notification names it posts.
    static let table: [(event: DeviceEvent, names: [String])] = [
        (notification(.orientation, ["value": "landscapeLeft"]), ["UIDeviceOrientationDidChangeNotification"]),
        (notification(.timeChange, [:]), ["UIApplicationSignificantTimeChangeNotification"]),
        (notification(.battery, ["level": 0.5, "state": "charging"]),
         ["UIDeviceBatteryLevelDidChangeNotification", "UIDeviceBatteryStateDidChangeNotification"]),
        (notification(.proximity, ["near": true]), ["UIDeviceProximityStateDidChangeNotification"]),
        (notification(.accessory, ["connected": true]), ["EAAccessoryDidConnectNotification"]),
        (notification(.accessory, ["connected": false]), ["EAAccessoryDidDisconnectNotification"]),
        (notification(.display, ["connected": true]), ["UIScreenDidConnectNotification"]),
        (notification(.display, ["connected": false]), ["UIScreenDidDisconnectNotification"]),
        (notification(.screenMode, ["value": "1920x1080"]), ["UIScreenModeDidChangeNotification"]),
        (notification(.settings, ["changes": ["fontSize": 14]]), ["NSUserDefaultsDidChangeNotification"]),
        (notification(.locale, ["value": "fr_FR"]), ["NSCurrentLocaleDidChangeNotification"]),
        (notification(.iCloudAccount, [:]), ["NSUbiquityIdentityDidChangeNotification"]),
    ]

    static func notification(_ kind: DeviceNotification.Kind, _ value: JSONObject) -> DeviceEvent {
        .notification(DeviceNotification(kind: kind, value: value))
    }

    @Test("§7 device events that post system notifications reach running apps at once, naming the notification", arguments: table.indices)
    func runningAppsGetThemAtOnce(index: Int) {
        let (event, expected) = Self.table[index]
        var h = Harness()
        let front = h.install(app("com.example.notes"))
        let background = h.install(app("com.example.music", modes: [.audio]))
        let idle = h.install(app("com.example.maps"))
        h.drive(background, to: .background)
        h.post(.launch, to: front)
        let outcome = h.post(event)
        for id in [front, background] {
            let received = records(of: outcome, for: id)
            #expect(received.compactMap(\.notification) == expected, "\(event.type)")
            for record in received where event.type != "timeChange" {
                #expect(record.kind == .notification)
                #expect(record.name == record.notification)
            }
        }
        #expect(records(of: outcome, for: idle).isEmpty)
        #expect(outcome.changes.isEmpty)
    }

    @Test("§7 timeChange reaches a running app as applicationSignificantTimeChange: with UIApplicationSignificantTimeChangeNotification")
    func significantTimeChange() {
        var h = Harness()
        let id = h.install()
        h.post(.launch, to: id)
        let outcome = h.post(Self.notification(.timeChange, [:]))
        #expect(names(of: outcome) == ["applicationSignificantTimeChange:"])
        #expect(outcome.callbacks.first?.notification == "UIApplicationSignificantTimeChangeNotification")
    }

    @Test("§7 a suspended app gets them queued and coalesced: two orientation changes → one pending, with the latest value")
    func coalesced() {
        var h = Harness()
        let id = h.install()
        h.drive(id, to: .suspended)
        let first = h.post(Self.notification(.orientation, ["value": "landscapeLeft"]))
        let second = h.post(Self.notification(.orientation, ["value": "landscapeRight"]))
        #expect(first.callbacks.isEmpty && second.callbacks.isEmpty)
        let pending = h.app(id).pendingNotifications
        #expect(pending.count == 1)
        #expect(pending.first?.name == "UIDeviceOrientationDidChangeNotification")
        #expect(pending.first?.args["value"] == "landscapeRight")
        #expect(h.sim.device.orientation == "landscapeRight")
    }

    @Test("§7 queued notifications are delivered right after applicationWillEnterForeground:")
    func deliveredOnResume() {
        var h = Harness()
        let id = h.install()
        h.drive(id, to: .suspended)
        h.post(Self.notification(.orientation, ["value": "landscapeLeft"]))
        h.post(Self.notification(.locale, ["value": "de_DE"]))
        h.post(Self.notification(.orientation, ["value": "landscapeRight"]))
        let launch = h.post(.launch, to: id)
        #expect(names(of: launch) == [
            Sel.willEnterForeground, "NSCurrentLocaleDidChangeNotification", "UIDeviceOrientationDidChangeNotification",
            Sel.didBecomeActive,
        ])
        #expect(launch.callbacks.filter { $0.name == "UIDeviceOrientationDidChangeNotification" }.map { $0.args["value"] } == ["landscapeRight"])
        #expect(h.app(id).pendingNotifications.isEmpty)
    }

    @Test("§7 queued notifications are delivered before the wake event's callback for a background wake", arguments: ["fetch", "push"])
    func deliveredOnBackgroundWake(wake: String) {
        var h = Harness()
        var behavior = AppBehavior()
        behavior.minimumFetchInterval = .millis(60_000)
        let id = h.install(app(modes: [.fetch, .remoteNotification]), behavior)
        h.drive(id, to: .suspended)
        h.post(Self.notification(.orientation, ["value": "landscapeLeft"]))
        h.post(Self.notification(.orientation, ["value": "faceUp"]))
        let outcome = wake == "fetch" ? h.post(.backgroundFetch, to: id) : h.post(.push(payload: Payload.silent), to: id)
        let callback = wake == "fetch" ? Sel.performFetch : Sel.remoteNotificationFetch
        #expect(names(of: outcome) == ["UIDeviceOrientationDidChangeNotification", callback])
        #expect(outcome.callbacks.first?.args["value"] == "faceUp")
        #expect(outcome.callbacks.first?.kind == .notification)
        #expect(h.app(id).pendingNotifications.isEmpty)
    }

    @Test("§7 battery level and state are separate notification types: both queue, each coalesced")
    func batteryTypes() {
        var h = Harness()
        let id = h.install()
        h.drive(id, to: .suspended)
        h.post(Self.notification(.battery, ["level": 0.4]))
        h.post(Self.notification(.battery, ["state": "charging"]))
        h.post(Self.notification(.battery, ["level": 0.3]))
        let pending = h.app(id).pendingNotifications
        #expect(Set(pending.map(\.name)) == ["UIDeviceBatteryLevelDidChangeNotification", "UIDeviceBatteryStateDidChangeNotification"])
        #expect(pending.first { $0.name == "UIDeviceBatteryLevelDidChangeNotification" }?.args["level"] == 0.3)
    }

    @Test("§7 an app that is not running gets nothing, and a kill drops what was queued")
    func notRunningGetsNothing() {
        var h = Harness()
        let id = h.install()
        let outcome = h.post(Self.notification(.orientation, ["value": "landscapeLeft"]))
        #expect(outcome.callbacks.isEmpty)
        #expect(h.app(id).pendingNotifications.isEmpty)
        h.drive(id, to: .suspended)
        h.post(Self.notification(.settings, ["changes": ["a": 1]]))
        #expect(h.app(id).pendingNotifications.count == 1)
        h.post(.terminate, to: id)
        #expect(h.app(id).pendingNotifications.isEmpty)
        #expect(names(of: h.post(.launch, to: id)) == [Sel.willFinish, Sel.didFinish, Sel.didBecomeActive])
    }
}
