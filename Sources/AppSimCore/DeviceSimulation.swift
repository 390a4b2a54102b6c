/// One device and the apps installed on it: the pure, deterministic state machine of LIFECYCLE.md.
///
/// Every input is a method that takes the wall time from the caller (the simulation never reads a clock) and
/// returns what happened as an ``EventOutcome`` for the caller to store and report. A refused event throws
/// ``EventRejection`` and leaves the simulation exactly as it was.
///
/// ```swift
/// var sim = DeviceSimulation(device: Device(id: "d1"))
/// let app = sim.install(info: AppInfo(bundleId: "com.example.notes"), behavior: AppBehavior(), wallMillis: 0)
/// let applied = sim.apply(.launch, to: app.id, wallMillis: 1_000)
/// // applied.outcome: willFinishLaunching → didFinishLaunching → didBecomeActive
/// ```
public struct DeviceSimulation: Sendable {
    public internal(set) var device: Device
    /// Installed apps in install order.
    public internal(set) var instances: [Instance]

    /// What the event being applied has done so far.
    var step = Step()

    struct Step: Sendable {
        var eventSeq: Int64 = 0
        var callbacks: [CallbackRecord] = []
        var result: JSONValue?
    }

    public init(device: Device, instances: [Instance] = []) {
        self.device = device
        self.instances = instances.sorted { $0.number < $1.number }
    }

    public func instance(_ id: String) -> Instance? { instances.first { $0.id == id } }

    func index(of id: String) -> Int? { instances.firstIndex { $0.id == id } }

    /// The device time at wall time `wallMillis`.
    public func now(atWall wallMillis: Int64) -> Int64 { device.deviceTime(atWall: wallMillis) }

    /// Installs an app on the device, not running.
    public mutating func install(info: AppInfo, behavior: AppBehavior, wallMillis: Int64) -> Instance {
        let number = device.nextInstanceNumber
        device.nextInstanceNumber += 1
        let instance = Instance(
            id: "\(device.id).\(number)", device: device.id, number: number, info: info, behavior: behavior,
            at: now(atWall: wallMillis))
        instances.append(instance)
        return instance
    }

    /// Removes an app and everything it had. Returns `false` if no such app is installed.
    @discardableResult
    public mutating func uninstall(_ id: String) -> Bool {
        guard let index = index(of: id) else { return false }
        instances.remove(at: index)
        if device.foregroundBeforeLock == id { device.foregroundBeforeLock = nil }
        if device.call?.instance == id { device.call = nil }
        return true
    }

    /// The result of applying an event: the timers that fell due first (their own stored event), and the event's
    /// own outcome or the reason it was refused.
    public struct Application: Sendable {
        public var timers: EventOutcome?
        public var outcome: Result<EventOutcome, EventRejection>
    }

    /// Applies `event` at wall time `wallMillis`, to the app `instanceId` (app events and actions) or the device.
    ///
    /// Timers that fell due before the event fire first, as a `timers` event of their own.
    public mutating func apply(_ event: Event, to instanceId: String?, wallMillis: Int64) -> Application {
        let timers = fireDueTimers(wallMillis: wallMillis)
        var attempt = self
        do {
            let outcome = try attempt.perform(event, to: instanceId, wallMillis: wallMillis)
            self = attempt
            return Application(timers: timers, outcome: .success(outcome))
        } catch {
            var rejection = error
            rejection.allowedEvents = allowedEvents(for: instanceId, wallMillis: wallMillis, deviceOnly: !event.isInstanceScoped(instanceId))
            return Application(timers: timers, outcome: .failure(rejection))
        }
    }

    /// Fires every timer due by wall time `wallMillis` (realtime clocks) as one `timers` event; `nil` if none was due.
    public mutating func fireDueTimers(wallMillis: Int64) -> EventOutcome? {
        let target = now(atWall: wallMillis)
        guard let next = nextDeadline(), next <= target else { return nil }
        return try? perform(.timers, to: nil, wallMillis: wallMillis)
    }

    /// The device time of the next timer (suspension, task end or expiry, fetch completion or watchdog), if any.
    public func nextDeadline() -> Int64? {
        instances.indices.compactMap { firstTimerTime(of: $0) }.min()
    }

    /// The wall time at which the app's next timer falls due on a realtime clock; `nil` for none or a manual clock.
    /// The earliest over a device's apps is its ``nextWallDeadline()``.
    public func wallWake(of id: String) -> Int64? {
        index(of: id).flatMap(wallWake(at:))
    }

    func wallWake(at index: Int) -> Int64? {
        firstTimerTime(of: index).flatMap { device.wallTime(atDevice: $0) }
    }

    /// The wall time at which the next timer falls due on a realtime clock; `nil` for none or a manual clock.
    public func nextWallDeadline() -> Int64? {
        nextDeadline().flatMap { device.wallTime(atDevice: $0) }
    }

    /// Which event types the app (or the device) accepts now, found by trying each on a copy.
    public func allowedEvents(for instanceId: String?, wallMillis: Int64, deviceOnly: Bool = false) -> [String] {
        var allowed: [String] = []
        let candidates: [Event]
        if let instanceId, !deviceOnly, let instance = instance(instanceId) {
            candidates = Self.sampleAppEvents(for: instance)
        } else {
            candidates = Self.sampleDeviceEvents
        }
        for candidate in candidates where !allowed.contains(candidate.type) {
            var trial = self
            if (try? trial.perform(candidate, to: deviceOnly ? nil : instanceId, wallMillis: wallMillis)) != nil {
                allowed.append(candidate.type)
            }
        }
        return allowed
    }

    static func sampleAppEvents(for instance: Instance) -> [Event] {
        var events: [Event] = [.launch, .home]
        if let scheme = instance.info.urlSchemes.first { events.append(.openURL(url: "\(scheme)://", sourceApplication: nil)) }
        events += [
            .push(payload: ["aps": ["alert": "sample"]]), .tapNotification, .backgroundFetch, .incomingCall, .answerCall,
            .declineCall, .endCall, .alert, .dismissAlert, .notificationCenter, .dismissNotificationCenter, .memoryWarning,
            .forceQuit, .terminate, .crash(duringLaunch: false), .crash(duringLaunch: true),
            .edit(memory: [:], ui: nil), .beginBackgroundTask(name: nil),
        ]
        if let task = instance.backgroundTasks.first { events.append(.endBackgroundTask(taskId: task.id)) }
        events += [.completeFetch(result: .newData), .setMinimumFetchInterval(.never)]
        return events
    }

    static let sampleDeviceEvents: [Event] = [
        .lock, .unlock, .reboot, .memoryPressure(freeMB: nil), .memoryWarning, .advanceClock(millis: 1),
    ] + DeviceNotification.Kind.allCases.map { .deviceNotification(DeviceNotification(kind: $0, value: [:])) }
}

extension Event {
    /// Device events and `timers` apply to the device even when posted to an instance.
    func isInstanceScoped(_ instanceId: String?) -> Bool {
        guard instanceId != nil else { return false }
        switch self {
        case .lock, .unlock, .reboot, .memoryPressure, .advanceClock, .deviceNotification, .timers: return false
        default: return true
        }
    }
}

extension DeviceSimulation {
    /// What `UIApplication.applicationState` reads for app `id` now (LIFECYCLE.md §1 and §3).
    public func applicationState(of id: String) -> ApplicationState {
        guard let index = index(of: id) else { return .background }
        return applicationState(index)
    }
}

extension Device {
    /// The limits in force, with the OS version's background task time where none was set.
    public var limitsJSON: JSONValue { limits.json(os: osVersion) }
}
