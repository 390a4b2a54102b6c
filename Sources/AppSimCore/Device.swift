/// How a device's clock moves: on wall time (optionally faster), or only when told to.
public struct DeviceClock: Sendable, Equatable {
    public enum Mode: String, Sendable, CaseIterable { case realtime, manual }
    public var mode: Mode = .realtime
    /// Device seconds per wall second, in realtime mode.
    public var speed: Double = 1

    public init(mode: Mode = .realtime, speed: Double = 1) {
        self.mode = mode
        self.speed = speed
    }

    /// The fastest a realtime clock may run; it must run (a speed above 0).
    public static let maxSpeed = 10_000.0
}

/// The system's time limits on a device (docs/lifecycle.md, Time), each overridable at creation.
public struct DeviceLimits: Sendable, Equatable {
    public var suspendDelayMillis: Int64 = 5_000
    /// Background task time; `nil` means the OS version's (docs/lifecycle.md, Devices and apps).
    public var backgroundTaskMillis: Int64? = nil
    public var launchMillis: Int64 = 5_000
    public var backgroundMillis: Int64 = 5_000
    public var terminateMillis: Int64 = 5_000
    public var fetchMillis: Int64 = 30_000
    /// Time an app-refresh task has before its expiration handler runs (docs/lifecycle.md, Scheduled tasks).
    public var appRefreshTaskMillis: Int64 = 30_000
    /// Time a processing task has before its expiration handler runs.
    public var processingTaskMillis: Int64 = 300_000
    /// Silent pushes an app in the background may receive per hour of device time; `nil`: no budget
    /// (docs/lifecycle.md, iOS 18 to 27).
    public var backgroundPushesPerHour: Int? = nil
    /// Continued processing tasks the device runs at once (docs/lifecycle.md, Continued processing tasks).
    public var continuedProcessingTasks = 1
    /// A continued task that reports no progress for this long expires (`noProgress`).
    public var continuedProcessingStallMillis: Int64 = 30_000

    public init() {}

    /// What a budget of silent pushes may be.
    public static let backgroundPushesPerHourRange = 0...100_000
    /// How many continued tasks a device may run at once.
    public static let continuedProcessingTasksRange = 0...64

    /// What each limit may be set to: up to a day.
    public static let millisRange: ClosedRange<Int64> = 0...86_400_000
}

/// A phone call in progress on a device, and the app that was in the foreground when it came.
public struct PhoneCall: Sendable, Equatable {
    public var instance: String
    public var answered: Bool

    public init(instance: String, answered: Bool) {
        self.instance = instance
        self.answered = answered
    }
}

/// A simulated device: its settings, its clock and what the whole device is doing (docs/lifecycle.md, Devices and apps).
public struct Device: Sendable, Equatable {
    public var id: String
    public var osVersion = Device.defaultOSVersion
    public var memoryMB = 2048
    public var passcode = true
    public var clock = DeviceClock()
    public var limits = DeviceLimits()
    public var labels: [String: String] = [:]
    /// Whether the device is locked, and which app was in the foreground when it was: one value, so that the app
    /// to bring back can never outlive the lock.
    public var lock = Lock.unlocked
    public var orientation = "portrait"
    /// `UIDevice.batteryState` as the last `battery` event set it: `unknown`, `unplugged`, `charging` or `full`.
    public var batteryState = "unknown"
    /// Device time (milliseconds since the device was created) at the last step.
    public var nowMillis: Int64 = 0
    /// Wall time (Unix milliseconds) that corresponded to `nowMillis`, for realtime clocks.
    public var wallAnchorMillis: Int64 = 0
    public var createdAtWallMillis: Int64 = 0
    /// The last event's sequence number on this device.
    public var eventSeq: Int64 = 0
    /// The number the next installed app's id gets.
    public var nextInstanceNumber = 1
    public var call: PhoneCall?
    /// The app switcher is open (docs/lifecycle.md, The app switcher).
    public var appSwitcherOpen = false
    /// The device lets continued processing tasks use the GPU in the background (`requiresGPU`).
    public var supportsBackgroundGPU = false

    public init(id: String) { self.id = id }

    /// The iOS of a device created without `osVersion` (docs/lifecycle.md, iOS 18 to 27; it was 17.0 before).
    public static let defaultOSVersion = OSVersion(26)

    public enum Lock: Sendable, Equatable {
        case unlocked
        /// Locked while `foregroundBeforeLock` (if any) was in the foreground: the app unlocking brings back.
        case locked(foregroundBeforeLock: String?)
    }

    public var locked: Bool {
        if case .locked = lock { return true }
        return false
    }

    /// The app that was in the foreground when the device was locked; nil while it is unlocked.
    public var foregroundBeforeLock: String? {
        if case .locked(let foreground) = lock { return foreground }
        return nil
    }

    /// The memory sizes a device may have.
    public static let memoryMBRange = 16...1_048_576

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
