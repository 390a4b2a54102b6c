import AppSimCore
import AppSimStore
import Logging
import Synchronization

/// The application: every device's simulation in memory, written through to the store before any reply.
///
/// Data flows one way: a request is decoded, the core computes the new state and callbacks on a copy, the store
/// commits them, and only then does the copy replace what is served. A failed commit changes nothing.
public final class AppSimService: Sendable {
    let store: Store
    let clock: WallClock
    let logger: Logger
    let metrics = Metrics()
    let token: String?
    private let world: Mutex<World>
    let timers: RealtimeTimers
    /// Set once in `init`; the committer's failure hook needs `self`, so it cannot be a `let` built before it.
    private let committerBox = Mutex<GroupCommitter?>(nil)
    var committer: GroupCommitter { committerBox.withLock { $0! } }

    /// A successful answer, rendered before it is queued so the committer thread only sends it.
    struct Answer: Sendable {
        var body: [UInt8] = []
        /// The created resource, for `Location`.
        var location: String?

        init(_ json: JSONValue? = nil, location: String? = nil) {
            self.body = json?.jsonBytes ?? []
            self.location = location
        }
    }

    /// What a write-through request hears back: its answer, or the problem that stopped it.
    typealias Reply = @Sendable (Result<Answer, Problem>) -> Void

    struct World: ~Copyable {
        var devices: [String: DeviceSimulation] = [:]
        /// Device ids in order, for stable paging.
        var order: [String] = []

        mutating func put(_ simulation: DeviceSimulation) {
            let id = simulation.device.id
            if devices.updateValue(simulation, forKey: id) == nil {
                order.insert(id, at: order.partitionPoint { $0 >= id })
            }
        }

        mutating func remove(_ id: String) {
            guard devices.removeValue(forKey: id) != nil else { return }
            let position = order.partitionPoint { $0 >= id }
            if position < order.count, order[position] == id { order.remove(at: position) }
        }
    }

    /// Loads every device from `store`, fires realtime timers that fell due while the server was down, and starts
    /// the thread that fires them from now on.
    public init(store: Store, clock: WallClock = .system, logger: Logger = Logger(label: "appsim"), token: String? = nil) throws(StoreError) {
        self.store = store
        self.clock = clock
        self.logger = logger
        self.token = token?.isEmpty == true ? nil : token
        var world = World()
        for simulation in try store.loadAll() { world.put(simulation) }
        self.world = Mutex(world)
        self.timers = RealtimeTimers(clock: clock)
        committerBox.withLock { box in
            box = GroupCommitter(store: store) { [weak self] error in self?.recover(from: error) }
        }
        timers.start { [weak self] deviceId in self?.fireTimers(deviceId: deviceId) }
        let ids = self.world.withLock { Array($0.order) }
        for id in ids { fireTimers(deviceId: id) }
    }

    /// Stops the timer thread and commits what is queued. Pending timers stay stored and fire at the next start.
    public func shutdown() {
        timers.stop()
        committer.stop()
    }

    /// After a failed commit: fails every write computed on top of it and reloads what the store holds, so that
    /// what is served is again exactly what was acknowledged.
    private func recover(from error: StoreError) {
        logger.error("a store write failed, so the writes queued behind it are refused and the state is reloaded from \(store.path): \(error.message)")
        let reloaded: [DeviceSimulation]? = world.withLock { world in
            committer.failQueued(error)
            do throws(StoreError) {
                let devices = try store.loadAll()
                world = World()
                for simulation in devices { world.put(simulation) }
                return devices
            } catch {
                logger.critical("could not reload \(store.path) after a failed write: \(error.message); restart appsim")
                return nil
            }
        }
        for simulation in reloaded ?? [] {
            timers.schedule(simulation.device.id, at: simulation.nextWallDeadline())
        }
    }

    /// Queues `write` for the group committer, then answers `reply` with `value` once it is committed.
    /// Call with the world locked, so that writes are queued in the order they were computed.
    private func submit(_ write: StoreWrite, answering value: Result<Answer, Problem>, to reply: @escaping Reply) {
        committer.submit(write) { [metrics, logger] result in
            switch result {
            case .success:
                reply(value)
            case .failure(let error):
                metrics.countStoreFailure()
                logger.error("store write failed, nothing changed: \(error.message)")
                reply(.failure(Problem.store(error)))
            }
        }
    }

    // MARK: Devices

