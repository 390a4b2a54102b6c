import AppSimCore
import AppSimStore
import Synchronization

/// The devices in use, held in memory ahead of the store by the writes in flight.
///
/// Each device has two faces. Its *current* state is what the next write computes on: a write's new simulation
/// becomes current the moment it is staged, so writes queue in the order they were computed. Its *visible* state is
/// what clients are shown: the state its last committed write left, which catches up write by write as commits
/// land (``settle(_:committed:)``). When no write of a device is in flight the two are the same simulation.
///
/// The store is the source of truth: a device is loaded on first use, idle devices are dropped past ``limit``, and
/// after a failed commit ``reset()`` forgets everything so both faces are read from the store again. Every request
/// takes the devices' lock, so the store is never read with it held: a device the cache lacks is loaded with the lock
/// released, and kept only if nothing changed it meanwhile (``withLock(loading:_:)``).
final class DeviceCache: Sendable {
    /// What the devices' lock guards: the current simulations and the JSON rendered from visible ones.
    struct Devices: ~Copyable {
        fileprivate(set) var current: [String: DeviceSimulation] = [:]
        /// Loads under way with the lock released: the tickets of each device's that are still good. Whatever changes
        /// what is cached of a device (caching it, changing it, dropping it, writing it) takes its tickets back, as the
        /// store may then hold something newer than a load read.
        fileprivate var loads: [String: Set<Int>] = [:]
        /// Devices that the store was found without, for the body of the ``withLock(loading:_:)`` that looked.
        fileprivate var absent: Set<String> = []
        /// Instances' JSON as last rendered, per device, for those whose JSON does not change with time: valid
        /// until the device's simulation changes, which drops its entry. Bounded by ``Devices/shownLimit``.
        fileprivate var shown: [String: [String: [UInt8]]] = [:]
        fileprivate var shownCount = 0

        /// How many rendered instances are kept (about 1 KiB each, more with large saved data). Each belongs to a
        /// device the cache holds anyway; past the limit all are dropped and rendered again as they are read.
        static let shownLimit = 16_384

        /// Replaces (or, with `nil`, forgets) a device's simulation, and with it what was rendered from the old one.
        fileprivate mutating func set(_ id: String, _ simulation: DeviceSimulation?) {
            current[id] = simulation
            loads[id] = nil
            if let dropped = shown.removeValue(forKey: id) { shownCount -= dropped.count }
        }

        /// An instance's JSON as rendered from its device's visible state, if it was kept.
        func shownJSON(of instance: String, device: String) -> [UInt8]? {
            shown[device]?[instance]
        }

        /// Takes back a load's ticket; whether it was still good.
        fileprivate mutating func redeem(_ ticket: Int, of id: String) -> Bool {
            guard loads[id]?.remove(ticket) != nil else { return false }
            if loads[id]?.isEmpty == true { loads[id] = nil }
            return true
        }

        fileprivate mutating func keepShown(_ bytes: [UInt8], instance: String, device: String) {
            if shownCount >= Self.shownLimit {
                shown = [:]
                shownCount = 0
            }
            if shown[device, default: [:]].updateValue(bytes, forKey: instance) == nil { shownCount += 1 }
        }
    }

    /// What the cache must not forget before the store has caught up. A lock of its own (taken inside the devices'
    /// when both are needed), so that the committer settling writes does not wait for requests computing events.
    private struct Ledger {
        /// Writes staged but not yet settled, per device: such a device must stay cached (the store is behind).
        var pending: [String: Int] = [:]
        /// The visible state of a device whose current state is ahead of the store (`nil`: it does not exist yet,
        /// or no longer). No entry: the current state is what is stored.
        var visible: [String: DeviceSimulation?] = [:]
        /// Devices deleted by a write in flight: not to be loaded from the store again meanwhile.
        var deleted: Set<String> = []
        /// Bumped by `reset`, so that settling a write staged before it does nothing.
        var generation = 0
    }

