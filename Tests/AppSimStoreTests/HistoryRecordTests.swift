@testable import AppSimCore
import AppSimJSON
@testable import AppSimStore
import AppSimTestSupport
import Testing

/// The store's own format for history and journal entries (`HistoryRecord`): what a row leaves out (its app, its
/// event, its seqs and time) comes back from the row's columns, and every callback and entry reads back exactly.
@Suite("Store: history records")
struct HistoryRecordTests {
    /// Every outcome of random walks through each event type's samples, on UIKit, scene and SwiftUI apps of several
    /// OS versions: the callbacks and entries the simulation makes.
    static func outcomes() -> [EventOutcome] {
        var generator = SeededGenerator(seed: 20261128)
        var outcomes: [EventOutcome] = []
        for os in [OSVersion(12), OSVersion(17), OSVersion(26)] {
            var device = Device(id: "dr\(os.major)")
            device.osVersion = os
            var simulation = DeviceSimulation(device: device)
            var infos: [AppInfo] = []
            for ui in [AppUI.uikit, .swiftui] {
                var info = AppInfo(bundleId: "com.example.\(ui.rawValue)")
                info.ui = ui
                info.urlSchemes = ["app"]
                info.backgroundModes = [.fetch, .remoteNotification]
                info.stateRestoration = true
                info.scenes = SceneManifest(supportsMultiple: true)
                infos.append(info)
            }
            infos.append(AppInfo(bundleId: "com.example.plain"))
            for info in infos { _ = simulation.install(info: info, behavior: AppBehavior(), wallMillis: 0) }
            var wall: Int64 = 0
            for _ in 0..<400 {
                wall += Int64(generator.next() % 4_000)
                let app = simulation.instances[Int(generator.next() % UInt64(simulation.instances.count))]
                let candidates = EventType.tried(for: app).flatMap { $0.samples(for: app) }
                let event = candidates[Int(generator.next() % UInt64(candidates.count))]
                outcomes += simulation.apply(event, to: event.isAppScoped ? app.id : nil, wallMillis: wall).outcomes
            }
        }
        return outcomes
    }

    @Test("every callback and journal entry the simulation makes reads back exactly from its row")
    func roundTrip() throws {
        let outcomes = Self.outcomes()
        #expect(outcomes.count > 250)
        var rows = 0
        for outcome in outcomes {
            var write = StoreWrite()
            let posted: JSONValue = ["type": .string(outcome.event.type), "note": "ünïcode ✓", "n": 1.5]
            write.addHistory(of: outcome, on: "d", posted: posted)
            var callbacks: [CallbackRecord] = []
            var entries: [JournalEntry] = try write.entriesAlone.map {
                try HistoryRecord.decodeEntry($0.entry, seq: $0.seq, rowInstance: nil, rowAt: 0)
            }
            for row in write.history {
                rows += 1
                callbacks += try HistoryRecord.decodeCallbacks(
                    row.callbacks, instance: row.instance, seq: row.seq, event: row.event, at: row.at)
                if let entry = row.entry {
                    entries.append(try HistoryRecord.decodeEntry(entry, seq: row.event, rowInstance: row.instance, rowAt: row.at))
                }
            }
            // Rows group an event's callbacks by app; within an app they are in order.
            for app in Set(outcome.callbacks.map(\.instance)) {
                #expect(callbacks.filter { $0.instance == app } == outcome.callbacks.filter { $0.instance == app })
            }
            #expect(callbacks.count == outcome.callbacks.count)
            #expect(entries == [JournalEntry(outcome, posted: posted)])
            // Standing alone, with no row to take its app and time from.
            let alone = HistoryRecord.encode(entries[0], rowInstance: nil, rowAt: 0)
            #expect(try HistoryRecord.decodeEntry(alone, seq: outcome.event.seq, rowInstance: nil, rowAt: 0) == entries[0])
        }
        #expect(rows > 200)
    }

    @Test("callback names, notifications, kinds and states the simulation makes are coded words, and the list has no repeats")
    func wordsCoverWhatTheSimulationSays() {
        #expect(Set(HistoryRecord.words).count == HistoryRecord.words.count)
        let coded = Set(HistoryRecord.words)
        var missing: Set<String> = []
        for callback in Self.outcomes().flatMap(\.callbacks) {
            for word in [callback.name, callback.kind.rawValue, callback.state.rawValue, callback.applicationState.rawValue]
                + [callback.notification].compactMap({ $0 }) where !coded.contains(word) {
                missing.insert(word)
            }
        }
        #expect(missing.isEmpty, "append these to HistoryRecord.words: \(missing.sorted())")
    }

    @Test("what became of a push reads back from its journal entry, every kind of it")
    func pushDeliveriesReadBack() throws {
        let deliveries = PushDelivery.kinds.map { kind in
            if case .dropped = kind { PushDelivery.dropped(reason: PushDelivery.throttled) } else { kind }
        }
        #expect(deliveries.count == 5)
        for delivery in deliveries {
            var entry = JournalEntry(seq: 7, type: "push", at: 1_000, instance: "d.1", posted: nil, changes: [], callbacks: [])
            entry.pushDelivery = delivery
            let bytes = HistoryRecord.encode(entry, rowInstance: "d.1", rowAt: 990)
            #expect(try HistoryRecord.decodeEntry(bytes, seq: 7, rowInstance: "d.1", rowAt: 990) == entry)
        }
        #expect(PushDelivery(name: "bounced", reason: nil) == nil)
    }

    @Test("the coded words are append only: a record names a word by its place in the list")
    func wordsAreAppendOnly() {
        // The list as records of format 1 were first written with it; a word may be added after these, never moved.
        let frozen = 80
        let fingerprint = HistoryRecord.words.prefix(frozen).joined(separator: "\n").utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) {
            ($0 ^ UInt64($1)) &* 0x100_0000_01b3
        }
        #expect(HistoryRecord.words.count >= frozen)
        #expect(fingerprint == 17_526_329_424_072_017_428, "HistoryRecord.words changed before its place \(frozen): records already written would read other words")
    }

    @Test("a damaged record is refused, never read as something else")
    func damagedRecordsAreRefused() {
        let callback = CallbackRecord(
            seq: 7, instance: "d.1", at: 500, name: "applicationDidReceiveMemoryWarning:", kind: .delegate,
            notification: "UIApplicationDidReceiveMemoryWarningNotification", state: .active, applicationState: .active,
            args: ["level": 2], event: 3)
        let bytes = HistoryRecord.encode([callback], at: 500)
        #expect((try? HistoryRecord.decodeCallbacks(bytes, instance: "d.1", seq: 7, event: 3, at: 500)) == [callback])
        for cut in 0..<bytes.count {
            #expect(throws: (any Error).self) {
                try HistoryRecord.decodeCallbacks(Array(bytes.prefix(cut)), instance: "d.1", seq: 7, event: 3, at: 500)
            }
        }
        var otherFormat = bytes
        otherFormat[0] = 2
        #expect(throws: (any Error).self) { try HistoryRecord.decodeCallbacks(otherFormat, instance: "d.1", seq: 7, event: 3, at: 500) }
    }
}
