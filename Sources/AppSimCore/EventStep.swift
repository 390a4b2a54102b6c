/// One event being applied to a device: a working copy of the device and its apps, and what the event has recorded
/// so far. ``DeviceSimulation`` keeps the copy only if the event is accepted; a refusal throws and the copy is dropped.
struct EventStep {
    var device: Device
    /// The device's apps in install order, as in ``DeviceSimulation/instances``.
    var instances: [Instance]
    /// The seq of the event being applied.
    var eventSeq: Int64 = 0
    var callbacks: [CallbackRecord] = []
    /// The id of the background task the event began, which the action returns.
    var begunTaskId: Int?
    /// What became of the push the event brought.
    var pushDelivery: PushDelivery?
    /// SwiftUI scenes connected during this step whose first phase is still to come (not a change).
    var freshScenes: Set<String> = []

    init(_ simulation: DeviceSimulation) {
        device = simulation.device
        instances = simulation.instances
    }

    var now: Int64 { device.nowMillis }

    func index(of id: String) -> Int? { instances.firstIndex { $0.id == id } }

    /// Applies one event in place: moves the clock, counts the event, dispatches it, and sums up what it changed.
    mutating func perform(_ event: Event, to instanceId: String?, wallMillis: Int64) throws(EventRejection) -> EventOutcome {
        let before = instances
        let deviceBefore = device
        let now = device.deviceTime(atWall: wallMillis)
        let previousNow = device.nowMillis
        device.nowMillis = now
        if device.clock.mode == .realtime { device.wallAnchorMillis = max(device.wallAnchorMillis, wallMillis) }
        device.eventSeq += 1
        eventSeq = device.eventSeq

        let target: String?
        switch event {
        case .app(let appEvent):
            let i = try app(instanceId, for: event)
            target = instanceId
            try perform(appEvent, on: i)
        case .action(let action):
            let i = try app(instanceId, for: event)
            target = instanceId
            try perform(action, on: i)
        case .device(.runTask(let identifier)):
            // A system event for one app: the one it was posted to, or the first with a request for the identifier.
            let i = try taskApp(instanceId, identifier: identifier)
            target = instances[i].id
            try runTask(identifier, of: i)
        case .device(let deviceEvent):
            target = nil
            if case .timers = deviceEvent {
                // Realtime timers fire at the device times they fell due, between the last step and now.
                device.nowMillis = previousNow
                fireTimers(until: now)
            }
            try perform(deviceEvent)
        }

        var outcome = EventOutcome(event: EventRecord(seq: device.eventSeq, type: event.type, at: now, instance: target))
        outcome.callbacks = callbacks
        outcome.begunTaskId = begunTaskId
        outcome.pushDelivery = pushDelivery
        var counted = device
        counted.eventSeq = deviceBefore.eventSeq
        if counted.nowMillis - counted.wallAnchorMillis == deviceBefore.nowMillis - deviceBefore.wallAnchorMillis {
            counted.nowMillis = deviceBefore.nowMillis
            counted.wallAnchorMillis = deviceBefore.wallAnchorMillis
        }
        outcome.changedDevice = counted != deviceBefore
        for index in instances.indices {
            // Events do not install or remove apps, so each is where it was; the search is only a safeguard.
            let id = instances[index].id
            let old = index < before.count && before[index].id == id ? before[index] : before.first { $0.id == id }
            guard let old else {
                outcome.changedApps.append(id)
                continue
            }
            guard old != instances[index] else {
                // A device whose clock or limits changed may have moved the wall time of an unchanged app's timers.
                if outcome.changedDevice, Self.wallWake(of: old, on: deviceBefore) != Self.wallWake(of: old, on: device) {
                    outcome.changedApps.append(id)
                }
                continue
            }
            instances[index].updatedAt = device.nowMillis
            if old.state != instances[index].state {
                outcome.changes.append(StateChange(instance: id, from: old.state, to: instances[index].state))
            }
            var unchanged = instances[index]
            unchanged.nextSeq = old.nextSeq
            unchanged.updatedAt = old.updatedAt
            if unchanged != old || Self.wallWake(of: old, on: deviceBefore) != Self.wallWake(of: instances[index], on: device) {
                outcome.changedApps.append(id)
            }
        }
        return outcome
    }

    /// The wall time at which `instance`'s next timer falls due on `device`'s realtime clock (``DeviceSimulation/wallWake(of:)``).
    static func wallWake(of instance: Instance, on device: Device) -> Int64? {
        instance.firstTimerTime(backgroundTaskMillis: device.backgroundTaskMillis, continuedStallMillis: device.limits.continuedProcessingStallMillis)
            .flatMap { device.wallTime(atDevice: $0) }
    }

    /// The index of the app an app event or action is for.
    func app(_ instanceId: String?, for event: Event) throws(EventRejection) -> Int {
        guard let instanceId else {
            throw EventRejection(.notAllowed, "'\(event.type)' is an app event: it needs the app it is for")
        }
        guard let index = index(of: instanceId) else {
            throw EventRejection(.unusable, "no app \(instanceId) is installed on device \(device.id)")
        }
        return index
    }
}
