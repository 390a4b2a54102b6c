/// A device to create; every field is optional and has a default (iOS 26.0, 2048 MB, a passcode, a realtime clock).
///
/// ```swift
/// // A deterministic device: time moves only with advanceClock.
/// let device = try await simulator.createDevice(DeviceSettings(osVersion: "15.0", clock: .manual))
/// ```
public struct DeviceSettings: Sendable, Hashable, JSONFields {
    /// The members as sent; the typed properties read and write them.
    public var fields: [String: JSON]

    public init(fields: [String: JSON]) {
        self.fields = fields
    }

    public init(
        osVersion: String? = nil, memoryMB: Int? = nil, passcode: Bool? = nil, clock: Clock? = nil,
        limits: Device.Limits? = nil, labels: [String: String]? = nil
    ) {
        fields = [:]
        self.osVersion = osVersion
        self.memoryMB = memoryMB
        self.passcode = passcode
        self.clock = clock
        self.limits = limits
        self.labels = labels
    }

    /// The iOS version, `MAJOR[.MINOR[.PATCH]]`; it decides which callbacks exist and how they are named.
    public var osVersion: String? {
        get { field("osVersion") }
        set { setField("osVersion", newValue) }
    }

    /// The device's memory; apps are killed for memory when a launch would exceed it.
    public var memoryMB: Int? {
        get { field("memoryMB") }
        set { setField("memoryMB", newValue) }
    }

    /// The device has a passcode, so locking it makes protected data unavailable.
    public var passcode: Bool? {
        get { field("passcode") }
        set { setField("passcode", newValue) }
    }

    /// How the device's clock moves.
    public var clock: Clock? {
        get { field("clock") }
        set { setField("clock", newValue) }
    }

    /// The system's time limits; the ones left out keep their defaults.
    public var limits: Device.Limits? {
        get { field("limits") }
        set { setField("limits", newValue) }
    }

    /// Free-form labels for your own bookkeeping.
    public var labels: [String: String]? {
        get { field("labels") }
        set { setField("labels", newValue) }
    }

    /// Continued processing tasks may use the GPU in the background (iOS 26).
    public var supportsBackgroundGPU: Bool? {
        get { field("supportsBackgroundGPU") }
        set { setField("supportsBackgroundGPU", newValue) }
    }

    /// How a device's clock moves.
    public struct Clock: Sendable, Hashable, Codable {
        public var mode: Mode
        /// Device seconds per wall second, for a realtime clock.
        public var speed: Double?

        public init(mode: Mode, speed: Double? = nil) {
            self.mode = mode
            self.speed = speed
        }

        /// Time moves only with `advanceClock`: timers never fire by themselves, so tests are deterministic.
        public static let manual = Clock(mode: .manual)
        /// Time moves with the wall clock; suspensions and watchdogs fire by themselves.
        public static let realtime = Clock(mode: .realtime)

        public enum Mode: String, Sendable, Hashable, Codable, CaseIterable {
            case realtime
            case manual
        }
    }
}
