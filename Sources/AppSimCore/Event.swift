/// Something that happens to an app or a device (API.md "Events"): an app event (the user or the system acting on
/// one app), an app action (the simulated app's own code) or a device event.
public enum Event: Sendable, Equatable {
    case app(AppEvent)
    case action(AppAction)
    case device(DeviceEvent)

    /// Every type a client may post, in the order API.md lists them.
    public static let appEventTypes = [
        "launch", "home", "openURL", "push", "tapNotification", "backgroundFetch", "incomingCall", "answerCall",
        "declineCall", "endCall", "alert", "dismissAlert", "notificationCenter", "dismissNotificationCenter",
        "memoryWarning", "forceQuit", "terminate", "crash",
    ]
    public static let appActionTypes = ["edit", "beginBackgroundTask", "endBackgroundTask", "completeFetch", "setMinimumFetchInterval"]
    public static let deviceEventTypes = [
        "lock", "unlock", "reboot", "memoryPressure", "memoryWarning", "advanceClock",
    ] + DeviceNotification.Kind.allCases.map(\.rawValue)

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

    /// Reads an event body `{"type": …, …}`.
    ///
    /// - Parameter toInstance: the event was posted to an instance, where app events, app actions and device
    ///   events are all accepted; a device takes device events only.
    /// - Throws: `FieldError` naming the bad field (`wrongType` → 400, the others → 422).
    public static func decode(_ json: JSONValue, toInstance: Bool) throws(FieldError) -> Event {
        let reader = try FieldReader(json)
        let type = try reader.requiredString("type")
        let isAppType = appEventTypes.contains(type) || appActionTypes.contains(type)
        if !toInstance, isAppType, !deviceEventTypes.contains(type) {
            throw FieldError(.invalidValue, "type", "'\(type)' is an app event: post it to /v1/instances/{id}/events")
        }
        guard isAppType || deviceEventTypes.contains(type) else {
            let known = toInstance ? appEventTypes + appActionTypes + deviceEventTypes.filter { $0 != "memoryWarning" } : deviceEventTypes
            throw FieldError(.invalidValue, "type", "unknown event type '\(type)'; known types: \(known.joined(separator: ", "))")
        }
        func only(_ fields: String...) throws(FieldError) { try reader.allowOnly(Set(fields + ["type"])) }

        switch type {
        case "launch": try only(); return .app(.launch)
        case "home": try only(); return .app(.home)
        case "openURL":
            try only("url", "sourceApplication")
            let url = try reader.requiredString("url")
            guard URLParts.scheme(of: url) != nil else {
                throw reader.invalid("url", "must be an absolute URL with a scheme, such as 'notes://item/1', not '\(url)'")
            }
            return .app(.openURL(url: url, sourceApplication: try reader.string("sourceApplication")))
        case "push":
            try only("payload")
            guard let payload = reader.value("payload") else { throw reader.missing("payload") }
            guard case .object = payload else {
                throw FieldError(.wrongType, "payload", "'payload' must be a JSON object such as {\"aps\": {\"alert\": \"Hi\"}}, not \(payload.typeName)")
            }
            guard case .object = payload["aps"] else {
                throw reader.invalid("payload", "must have an 'aps' object, as APNs payloads do: {\"aps\": {\"alert\": \"Hi\"}}")
            }
            let size = payload.jsonBytes.count
            guard size <= 4096 else {
                throw reader.invalid("payload", "is \(size) bytes; APNs payloads are at most 4096 bytes")
            }
            return .app(.push(payload: payload))
        case "tapNotification": try only(); return .app(.tapNotification)
        case "backgroundFetch": try only(); return .app(.backgroundFetch)
        case "incomingCall": try only(); return .app(.incomingCall)
        case "answerCall": try only(); return .app(.answerCall)
        case "declineCall": try only(); return .app(.declineCall)
        case "endCall": try only(); return .app(.endCall)
        case "alert": try only(); return .app(.alert)
        case "dismissAlert": try only(); return .app(.dismissAlert)
        case "notificationCenter": try only(); return .app(.notificationCenter)
        case "dismissNotificationCenter": try only(); return .app(.dismissNotificationCenter)
        case "memoryWarning": try only(); return toInstance ? .app(.memoryWarning) : .device(.memoryWarning)
        case "forceQuit": try only(); return .app(.forceQuit)
        case "terminate": try only(); return .app(.terminate)
        case "crash":
            try only("duringLaunch")
            return .app(.crash(duringLaunch: try reader.bool("duringLaunch") ?? false))
        case "edit":
            try only("memory", "ui")
            let memory = try reader.object("memory")?.object
            let ui = reader.object["ui"]
            guard memory != nil || ui != nil else { throw reader.invalid("memory", "or 'ui' must be given: edit changes the app's in-memory data") }
            return .action(.edit(memory: memory, ui: ui))
        case "beginBackgroundTask":
            try only("name")
            return .action(.beginBackgroundTask(name: try reader.string("name")))
        case "endBackgroundTask":
            try only("taskId")
            guard let id = try reader.integer("taskId", in: 1...Int(Int32.max)) else { throw reader.missing("taskId") }
            return .action(.endBackgroundTask(taskId: id))
        case "completeFetch":
            try only("result")
            guard let result = try reader.choice("result", FetchResult.self, among: FetchResult.allCases) else {
                throw reader.missing("result")
            }
            return .action(.completeFetch(result: result))
        case "setMinimumFetchInterval":
            try only("seconds")
            guard let interval = try FetchInterval.read(reader, "seconds") else { throw reader.missing("seconds") }
            return .action(.setMinimumFetchInterval(interval))
        case "lock": try only(); return .device(.lock)
        case "unlock": try only(); return .device(.unlock)
        case "reboot": try only(); return .device(.reboot)
        case "memoryPressure":
            try only("freeMB")
            return .device(.memoryPressure(freeMB: try reader.integer("freeMB", in: 1...1_048_576)))
        case "advanceClock":
            try only("seconds")
            guard let millis = try reader.seconds("seconds", in: 0.001...31_536_000) else { throw reader.missing("seconds") }
            return .device(.advanceClock(millis: millis))
        default:
            // What is left of the known types are the device notifications.
            return .device(.notification(try DeviceNotification.decode(type: type, reader: reader)))
        }
    }
}

