import AppSimCore
import AppSimJSON
import AppSimStore
import Logging
import Synchronization

/// The application: devices' simulations, written through to the store before any reply.
///
/// The store is the source of truth; memory holds a cache of the devices in use, loaded on first use, so a server
/// with a million instances starts at once and holds only what is busy. Data flows one way: the responder decodes a
/// request, the core computes the new state and callbacks on a copy, the copy becomes what the next request computes
/// on and its write is queued for the group committer in the same step, and the service returns what the write did
/// with its commit (``PendingWrite``): the responder makes the reply meanwhile and sends it once the commit settles.
/// The service speaks no HTTP: waits and streams too are told in the domain's terms (``WaitingClient``,
/// ``StreamClient``).
/// Clients are shown only what is committed: while a device has writes in flight, reads see it as its last
/// committed write left it (``DeviceCache``). A failed commit refuses every write queued behind it and empties
/// the cache, so what is computed on is again what is stored.
public final class AppSimService: Sendable {
    let store: Store
    let clock: WallClock
    let logger: Logger
    let metrics = Metrics()
    let token: String?
    /// This node's id and peers; see ``Cluster``.
    let cluster: Cluster
    /// Lists that cover the peers too.
    let clusterLists: ClusterLists
    /// The most stored instances one page of `GET /v1/instances` looks through (see ``listInstances(filter:after:limit:)``).
    let instancesExaminedPerPage: Int
    /// The devices in use: what writes compute on, and what clients are shown (see ``DeviceCache``).
    let cache: DeviceCache
    let timers: RealtimeTimers
    let watchers: Watchers
    /// Tells the watchers what each commit did, off the committer thread.
    let publisher: Publisher
    /// Set once in `init`; the committer's failure hook needs `self`, so it cannot be a `let` built before it.
    private let committerBox = Mutex<GroupCommitter?>(nil)
    var committer: GroupCommitter { committerBox.withLock { $0! } }

    /// Opens the service on `store`: fires realtime timers that fell due while the server was down and schedules
    /// the rest, on a thread of their own.
    public init(
        store: Store, clock: WallClock = .system, logger: Logger = Logger(label: "appsim"), token: String? = nil,
        cacheLimit: Int = 200_000, maxBatch: Int = 512, instancesExaminedPerPage: Int = 5_000, cluster: Cluster = Cluster()
    ) throws(StoreError) {
        self.cluster = cluster
        self.clusterLists = ClusterLists(cluster: cluster, token: token, logger: logger)
        self.instancesExaminedPerPage = max(1, instancesExaminedPerPage)
        self.store = store
        self.clock = clock
        self.logger = logger
        self.token = token?.isEmpty == true ? nil : token
        self.cache = DeviceCache(limit: cacheLimit) { id throws(StoreError) in try store.loadDevice(id) }
        self.timers = RealtimeTimers(clock: clock)
        self.watchers = Watchers(clock: clock)
        self.publisher = Publisher(watchers: watchers)
        let wakeTimes = try store.wakeTimes()
        committerBox.withLock { box in
            box = GroupCommitter(store: store, maxBatch: maxBatch) { [weak self] error in self?.recover(from: error) }
        }
        timers.start { [weak self] deviceId in self?.fireTimers(deviceId: deviceId) }
        // Timers that fell due while the server was down fire before it serves; the rest are scheduled.
        let now = clock.millis()
        for (device, at) in wakeTimes {
            if at <= now { fireTimers(deviceId: device) } else { timers.schedule(device, at: at) }
        }
        committer.flush()
    }

    /// Stops the timer thread, commits what is queued (each write's request is answered as if nothing were
    /// stopping), tells waiters and streams all that was committed, then ends every wait (`503 shutting-down`) and
    /// every stream. Pending timers stay stored and fire at the next start. Call once no new request can arrive
    /// (``AppSimServer/shutdown()`` sees to it).
    public func shutdown() {
        clusterLists.stop()
        timers.stop()
        committer.stop()
        publisher.stop()
        watchers.stop()
    }

    // MARK: The cache

