import AppSimCore
@testable import AppSimStore
import Testing

/// The event journal's table: written with its events, read in pages, and removed with its device.
@Suite("Store: event journal")
struct JournalStoreTests {
    func entry(_ device: String, _ seq: Int64) -> StoredEvent {
        StoredEvent(device: device, seq: seq, type: "launch", at: seq * 10, changes: Array("[]".utf8), entry: Array("{\"seq\":\(seq)}".utf8))
    }

    @Test("entries are read back in seq order after a cursor, per device, and the oldest kept is known")
    func pages() throws {
        let scratch = try StoreTests.Scratch()
        let store = try Store(path: scratch.path)
        var write = StoreWrite()
        write.events = (1...5).map { entry("da", $0) } + [entry("db", 1)]
        try store.commit(write)
        #expect(try store.events(device: "da", after: 0, limit: 2).map(\.seq) == [1, 2])
        #expect(try store.events(device: "da", after: 2, limit: 10).map(\.seq) == [3, 4, 5])
        #expect(try store.events(device: "da", after: 4, limit: 10).first?.entry == Array("{\"seq\":5}".utf8))
        #expect(try store.events(device: "db", after: 0, limit: 10).map(\.seq) == [1])
        #expect(try store.oldestEvent(device: "da") == 1)
        #expect(try store.oldestEvent(device: "dc") == nil)
    }

    @Test("deleting a device deletes its journal")
    func deletedWithItsDevice() throws {
        let scratch = try StoreTests.Scratch()
        let store = try Store(path: scratch.path)
        var write = StoreWrite()
        write.devices = [StoredDevice(DeviceSimulation(device: Device(id: "da")))]
        write.events = [entry("da", 1), entry("da", 2)]
        try store.commit(write)
        var delete = StoreWrite()
        delete.deletedDevices = ["da"]
        try store.commit(delete)
        #expect(try store.events(device: "da", after: 0, limit: 10).isEmpty)
    }
}