/// The user or the system acting on one app (API.md "App events").
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

    public var type: String {
        switch self {
        case .launch: "launch"
        case .home: "home"
        case .openURL: "openURL"
        case .push: "push"
        case .tapNotification: "tapNotification"
        case .backgroundFetch: "backgroundFetch"
        case .incomingCall: "incomingCall"
        case .answerCall: "answerCall"
        case .declineCall: "declineCall"
        case .endCall: "endCall"
        case .alert: "alert"
        case .dismissAlert: "dismissAlert"
        case .notificationCenter: "notificationCenter"
        case .dismissNotificationCenter: "dismissNotificationCenter"
        case .memoryWarning: "memoryWarning"
        case .forceQuit: "forceQuit"
        case .terminate: "terminate"
        case .crash: "crash"
        }
    }
}

/// What the simulated app's own code does (API.md "App actions").
public enum AppAction: Sendable, Equatable {
    case edit(memory: JSONObject?, ui: JSONValue?)
    case beginBackgroundTask(name: String?)
    case endBackgroundTask(taskId: Int)
    case completeFetch(result: FetchResult)
    case setMinimumFetchInterval(FetchInterval)

    public var type: String {
        switch self {
        case .edit: "edit"
        case .beginBackgroundTask: "beginBackgroundTask"
        case .endBackgroundTask: "endBackgroundTask"
        case .completeFetch: "completeFetch"
        case .setMinimumFetchInterval: "setMinimumFetchInterval"
        }
    }
}

/// What happens to a whole device (API.md "Device events").
public enum DeviceEvent: Sendable, Equatable {
    case lock, unlock, reboot
    case memoryPressure(freeMB: Int?)
    /// To every running app.
    case memoryWarning
    case advanceClock(millis: Int64)
    case notification(DeviceNotification)
    /// Timers that fell due on a realtime clock (the server's, not a client's).
    case timers

    public var type: String {
        switch self {
        case .lock: "lock"
        case .unlock: "unlock"
        case .reboot: "reboot"
        case .memoryPressure: "memoryPressure"
        case .memoryWarning: "memoryWarning"
        case .advanceClock: "advanceClock"
        case .notification(let notification): notification.kind.rawValue
        case .timers: "timers"
        }
    }
}