    /// Makes `changes` (new simulations; `nil` for a deleted device) what the next request computes on, queues
    /// `write` for the group committer, and returns its commit; once it is committed, clients see the changes, and
    /// waiters and streams hear of `publications` (from the publisher's thread: the committer's only settles and
    /// hands over replies). Call with the devices locked, so that writes are queued in the order they were computed.
    /// Devices `write` changes that are absent from `changes` are not cached (bulk installs).
    private func submit(
        _ write: StoreWrite, changing changes: [String: DeviceSimulation?], in devices: inout DeviceCache.Devices,
        publishing publications: [EventPublication] = []
    ) -> Commit {
        let staged = cache.stage(changes, writing: write.changedDevices, in: &devices)
        let commit = Commit()
        committer.submit(write) { [self] result in
            switch result {
            case .success:
                cache.settle(staged, committed: true)
                publisher.publish(publications)
                commit.settle(.success(()))
            case .failure(let error):
                cache.settle(staged, committed: false)
                metrics.countStoreFailure()
                logger.error("store write failed, nothing changed: \(error.message)")
                commit.settle(.failure(Problem.store(error)))
            }
        }
        return commit
    }

    /// After a failed commit: refuses every write computed on top of it and empties the cache, so that what is
    /// served is again exactly what the store acknowledged.
    private func recover(from error: StoreError) {
        logger.error("a store write failed, so the writes queued behind it are refused and the cache is emptied: \(error.message)")
        let refused = cache.withLock { devices in
            let jobs = committer.drainQueued()
            cache.reset(&devices)
            return jobs
        }
        committer.fail(refused, with: error)
        // Timers of devices whose writes were refused are rescheduled from what the store holds.
        if let wakeTimes = try? store.wakeTimes() {
            for (device, at) in wakeTimes { timers.schedule(device, at: at) }
        }
    }

    // MARK: Devices

    /// Runs `body` with the devices locked and `count` new device ids, which no device has: neither stored (as the
    /// cache finds with its lock released) nor cached, nor each other's.
    private func withNewDeviceIds<Result>(
        _ count: Int, _ body: ([String], inout DeviceCache.Devices) throws(Problem) -> Result
    ) throws(Problem) -> Result {
        var ids = (0..<count).map { _ in cluster.newDeviceId() }
        while true {
            let result = try cache.withLock(loading: ids) { devices throws(Problem) -> Result? in
                var taken = false
                var seen: Set<String> = []
                for index in ids.indices where try cache.current(ids[index], in: &devices) != nil || !seen.insert(ids[index]).inserted {
                    ids[index] = cluster.newDeviceId()
                    taken = true
                }
                return taken ? nil : try body(ids, &devices)
            }
            if let result { return result }
        }
    }

    /// Creates `device` (as a create request described it, at its `createdAtWallMillis`) under a new id.
    func createDevice(_ device: Device) throws(Problem) -> PendingWrite<CreatedDevice> {
        var device = device
        return try withNewDeviceIds(1) { ids, devices throws(Problem) in
            device.id = ids[0]
            let simulation = DeviceSimulation(device: device)
            var write = StoreWrite()
            write.devices = [StoredDevice(simulation)]
            let commit = submit(write, changing: [device.id: simulation], in: &devices)
            return PendingWrite(result: .success(CreatedDevice(simulation: simulation, wallMillis: device.createdAtWallMillis)), commit: commit)
        }
    }

    func device(_ id: String) throws(Problem) -> JSONValue {
        deviceJSON(try visibleDevice(id))
    }

    /// The Device shape of `simulation` as of now.
    func deviceJSON(_ simulation: DeviceSimulation) -> JSONValue {
        simulation.deviceJSON(now: simulation.now(atWall: clock.millis()))
    }

    /// The device `id` as clients may see it; 404 if there is none.
    func visibleDevice(_ id: String) throws(Problem) -> DeviceSimulation {
        guard let simulation = try cache.withLock(loading: [id], { devices throws(Problem) in try cache.visible(id, in: &devices) }) else {
            throw Problem.notFound("device", id)
        }
        return simulation
    }

    func listDevices(after: String?, limit: Int) throws(Problem) -> [UInt8] {
        let now = clock.millis()
        let ids: [String]
        do { ids = try store.deviceIds(after: after, limit: limit + 1) } catch { throw Problem.store(error) }
        var items: [[UInt8]] = []
        var unreadable: [String] = []
        for id in ids.prefix(limit) {
            guard let simulation = try readable(id, else: &unreadable) else { continue }
            items.append(simulation.deviceJSON(now: simulation.now(atWall: now)).jsonBytes)
        }
        return Page.jsonBytes(items) { w in
            w.field("next", ids.count > limit ? ids[limit - 1] : nil)
            if !unreadable.isEmpty { w.field("unreadable", strings: unreadable) }
        }
    }

