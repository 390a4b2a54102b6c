/// A simulated device as the server reports it now.
public struct Device: Sendable, Hashable, Codable {
    public var id: String
    public var osVersion: String
    public var memoryMB: Int
    /// The memory its apps use now.
    public var usedMemoryMB: Int
    public var passcode: Bool
    public var clock: DeviceSettings.Clock
    /// The limits in force, with the OS version's background task time where none was set.
    public var limits: Limits
    public var labels: [String: String]
    public var locked: Bool
    /// The last `orientation` event's value; `portrait` at first.
    public var orientation: String
    /// The last `battery` event's `state` (`unknown`, `unplugged`, `charging`, `full`); `nil` from a server before
    /// scheduled tasks.
    public var batteryState: String?
    /// The app switcher is open (nil from a server before 1.1.0).
    public var appSwitcher: Bool?
    /// Continued processing tasks may use the GPU in the background (nil from a server before 1.1.0).
    public var supportsBackgroundGPU: Bool?
    /// The device clock now, in milliseconds since the device was created.
    public var time: Int64
    /// The instance in the foreground (active or inactive), if any.
    public var foreground: String?
    /// A phone call in progress, and the app it came over.
    public var call: Call?
    /// The ids of the apps installed, in install order.
    public var instances: [String]
    /// The seq of the device's last event (0 before any).
    public var eventSeq: Int64

    /// A phone call in progress on a device.
    public struct Call: Sendable, Hashable, Codable {
        public var instance: String
        public var answered: Bool
    }

    /// The system's time limits, in seconds.
    public struct Limits: Sendable, Hashable, Codable {
        /// How long after `applicationDidEnterBackground:` an idle app is suspended.
        public var suspendDelaySeconds: Double?
        /// Background task time, shared by an app's tasks.
        public var backgroundTaskSeconds: Double?
        /// Watchdog limit of the launch callbacks.
        public var launchSeconds: Double?
        /// Watchdog limit of `applicationDidEnterBackground:`.
        public var backgroundSeconds: Double?
        /// Watchdog limit of `applicationWillTerminate:`.
        public var terminateSeconds: Double?
        /// Watchdog limit of a background fetch or silent push.
        public var fetchSeconds: Double?
        /// How long an app-refresh task (BGTaskScheduler) may run before it expires.
        public var appRefreshTaskSeconds: Double?
        /// How long a processing task (BGTaskScheduler) may run before it expires.
        public var processingTaskSeconds: Double?
        /// Continued processing tasks the device runs at once (iOS 26).
        public var continuedProcessingTasks: Int?
        /// A continued task that reports no progress for this long expires.
        public var continuedProcessingStallSeconds: Double?
        /// Silent pushes an app in the background may receive per hour of device time (nil: no budget).
        public var backgroundPushesPerHour: Int?

        public init(
            suspendDelaySeconds: Double? = nil, backgroundTaskSeconds: Double? = nil, launchSeconds: Double? = nil,
            backgroundSeconds: Double? = nil, terminateSeconds: Double? = nil, fetchSeconds: Double? = nil,
            appRefreshTaskSeconds: Double? = nil, processingTaskSeconds: Double? = nil, continuedProcessingTasks: Int? = nil,
            continuedProcessingStallSeconds: Double? = nil, backgroundPushesPerHour: Int? = nil
        ) {
            self.suspendDelaySeconds = suspendDelaySeconds
            self.backgroundTaskSeconds = backgroundTaskSeconds
            self.launchSeconds = launchSeconds
            self.backgroundSeconds = backgroundSeconds
            self.terminateSeconds = terminateSeconds
            self.fetchSeconds = fetchSeconds
            self.appRefreshTaskSeconds = appRefreshTaskSeconds
            self.processingTaskSeconds = processingTaskSeconds
            self.continuedProcessingTasks = continuedProcessingTasks
            self.continuedProcessingStallSeconds = continuedProcessingStallSeconds
            self.backgroundPushesPerHour = backgroundPushesPerHour
        }
    }
}