/// Device events that post system notifications to apps (LIFECYCLE.md §7).
public struct DeviceNotification: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case orientation, timeChange, battery, proximity, accessory, display, screenMode, settings, locale, iCloudAccount
    }

    public var kind: Kind
    /// What the notification carries (the new value).
    public var value: JSONObject

    static let orientations = ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight", "faceUp", "faceDown"]
    static let batteryStates = ["unknown", "unplugged", "charging", "full"]

    static func decode(type: String, reader: FieldReader) throws(FieldError) -> DeviceNotification {
        guard let kind = Kind(rawValue: type) else { throw FieldError(.invalidValue, "type", "unknown event type '\(type)'") }
        var value = JSONObject()
        func only(_ fields: String...) throws(FieldError) { try reader.allowOnly(Set(fields + ["type"])) }
        switch kind {
        case .orientation, .screenMode, .locale:
            try only("value")
            let text = try reader.requiredString("value")
            if kind == .orientation, !orientations.contains(text) {
                throw reader.invalid("value", "must be one of \(orientations.joined(separator: ", ")), not '\(text)'")
            }
            value["value"] = .string(text)
        case .timeChange, .iCloudAccount:
            try only()
        case .battery:
            try only("level", "state")
            if let level = try reader.number("level") {
                guard (0...1).contains(level) else { throw reader.invalid("level", "must be from 0 to 1, not \(level)") }
                value["level"] = .number(level)
            }
            if let state = try reader.string("state") {
                guard batteryStates.contains(state) else {
                    throw reader.invalid("state", "must be one of \(batteryStates.joined(separator: ", ")), not '\(state)'")
                }
                value["state"] = .string(state)
            }
            guard !value.isEmpty else { throw reader.invalid("level", "or 'state' must be given") }
        case .proximity:
            try only("near")
            guard let near = try reader.bool("near") else { throw reader.missing("near") }
            value["near"] = .bool(near)
        case .accessory, .display:
            try only("connected")
            guard let connected = try reader.bool("connected") else { throw reader.missing("connected") }
            value["connected"] = .bool(connected)
        case .settings:
            try only("changes")
            guard let changes = try reader.object("changes") else { throw reader.missing("changes") }
            value["changes"] = .object(changes.object)
        }
        return DeviceNotification(kind: kind, value: value)
    }

    /// The notifications the event posts, each with its coalescing key (one pending per key).
    var posts: [(key: String, name: String)] {
        switch kind {
        case .orientation: [("orientation", "UIDeviceOrientationDidChangeNotification")]
        case .timeChange: [("timeChange", "UIApplicationSignificantTimeChangeNotification")]
        case .battery:
            (value["level"] != nil ? [("batteryLevel", "UIDeviceBatteryLevelDidChangeNotification")] : [])
                + (value["state"] != nil ? [("batteryState", "UIDeviceBatteryStateDidChangeNotification")] : [])
        case .proximity: [("proximity", "UIDeviceProximityStateDidChangeNotification")]
        case .accessory:
            [("accessory", value["connected"]?.boolValue == true ? "EAAccessoryDidConnectNotification" : "EAAccessoryDidDisconnectNotification")]
        case .display:
            [("display", value["connected"]?.boolValue == true ? "UIScreenDidConnectNotification" : "UIScreenDidDisconnectNotification")]
        case .screenMode: [("screenMode", "UIScreenModeDidChangeNotification")]
        case .settings: [("settings", "NSUserDefaultsDidChangeNotification")]
        case .locale: [("locale", "NSCurrentLocaleDidChangeNotification")]
        case .iCloudAccount: [("iCloudAccount", "NSUbiquityIdentityDidChangeNotification")]
        }
    }
}

/// Just enough URL reading to route an open-URL event by its scheme.
public enum URLParts {
    /// The lowercased scheme of an absolute URL (`notes` of `notes://x`), or `nil`.
    public static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let scheme = String(url[..<colon])
        guard AppInfo.isValidScheme(scheme), url.utf8.count <= 8192 else { return nil }
        return scheme.lowercased()
    }
}
