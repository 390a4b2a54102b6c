/// An event to post: what the user or the system does to an app (app events), what the simulated app's own code
/// does (app actions), or what happens to a whole device (device events). docs/lifecycle.md says what each one does.
///
/// The API's events are static members; ``init(type:fields:)`` builds any other, fields and all.
///
/// ```swift
/// try await app.post(.edit(memory: ["draft": "hello"]))
/// try await app.post(.incomingCall)
/// try await device.post(.orientation("landscapeLeft"))
/// try await app.post(AppSimEvent(type: "openScene"))
/// ```
public struct AppSimEvent: Sendable, Hashable, Encodable {
    /// The event type (`launch`, `home`, `lock`, …).
    public var type: String
    /// Its other members.
    public var fields: [String: JSON]

    public init(type: String, fields: [String: JSON] = [:]) {
        self.type = type
        self.fields = fields
    }

    public func encode(to encoder: any Encoder) throws {
        var object = fields
        object["type"] = .string(type)
        var container = encoder.singleValueContainer()
        try container.encode(object)
    }

    /// Whether the API defines this type as a device event; the CLI and the façade post those to a device.
    public var isDeviceEvent: Bool { Self.deviceEventTypes.contains(type) }

    /// The device event types of the API (docs/lifecycle.md, openapi.yaml's `DeviceEvent`).
    public static let deviceEventTypes: Set<String> = [
        "lock", "unlock", "reboot", "memoryPressure", "memoryWarning", "advanceClock", "orientation", "timeChange",
        "battery", "proximity", "accessory", "display", "screenMode", "settings", "locale", "iCloudAccount", "runTask",
        "appSwitcher", "dismissAppSwitcher",
    ]
}

// MARK: App events

extension AppSimEvent {
    /// The user taps the app's icon: a launch from notRunning, a return from the background.
    public static let launch = AppSimEvent(type: "launch")
    /// The user presses Home while the app is in the foreground.
    public static let home = AppSimEvent(type: "home")
    /// A URL is opened with the app; its scheme must be one of the app's `urlSchemes`.
    public static func openURL(_ url: String, sourceApplication: String? = nil) -> AppSimEvent {
        var fields: [String: JSON] = ["url": .string(url)]
        if let sourceApplication { fields["sourceApplication"] = .string(sourceApplication) }
        return AppSimEvent(type: "openURL", fields: fields)
    }
    /// A remote notification arrives; `payload` is an APNs payload with `aps` at the top.
    public static func push(_ payload: JSON) -> AppSimEvent {
        AppSimEvent(type: "push", fields: ["payload": payload])
    }
    /// The user taps the app's shown notification.
    public static let tapNotification = AppSimEvent(type: "tapNotification")
    /// The system runs a background fetch.
    public static let backgroundFetch = AppSimEvent(type: "backgroundFetch")
    /// A phone call rings over the active app.
    public static let incomingCall = AppSimEvent(type: "incomingCall")
    /// The user answers the call ringing over the app.
    public static let answerCall = AppSimEvent(type: "answerCall")
    /// The user declines the call ringing over the app.
    public static let declineCall = AppSimEvent(type: "declineCall")
    /// The answered call that came over the app ends.
    public static let endCall = AppSimEvent(type: "endCall")
    /// A system alert appears over the active app.
    public static let alert = AppSimEvent(type: "alert")
    /// The alert goes away.
    public static let dismissAlert = AppSimEvent(type: "dismissAlert")
    /// The user pulls down the notification center over the active app.
    public static let notificationCenter = AppSimEvent(type: "notificationCenter")
    /// The notification center goes away.
    public static let dismissNotificationCenter = AppSimEvent(type: "dismissNotificationCenter")
    /// A memory warning: to one running app when posted to it, to every running app when posted to a device.
    public static let memoryWarning = AppSimEvent(type: "memoryWarning")
    /// The user swipes the app away in the app switcher.
    public static let forceQuit = AppSimEvent(type: "forceQuit")
    /// The system terminates the app.
    public static let terminate = AppSimEvent(type: "terminate")
    /// The running app crashes.
    public static let crash = AppSimEvent(type: "crash")
    /// The app crashes; with `duringLaunch`, an app that is not running crashes while launching.
    public static func crash(duringLaunch: Bool) -> AppSimEvent {
        AppSimEvent(type: "crash", fields: ["duringLaunch": .bool(duringLaunch)])
    }
    /// The user opens another window of a scene app that supports multiple scenes (iPad).
    public static let openScene = AppSimEvent(type: "openScene")
    /// The user closes a window: the scene goes and its session is discarded; the app ends with its last scene.
    public static func closeScene(_ scene: String) -> AppSimEvent {
        AppSimEvent(type: "closeScene", fields: ["scene": .string(scene)])
    }
    /// The system reclaims a background scene; its session stays, and the next return connects it again.
    public static func disconnectScene(_ scene: String) -> AppSimEvent {
        AppSimEvent(type: "disconnectScene", fields: ["scene": .string(scene)])
    }
}