    /// The device `id` as clients may see it, for a list: `nil` if it is gone, or if the store holds a row of it
    /// this appsim cannot read, which is then added to `unreadable` (one damaged device must not hide every other
    /// from a list).
    private func readable(_ id: String, else unreadable: inout [String]) throws(Problem) -> DeviceSimulation? {
        do {
            return try cache.withLock(loading: [id]) { devices throws(Problem) in try cache.visible(id, in: &devices) }
        } catch where error.isUnreadableRecord {
            logger.error("device \(id) cannot be read: \(error.detail)")
            unreadable.append(id)
            return nil
        }
    }

    func deleteDevice(_ id: String) throws(Problem) -> PendingWrite<Void> {
        let commit = try cache.withLock(loading: [id]) { devices throws(Problem) -> Commit in
            guard let simulation = try cache.current(id, in: &devices) else { throw Problem.notFound("device", id) }
            var write = StoreWrite()
            write.deletedDevices = [id]
            let instances = simulation.instances.map(\.id)
            let commit = submit(write, changing: [id: nil], in: &devices)
            // Added first, so it runs before the client hears: a wait or stream of the device ends with the delete.
            commit.whenSettled { [publisher] result in
                if case .success = result { publisher.gone(instances: instances, device: id) }
            }
            return commit
        }
        timers.cancel(id)
        return PendingWrite(result: .success(()), commit: commit)
    }

    // MARK: Instances

    /// Installs an app as `request` describes it: on its device, or on a new default device.
    func install(_ request: InstallRequest) throws(Problem) -> PendingWrite<InstalledApp> {
        guard let deviceId = request.device else {
            let now = clock.millis()
            return try withNewDeviceIds(1) { ids, devices throws(Problem) in
                var device = Device(id: ids[0])
                device.wallAnchorMillis = now
                device.createdAtWallMillis = now
                let (pending, _) = install(request.info, request.behavior, copies: 1, on: DeviceSimulation(device: device), wallMillis: now, in: &devices)
                return pending.map { InstalledApp(simulation: $0.simulation, instance: $0.instances[0], wallMillis: now) }
            }
        }
        return try install(request.info, request.behavior, copies: 1, onDevice: deviceId, inPath: request.deviceInPath).map { installed in
            InstalledApp(simulation: installed.simulation, instance: installed.instances[0], wallMillis: installed.wallMillis)
        }
    }

    /// Installs `request.count` copies of its app on device `deviceId`, in one commit.
    func installBatch(_ request: BatchInstallRequest, onDevice deviceId: String) throws(Problem) -> PendingWrite<InstalledBatch> {
        try install(request.info, request.behavior, copies: request.count, onDevice: deviceId, inPath: true).map { installed in
            InstalledBatch(ids: installed.instances.map(\.id), devices: 1)
        }
    }

    /// What installing on one device did: the device after it, the new instances, and when.
    private struct InstalledCopies: Sendable {
        var simulation: DeviceSimulation
        var instances: [Instance]
        var wallMillis: Int64
    }

    /// Installs `copies` of an app on the existing device `deviceId`. When there is none: `404` if the path named
    /// it, else `422` naming the body's `device`.
    private func install(
        _ info: AppInfo, _ behavior: AppBehavior, copies: Int, onDevice deviceId: String, inPath: Bool
    ) throws(Problem) -> PendingWrite<InstalledCopies> {
        try cluster.checkOwner(of: deviceId, "device")
        let now = clock.millis()
        let (pending, deadline) = try cache.withLock(loading: [deviceId]) { devices throws(Problem) in
            guard let existing = try cache.current(deviceId, in: &devices) else {
                if inPath { throw Problem.notFound("device", deviceId) }
                throw Problem.field(FieldError(.invalidValue, "device", "no device '\(deviceId)' exists; create it with POST /v1/devices or leave 'device' out to get a new one"))
            }
            if let minimum = info.ui.minimumOS, existing.device.osVersion < minimum {
                throw Problem.field(FieldError(.invalidValue, "info.ui", "a \(info.ui.rawValue) app needs iOS \(minimum) or later, and device '\(deviceId)' has iOS \(existing.device.osVersion)"))
            }
            return install(info, behavior, copies: copies, on: existing, wallMillis: now, in: &devices)
        }
        timers.schedule(deviceId, at: deadline)
        return pending
    }