    static func newDeviceId() -> String {
        let alphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")
        var generator = SystemRandomNumberGenerator()
        return "d" + String((0..<7).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] })
    }

    func createDevice(_ json: JSONValue, reply: @escaping Reply) throws(Problem) {
        let now = clock.millis()
        var device: Device
        do { device = try Device(id: "", json: json, wallMillis: now) } catch { throw Problem.field(error) }
        world.withLock { world in
            device.id = Self.uniqueDeviceId(in: world)
            let simulation = DeviceSimulation(device: device)
            var write = StoreWrite()
            write.devices = [simulation.device]
            world.put(simulation)
            submit(write, answering: .success(Answer(
                simulation.deviceJSON(now: simulation.now(atWall: now)), location: "/v1/devices/\(device.id)")), to: reply)
        }
    }

    private static func uniqueDeviceId(in world: borrowing World) -> String {
        while true {
            let id = newDeviceId()
            if world.devices[id] == nil { return id }
        }
    }

    func device(_ id: String) throws(Problem) -> JSONValue {
        let now = clock.millis()
        guard let simulation = world.withLock({ $0.devices[id] }) else { throw Problem.notFound("device", id) }
        return simulation.deviceJSON(now: simulation.now(atWall: now))
    }

    func listDevices(after: String?, limit: Int) -> JSONValue {
        let now = clock.millis()
        let page: [DeviceSimulation] = world.withLock { world in
            let start = after.map { cursor in world.order.partitionPoint { $0 > cursor } } ?? 0
            return world.order[start...].prefix(limit + 1).map { world.devices[$0]! }
        }
        let items = page.prefix(limit).map { $0.deviceJSON(now: $0.now(atWall: now)) }
        let next: JSONValue = page.count > limit ? .string(page[limit - 1].device.id) : .null
        return ["items": .array(items), "next": next]
    }

    func deleteDevice(_ id: String, reply: @escaping Reply) throws(Problem) {
        try world.withLock { world throws(Problem) in
            guard world.devices[id] != nil else { throw Problem.notFound("device", id) }
            var write = StoreWrite()
            write.deletedDevices = [id]
            world.remove(id)
            submit(write, answering: .success(Answer()), to: reply)
        }
        timers.cancel(id)
    }

    // MARK: Instances

    func install(_ json: JSONValue, reply: @escaping Reply) throws(Problem) {
        let now = clock.millis()
        let info: AppInfo
        var behavior = AppBehavior()
        var deviceId: String?
        do throws(FieldError) {
            let reader = try FieldReader(json)
            try reader.allowOnly(["device", "info", "behavior"])
            guard let infoValue = reader.value("info") else { throw reader.missing("info") }
            info = try AppInfo(json: infoValue)
            if let behaviorValue = reader.value("behavior") { behavior = try AppBehavior(json: behaviorValue) }
            deviceId = try reader.string("device")
        } catch {
            throw Problem.field(error)
        }
        try world.withLock { world throws(Problem) in
            var simulation: DeviceSimulation
            if let deviceId {
                guard let existing = world.devices[deviceId] else {
                    throw Problem(status: 422, slug: "invalid-field", title: "Unprocessable Content",
                                  detail: "no device '\(deviceId)' exists; create it with POST /v1/devices or leave 'device' out to get a new one",
                                  extra: ["field": "device"])
                }
                simulation = existing
            } else {
                var device = Device(id: Self.uniqueDeviceId(in: world))
                device.wallAnchorMillis = now
                device.createdAtWallMillis = now
                simulation = DeviceSimulation(device: device)
            }
            var write = StoreWrite()
            if let timers = simulation.fireDueTimers(wallMillis: now) {
                write.add(timers, from: simulation)
            }
            let instance = simulation.install(info: info, behavior: behavior, wallMillis: now)
            write.devices = [simulation.device]
            write.installed.append(instance)
            world.put(simulation)
            submit(write, answering: .success(Answer(
                simulation.json(of: instance, now: simulation.now(atWall: now)), location: "/v1/instances/\(instance.id)")), to: reply)
        }
    }

    /// The device id an instance id belongs to (`d4kq2.1` → `d4kq2`).
    static func deviceId(ofInstance id: String) -> String {
        String(id.prefix { $0 != "." })
    }

    func instance(_ id: String) throws(Problem) -> JSONValue {
        let now = clock.millis()
        guard let simulation = world.withLock({ $0.devices[Self.deviceId(ofInstance: id)] }),
              let instance = simulation.instance(id) else { throw Problem.notFound("instance", id) }
        return simulation.json(of: instance, now: simulation.now(atWall: now))
    }

    struct InstanceFilter {
        var device: String?
        var state: LifecycleState?
        var bundleId: String?
    }

    func listInstances(filter: InstanceFilter, after: String?, limit: Int) -> JSONValue {
        let now = clock.millis()
        var items: [JSONValue] = []
        var lastId: String?
        var more = false
        world.withLock { world in
            let deviceIds: ArraySlice<String>
            if let device = filter.device {
                deviceIds = world.devices[device] == nil ? [] : [device]
            } else {
                let start = after.map { cursor in world.order.partitionPoint { $0 >= Self.deviceId(ofInstance: cursor) } } ?? 0
                deviceIds = world.order[start...]
            }
            let afterNumber = after.flatMap { Int($0.split(separator: ".").last ?? "") } ?? 0
            let afterDevice = after.map { Self.deviceId(ofInstance: $0) }
            outer: for deviceId in deviceIds {
                let simulation = world.devices[deviceId]!
                for instance in simulation.instances {
                    if deviceId == afterDevice, instance.number <= afterNumber { continue }
                    if let state = filter.state, instance.state != state { continue }
                    if let bundleId = filter.bundleId, instance.info.bundleId != bundleId { continue }
                    if items.count == limit {
                        more = true
                        break outer
                    }
                    items.append(simulation.json(of: instance, now: simulation.now(atWall: now)))
                    lastId = instance.id
                }
            }
        }
        return ["items": .array(items), "next": more ? JSONValue(lastId) : .null]
    }

    func uninstall(_ id: String, reply: @escaping Reply) throws(Problem) {
        try world.withLock { world throws(Problem) in
            guard var simulation = world.devices[Self.deviceId(ofInstance: id)], simulation.instance(id) != nil else {
                throw Problem.notFound("instance", id)
            }
            simulation.uninstall(id)
            var write = StoreWrite()
            write.deletedInstances = [id]
            write.devices = [simulation.device]
            world.put(simulation)
            submit(write, answering: .success(Answer()), to: reply)
        }
    }

    /// A page of an instance's history, straight from the stored JSON: `{items, next, dropped}`.
    ///
    /// `dropped` counts the oldest callbacks no longer kept (`--history-limit`): a page after a seq at or below it
    /// starts at `dropped + 1`.
    func callbacks(instance id: String, after: Int64, limit: Int) throws(Problem) -> [UInt8] {
        guard let latest = world.withLock({ $0.devices[Self.deviceId(ofInstance: id)]?.instance(id)?.nextSeq }) else {
            throw Problem.notFound("instance", id)
        }
        let dropped = max(0, latest - 1 - Int64(store.historyLimit))
        let bodies: [[UInt8]]
        do { bodies = try store.callbacks(instance: id, after: after, limit: limit + 1) } catch { throw Problem.store(error) }
        var output: [UInt8] = Array(#"{"items":["#.utf8)
        for (position, body) in bodies.prefix(limit).enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            output += body
        }
        output += Array(#"],"next":"#.utf8)
        if bodies.count > limit, let last = try? JSONValue.parse(bodies[limit - 1])["seq"] {
            last.write(to: &output)
        } else {
            output += Array("null".utf8)
        }
        output += Array(#","dropped":\#(dropped)}"#.utf8)
        return output
    }

    // MARK: Events

    /// Applies an event posted to a device (`instanceId` nil) or an instance; replies EventResult once committed.
    func post(_ body: JSONValue, device deviceId: String, instance instanceId: String?, reply: @escaping Reply) throws(Problem) {
        let event: Event
        do { event = try Event.decode(body, toInstance: instanceId != nil) } catch { throw Problem.field(error) }
        let now = clock.millis()
        let deadline = try world.withLock { world throws(Problem) -> Int64? in
            guard var simulation = world.devices[deviceId] else {
                throw instanceId.map { Problem.notFound("instance", $0) } ?? Problem.notFound("device", deviceId)
            }
            if let instanceId, simulation.instance(instanceId) == nil { throw Problem.notFound("instance", instanceId) }
            let applied = simulation.apply(event, to: instanceId, wallMillis: now)
            var write = StoreWrite()
            if let timers = applied.timers { write.add(timers, from: simulation) }
            let answer: Result<Answer, Problem>
            switch applied.outcome {
            case .success(let outcome):
                let first = write.callbacks.count
                write.add(outcome, from: simulation)
                metrics.countEvent(outcome.event.type)
                var rendered = Answer()
                rendered.body = outcome.jsonBytes(callbacks: Array(write.callbacks[first...]))
                answer = .success(rendered)
            case .failure(let rejection):
                answer = .failure(Problem.rejection(rejection))
            }
            world.put(simulation)
            submit(write, answering: answer, to: reply)
            return simulation.nextWallDeadline()
        }
        timers.schedule(deviceId, at: deadline)
    }

    /// Fires the realtime timers of one device that are due now (called by the timer thread and at start-up).
    func fireTimers(deviceId: String) {
        let now = clock.millis()
        let deadline: Int64? = world.withLock { world -> Int64? in
            guard var simulation = world.devices[deviceId] else { return nil }
            if let outcome = simulation.fireDueTimers(wallMillis: now) {
                var write = StoreWrite()
                write.add(outcome, from: simulation)
                world.put(simulation)
                submit(write, answering: .success(Answer())) { _ in }
            }
            return simulation.nextWallDeadline()
        }
        timers.schedule(deviceId, at: deadline)
    }

    func health() throws(Problem) {
        do { try store.checkWritable() } catch { throw Problem.store(error) }
    }

    func counts() -> (devices: Int, states: [LifecycleState: Int]) {
        world.withLock { world in
            var states: [LifecycleState: Int] = [:]
            for simulation in world.devices.values {
                for instance in simulation.instances { states[instance.state, default: 0] += 1 }
            }
            return (world.devices.count, states)
        }
    }
}

extension Collection {
    /// The index of the first element for which `predicate` holds, in a collection partitioned by it.
    func partitionPoint(_ predicate: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if predicate(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
