import AppSimJSON

/// One device and the apps installed on it: the pure, deterministic state machine of docs/lifecycle.md.
///
/// Its state changes only through its inputs: installing, uninstalling, applying an event and firing the timers that
/// fell due. Every input that moves
/// time takes the wall time from the caller (the simulation never reads a clock) and returns what happened for the
/// caller to store and report. A refused event leaves the simulation exactly as it was.
///
/// ```swift
/// var sim = DeviceSimulation(device: Device(id: "d1"))
/// let app = sim.install(info: AppInfo(bundleId: "com.example.notes"), behavior: AppBehavior(), wallMillis: 0)
/// let attempt = sim.apply(.app(.launch), to: app.id, wallMillis: 1_000)
/// // attempt.outcome: willFinishLaunching → didFinishLaunching → didBecomeActive
/// ```
public struct DeviceSimulation: Sendable {
    public private(set) var device: Device
    /// Installed apps in install order.
    public private(set) var instances: [Instance]

    public init(device: Device, instances: [Instance] = []) {
        self.device = device
        self.instances = instances.sorted { $0.number < $1.number }
    }

    public func instance(_ id: String) -> Instance? { instances.first { $0.id == id } }

    /// The app in the foreground (active or inactive), if any.
    public var foregroundInstance: Instance? { instances.first { $0.state.isForeground } }

    func index(of id: String) -> Int? { instances.firstIndex { $0.id == id } }

    /// The device time at wall time `wallMillis`.
    public func now(atWall wallMillis: Int64) -> Int64 { device.deviceTime(atWall: wallMillis) }

    // MARK: Inputs

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
        if device.foregroundBeforeLock == id { device.lock = .locked(foregroundBeforeLock: nil) }
        if device.call?.instance == id { device.call = nil }
        return true
    }

    /// Applies `event` at wall time `wallMillis`, to the app `instanceId` (app events and actions) or the device
    /// (device events, wherever they were posted).
    ///
    /// Timers that fell due before the event fire first, as a `timers` event of their own.
    public mutating func apply(_ event: Event, to instanceId: String?, wallMillis: Int64) -> EventAttempt {
        let timers = fireDueTimers(wallMillis: wallMillis)
        var step = EventStep(self)
        do {
            let outcome = try step.perform(event, to: instanceId, wallMillis: wallMillis)
            keep(step)
            return EventAttempt(timers: timers, outcome: .success(outcome))
        } catch {
            var rejection = error
            let deviceOnly = !(event.isAppScoped && instanceId != nil)
            // An event refused at a limit is tried in its usual form: a smaller one would be taken (an edit that
            // removes keys), where a refused form says nothing of the event type.
            rejection.allowedEvents = allowedEvents(
                for: instanceId, wallMillis: wallMillis, deviceOnly: deviceOnly, refused: rejection.limit == nil ? event : nil)
            return EventAttempt(timers: timers, outcome: .failure(rejection))
        }
    }

    /// Fires every timer due by wall time `wallMillis` (realtime clocks) as one `timers` event; `nil` if none was due.
    public mutating func fireDueTimers(wallMillis: Int64) -> EventOutcome? {
        guard let next = nextDeadline(), next <= now(atWall: wallMillis) else { return nil }
        var step = EventStep(self)
        guard let outcome = try? step.perform(.device(.timers), to: nil, wallMillis: wallMillis) else { return nil }
        keep(step)
        return outcome
    }

    /// Makes what an accepted event left the device's state.
    private mutating func keep(_ step: EventStep) {
        device = step.device
        instances = step.instances
    }

    // MARK: Queries

    /// The device time of the next timer (suspension, task end or expiry, fetch completion or watchdog), if any.
    public func nextDeadline() -> Int64? {
        instances.compactMap { $0.firstTimerTime(backgroundTaskMillis: device.backgroundTaskMillis, continuedStallMillis: device.limits.continuedProcessingStallMillis) }.min()
    }

    /// The wall time at which the app's next timer falls due on a realtime clock; `nil` for none or a manual clock.
    /// The earliest over a device's apps is its ``nextWallDeadline()``.
    public func wallWake(of id: String) -> Int64? {
        instance(id).flatMap(wallWake(of:))
    }

    /// The wall time at which `instance`'s next timer falls due on this device's realtime clock, as ``wallWake(of:)``.
    public func wallWake(of instance: Instance) -> Int64? {
        EventStep.wallWake(of: instance, on: device)
    }

    /// The wall time at which the next timer falls due on a realtime clock; `nil` for none or a manual clock.
    public func nextWallDeadline() -> Int64? {
        nextDeadline().flatMap { device.wallTime(atDevice: $0) }
    }

    /// What `UIApplication.applicationState` reads for app `id` now (docs/lifecycle.md, States and Devices and apps).
    public func applicationState(of id: String) -> ApplicationState {
        instance(id)?.applicationState(on: device) ?? .background
    }

    /// Which event types the app (or the device) accepts now, found by trying each on a copy. The type of a
    /// `refused` event is tried as it was posted (a silent push refused does not list `push` because an alert would
    /// be shown). A locked device adds `unlock` to an app's list: what the user does first (docs/lifecycle.md, What the events do).
    public func allowedEvents(for instanceId: String?, wallMillis: Int64, deviceOnly: Bool = false, refused: Event? = nil) -> [String] {
        var allowed: [String] = []
        let forApp = instanceId != nil && !deviceOnly
        let instance = forApp ? instanceId.flatMap(instance(_:)) : nil
        var candidates = EventType.tried(for: instance).flatMap { $0.samples(for: instance) }
        if let refused {
            candidates = candidates.map { Self.isForm(of: refused, $0) ? refused : $0 }
        }
        for candidate in candidates where !allowed.contains(candidate.type) {
            var trial = EventStep(self)
            if (try? trial.perform(candidate, to: forApp ? instanceId : nil, wallMillis: wallMillis)) != nil {
                allowed.append(candidate.type)
            }
        }
        if forApp, device.locked { allowed.append(DeviceEvent.unlock.type) }
        return allowed
    }

    /// Whether `sample` stands for the same kind of event as `event`: the same type, except that a crash during
    /// launch and a crash of a running app are different events.
    static func isForm(of event: Event, _ sample: Event) -> Bool {
        if case .app(.crash(let a)) = event, case .app(.crash(let b)) = sample { return a == b }
        return event.type == sample.type
    }
}