    /// Installs `copies` of an app on `simulation` and submits the write; returns what it did, and when the
    /// device's timers next fall due. Timers already due fire first, so that the install happens at `wallMillis`.
    private func install(
        _ info: AppInfo, _ behavior: AppBehavior, copies: Int, on simulation: DeviceSimulation, wallMillis now: Int64,
        in devices: inout DeviceCache.Devices
    ) -> (PendingWrite<InstalledCopies>, Int64?) {
        var simulation = simulation
        var write = StoreWrite()
        var publications: [EventPublication] = []
        if let timers = simulation.fireDueTimers(wallMillis: now) {
            publications = write.include([timers], to: simulation)
        }
        let instances = (0..<copies).map { _ in simulation.install(info: info, behavior: behavior, wallMillis: now) }
        write.devices = [StoredDevice(simulation)]
        write.installed += instances
        let commit = submit(write, changing: [simulation.device.id: simulation], in: &devices, publishing: publications)
        let installed = InstalledCopies(simulation: simulation, instances: instances, wallMillis: now)
        return (PendingWrite(result: .success(installed), commit: commit), simulation.nextWallDeadline())
    }

    /// Installs `count` copies of one app on new default devices, `appsPerDevice` to a device, in one commit:
    /// the bulk path for load tests and benchmarks. The devices are not kept in memory until they are used.
    func installBatch(_ request: BatchInstallRequest) throws(Problem) -> PendingWrite<InstalledBatch> {
        let now = clock.millis()
        let (count, perDevice, info, behavior) = (request.count, request.appsPerDevice ?? 1, request.info, request.behavior)
        return try withNewDeviceIds((count + perDevice - 1) / perDevice) { deviceIds, devices throws(Problem) in
            var write = StoreWrite()
            var ids: [String] = []
            ids.reserveCapacity(count)
            var remaining = count
            for deviceId in deviceIds {
                var device = Device(id: deviceId)
                device.wallAnchorMillis = now
                device.createdAtWallMillis = now
                var simulation = DeviceSimulation(device: device)
                for _ in 0..<min(perDevice, remaining) {
                    let instance = simulation.install(info: info, behavior: behavior, wallMillis: now)
                    write.installed.append(instance)
                    ids.append(instance.id)
                }
                remaining -= min(perDevice, remaining)
                write.devices.append(StoredDevice(simulation))
            }
            let commit = submit(write, changing: [:], in: &devices)
            return PendingWrite(result: .success(InstalledBatch(ids: ids, devices: write.devices.count)), commit: commit)
        }
    }

    /// The device id an instance id belongs to (`d4kq2.1` → `d4kq2`).
    static func deviceId(ofInstance id: String) -> String { Instance.deviceId(of: id) }

    /// The Instance as JSON bytes (what `GET /v1/instances/{id}` sends). Rendered once per change of its device,
    /// unless it shows time passing (the background time remaining), in which case it is rendered each time.
    func instanceBytes(_ id: String) throws(Problem) -> [UInt8] {
        let deviceId = Self.deviceId(ofInstance: id)
        return try cache.withLock(loading: [deviceId]) { devices throws(Problem) in
            if let bytes = devices.shownJSON(of: id, device: deviceId) { return bytes }
            let (simulation, instance) = try visibleInstance(id, device: deviceId, in: &devices)
            return render(instance, in: simulation, keepingIn: &devices)
        }
    }

    /// The instance `id` as clients may see it, with its Instance JSON, both from the same committed state: for a
    /// waiter that checks the one and sends the other.
    func shownInstance(_ id: String) throws(Problem) -> (instance: Instance, json: [UInt8]) {
        let deviceId = Self.deviceId(ofInstance: id)
        return try cache.withLock(loading: [deviceId]) { devices throws(Problem) in
            let (simulation, instance) = try visibleInstance(id, device: deviceId, in: &devices)
            let json = devices.shownJSON(of: id, device: deviceId) ?? render(instance, in: simulation, keepingIn: &devices)
            return (instance, json)
        }
    }

