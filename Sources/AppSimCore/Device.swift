/// How a device's clock moves: on wall time (optionally faster), or only when told to.
public struct DeviceClock: Sendable, Codable, Equatable {
    public enum Mode: String, Sendable, Codable, CaseIterable { case realtime, manual }
    public var mode: Mode = .realtime
    /// Device seconds per wall second, in realtime mode.
    public var speed: Double = 1

    public init(mode: Mode = .realtime, speed: Double = 1) {
        self.mode = mode
        self.speed = speed
    }

    public var json: JSONValue { ["mode": .string(mode.rawValue), "speed": .number(speed)] }
}

/// The system's time limits on a device (LIFECYCLE.md §5), each overridable at creation.
public struct DeviceLimits: Sendable, Codable, Equatable {
    public var suspendDelayMillis: Int64 = 5_000
    /// Background task time; `nil` means the OS version's (§3).
    public var backgroundTaskMillis: Int64? = nil
    public var launchMillis: Int64 = 5_000
    public var backgroundMillis: Int64 = 5_000
    public var terminateMillis: Int64 = 5_000
    public var fetchMillis: Int64 = 30_000

    public init() {}

    static let fields: Set<String> = [
        "suspendDelaySeconds", "backgroundTaskSeconds", "launchSeconds", "backgroundSeconds", "terminateSeconds",
        "fetchSeconds",
    ]

    init(json: JSONValue, path: String) throws(FieldError) {
        let reader = try FieldReader(json, path: path)
        try reader.allowOnly(Self.fields)
        self.init()
        let range = 0.0...86_400.0
        suspendDelayMillis = try reader.seconds("suspendDelaySeconds", in: range) ?? suspendDelayMillis
        backgroundTaskMillis = try reader.seconds("backgroundTaskSeconds", in: range)
        launchMillis = try reader.seconds("launchSeconds", in: range) ?? launchMillis
        backgroundMillis = try reader.seconds("backgroundSeconds", in: range) ?? backgroundMillis
        terminateMillis = try reader.seconds("terminateSeconds", in: range) ?? terminateMillis
        fetchMillis = try reader.seconds("fetchSeconds", in: range) ?? fetchMillis
    }

    func json(os: OSVersion) -> JSONValue {
        [
            "suspendDelaySeconds": Seconds.value(millis: suspendDelayMillis),
            "backgroundTaskSeconds": Seconds.value(millis: backgroundTaskMillis ?? os.backgroundTaskMillis),
            "launchSeconds": Seconds.value(millis: launchMillis),
            "backgroundSeconds": Seconds.value(millis: backgroundMillis),
            "terminateSeconds": Seconds.value(millis: terminateMillis),
            "fetchSeconds": Seconds.value(millis: fetchMillis),
        ]
    }
}

/// A phone call in progress on a device, and the app that was in the foreground when it came.
public struct PhoneCall: Sendable, Codable, Equatable {
    public var instance: String
    public var answered: Bool

    public init(instance: String, answered: Bool) {
        self.instance = instance
        self.answered = answered
    }
}

/// A simulated device: its settings, its clock and what the whole device is doing (LIFECYCLE.md §2).
public struct Device: Sendable, Codable, Equatable {
    public var id: String
    public var osVersion = OSVersion(17)
    public var memoryMB = 2048
    public var passcode = true
    public var clock = DeviceClock()
    public var limits = DeviceLimits()
    public var labels: [String: String] = [:]
    public var locked = false
    public var orientation = "portrait"
    /// Device time (milliseconds since the device was created) at the last step.
    public var nowMillis: Int64 = 0
    /// Wall time (Unix milliseconds) that corresponded to `nowMillis`, for realtime clocks.
    public var wallAnchorMillis: Int64 = 0
    public var createdAtWallMillis: Int64 = 0
    /// The last event's sequence number on this device.
    public var eventSeq: Int64 = 0
    /// The number the next installed app's id gets.
    public var nextInstanceNumber = 1
    /// The app that was in the foreground when the device was locked.
    public var foregroundBeforeLock: String?
    public var call: PhoneCall?

    public init(id: String) { self.id = id }

    static let fields: Set<String> = ["osVersion", "memoryMB", "passcode", "clock", "limits", "labels"]

    /// A device from a create request (`POST /v1/devices`), created at `wallMillis`.
    public init(id: String, json: JSONValue, wallMillis: Int64) throws(FieldError) {
        self.init(id: id)
        let reader = try FieldReader(json)
        try reader.allowOnly(Self.fields)
        if let text = try reader.string("osVersion") {
            guard let version = OSVersion(text) else {
                throw reader.invalid("osVersion", "must be an iOS version such as \"17.0\" or \"4.2\", not \"\(text)\"")
            }
            osVersion = version
        }
        memoryMB = try reader.integer("memoryMB", in: 16...1_048_576) ?? memoryMB
        passcode = try reader.bool("passcode") ?? passcode
        if let clockReader = try reader.object("clock") {
            try clockReader.allowOnly(["mode", "speed"])
            clock.mode = try clockReader.choice("mode", DeviceClock.Mode.self, among: DeviceClock.Mode.allCases) ?? .realtime
            if let speed = try clockReader.number("speed") {
                guard speed > 0, speed <= 10_000 else { throw clockReader.invalid("speed", "must be above 0 and at most 10000, not \(speed)") }
                clock.speed = speed
            }
        }
        if let limitsValue = reader.value("limits") {
            limits = try DeviceLimits(json: limitsValue, path: "limits")
        }
        if let labelReader = try reader.object("labels") {
            for (key, _) in labelReader.object {
                labels[key] = try labelReader.string(key) ?? ""
            }
        }
        wallAnchorMillis = wallMillis
        createdAtWallMillis = wallMillis
    }

    /// Device time at wall time `wallMillis`: realtime clocks run on from their anchor, manual clocks stand.
    public func deviceTime(atWall wallMillis: Int64) -> Int64 {
        switch clock.mode {
        case .manual:
            return nowMillis
        case .realtime:
            let elapsed = max(0, wallMillis - wallAnchorMillis)
            return nowMillis + Int64((Double(elapsed) * clock.speed).rounded(.down))
        }
    }

    /// The wall time at which a realtime clock reaches device time `deviceMillis`; `nil` for manual clocks.
    public func wallTime(atDevice deviceMillis: Int64) -> Int64? {
        guard clock.mode == .realtime else { return nil }
        let ahead = max(0, deviceMillis - nowMillis)
        return wallAnchorMillis + Int64((Double(ahead) / clock.speed).rounded(.up))
    }

    public var backgroundTaskMillis: Int64 { limits.backgroundTaskMillis ?? osVersion.backgroundTaskMillis }
}