    /// A staged write, for ``settle(_:committed:)``.
    struct StagedWrite: Sendable {
        fileprivate let devices: Set<String>
        fileprivate let changes: [String: DeviceSimulation?]
        fileprivate let generation: Int
    }

    /// How many devices are kept before idle ones are dropped.
    let limit: Int
    private let devices = Mutex(Devices())
    private let ledger = Mutex(Ledger())
    private let load: @Sendable (String) throws(StoreError) -> DeviceSimulation?
    /// Numbers loads' tickets, never twice (not even across a reset: a ticket from before must not pass for a new one).
    private let tickets = Atomic(0)

    /// A cache of at most about `limit` devices, loading those it lacks with `load` (`nil`: no such device).
    init(limit: Int, load: @escaping @Sendable (String) throws(StoreError) -> DeviceSimulation?) {
        self.limit = limit
        self.load = load
    }

    /// Runs `body` with the devices locked, once the devices `ids` are cached (those that exist); in `body`,
    /// ``current(_:in:)`` and ``visible(_:in:)`` answer for them. Whatever computes a write reads and stages within one
    /// call, so that writes are staged in the order they were computed.
    ///
    /// A device the cache lacks is loaded with the lock released, so that a slow read holds up no other request. What
    /// was loaded is kept, under the lock, only if nothing changed the device meanwhile (another request cached, wrote,
    /// deleted or dropped it, or a reset forgot everything): otherwise it is looked up again.
    ///
    /// - Throws: what `body` throws, or ``Problem/store(_:)`` if the store cannot be read.
    func withLock<Result>(loading ids: [String], _ body: (inout Devices) throws(Problem) -> Result) throws(Problem) -> Result {
        var loaded: [(id: String, ticket: Int, simulation: DeviceSimulation?)] = []
        while true {
            let outcome = try devices.withLock { devices throws(Problem) -> Lookup<Result> in
                var absent: Set<String> = []
                for load in loaded where devices.redeem(load.ticket, of: load.id) {
                    if let simulation = load.simulation {
                        remember(simulation, in: &devices, keeping: ids)
                    } else {
                        absent.insert(load.id)
                    }
                }
                let missing = ids.filter { id in
                    devices.current[id] == nil && !absent.contains(id) && !ledger.withLock { $0.deleted.contains(id) }
                }
                guard missing.isEmpty else {
                    return .load(missing.map { id in
                        let ticket = tickets.wrappingAdd(1, ordering: .relaxed).oldValue
                        devices.loads[id, default: []].insert(ticket)
                        return (id, ticket)
                    })
                }
                devices.absent = absent
                defer { devices.absent = [] }
                return .found(try body(&devices))
            }
            switch outcome {
            case .found(let result):
                return result
            case .load(let wanted):
                loaded = []
                for (id, ticket) in wanted {
                    do {
                        loaded.append((id, ticket, try load(id)))
                    } catch {
                        devices.withLock { devices in for (id, ticket) in wanted { _ = devices.redeem(ticket, of: id) } }
                        throw Problem.store(error)
                    }
                }
            }
        }
    }

    /// What a look at the cache came to: `body`'s result, or the devices to load first (each with its ticket).
    private enum Lookup<Result> {
        case found(Result)
        case load([(id: String, ticket: Int)])
    }

    /// Runs `body` with the devices locked, loading nothing: ``current(_:in:)`` and ``visible(_:in:)`` answer only for
    /// devices cached, or being deleted.
    func withLock<Result, Failure: Error>(_ body: (inout Devices) throws(Failure) -> Result) throws(Failure) -> Result {
        try devices.withLock { devices throws(Failure) in try body(&devices) }
    }

    /// The device `id` as the next write computes on it; `nil` if it does not exist. The store is not read here:
    /// `id` must be one that ``withLock(loading:_:)`` was given (or be cached anyway).
    func current(_ id: String, in devices: inout Devices) throws(Problem) -> DeviceSimulation? {
        if let cached = devices.current[id] { return cached }
        if devices.absent.contains(id) || ledger.withLock({ $0.deleted.contains(id) }) { return nil }
        throw Problem(
            status: 500, slug: "internal-error", title: "Internal Server Error",
            detail: "device '\(id)' was used without being loaded; this is a bug in appsim, please report it")
    }