    /// The instance `id` as clients may see it; 404 if there is none.
    func visibleInstance(_ id: String) throws(Problem) -> Instance {
        let deviceId = Self.deviceId(ofInstance: id)
        return try cache.withLock(loading: [deviceId]) { devices throws(Problem) in try visibleInstance(id, device: deviceId, in: &devices).1 }
    }

    private func visibleInstance(
        _ id: String, device deviceId: String, in devices: inout DeviceCache.Devices
    ) throws(Problem) -> (DeviceSimulation, Instance) {
        guard let simulation = try cache.visible(deviceId, in: &devices), let instance = simulation.instance(id) else {
            throw Problem.notFound("instance", id)
        }
        return (simulation, instance)
    }

    /// The Instance JSON of `instance` as of now, kept for the next reads unless it shows time passing.
    private func render(_ instance: Instance, in simulation: DeviceSimulation, keepingIn devices: inout DeviceCache.Devices) -> [UInt8] {
        let now = simulation.now(atWall: clock.millis())
        let bytes = simulation.jsonBytes(of: instance, now: now)
        if instance.backgroundTimeRemaining(now: now, limit: simulation.device.backgroundTaskMillis) == nil {
            cache.keepShown(bytes, instance: instance.id, device: simulation.device.id, in: &devices)
        }
        return bytes
    }

    struct InstanceFilter {
        var device: String?
        var state: LifecycleState?
        var bundleId: String?
    }

    /// A page of instances in (device, install order), found in the store and shown as they are now. The store is
    /// looked through for at most ``instancesExaminedPerPage`` instances: with a filter few match, a page may hold
    /// fewer than `limit`, even none, and `next` goes on from the last one looked at.
    func listInstances(filter: InstanceFilter, after: String?, limit: Int) throws(Problem) -> [UInt8] {
        let now = clock.millis()
        let cursor = after.map(Instance.listPosition(of:))
        let scan: Store.InstanceScan
        do {
            scan = try store.scanInstances(
                Store.InstanceQuery(device: filter.device, state: filter.state?.rawValue, bundleId: filter.bundleId, after: cursor, limit: limit + 1),
                examining: instancesExaminedPerPage)
        } catch {
            throw Problem.store(error)
        }
        var items: [[UInt8]] = []
        var unreadable: [String] = []
        var next: String?
        // The store's view of state can trail the cache by a commit; items are checked again as they are now.
        for (index, id) in scan.ids.enumerated() {
            if items.count == limit {
                next = scan.ids[index - 1]  // a full page: the next starts after the last id looked at
                break
            }
            let deviceId = Self.deviceId(ofInstance: id)
            if unreadable.contains(deviceId) { continue }
            guard let simulation = try readable(deviceId, else: &unreadable), let instance = simulation.instance(id) else { continue }
            if let state = filter.state, instance.state != state { continue }
            items.append(simulation.jsonBytes(of: instance, now: simulation.now(atWall: now)))
        }
        if next == nil, scan.stoppedEarly { next = scan.lastExamined }
        return Page.jsonBytes(items) { w in
            w.field("next", next)
            if !unreadable.isEmpty { w.field("unreadable", strings: unreadable) }
        }
    }

    func uninstall(_ id: String) throws(Problem) -> PendingWrite<Void> {
        let deviceId = Self.deviceId(ofInstance: id)
        return try cache.withLock(loading: [deviceId]) { devices throws(Problem) in
            guard var simulation = try cache.current(deviceId, in: &devices), simulation.instance(id) != nil else {
                throw Problem.notFound("instance", id)
            }
            simulation.uninstall(id)
            var write = StoreWrite()
            write.deletedInstances = [id]
            write.devices = [StoredDevice(simulation)]
            let commit = submit(write, changing: [simulation.device.id: simulation], in: &devices)
            // Added first, so it runs before the client hears: a wait or stream of the app ends with the uninstall.
            commit.whenSettled { [publisher] result in
                if case .success = result { publisher.gone(instances: [id], device: nil) }
            }
            return PendingWrite(result: .success(()), commit: commit)
        }
    }

