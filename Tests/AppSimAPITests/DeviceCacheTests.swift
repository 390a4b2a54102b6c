@testable import AppSimAPI
import AppSimCore
import AppSimStore
import Foundation
import Synchronization
import Testing

/// The write-behind cache: writes compute on the newest state, clients see only what is committed.
@Suite("DeviceCache")
struct DeviceCacheTests {
    /// A store that holds what the test puts in it and counts loads.
    final class FakeStore: Sendable {
        let devices = Mutex<[String: DeviceSimulation]>([:])
        let loads = Mutex(0)
        let holds = Mutex<[String: Hold]>([:])

        /// A load held back after it read the store: `entered` once it has, and it returns once `release`d.
        final class Hold: Sendable {
            let entered = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
        }

        func load(_ id: String) -> DeviceSimulation? {
            loads.withLock { $0 += 1 }
            let found = devices.withLock { $0[id] }
            if let hold = holds.withLock({ $0.removeValue(forKey: id) }) {
                hold.entered.signal()
                hold.release.wait()
            }
            return found
        }

        /// Holds back the next load of `id`.
        func hold(_ id: String) -> Hold {
            let hold = Hold()
            holds.withLock { $0[id] = hold }
            return hold
        }
    }

    /// Runs `body` on a thread of its own; the function returned waits for its result (`nil` after 5 s).
    static func inBackground<T: Sendable>(_ body: @escaping @Sendable () throws -> T) -> () -> T? {
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            result.withLock { $0 = try? body() }
            done.signal()
        }
        return { done.wait(timeout: .now() + 5) == .success ? result.withLock { $0 } : nil }
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
    static func write(_ cache: DeviceCache, _ changes: [String: DeviceSimulation?]) throws -> DeviceCache.StagedWrite {
        try cache.withLock(loading: Array(changes.keys)) { devices throws(Problem) in
            for id in changes.keys { _ = try cache.current(id, in: &devices) }
            return cache.stage(changes, in: &devices)
        }
    }

    /// (current, visible) app counts of `id`; -1 for a device that does not exist.
    static func faces(_ cache: DeviceCache, _ id: String) throws -> (current: Int, visible: Int) {
        try cache.withLock(loading: [id]) { devices throws(Problem) in
            (try cache.current(id, in: &devices)?.instances.count ?? -1, try cache.visible(id, in: &devices)?.instances.count ?? -1)
        }
    }

    @Test("a staged write is what the next write computes on, and is shown only once it settles committed")
    func stagedIsCurrentNotVisible() throws {
        let store = FakeStore()
        store.devices.withLock { $0["d1"] = Self.simulation("d1", apps: 1) }
        let cache = Self.cache(store)
        let staged = try Self.write(cache, ["d1": Self.simulation("d1", apps: 2)])
        #expect(try Self.faces(cache, "d1") == (2, 1))
        cache.settle(staged, committed: true)
        #expect(try Self.faces(cache, "d1") == (2, 2))
    }

    @Test("with several writes in flight, what is shown advances one commit at a time")
    func visibleAdvancesPerCommit() throws {
        let store = FakeStore()
        store.devices.withLock { $0["d1"] = Self.simulation("d1", apps: 1) }
        let cache = Self.cache(store)
        let writes = try (2...4).map { try Self.write(cache, ["d1": Self.simulation("d1", apps: $0)]) }
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
        let deleted = try Self.write(cache, ["old": nil])
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
        let failed = try Self.write(cache, ["d1": Self.simulation("d1", apps: 5)])
        cache.withLock { devices in cache.reset(&devices) }
        cache.settle(failed, committed: false)
        #expect(try Self.faces(cache, "d1") == (1, 1))
        // A settle from before the reset must not make anything visible.
        let late = try Self.write(cache, ["d1": Self.simulation("d1", apps: 2)])
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
        let busy = try Self.write(cache, ["d0": Self.simulation("d0", apps: 3)])
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
        let staged = try Self.write(cache, ["d1": Self.simulation("d1", apps: 2)])
        cache.withLock { devices in cache.keepShown([1], instance: "d1.1", device: "d1", in: &devices) }
        #expect(cache.withLock { $0.shownJSON(of: "d1.1", device: "d1") } == nil)
        cache.settle(staged, committed: true)
        cache.withLock { devices in cache.keepShown([2], instance: "d1.1", device: "d1", in: &devices) }
        #expect(cache.withLock { $0.shownJSON(of: "d1.1", device: "d1") } == [2])
        // A new write drops it: it was rendered from the state that write replaces.
        _ = try Self.write(cache, ["d1": Self.simulation("d1", apps: 3)])
        #expect(cache.withLock { $0.shownJSON(of: "d1.1", device: "d1") } == nil)
    }