    /// The device `id` as clients may see it: as committed, even while writes computed on it are in flight;
    /// `nil` if it does not exist (or not yet). As ``current(_:in:)``, for the devices `withLock(loading:_:)` was given.
    func visible(_ id: String, in devices: inout Devices) throws(Problem) -> DeviceSimulation? {
        if let committed = ledger.withLock({ $0.visible[id] }) { return committed }
        return try current(id, in: &devices)
    }

    /// Keeps an instance's JSON, rendered from its device's visible state, until the device changes; unless a write
    /// of the device is in flight, as that rendering goes stale at its commit.
    func keepShown(_ bytes: [UInt8], instance: String, device: String, in devices: inout Devices) {
        guard ledger.withLock({ $0.visible[device] == nil }) else { return }
        devices.keepShown(bytes, instance: instance, device: device)
    }

    /// Makes `changes` (new simulations; `nil` for a deleted device) current, and records that a write of them and
    /// of `written` (which may name devices the write stores without keeping them in memory, as bulk installs do)
    /// is in flight. What clients see of them stays as it is until the write settles. Call within the lock in which
    /// the write was computed on ``current(_:in:)`` (a device it did not read there is taken to be new).
    func stage(_ changes: [String: DeviceSimulation?], writing written: Set<String> = [], in devices: inout Devices) -> StagedWrite {
        let changed = written.union(changes.keys)
        // Loads of these read the store before this write: what they found is older than what it will hold.
        for id in changed { devices.loads[id] = nil }
        let generation = ledger.withLock { ledger in
            for (id, simulation) in changes {
                // The first write in flight: what is current now is what is stored, and what clients keep seeing.
                if ledger.pending[id] == nil { ledger.visible[id] = .some(devices.current[id]) }
                if simulation == nil { ledger.deleted.insert(id) }
            }
            for id in changed { ledger.pending[id, default: 0] += 1 }
            return ledger.generation
        }
        for (id, simulation) in changes {
            if let simulation { remember(simulation, in: &devices) } else { devices.set(id, nil) }
        }
        return StagedWrite(devices: changed, changes: changes, generation: generation)
    }

    /// A staged write is committed (its changes become visible) or was refused (they never do; a refused write
    /// is followed by ``reset()``). Writes settle in the order they were staged.
    func settle(_ write: StagedWrite, committed: Bool) {
        ledger.withLock { ledger in
            guard ledger.generation == write.generation else { return }
            for id in write.devices {
                let left = (ledger.pending[id] ?? 1) - 1
                ledger.pending[id] = left > 0 ? left : nil
                if left <= 0 {
                    ledger.deleted.remove(id)
                    ledger.visible[id] = nil
                } else if committed, let simulation = write.changes[id] {
                    ledger.visible[id] = .some(simulation)
                }
            }
        }
    }

    /// Forgets every device and every write in flight (after a failed commit, whose queued successors are refused
    /// too): both faces of each device are loaded from the store again. Call with the devices locked, through
    /// `devices`, so that nothing is computed on the old state meanwhile.
    func reset(_ devices: inout Devices) {
        devices = Devices()  // loads under way too: they read what the store held before
        ledger.withLock { $0 = Ledger(generation: $0.generation + 1) }
    }

    /// Caches `simulation`; past the limit, forgets idle devices (the store has all of them) but those `kept`.
    private func remember(_ simulation: DeviceSimulation, in devices: inout Devices, keeping kept: [String] = []) {
        devices.set(simulation.device.id, simulation)
        guard devices.current.count > limit else { return }
        var excess = devices.current.count - limit * 9 / 10
        let busy = ledger.withLock { Set($0.pending.keys) }.union(kept)
        for id in Array(devices.current.keys) where excess > 0 && !busy.contains(id) && id != simulation.device.id {
            devices.set(id, nil)
            excess -= 1
        }
    }
}
