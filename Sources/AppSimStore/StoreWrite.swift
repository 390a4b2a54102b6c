import AppSimCore
import AppSimJSON

/// One app's callbacks of one event as its history keeps them (schema 8): a row keyed by the app and the seq of the
/// newest of them, with the event, that callback's time, and the callbacks in the store's own format
/// (`HistoryRecord`); the event's journal entry rides on the row of its last callback.
struct StoredHistory: Sendable {
    var instance: String
    /// The seq of the newest callback the row holds.
    var seq: Int64
    /// The seq of the device event that caused them.
    var event: Int64
    /// The newest callback's device time in milliseconds.
    var at: Int64
    var callbacks: [UInt8]
    /// The event's journal entry (`HistoryRecord`), when this row holds its last callback.
    var entry: [UInt8]?
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
    /// History rows, one per app and event.
    var history: [StoredHistory] = []
    /// The journal entries of events that caused no callback, by device, with their seqs.
    var entriesAlone: [(device: String, seq: Int64, entry: [UInt8])] = []
    /// Devices whose rows this write leaves as they were, as only their event counter moved, which their history
    /// carries (see `Store.catchUp`). The write still changes them: their stored history.
    public private(set) var historyOnlyDevices: [String] = []

    public init() {}

    /// Every device this write changes, by row or by history.
    public var changedDevices: Set<String> { Set(devices.map(\.id) + deletedDevices + historyOnlyDevices) }

    public var isEmpty: Bool {
        devices.isEmpty && installed.isEmpty && instances.isEmpty && deletedInstances.isEmpty && deletedDevices.isEmpty
            && history.isEmpty && entriesAlone.isEmpty
    }

    /// Adds what `outcomes` (events applied one after another) did to a device, which they left as `after`: a
    /// history row per app and event, each event's journal entry (`posted` is the body of the event a client posted;
    /// timers have none), and the rows of the device and of the apps the events changed, except what their history
    /// brings back when the device is loaded (`Store.catchUp`): an event that only adds to history, such as a memory
    /// warning to an active app, writes its history rows alone; Home and launch write the app's row, not the device's.
    public mutating func add(_ outcomes: [EventOutcome], to after: DeviceSimulation, posted: JSONValue? = nil) {
        guard !outcomes.isEmpty else { return }
        let deviceId = after.device.id
        let deviceChanged = outcomes.contains { $0.changedDevice }
        let added = outcomes.count == 1 ? outcomes[0].callbacks : outcomes.flatMap(\.callbacks)
        let writesDevice = devices.contains(where: { $0.id == deviceId }) || deviceChanged
            || !Store.historyKeeps(after.device, callbacks: added)
        if writesDevice {
            devices.removeAll { $0.id == deviceId }
            devices.append(StoredDevice(after))
        }
        var newest: [String: CallbackRecord] = [:]
        for callback in added { newest[callback.instance] = callback }
        var changedApps: Set<String> = []
        for outcome in outcomes where !outcome.changedApps.isEmpty { changedApps.formUnion(outcome.changedApps) }
        var writesInstances = false
        for instance in after.instances {
            let written = changedApps.contains(instance.id)
                || newest[instance.id].map { !Store.historyKeeps(instance, newest: $0) } ?? false
            guard written else { continue }
            instances.removeAll { $0.id == instance.id }
            instances.append(StoredInstance(instance, in: after))
            writesInstances = true
        }
        for outcome in outcomes {
            addHistory(of: outcome, on: deviceId, posted: outcome.event.type == DeviceEvent.timers.type ? nil : posted)
        }
        if !writesDevice, writesInstances || !added.isEmpty, !historyOnlyDevices.contains(deviceId) {
            historyOnlyDevices.append(deviceId)
        }
    }

    /// Adds the history rows of what `outcome` did on `device`, one per app it reached, and its journal entry: on
    /// the row of its last callback, or standing alone when it caused none.
    mutating func addHistory(of outcome: EventOutcome, on device: String, posted: JSONValue?) {
        let entry = JournalEntry(outcome, posted: posted)
        guard let last = outcome.callbacks.last else {
            return entriesAlone.append((device, entry.seq, HistoryRecord.encode(entry, rowInstance: nil, rowAt: 0)))
        }
        if outcome.callbacks.allSatisfy({ $0.instance == last.instance }) {
            // Most events reach one app: a row of their callbacks as they are.
            history.append(StoredHistory(
                instance: last.instance, seq: last.seq, event: outcome.event.seq, at: last.at,
                callbacks: HistoryRecord.encode(outcome.callbacks, at: last.at),
                entry: HistoryRecord.encode(entry, rowInstance: last.instance, rowAt: last.at)))
            return
        }
        // An app's callbacks of one event have consecutive seqs, though another app's may come between them.
        var order: [String] = []
        var byApp: [String: [CallbackRecord]] = [:]
        for callback in outcome.callbacks {
            if byApp[callback.instance] == nil { order.append(callback.instance) }
            byApp[callback.instance, default: []].append(callback)
        }
        for app in order {
            let callbacks = byApp[app]!
            let newest = callbacks[callbacks.count - 1]
            history.append(StoredHistory(
                instance: app, seq: newest.seq, event: outcome.event.seq, at: newest.at,
                callbacks: HistoryRecord.encode(callbacks, at: newest.at),
                entry: app == last.instance ? HistoryRecord.encode(entry, rowInstance: app, rowAt: newest.at) : nil))
        }
    }
}
