import AppSimCore

/// One history record as stored: its key, what a loaded device catches up from (its event and its time, in columns
/// of their own), and its body, the Callback JSON the API rendered, kept as given and never read.
public struct StoredCallback: Sendable {
    public var instance: String
    public var seq: Int64
    /// The seq of the device event that caused it.
    public var event: Int64
    /// Device time in milliseconds.
    public var at: Int64
    public var body: [UInt8]
}

/// One entry of a device's event journal: the event's seq, type and time, its state changes (JSON, as the device
/// stream sends them) and the whole entry (JSON, as the journal serves it), both rendered by the API and kept as given.
public struct StoredEvent: Sendable {
    public var device: String
    public var seq: Int64
    public var type: String
    /// Device time in milliseconds.
    public var at: Int64
    public var changes: [UInt8]
    public var entry: [UInt8]

    public init(device: String, seq: Int64, type: String, at: Int64, changes: [UInt8], entry: [UInt8]) {
        self.device = device
        self.seq = seq
        self.type = type
        self.at = at
        self.changes = changes
        self.entry = entry
    }
}

/// A device as stored. Encoded when made, on the request's thread, so the one committer thread only writes bytes.
public struct StoredDevice: Sendable {
    public let id: String
    let body: [UInt8]

    public init(_ simulation: DeviceSimulation) {
        id = simulation.device.id
        body = Records.encode(simulation.device)
    }
}

/// What an event changed of an instance, encoded when made, with the wall time its realtime timers next fall due
/// (what a starting server schedules its device from).
public struct StoredInstance: Sendable {
    public let id: String
    let state: String
    let body: [UInt8]
    public let wakeAt: Int64?

    public init(_ instance: Instance, in simulation: DeviceSimulation) {
        id = instance.id
        state = instance.state.rawValue
        body = Records.encode(instance)
        wakeAt = simulation.wallWake(of: instance)
    }
}

/// Everything one accepted request changes, written in one transaction.
public struct StoreWrite: Sendable {
    public var devices: [StoredDevice] = []
    /// Newly installed instances: their fixed `info` and `behavior` are written once, here.
    public var installed: [Instance] = []
    /// Instances whose state changed.
    public var instances: [StoredInstance] = []
    public var deletedInstances: [String] = []
    public var deletedDevices: [String] = []
    /// Callback records with their bodies, rendered once for the store and the reply.
    public var callbacks: [StoredCallback] = []
    /// The accepted events, for their devices' journals.
    public var events: [StoredEvent] = []
    /// Devices whose rows this write leaves as they were, as only their event counter moved, which `callbacks`
    /// carry (see `DeviceSimulation.catchUp(toHistory:)`). The write still changes them: their stored history.
    public private(set) var historyOnlyDevices: [String] = []

    public init() {}

    /// Every device this write changes, by row or by history.
    public var changedDevices: Set<String> { Set(devices.map(\.id) + deletedDevices + historyOnlyDevices) }

    public var isEmpty: Bool {
        devices.isEmpty && installed.isEmpty && instances.isEmpty && deletedInstances.isEmpty && deletedDevices.isEmpty
            && callbacks.isEmpty && events.isEmpty
    }

    /// Adds what `outcomes` (events applied one after another) did to a device that went from `before` to `after`:
    /// their callbacks, and the rows of the device and of the instances that differ, except what those callbacks
    /// record (an event that only adds to history, such as a memory warning to an active app, writes its callbacks
    /// alone; Home and launch write the app's row, not the device's). An instance whose timers' wall time moved is
    /// written too: a starting server schedules from it.
    ///
    /// `historyBody` renders a callback as its history keeps and serves it: the API's Callback JSON, which the
    /// store keeps as given and never reads (what it needs of a callback, its `event` and `at`, it stores apart).
    public mutating func add(
        _ outcomes: [EventOutcome], from before: DeviceSimulation, to after: DeviceSimulation,
        historyBody: (CallbackRecord) -> [UInt8]
    ) {
        let added = outcomes.flatMap(\.callbacks)
        let deviceId = after.device.id
        let writesDevice = devices.contains(where: { $0.id == deviceId })
            || !Self.keptByHistory(after.device, from: before.device, callbacks: added)
        if writesDevice {
            devices.removeAll { $0.id == deviceId }
            devices.append(StoredDevice(after))
        }
        var writesInstances = false
        var newest: [String: CallbackRecord] = [:]
        for callback in added { newest[callback.instance] = callback }
        for (index, instance) in after.instances.enumerated() {
            // Events neither install nor remove apps, so each is where it was; the search is a safeguard.
            let old = index < before.instances.count && before.instances[index].id == instance.id
                ? before.instances[index] : before.instance(instance.id)
            let rowChanged = old.map { !Self.keptByHistory(instance, from: $0, newest: newest[instance.id]) } ?? true
            if rowChanged || old.flatMap(before.wallWake(of:)) != after.wallWake(of: instance) {
                instances.removeAll { $0.id == instance.id }
                instances.append(StoredInstance(instance, in: after))
                writesInstances = true
            }
        }
        callbacks += added.map {
            StoredCallback(instance: $0.instance, seq: $0.seq, event: $0.event, at: $0.at, body: historyBody($0))
        }
        if !writesDevice, writesInstances || !added.isEmpty, !historyOnlyDevices.contains(deviceId) {
            historyOnlyDevices.append(deviceId)
        }
    }

    /// Whether all that `instance` changed since `old` is in its newest callback (`newest`), from which a loaded
    /// device catches up (`DeviceSimulation.catchUp(toHistory:)`): its next seq (one past that callback's) and its
    /// `updatedAt` (that callback's time).
    private static func keptByHistory(_ instance: Instance, from old: Instance, newest: CallbackRecord?) -> Bool {
        if instance == old { return true }
        guard let newest, instance.nextSeq == newest.seq + 1, instance.updatedAt == newest.at else { return false }
        var unchanged = instance
        unchanged.nextSeq = old.nextSeq
        unchanged.updatedAt = old.updatedAt
        return unchanged == old
    }

    /// Whether all that `device` changed since `old` is in `callbacks`, from which a loaded device catches up:
    /// its event counter, which each of them carries with the device time (timers' callbacks are dated when they fell
    /// due, so they do not), and a realtime clock running on at speed 1, where an older anchor gives the same device
    /// times.
    private static func keptByHistory(_ device: Device, from old: Device, callbacks: [CallbackRecord]) -> Bool {
        if device == old { return true }
        guard !callbacks.isEmpty, device.clock.keepsPaceWithWallTime,
              device.nowMillis - device.wallAnchorMillis == old.nowMillis - old.wallAnchorMillis,
              callbacks.allSatisfy({ $0.event == device.eventSeq && $0.at == device.nowMillis })
        else { return false }
        var unchanged = device
        unchanged.eventSeq = old.eventSeq
        unchanged.nowMillis = old.nowMillis
        unchanged.wallAnchorMillis = old.wallAnchorMillis
        return unchanged == old
    }
}