    @Test("a device loading slowly holds up no request on another, cached device, not even a write")
    func slowLoadBlocksNobody() throws {
        let store = FakeStore()
        store.devices.withLock { $0["d1"] = Self.simulation("d1", apps: 1); $0["slow"] = Self.simulation("slow", apps: 3) }
        let cache = Self.cache(store)
        #expect(try Self.faces(cache, "d1") == (1, 1))
        let hold = store.hold("slow")
        let slow = Self.inBackground { try Self.faces(cache, "slow") }
        #expect(hold.entered.wait(timeout: .now() + 5) == .success)

        // The load is under way: reads and writes of d1 go on.
        #expect(try Self.faces(cache, "d1") == (1, 1))
        let staged = try Self.write(cache, ["d1": Self.simulation("d1", apps: 2)])
        cache.settle(staged, committed: true)
        #expect(try Self.faces(cache, "d1") == (2, 2))

        hold.release.signal()
        #expect(slow().map { [$0.current, $0.visible] } == [3, 3])
    }

    @Test("a device another request loaded and wrote while a load of it was under way is used as that request left it")
    func loadedMeanwhileIsUsed() throws {
        let store = FakeStore()
        store.devices.withLock { $0["d1"] = Self.simulation("d1", apps: 1) }
        let cache = Self.cache(store)
        let hold = store.hold("d1")
        let late = Self.inBackground { try Self.faces(cache, "d1") }
        #expect(hold.entered.wait(timeout: .now() + 5) == .success)
        let staged = try Self.write(cache, ["d1": Self.simulation("d1", apps: 2)])
        hold.release.signal()
        // Not the 1 app it read: the write computed on the device is current, the store's state still shown.
        #expect(late().map { [$0.current, $0.visible] } == [2, 1])
        cache.settle(staged, committed: true)
        #expect(try Self.faces(cache, "d1") == (2, 2))
    }

    @Test("a device deleted while a load of it was under way is not brought back")
    func deletedMeanwhileStaysDeleted() throws {
        let store = FakeStore()
        store.devices.withLock { $0["old"] = Self.simulation("old", apps: 1) }
        let cache = Self.cache(store)
        let hold = store.hold("old")
        let late = Self.inBackground { try Self.faces(cache, "old") }
        #expect(hold.entered.wait(timeout: .now() + 5) == .success)
        let deleted = try Self.write(cache, ["old": nil])
        store.devices.withLock { $0["old"] = nil }
        cache.settle(deleted, committed: true)
        hold.release.signal()
        #expect(late().map { [$0.current, $0.visible] } == [-1, -1])
        #expect(try Self.faces(cache, "old") == (-1, -1))
    }

    @Test("a load under way across a reset is not kept: the device is read from the store again")
    func loadAcrossResetIsRead() throws {
        let store = FakeStore()
        store.devices.withLock { $0["d1"] = Self.simulation("d1", apps: 1) }
        let cache = Self.cache(store)
        let hold = store.hold("d1")
        let late = Self.inBackground { try Self.faces(cache, "d1") }
        #expect(hold.entered.wait(timeout: .now() + 5) == .success)
        // One write commits, the next fails: the cache forgets everything.
        let committed = try Self.write(cache, ["d1": Self.simulation("d1", apps: 2)])
        store.devices.withLock { $0["d1"] = Self.simulation("d1", apps: 2) }
        cache.settle(committed, committed: true)
        let failed = try Self.write(cache, ["d1": Self.simulation("d1", apps: 3)])
        cache.withLock { devices in cache.reset(&devices) }
        cache.settle(failed, committed: false)
        hold.release.signal()
        #expect(late().map { [$0.current, $0.visible] } == [2, 2])
    }

    @Test("a load under way while the device was written and then dropped is not kept: what it read is older than the store")
    func loadOfADroppedDeviceIsRead() throws {
        let store = FakeStore()
        for n in 0..<2 { store.devices.withLock { $0["d\(n)"] = Self.simulation("d\(n)", apps: 1) } }
        let cache = Self.cache(store, limit: 1)
        let hold = store.hold("d0")
        let late = Self.inBackground { try Self.faces(cache, "d0") }
        #expect(hold.entered.wait(timeout: .now() + 5) == .success)
        let committed = try Self.write(cache, ["d0": Self.simulation("d0", apps: 2)])
        store.devices.withLock { $0["d0"] = Self.simulation("d0", apps: 2) }
        cache.settle(committed, committed: true)
        _ = try Self.faces(cache, "d1")
        #expect(cache.withLock { $0.current["d0"] == nil }, "dropped, idle")
        hold.release.signal()
        #expect(late().map { [$0.current, $0.visible] } == [2, 2])
    }

    @Test("a device the cache was not asked to load is not read from the store with the lock held")
    func unloadedDeviceIsNotRead() throws {
        let store = FakeStore()
        store.devices.withLock { $0["d1"] = Self.simulation("d1", apps: 1) }
        let cache = Self.cache(store)
        #expect(throws: Problem.self) { try cache.withLock { devices throws(Problem) in try cache.current("d1", in: &devices) } }
        #expect(store.loads.withLock { $0 } == 0)
    }
}