    /// A page of an instance's history, straight from the stored JSON: `{items, next, dropped}`.
    ///
    /// `dropped` counts the oldest callbacks no longer kept (`--history-limit`): a page after a seq at or below it
    /// starts at `dropped + 1`.
    func callbacks(instance id: String, after: Int64, limit: Int) throws(Problem) -> [UInt8] {
        try callbackPage(instance: id, after: after, limit: limit).json
    }

    /// The page of ``callbacks(instance:after:limit:)``, and whether it has no callback.
    func callbackPage(instance id: String, after: Int64, limit: Int) throws(Problem) -> (json: [UInt8], isEmpty: Bool) {
        let deviceId = Self.deviceId(ofInstance: id)
        guard let latest = try cache.withLock(loading: [deviceId], { devices throws(Problem) in
            try cache.visible(deviceId, in: &devices)?.instance(id)?.nextSeq
        }) else {
            throw Problem.notFound("instance", id)
        }
        try Self.checkResumePoint(after, newest: latest - 1, of: "callback", in: "the history of \(id)")
        let (stored, dropped): ([CallbackRecord], Int64)
        do { (stored, dropped) = try store.historyPage(instance: id, after: after, limit: limit + 1) } catch { throw Problem.store(error) }
        let json = Page.jsonBytes(stored.prefix(limit).lazy.map(\.jsonBytes)) { w in
            w.field("next", stored.count > limit ? stored[limit - 1].seq : nil)
            w.field("dropped", dropped)
        }
        return (json, stored.isEmpty)
    }

    // MARK: Events

    /// Applies `event`, posted to a device (`instanceId` nil) or an instance as `body` (which its journal entry
    /// keeps): what it did, or the problem of its refusal.
    func post(
        _ event: Event, body: JSONValue, device deviceId: String, instance instanceId: String?
    ) throws(Problem) -> PendingWrite<PostedEvent> {
        let now = clock.millis()
        let (pending, deadline) = try cache.withLock(loading: [deviceId]) { devices throws(Problem) -> (PendingWrite<PostedEvent>, Int64?) in
            guard var simulation = try cache.current(deviceId, in: &devices) else {
                throw instanceId.map { Problem.notFound("instance", $0) } ?? Problem.notFound("device", deviceId)
            }
            if let instanceId, !simulation.instances.contains(where: { $0.id == instanceId }) {
                throw Problem.notFound("instance", instanceId)
            }
            let attempt = simulation.apply(event, to: instanceId, wallMillis: now)
            var write = StoreWrite()
            let publications = write.include(attempt.outcomes, to: simulation, posted: body)
            let result: Result<PostedEvent, Problem>
            switch attempt.outcome {
            case .success(let outcome):
                metrics.countEvent(outcome.event.type)
                // The event's publication is the last: the timers' comes first.
                result = .success(PostedEvent(outcome: outcome, callbacks: publications.last?.callbacks ?? []))
            case .failure(let rejection):
                result = .failure(Problem.rejection(rejection))
            }
            let commit = submit(write, changing: [deviceId: simulation], in: &devices, publishing: publications)
            return (PendingWrite(result: result, commit: commit), simulation.nextWallDeadline())
        }
        timers.schedule(deviceId, at: deadline)
        return pending
    }

    /// Fires the realtime timers of one device that are due now (called by the timer thread).
    func fireTimers(deviceId: String) {
        let now = clock.millis()
        let deadline: Int64?
        do {
            deadline = try cache.withLock(loading: [deviceId]) { devices throws(Problem) -> Int64? in
                guard var simulation = try cache.current(deviceId, in: &devices) else { return nil }
                if let outcome = simulation.fireDueTimers(wallMillis: now) {
                    var write = StoreWrite()
                    let publications = write.include([outcome], to: simulation)
                    _ = submit(write, changing: [deviceId: simulation], in: &devices, publishing: publications)
                }
                return simulation.nextWallDeadline()
            }
        } catch {
            logger.error("could not load device \(deviceId) to fire its timers; they fire at its next event or start-up: \(error.detail)")
            return
        }
        timers.schedule(deviceId, at: deadline)
    }

    /// Whether the store would take a write now (`/healthz`); if not, why and what to do.
    func health() throws(Problem) {
        do { try store.checkWritable() } catch { throw Problem.unhealthy(error) }
    }

    func counts() throws(Problem) -> (devices: Int, states: [String: Int]) {
        do { return try store.counts() } catch { throw Problem.store(error) }
    }
}
