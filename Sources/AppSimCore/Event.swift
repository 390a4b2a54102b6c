import AppSimJSON

/// Something that happens to an app or a device (openapi.yaml (Events)): an app event (the user or the system acting on
/// one app), an app action (the simulated app's own code) or a device event.
public enum Event: Sendable, Equatable {
    case app(AppEvent)
    case action(AppAction)
    case device(DeviceEvent)

    /// The names of the types of each scope, in order (``vocabulary``).
    public static var appEventTypes: [String] { names(.appEvent) }
    public static var appActionTypes: [String] { names(.appAction) }
    public static var deviceEventTypes: [String] { names(.deviceEvent) }

    public var type: String {
        switch self {
        case .app(let event): event.type
        case .action(let action): action.type
        case .device(let event): event.type
        }
    }

    /// App events and actions act on one app; device events on the device, even when posted to an app.
    public var isAppScoped: Bool {
        switch self {
        case .app, .action: true
        case .device: false
        }
    }
}

/// The user or the system acting on one app (openapi.yaml (App events)).
public enum AppEvent: Sendable, Equatable {
    case launch
    case home
    case openURL(url: String, sourceApplication: String?)
    case push(payload: JSONValue)
    case tapNotification
    case backgroundFetch
    case incomingCall, answerCall, declineCall, endCall
    case alert, dismissAlert
    case notificationCenter, dismissNotificationCenter
    /// To this app alone; the device event warns every running app.
    case memoryWarning
    case forceQuit
    case terminate
    case crash(duringLaunch: Bool)
    /// The user opens another window of a scene app (docs/lifecycle.md, Scenes).
    case openScene
    /// The user closes a window: the scene goes, and its session is discarded.
    case closeScene(scene: String)
    /// The system reclaims a background scene; its session stays.
    case disconnectScene(scene: String)
    /// The person taps cancel in a continued processing task's Live Activity (docs/lifecycle.md, Continued processing tasks).
    case cancelTask(identifier: String)

    /// The largest push payload APNs delivers, in bytes of its JSON.
    public static let maxPushPayloadBytes = 4096

}

/// What the simulated app's own code does (openapi.yaml (App actions)).
public enum AppAction: Sendable, Equatable {
    /// `scene`: whose UI state `ui` is, in a scene app (its first scene when absent).
    case edit(memory: JSONObject?, ui: JSONValue?, scene: String? = nil)
    case beginBackgroundTask(name: String?)
    case endBackgroundTask(taskId: Int)
    case completeFetch(result: FetchResult)
    case setMinimumFetchInterval(FetchInterval)
    /// Asks BGTaskScheduler to run a task no earlier than `earliestBeginMillis` from now (docs/lifecycle.md, Scheduled tasks).
    case submitTask(identifier: String, kind: TaskKind, earliestBeginMillis: Int64, requiresExternalPower: Bool)
    /// `setTaskCompleted(success:)` for the scheduled task the app is running, or for its continued task `identifier`.
    case completeTask(success: Bool, identifier: String? = nil)
    /// A continued processing task (iOS 26) the active app starts, for work a person asked for.
    case submitContinuedTask(identifier: String, title: String, subtitle: String?, strategy: ContinuedTask.Strategy, requiresGPU: Bool)
    /// The app reports its continued task's progress, which its Live Activity shows.
    case reportProgress(identifier: String, completed: Int64, total: Int64)
    /// The app changes its continued task's title.
    case updateTitle(identifier: String, title: String, subtitle: String?)

}

/// What happens to a whole device (openapi.yaml (Device events)).
public enum DeviceEvent: Sendable, Equatable {
    case lock, unlock, reboot
    /// The user opens the app switcher, and closes it on the app in front (docs/lifecycle.md, The app switcher).
    case appSwitcher, dismissAppSwitcher
    case memoryPressure(freeMB: Int?)
    /// To every running app.
    case memoryWarning
    case advanceClock(millis: Int64)
    case notification(DeviceNotification)
    /// Timers that fell due on a realtime clock (the server's, not a client's).
    case timers
    /// The system runs a scheduled task (docs/lifecycle.md, Scheduled tasks): of the app it was posted to, or of the first app of the
    /// device with a request for `identifier`.
    case runTask(identifier: String)

    /// The memory a `memoryPressure` may leave free: at least a megabyte, at most the largest device's memory.
    public static let freeMBRange = 1...Device.memoryMBRange.upperBound
    /// How far one `advanceClock` may move a clock: a millisecond to a year.
    public static let advanceMillisRange: ClosedRange<Int64> = 1...31_536_000_000
    /// How far ahead a task request may ask to begin: up to a year.
    public static let taskDelayMillisRange: ClosedRange<Int64> = 0...31_536_000_000

}

/// Device events that post system notifications to apps (docs/lifecycle.md, Notifications that wait).
public struct DeviceNotification: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case orientation, timeChange, battery, proximity, accessory, display, screenMode, settings, locale, iCloudAccount
    }

    public var kind: Kind
    /// What the notification carries (the new value).
    public var value: JSONObject

    /// The values of an `orientation` notification (`UIDeviceOrientation`).
    public static let orientations = ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight", "faceUp", "faceDown"]
    /// The states of a `battery` notification (`UIDeviceBatteryState`).
    public static let batteryStates = ["unknown", "unplugged", "charging", "full"]
    /// The levels of a `battery` notification, as `UIDevice.batteryLevel` reads them.
    public static let batteryLevelRange = 0.0...1.0

    public init(kind: Kind, value: JSONObject) {
        self.kind = kind
        self.value = value
    }

    /// The notifications the event posts, each with its coalescing key (one pending per key).
    var posts: [(key: String, name: String)] {
        switch kind {
        case .orientation: [(kind.rawValue, "UIDeviceOrientationDidChangeNotification")]
        case .timeChange: [(kind.rawValue, "UIApplicationSignificantTimeChangeNotification")]
        case .battery:
            (value["level"] != nil ? [("batteryLevel", "UIDeviceBatteryLevelDidChangeNotification")] : [])
                + (value["state"] != nil ? [("batteryState", "UIDeviceBatteryStateDidChangeNotification")] : [])
        case .proximity: [(kind.rawValue, "UIDeviceProximityStateDidChangeNotification")]
        case .accessory:
            [(kind.rawValue, value["connected"]?.boolValue == true ? "EAAccessoryDidConnectNotification" : "EAAccessoryDidDisconnectNotification")]
        case .display:
            [(kind.rawValue, value["connected"]?.boolValue == true ? "UIScreenDidConnectNotification" : "UIScreenDidDisconnectNotification")]
        case .screenMode: [(kind.rawValue, "UIScreenModeDidChangeNotification")]
        case .settings: [(kind.rawValue, "NSUserDefaultsDidChangeNotification")]
        case .locale: [(kind.rawValue, "NSCurrentLocaleDidChangeNotification")]
        case .iCloudAccount: [(kind.rawValue, "NSUbiquityIdentityDidChangeNotification")]
        }
    }
}
