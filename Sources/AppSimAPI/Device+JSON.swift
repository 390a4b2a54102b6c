import AppSimCore
import AppSimJSON

/// A device create request (`POST /v1/devices`), and the parts of the Device shape that are the device's alone.
extension Device {
    /// The fields of a create request: the device's settings, which the Device shape shows under the same names
    /// (ShapeRoundTripTests holds the reader and the shape to it).
    static let wireFields = ["osVersion", "memoryMB", "passcode", "clock", "limits", "labels", "supportsBackgroundGPU"]

    /// A device from a create request, created at `wallMillis`.
    init(id: String, json: JSONValue, wallMillis: Int64) throws(FieldError) {
        self.init(id: id)
        let reader = try FieldReader(json)
        try reader.allowOnly(Self.wireFields)
        if let text = try reader.string("osVersion") {
            guard let version = OSVersion(text) else {
                throw reader.invalid("osVersion", "must be an iOS version such as \"17.0\" or \"4.2\", not \"\(text)\"")
            }
            osVersion = version
        }
        memoryMB = try reader.integer("memoryMB", in: Self.memoryMBRange) ?? memoryMB
        passcode = try reader.bool("passcode") ?? passcode
        supportsBackgroundGPU = try reader.bool("supportsBackgroundGPU") ?? supportsBackgroundGPU
        if let clockReader = try reader.object("clock") {
            try clockReader.allowOnly(DeviceClock.wireFields)
            clock.mode = try clockReader.choice("mode", DeviceClock.Mode.self, among: DeviceClock.Mode.allCases) ?? .realtime
            if let speed = try clockReader.number("speed") {
                guard speed > 0, speed <= DeviceClock.maxSpeed else {
                    throw clockReader.invalid("speed", "must be above 0 and at most \(Int(DeviceClock.maxSpeed)), not \(speed)")
                }
                guard clock.mode == .realtime else {
                    throw clockReader.invalid("speed", "applies to a realtime clock only; a manual clock moves by advanceClock")
                }
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

    /// The limits in force, in seconds, with the OS version's background task time where none was set.
    var limitsJSON: JSONValue {
        func seconds(_ millis: Int64) -> JSONValue { .number(Double(millis) / 1000) }
        var limits: JSONObject = [
            "suspendDelaySeconds": seconds(self.limits.suspendDelayMillis),
            "backgroundTaskSeconds": seconds(backgroundTaskMillis),
            "launchSeconds": seconds(self.limits.launchMillis),
            "backgroundSeconds": seconds(self.limits.backgroundMillis),
            "terminateSeconds": seconds(self.limits.terminateMillis),
            "fetchSeconds": seconds(self.limits.fetchMillis),
            "appRefreshTaskSeconds": seconds(self.limits.appRefreshTaskMillis),
            "processingTaskSeconds": seconds(self.limits.processingTaskMillis),
            "continuedProcessingTasks": JSONValue(self.limits.continuedProcessingTasks),
            "continuedProcessingStallSeconds": seconds(self.limits.continuedProcessingStallMillis),
        ]
        // Shown only when set: no budget is the default, as before budgets existed.
        if let budget = self.limits.backgroundPushesPerHour { limits["backgroundPushesPerHour"] = JSONValue(budget) }
        return .object(limits)
    }
}

extension DeviceLimits {
    /// The fields of `limits`, in the order the Device shape writes them: all a create request may give, and all a
    /// reply shows (ShapeRoundTripTests holds the reader and the writer to it).
    static let wireFields = [
        "suspendDelaySeconds", "backgroundTaskSeconds", "launchSeconds", "backgroundSeconds", "terminateSeconds",
        "fetchSeconds", "appRefreshTaskSeconds", "processingTaskSeconds", "continuedProcessingTasks",
        "continuedProcessingStallSeconds", "backgroundPushesPerHour",
    ]

    /// The `limits` of a create request, in seconds; absent ones keep their defaults.
    init(json: JSONValue, path: String) throws(FieldError) {
        let reader = try FieldReader(json, path: path)
        try reader.allowOnly(Self.wireFields)
        self.init()
        let range = Self.millisRange
        suspendDelayMillis = try reader.seconds("suspendDelaySeconds", in: range) ?? suspendDelayMillis
        backgroundTaskMillis = try reader.seconds("backgroundTaskSeconds", in: range)
        launchMillis = try reader.seconds("launchSeconds", in: range) ?? launchMillis
        backgroundMillis = try reader.seconds("backgroundSeconds", in: range) ?? backgroundMillis
        terminateMillis = try reader.seconds("terminateSeconds", in: range) ?? terminateMillis
        fetchMillis = try reader.seconds("fetchSeconds", in: range) ?? fetchMillis
        appRefreshTaskMillis = try reader.seconds("appRefreshTaskSeconds", in: range) ?? appRefreshTaskMillis
        processingTaskMillis = try reader.seconds("processingTaskSeconds", in: range) ?? processingTaskMillis
        continuedProcessingTasks = try reader.integer("continuedProcessingTasks", in: Self.continuedProcessingTasksRange) ?? continuedProcessingTasks
        continuedProcessingStallMillis = try reader.seconds("continuedProcessingStallSeconds", in: range) ?? continuedProcessingStallMillis
        backgroundPushesPerHour = try reader.integer("backgroundPushesPerHour", in: Self.backgroundPushesPerHourRange)
    }
}

extension DeviceClock {
    /// The fields of `clock`, in the order `json` writes them; a manual clock shows no `speed`.
    static let wireFields = ["mode", "speed"]

    /// A manual clock has no speed: it moves only by `advanceClock`.
    var json: JSONValue {
        mode == .manual ? ["mode": .string(mode.rawValue)] : ["mode": .string(mode.rawValue), "speed": .number(speed)]
    }
}