// MARK: App actions

extension AppSimEvent {
    /// The running app's code changes its data: `memory` keys are merged (`.null` removes one), `ui` sets the UI
    /// state that state preservation saves (`.null` removes it).
    public static func edit(memory: [String: JSON]? = nil, ui: JSON? = nil, scene: String? = nil) -> AppSimEvent {
        var fields: [String: JSON] = [:]
        if let memory { fields["memory"] = .object(memory) }
        if let ui { fields["ui"] = ui }
        if let scene { fields["scene"] = .string(scene) }
        return AppSimEvent(type: "edit", fields: fields)
    }
    /// The running app begins a background task; the result's ``EventResult/taskId`` names it.
    public static func beginBackgroundTask(name: String? = nil) -> AppSimEvent {
        AppSimEvent(type: "beginBackgroundTask", fields: name.map { ["name": .string($0)] } ?? [:])
    }
    /// The app ends a background task.
    public static func endBackgroundTask(taskId: Int) -> AppSimEvent {
        AppSimEvent(type: "endBackgroundTask", fields: ["taskId": .integer(Int64(taskId))])
    }
    /// The app calls the completion handler of its background fetch or silent push.
    public static func completeFetch(_ result: AppBehavior.FetchResult) -> AppSimEvent {
        AppSimEvent(type: "completeFetch", fields: ["result": .string(result.rawValue)])
    }
    /// The running app sets its minimum background fetch interval.
    public static func setMinimumFetchInterval(_ interval: FetchInterval) -> AppSimEvent {
        AppSimEvent(type: "setMinimumFetchInterval", fields: ["seconds": JSONCoding.json(interval)])
    }
    /// The running app submits a BGTaskScheduler request (`appRefresh` or `processing`), to begin no earlier than
    /// `earliestBeginSeconds` from now.
    public static func submitTask(
        _ identifier: String, kind: String = "appRefresh", earliestBeginSeconds: Double? = nil, requiresExternalPower: Bool? = nil
    ) -> AppSimEvent {
        var fields: [String: JSON] = ["identifier": .string(identifier), "kind": .string(kind)]
        if let earliestBeginSeconds { fields["earliestBeginSeconds"] = .number(earliestBeginSeconds) }
        if let requiresExternalPower { fields["requiresExternalPower"] = .bool(requiresExternalPower) }
        return AppSimEvent(type: "submitTask", fields: fields)
    }
    /// The active app submits a continued processing task (iOS 26) for work a person started, with what its Live
    /// Activity says; with no room on the device it waits (`queue`) or is refused (`fail`).
    public static func submitContinuedTask(
        _ identifier: String, title: String, subtitle: String? = nil, strategy: String? = nil, requiresGPU: Bool? = nil
    ) -> AppSimEvent {
        var fields: [String: JSON] = ["identifier": .string(identifier), "kind": "continuedProcessing", "title": .string(title)]
        if let subtitle { fields["subtitle"] = .string(subtitle) }
        if let strategy { fields["strategy"] = .string(strategy) }
        if let requiresGPU { fields["requiresGPU"] = .bool(requiresGPU) }
        return AppSimEvent(type: "submitTask", fields: fields)
    }
    /// The app calls `setTaskCompleted(success:)` for the task it runs, or for its continued task `identifier`.
    public static func completeTask(success: Bool = true, identifier: String? = nil) -> AppSimEvent {
        var fields: [String: JSON] = ["success": .bool(success)]
        if let identifier { fields["identifier"] = .string(identifier) }
        return AppSimEvent(type: "completeTask", fields: fields)
    }
    /// The app reports its continued task's progress.
    public static func reportProgress(_ identifier: String, completed: Int, total: Int) -> AppSimEvent {
        AppSimEvent(type: "reportProgress", fields: ["identifier": .string(identifier), "completed": .integer(Int64(completed)), "total": .integer(Int64(total))])
    }
    /// The app changes what its continued task's Live Activity says.
    public static func updateTitle(_ identifier: String, title: String, subtitle: String? = nil) -> AppSimEvent {
        var fields: [String: JSON] = ["identifier": .string(identifier), "title": .string(title)]
        if let subtitle { fields["subtitle"] = .string(subtitle) }
        return AppSimEvent(type: "updateTitle", fields: fields)
    }
    /// The person taps cancel in a continued task's Live Activity: it expires.
    public static func cancelTask(_ identifier: String) -> AppSimEvent {
        AppSimEvent(type: "cancelTask", fields: ["identifier": .string(identifier)])
    }
    /// The system runs a scheduled task of the app it is posted to (or, posted to a device, of its first app with a
    /// request for `identifier`).
    public static func runTask(_ identifier: String) -> AppSimEvent {
        AppSimEvent(type: "runTask", fields: ["identifier": .string(identifier)])
    }
}

