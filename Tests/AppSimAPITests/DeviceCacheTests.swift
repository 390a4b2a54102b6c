@testable import AppSimAPI
import AppSimCore
import AppSimStore
import Synchronization
import Testing

/// The write-behind cache: writes compute on the newest state, clients see only what is committed.
@Suite("DeviceCache")
struct DeviceCacheTests {
    /// A store that holds what the test puts in it and counts loads.
    final class FakeStore: Sendable {
        let devices = Mutex<[String: DeviceSimulation]>([:])
        let loads = Mutex(0)

        func load(_ id: String) -> DeviceSimulation? {
            loads.withLock { $0 += 1 }
            return devices.withLock { $0[id] }
        }
    }

    static func simulation(_ id: String, apps: Int) -> DeviceSimulation {
        var simulation = DeviceSimulation(device: Device(id: id))
        for n in 0..<apps { _ = simulation.install(info: AppInfo(bundleId: "com.example.app\(n)"), behavior: AppBehavior(), wallMillis: 0) }
        return simulation
    }

    static func cache(_ store: FakeStore, limit: Int = 100) -> DeviceCache {
        DeviceCache(limit: limit) { id in store.load(id) }
    }

    /// Stages new states of existing devices as a write does: computed on what is current, in one lock.
    static func write(_ cache: DeviceCache, _ changes: [String: DeviceSimulation?]) -> DeviceCache.StagedWrite {
        cache.withLock { devices in
            for id in changes.keys { _ = try? cache.current(id, in: &devices) }
            return cache.stage(changes, in: &devices)
        }
    }

    /// (current, visible) app counts of `id`; -1 for a device that does not exist.
    static func faces(_ cache: DeviceCache, _ id: String) throws -> (current: Int, visible: Int) {
        try cache.withLock { devices throws(StoreError) in
            (try cache.current(id, in: &devices)?.instances.count ?? -1, try cache.visible(id, in: &devices)?.instances.count ?? -1)
        }
    }

    @Test("a staged write is what the next write computes on, and is shown only once it settles committed")
    func stagedIsCurrentNotVisible() throws {
        let store = FakeStore()
        store.devices.withLock { $0["d1"] = Self.simulation("d1", apps: 1) }
        let cache = Self.cache(store)
        let staged = Self.write(cache, ["d1": Self.simulation("d1", apps: 2)])
        #expect(try Self.faces(cache, "d1") == (2, 1))
        cache.settle(staged, committed: true)
        #expect(try Self.faces(cache, "d1") == (2, 2))
    }

    @Test("with several writes in flight, what is shown advances one commit at a time")
    func visibleAdvancesPerCommit() throws {
        let store = FakeStore()
        store.devices.withLock { $0["d1"] = Self.simulation("d1", apps: 1) }
        let cache = Self.cache(store)
        let writes = (2...4).map { Self.write(cache, ["d1": Self.simulation("d1", apps: $0)]) }
        #expect(try Self.faces(cache, "d1") == (4, 1))
        cache.settle(writes[0], committed: true)
        #expect(try Self.faces(cache, "d1") == (4, 2))
        cache.settle(writes[1], committed: true)
        #expect(try Self.faces(cache, "d1") == (4, 3))
        cache.settle(writes[2], committed: true)
        #expect(try Self.faces(cache, "d1") == (4, 4))
    }

    @Test("a device being created is not shown before its commit; one being deleted is shown until its commit and not reloaded")
    func creationAndDeletion() throws {
        let store = FakeStore()
        store.devices.withLock { $0["old"] = Self.simulation("old", apps: 1) }
        let cache = Self.cache(store)
        let created = cache.withLock { devices in cache.stage(["new": Self.simulation("new", apps: 0)], in: &devices) }
        #expect(try Self.faces(cache, "new") == (0, -1))
        _ = try Self.faces(cache, "old")
        let deleted = Self.write(cache, ["old": nil])
        // The store still has it, but a write must not load it back while its deletion is in flight.
        #expect(try Self.faces(cache, "old") == (-1, 1))
        cache.settle(created, committed: true)
        store.devices.withLock { $0["old"] = nil }
        cache.settle(deleted, committed: true)
        #expect(try Self.faces(cache, "new") == (0, 0))
        #expect(try Self.faces(cache, "old") == (-1, -1))
    }

    @Test("reset after a failed commit forgets what was in flight: both faces come from the store, late settles are ignored")
    func resetAfterFailure() throws {
        let store = FakeStore()
        store.devices.withLock { $0["d1"] = Self.simulation("d1", apps: 1) }
        let cache = Self.cache(store)
        let failed = Self.write(cache, ["d1": Self.simulation("d1", apps: 5)])
        cache.withLock { devices in cache.reset(&devices) }
        cache.settle(failed, committed: false)
        #expect(try Self.faces(cache, "d1") == (1, 1))
        // A settle from before the reset must not make anything visible.
        let late = Self.write(cache, ["d1": Self.simulation("d1", apps: 2)])
        cache.settle(failed, committed: true)
        #expect(try Self.faces(cache, "d1") == (2, 1))
        cache.settle(late, committed: true)
        #expect(try Self.faces(cache, "d1") == (2, 2))
    }

    @Test("past its limit the cache drops idle devices, never one with a write in flight")
    func evictionKeepsBusyDevices() throws {
        let store = FakeStore()
        for n in 0..<20 { store.devices.withLock { $0["d\(n)"] = Self.simulation("d\(n)", apps: 1) } }
        let cache = Self.cache(store, limit: 10)
        let busy = Self.write(cache, ["d0": Self.simulation("d0", apps: 3)])
        for n in 1..<20 { _ = try Self.faces(cache, "d\(n)") }
        let loadsBefore = store.loads.withLock { $0 }
        // d0 stayed current (a reload would have brought back the stored 1 app), the idle ones were dropped.
        #expect(try Self.faces(cache, "d0") == (3, 1))
        let held = cache.withLock { $0.current.count }
        #expect(held <= 10)
        for n in 1..<20 { _ = try Self.faces(cache, "d\(n)") }
        #expect(store.loads.withLock { $0 } > loadsBefore, "dropped devices are loaded again when used")
        cache.settle(busy, committed: true)
    }

    @Test("an instance's rendered JSON is kept only while no write of its device is in flight")
    func shownOnlyWhenSettled() throws {
        let store = FakeStore()
        store.devices.withLock { $0["d1"] = Self.simulation("d1", apps: 1) }
        let cache = Self.cache(store)
        let staged = Self.write(cache, ["d1": Self.simulation("d1", apps: 2)])
        cache.withLock { devices in cache.keepShown([1], instance: "d1.1", device: "d1", in: &devices) }
        #expect(cache.withLock { $0.shownJSON(of: "d1.1", device: "d1") } == nil)
        cache.settle(staged, committed: true)
        cache.withLock { devices in cache.keepShown([2], instance: "d1.1", device: "d1", in: &devices) }
        #expect(cache.withLock { $0.shownJSON(of: "d1.1", device: "d1") } == [2])
        // A new write drops it: it was rendered from the state that write replaces.
        _ = Self.write(cache, ["d1": Self.simulation("d1", apps: 3)])
        #expect(cache.withLock { $0.shownJSON(of: "d1.1", device: "d1") } == nil)
    }
}