// MARK: Device events

extension AppSimEvent {
    /// The user locks the device.
    public static let lock = AppSimEvent(type: "lock")
    /// The user unlocks the device.
    public static let unlock = AppSimEvent(type: "unlock")
    /// The device restarts: every app ends, force-quit marks are cleared.
    public static let reboot = AppSimEvent(type: "reboot")
    /// The user opens the app switcher: the app in front resigns active and is shown as its card.
    public static let appSwitcher = AppSimEvent(type: "appSwitcher")
    /// The user taps the card of the app in front: it becomes active again.
    public static let dismissAppSwitcher = AppSimEvent(type: "dismissAppSwitcher")
    /// The system kills every suspended app for memory.
    public static let memoryPressure = AppSimEvent(type: "memoryPressure")
    /// The system frees at least `freeMB` of memory.
    public static func memoryPressure(freeMB: Int) -> AppSimEvent {
        AppSimEvent(type: "memoryPressure", fields: ["freeMB": .integer(Int64(freeMB))])
    }
    /// Moves the device clock forward; timers that fall due on the way fire in order.
    public static func advanceClock(seconds: Double) -> AppSimEvent {
        AppSimEvent(type: "advanceClock", fields: ["seconds": .number(seconds)])
    }
    /// The device turns (`portrait`, `landscapeLeft`, …).
    public static func orientation(_ value: String) -> AppSimEvent {
        AppSimEvent(type: "orientation", fields: ["value": .string(value)])
    }
    /// A significant time change.
    public static let timeChange = AppSimEvent(type: "timeChange")
    /// The battery changes (`level` 0–1; `state` unknown, unplugged, charging or full).
    public static func battery(level: Double? = nil, state: String? = nil) -> AppSimEvent {
        var fields: [String: JSON] = [:]
        if let level { fields["level"] = .number(level) }
        if let state { fields["state"] = .string(state) }
        return AppSimEvent(type: "battery", fields: fields)
    }
    /// The proximity sensor changes.
    public static func proximity(near: Bool) -> AppSimEvent {
        AppSimEvent(type: "proximity", fields: ["near": .bool(near)])
    }
    /// An accessory connects or disconnects.
    public static func accessory(connected: Bool) -> AppSimEvent {
        AppSimEvent(type: "accessory", fields: ["connected": .bool(connected)])
    }
    /// An external display connects or disconnects.
    public static func display(connected: Bool) -> AppSimEvent {
        AppSimEvent(type: "display", fields: ["connected": .bool(connected)])
    }
    /// The screen mode changes.
    public static func screenMode(_ value: String) -> AppSimEvent {
        AppSimEvent(type: "screenMode", fields: ["value": .string(value)])
    }
    /// Settings change (`NSUserDefaultsDidChangeNotification`).
    public static func settings(_ changes: [String: JSON]) -> AppSimEvent {
        AppSimEvent(type: "settings", fields: ["changes": .object(changes)])
    }
    /// The locale changes (`fr_FR`).
    public static func locale(_ value: String) -> AppSimEvent {
        AppSimEvent(type: "locale", fields: ["value": .string(value)])
    }
    /// The iCloud account changes.
    public static let iCloudAccount = AppSimEvent(type: "iCloudAccount")
}
