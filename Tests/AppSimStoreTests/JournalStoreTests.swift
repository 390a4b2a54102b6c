@testable import AppSimCore
import AppSimJSON
import Foundation
@testable import AppSimStore
import AppSimTestSupport
import Synchronization
import Testing

/// The event journal: written with its events (on the row of each one's last callback, or alone when it caused none),
/// read in pages, trimmed with the history it refers to, and removed with its device.
@Suite("Store: event journal")
struct JournalStoreTests {
    /// The entry of event `seq` that caused no callback, told apart by what was posted with it.
    func entry(_ seq: Int64) -> JournalEntry {
        JournalEntry(seq: seq, type: "launch", at: seq * 10, instance: nil, posted: ["seq": .integer(seq)], changes: [], callbacks: [])
    }

    /// `entry` of `device` as a write carries it to stand alone.
    func alone(_ device: String, _ entry: JournalEntry) -> (device: String, seq: Int64, entry: [UInt8]) {
        (device, entry.seq, HistoryRecord.encode(entry, rowInstance: nil, rowAt: 0))
    }

    /// What each event was posted with, in the order of `entries`.
    func posted(_ entries: [JournalEntry]) -> [JSONValue?] { entries.map(\.posted) }

    func posted(_ seqs: [Int64]) -> [JSONValue?] { seqs.map { ["seq": .integer($0)] } }

    @Test("entries are read back in seq order after a cursor, per device, and the oldest kept is known")
    func pages() throws {
        let scratch = try StoreTests.Scratch()
        let store = try Store(path: scratch.path)
        var write = StoreWrite()
        write.entriesAlone = (1...5).map { alone("da", entry($0)) } + [alone("db", entry(1))]
        try store.commit(write)
        #expect(try store.journal(device: "da", after: 0, limit: 2).entries.map(\.seq) == [1, 2])
        #expect(try store.journal(device: "da", after: 2, limit: 10).entries.map(\.seq) == [3, 4, 5])
        #expect(try posted(store.journal(device: "da", after: 4, limit: 10).entries) == posted([5]))
        #expect(try store.journal(device: "db", after: 0, limit: 10).entries.map(\.seq) == [1])
        #expect(try store.journal(device: "da", after: 0, limit: 1).oldest == 1)
        #expect(try store.journal(device: "dc", after: 0, limit: 1).oldest == nil)
        for after in [Int64(1), 5, 6, .max - 1, .max] {
            #expect(try store.journal(device: "dc", after: after, limit: 10).entries.isEmpty, "a device with no journal, after \(after)")
            #expect(try store.journal(device: "da", after: after, limit: 10).entries.map(\.seq) == (after < 5 ? Array(after + 1...5) : []))
        }
    }

    @Test("deleting a device deletes its journal")
    func deletedWithItsDevice() throws {
        let scratch = try StoreTests.Scratch()
        let store = try Store(path: scratch.path)
        var write = StoreWrite()
        write.devices = [StoredDevice(DeviceSimulation(device: Device(id: "da")))]
        write.entriesAlone = [alone("da", entry(1)), alone("da", entry(2))]
        try store.commit(write)
        var delete = StoreWrite()
        delete.deletedDevices = ["da"]
        try store.commit(delete)
        #expect(try store.journal(device: "da", after: 0, limit: 10).entries.isEmpty)
    }

    /// A device "dj" with two apps, dj.1 and dj.2, stored.
    func twoApps(_ store: Store) throws {
        var simulation = DeviceSimulation(device: Device(id: "dj"))
        var write = StoreWrite()
        for bundle in ["com.example.a", "com.example.b"] {
            write.installed.append(simulation.install(info: AppInfo(bundleId: bundle), behavior: AppBehavior(), wallMillis: 0))
        }
        write.devices = [StoredDevice(simulation)]
        try store.commit(write)
    }

    /// Commits event `seq` of "dj" with one callback for each of `seqs` (instance and callback seq), in that order.
    func post(_ store: Store, event seq: Int64, callbacks seqs: [(String, Int64)]) throws {
        var write = StoreWrite()
        var outcome = EventOutcome(event: EventRecord(seq: seq, type: "launch", at: seq * 10, instance: nil))
        outcome.callbacks = seqs.map { Self.callback(instance: $0.0, seq: $0.1, event: seq) }
        write.addHistory(of: outcome, on: "dj", posted: ["seq": .integer(seq)])
        try store.commit(write)
    }

    static func callback(instance: String, seq: Int64, event: Int64, at: Int64? = nil) -> CallbackRecord {
        CallbackRecord(
            seq: seq, instance: instance, at: at ?? event * 10, name: "applicationDidReceiveMemoryWarning:", kind: .delegate,
            notification: nil, state: .active, applicationState: .active, args: [:], event: event)
    }

    /// History rows as schemas before 6 wrote them, with no journal entry: one per run of `callbacks` of one event.
    static func historyWithoutJournal(_ callbacks: [CallbackRecord]) -> [StoredHistory] {
        var runs: [[CallbackRecord]] = []
        for callback in callbacks {
            if let last = runs.last?.last, last.event == callback.event, last.instance == callback.instance {
                runs[runs.count - 1].append(callback)
            } else {
                runs.append([callback])
            }
        }
        return runs.map { run in
            let newest = run[run.count - 1]
            return StoredHistory(
                instance: newest.instance, seq: newest.seq, event: newest.event, at: newest.at,
                callbacks: HistoryRecord.encode(run, at: newest.at), entry: nil)
        }
    }

    /// Where each event's entry is stored: `instance/seq` of the callback it rides on, or `alone`.
    func places(_ path: String) throws -> [Int64: String] {
        let raw = try SQLiteConnection(path: path)
        var places: [Int64: String] = [:]
        let riding = try raw.prepare("SELECT event, instance, seq FROM history WHERE entry IS NOT NULL")
        while try riding.step() { places[riding.int64(at: 0)] = "\(riding.string(at: 1) ?? "")/\(riding.int64(at: 2))" }
        let alone = try raw.prepare("SELECT seq FROM events WHERE device = 'dj'")
        while try alone.step() { places[alone.int64(at: 0)] = "alone" }
        return places
    }

    @Test("an event's entry rides on the row of its last callback, one that caused none stands alone, and pages merge both in seq order")
    func ridingAndAlone() throws {
        let scratch = try StoreTests.Scratch()
        let store = try Store(path: scratch.path)
        try twoApps(store)
        try post(store, event: 1, callbacks: [("dj.1", 1), ("dj.1", 2), ("dj.2", 1)])
        try post(store, event: 2, callbacks: [])
        try post(store, event: 3, callbacks: [("dj.2", 2)])
        try post(store, event: 4, callbacks: [("dj.1", 3), ("dj.1", 4)])
        try post(store, event: 5, callbacks: [])
        #expect(try places(scratch.path) == [1: "dj.2/1", 2: "alone", 3: "dj.2/2", 4: "dj.1/4", 5: "alone"])
        let journal = try store.journal(device: "dj", after: 0, limit: 10).entries
        #expect(journal.map(\.seq) == [1, 2, 3, 4, 5])
        #expect(posted(journal) == posted(Array(1...5)))
        #expect(journal.map(\.at) == [10, 20, 30, 40, 50])
        #expect(journal.allSatisfy { $0.type == "launch" && $0.changes.isEmpty })
        #expect(journal[0].callbacks == [("dj.1", 1), ("dj.1", 2), ("dj.2", 1)].map { CallbackReference(instance: $0.0, seq: $0.1) })
        for after in Int64(0)...5 {
            for limit in 1...6 {
                let expected = Array((after + 1...max(after + 1, 5)).prefix(limit)).filter { $0 <= 5 }
                #expect(try store.journal(device: "dj", after: after, limit: limit).entries.map(\.seq) == expected, "after \(after), limit \(limit)")
            }
        }
        #expect(try store.journal(device: "dj", after: 0, limit: 1).oldest == 1)
        // The history reads as it did: the journal's columns are not part of a callback.
        #expect(try store.callbacks(instance: "dj.1", after: 0, limit: 10).map(\.seq) == [1, 2, 3, 4])
    }

    @Test("a page starts where an app's history passes the cursor, however many callbacks each event caused")
    func pagesFindTheirStart() throws {
        let scratch = try StoreTests.Scratch()
        let store = try Store(path: scratch.path)
        try twoApps(store)
        var next: Int64 = 1
        for event in Int64(1)...40 {
            let count = Int(event % 4)  // 0 to 3 callbacks: some events stand alone
            try post(store, event: event, callbacks: (0..<count).map { _ in defer { next += 1 }; return ("dj.1", next) })
        }
        for after in Int64(0)...41 {
            #expect(try store.journal(device: "dj", after: after, limit: 7).entries.map(\.seq) == Array((after + 1...max(after + 1, 40)).prefix(7)).filter { $0 <= 40 }, "after \(after)")
        }
    }

    @Test("trimming an app's history keeps the entries it carried that another app's history still refers to, and drops the rest")
    func trimmingKeepsWhatAnotherAppRefersTo() throws {
        let scratch = try StoreTests.Scratch()
        let store = try Store(path: scratch.path, historyLimit: 2)
        try twoApps(store)
        try post(store, event: 1, callbacks: [("dj.2", 1)])
        try post(store, event: 2, callbacks: [("dj.1", 1)])
        try post(store, event: 3, callbacks: [("dj.1", 2)])
        try post(store, event: 4, callbacks: [("dj.1", 3)])  // dj.1 keeps 2–3: its callback of event 2 goes
        // dj.2 still has event 1's callback, so the journal keeps events 1 on: event 2's entry moved to stand alone.
        #expect(try places(scratch.path) == [1: "dj.2/1", 2: "alone", 3: "dj.1/2", 4: "dj.1/3"])
        #expect(try store.journal(device: "dj", after: 0, limit: 10).entries.map(\.seq) == [1, 2, 3, 4])
        try post(store, event: 5, callbacks: [("dj.2", 2)])
        try post(store, event: 6, callbacks: [("dj.2", 3)])  // dj.2 keeps 2–3 (events 5, 6); dj.1 events 3, 4
        #expect(try store.journal(device: "dj", after: 0, limit: 10).entries.map(\.seq) == [3, 4, 5, 6])
        #expect(try store.journal(device: "dj", after: 0, limit: 1).oldest == 3)
        #expect(try places(scratch.path) == [3: "dj.1/2", 4: "dj.1/3", 5: "dj.2/2", 6: "dj.2/3"])
    }

    @Test("an app alone on its device trims its entries with its history, and none is moved to stand alone")
    func trimmingAnAppAlone() throws {
        let scratch = try StoreTests.Scratch()
        let store = try Store(path: scratch.path, historyLimit: 3)
        try twoApps(store)
        var delete = StoreWrite()
        delete.deletedInstances = ["dj.2"]
        try store.commit(delete)
        try post(store, event: 1, callbacks: [("dj.1", 1), ("dj.1", 2)])
        try post(store, event: 2, callbacks: [("dj.1", 3), ("dj.1", 4)])  // keeps 2–4: event 1's entry rides on 2
        #expect(try places(scratch.path) == [1: "dj.1/2", 2: "dj.1/4"])
        try post(store, event: 3, callbacks: [("dj.1", 5)])  // keeps 3–5
        #expect(try places(scratch.path) == [2: "dj.1/4", 3: "dj.1/5"])
        #expect(try store.journal(device: "dj", after: 0, limit: 10).entries.map(\.seq) == [2, 3])
    }

    @Test("trimming cuts the row that holds the oldest kept callback, so a larger limit after a restart shows nothing already dropped, and says it is dropped")
    func trimmingCutsTheStraddlingRow() throws {
        let scratch = try StoreTests.Scratch()
        do {
            let store = try Store(path: scratch.path, historyLimit: 3)
            try twoApps(store)
            try post(store, event: 1, callbacks: [("dj.1", 1), ("dj.1", 2), ("dj.1", 3)])
            try post(store, event: 2, callbacks: [("dj.1", 4), ("dj.1", 5)])  // keeps 3–5: event 1's row keeps 3 alone
            #expect(try store.callbacks(instance: "dj.1", after: 0, limit: 10).map(\.seq) == [3, 4, 5])
            #expect(try places(scratch.path) == [1: "dj.1/3", 2: "dj.1/5"])
        }
        let raw = try SQLiteConnection(path: scratch.path)
        let kept = try raw.prepare("SELECT seq, event, at, callbacks FROM history WHERE instance = 'dj.1' AND event = 1")
        #expect(try kept.step())
        #expect(try Store.callbacks(of: kept, on: "dj.1").map(\.seq) == [3])
        kept.reset()
        let reopened = try Store(path: scratch.path, historyLimit: 10)
        #expect(try reopened.callbacks(instance: "dj.1", after: 0, limit: 10).map(\.seq) == [3, 4, 5])
        // What a page says is dropped is what it leaves out, whatever the limit now: 1 and 2.
        #expect(try reopened.historyPage(instance: "dj.1", after: 0, limit: 10).dropped == 2)
        #expect(try reopened.historyPage(instance: "dj.1", after: 4, limit: 10).dropped == 2)
        #expect(try posted(reopened.journal(device: "dj", after: 0, limit: 10).entries) == posted([1, 2]))
    }

    @Test("uninstalling an app keeps the entries that rode on its history in its device's journal")
    func uninstallKeepsEntries() throws {
        let scratch = try StoreTests.Scratch()
        let store = try Store(path: scratch.path)
        try twoApps(store)
        try post(store, event: 1, callbacks: [("dj.1", 1)])
        try post(store, event: 2, callbacks: [("dj.2", 1)])
        var delete = StoreWrite()
        delete.deletedInstances = ["dj.1"]
        try store.commit(delete)
        #expect(try places(scratch.path) == [1: "alone", 2: "dj.2/1"])
        #expect(try posted(store.journal(device: "dj", after: 0, limit: 10).entries) == posted([1, 2]))
        #expect(try store.callbacks(instance: "dj.1", after: 0, limit: 10).isEmpty)
    }

    /// A database at schema 6, as appsim left it then (the devices' wake times already moved to their apps); its
    /// connection, to add rows of that schema.
    static func schemaSix(at path: String) throws -> SQLiteConnection {
        let raw = try SQLiteConnection(path: path)
        _ = try raw.pragma("journal_mode=WAL")
        for migration in Store.migrations.prefix(6) { try raw.execute(migration) }
        try raw.execute("DROP INDEX devices_by_wake; ALTER TABLE devices DROP COLUMN wake_at")
        try raw.execute("PRAGMA application_id=\(Store.applicationID); PRAGMA user_version=6")
        return raw
    }

    @Test("a database of schema 6 keeps its journal, which goes on with entries riding on history; the migration says when it starts and ends")
    func schemaSixJournalGoesOn() throws {
        let scratch = try StoreTests.Scratch()
        do {
            let raw = try Self.schemaSix(at: scratch.path)
            let insert = try raw.prepare("INSERT INTO events(device, seq, type, at, changes, entry) VALUES ('dj', 1, 'launch', 10, '[]', ?1)")
            // The entry as served, which schemas 6 and 7 kept.
            try insert.bind(.blob(Array(#"{"seq":1,"type":"launch","at":10,"instance":null,"body":{"seq":1},"changes":[],"callbacks":[]}"#.utf8)))
            try insert.run()
        }
        let told = Mutex<[String]>([])
        let store = try Store(path: scratch.path, reportMigration: { message in told.withLock { $0.append(message) } })
        let messages = told.withLock { $0 }
        #expect(messages.count == 2)
        #expect(messages.first?.contains("has schema version 6; bringing it up to version \(Store.migrations.count)") == true)
        #expect(messages.last?.contains("is at schema version \(Store.migrations.count) (migrated from 6 in ") == true)
        try twoApps(store)
        try post(store, event: 2, callbacks: [("dj.1", 1)])
        #expect(try places(scratch.path) == [1: "alone", 2: "dj.1/1"])
        #expect(try posted(store.journal(device: "dj", after: 0, limit: 10).entries) == posted([1, 2]))
        #expect(try store.journal(device: "dj", after: 0, limit: 1).oldest == 1)
    }

    @Test("a migration stopped (MigrationStop) leaves the database as it was and says so; a stop asked for once it is open changes nothing")
    func migrationStopped() throws {
        let scratch = try StoreTests.Scratch()
        _ = try Self.schemaSix(at: scratch.path)
        let stop = MigrationStop()
        stop.stop()
        #expect {
            _ = try Store(path: scratch.path, migrationStop: stop)
        } throws: { error in
            (error as? StoreError)?.isStopped == true
                && (error as? StoreError)?.message.contains("up to date from schema version 6; it is as it was, at version 6") == true
        }
        #expect(try SQLiteConnection(path: scratch.path).pragma("user_version") == "6")
        #expect(try SQLiteConnection(path: scratch.path).pragma("journal_mode") == "wal", "back to the log")
        let late = MigrationStop()
        let store = try Store(path: scratch.path, migrationStop: late)
        late.stop()
        try twoApps(store)
        #expect(try SQLiteConnection(path: scratch.path).pragma("user_version") == "\(Store.migrations.count)")
        #expect(try SQLiteConnection(path: scratch.path).pragma("journal_mode") == "wal", "back to the log")
        #expect(try store.writer.withLock { try $0.sqlite.pragma("synchronous") } == "1", "durability normal again")
    }

    @Test("a migration with another connection to the database open rewrites history in the log instead, says so, and brings it up to date")
    func migrationBesideAReader() throws {
        let scratch = try StoreTests.Scratch()
        let reader = try Self.schemaSix(at: scratch.path)
        // Open in the log's mode, it keeps the database from leaving the log.
        #expect(try reader.pragma("user_version") == "6")
        let told = Mutex<[String]>([])
        let store = try Store(path: scratch.path, reportMigration: { message in told.withLock { $0.append(message) } })
        let messages = told.withLock { $0 }
        #expect(messages.contains { $0.contains("another connection has \(scratch.path) open, so its history is rewritten in the write-ahead log") }, "\(messages)")
        #expect(messages.last?.contains("is at schema version \(Store.migrations.count)") == true)
        #expect(try reader.pragma("user_version") == "\(Store.migrations.count)")
        #expect(try reader.pragma("journal_mode") == "wal")
        #expect(try store.writer.withLock { try $0.sqlite.pragma("synchronous") } == "1", "durability normal")
        try twoApps(store)
    }

    @Test("a migration that fills the disk says it needs room for the history it rewrites, and leaves the database as it was")
    func migrationOnAFullDisk() throws {
        let scratch = try StoreTests.Scratch()
        let pages: Int
        do {
            let raw = try Self.schemaSix(at: scratch.path)
            try raw.execute("""
                WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < 2000)
                INSERT INTO callbacks(instance, seq, event, at, body)
                SELECT 'dj.' || (i / 10 + 1), i % 10 + 1, i % 10 + 1, 1000 + i,
                    json_object('seq', i % 10 + 1, 'instance', 'dj.' || (i / 10 + 1), 'at', 1000 + i,
                        'name', 'applicationDidReceiveMemoryWarning:', 'kind', 'delegate', 'state', 'active',
                        'applicationState', 'active', 'args', json('{}'), 'event', i % 10 + 1)
                FROM n
                """)
            _ = try raw.pragma("wal_checkpoint(TRUNCATE)")
            pages = Int(try raw.pragma("page_count") ?? "") ?? 0
        }
        #expect(pages > 0)
        #expect {
            _ = try Store(path: scratch.path, maxPageCount: pages + 2)
        } throws: { error in
            guard let error = error as? StoreError else { return false }
            return error.isUnavailable && error.message.contains("needs free space for its history in the new format")
        }
        #expect(try SQLiteConnection(path: scratch.path).pragma("user_version") == "6")
        #expect(try SQLiteConnection(path: scratch.path).pragma("journal_mode") == "wal", "back to the log")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "-journal"))
        #expect(try Store(path: scratch.path).callbacks(instance: "dj.200", after: 0, limit: 3).map(\.seq) == [1, 2, 3])
    }

    @Test("events reaching both apps: each entry rides on the second app's callback, pages read across both, and trimming both at once moves none to stand alone")
    func eventsReachingEveryApp() throws {
        let scratch = try StoreTests.Scratch()
        let store = try Store(path: scratch.path, historyLimit: 3)
        try twoApps(store)
        for event in Int64(1)...4 {
            try post(store, event: event, callbacks: [("dj.1", event), ("dj.2", event)])
        }
        try post(store, event: 5, callbacks: [("dj.1", 5)])
        try post(store, event: 6, callbacks: [("dj.2", 5), ("dj.1", 6)])
        // dj.1 keeps 4–6 (events 4, 5, 6), dj.2 keeps 3–5 (events 3, 4, 6): the journal keeps events 3 on.
        #expect(try places(scratch.path) == [3: "dj.2/3", 4: "dj.2/4", 5: "dj.1/5", 6: "dj.1/6"])
        #expect(try store.journal(device: "dj", after: 0, limit: 10).entries.map(\.seq) == [3, 4, 5, 6])
        #expect(try store.journal(device: "dj", after: 3, limit: 2).entries.map(\.seq) == [4, 5])
        #expect(try store.journal(device: "dj", after: 0, limit: 1).oldest == 3)
    }

    @Test("a page crosses events without entries (history from before the journal) to the next that has one")
    func pagesCrossEventsWithoutEntries() throws {
        let scratch = try StoreTests.Scratch()
        let store = try Store(path: scratch.path)
        try twoApps(store)
        var before = StoreWrite()  // history written with no journal, as before schema 6
        before.history = Self.historyWithoutJournal((1...50).map { Self.callback(instance: "dj.1", seq: $0, event: $0, at: $0) })
        try store.commit(before)
        try post(store, event: 51, callbacks: [("dj.2", 1)])
        try post(store, event: 52, callbacks: [("dj.1", 51)])
        #expect(try store.journal(device: "dj", after: 0, limit: 1).entries.map(\.seq) == [51])
        #expect(try store.journal(device: "dj", after: 0, limit: 10).entries.map(\.seq) == [51, 52])
        #expect(try store.journal(device: "dj", after: 51, limit: 10).entries.map(\.seq) == [52])
        #expect(try store.journal(device: "dj", after: 0, limit: 1).oldest == 51)
    }

    @Test("where an app's history passes an event is found as a scan from its start would find it, however its events spread")
    func firstSeqMatchesAScan() throws {
        let scratch = try StoreTests.Scratch()
        let store = try Store(path: scratch.path, historyLimit: 150)
        try twoApps(store)
        var generator = SeededGenerator(seed: 20261125)
        var event: Int64 = 0
        var callbacks: [CallbackRecord] = []
        for seq in Int64(1)...200 {
            // Runs of callbacks of one event, jumps over events that reached the other app, and a burst late on.
            if seq < 150 || seq % 7 == 0 { event += Int64.random(in: 0...3, using: &generator) * (seq % 40 == 0 ? 50 : 1) }
            callbacks.append(Self.callback(instance: "dj.1", seq: seq, event: event, at: 0))
        }
        var write = StoreWrite()
        write.history = Self.historyWithoutJournal(callbacks)
        try store.commit(write)  // trimmed to the rows of seqs 51–200
        #expect(try store.callbacks(instance: "dj.1", after: 0, limit: 500) == Array(callbacks.suffix(150)))
        let raw = try SQLiteConnection(path: scratch.path)
        let kept = callbacks.filter { $0.seq > 50 }
        let newest = (seq: kept.last!.seq, event: kept.last!.event)
        for after in (kept.first!.event - 1)..<newest.event {
            let scanned = kept.first { $0.event > after }!.seq
            let found = try Store.firstSeq(of: "dj.1", newest: newest, afterEvent: after, in: raw)
            // Any start between the last callback at or before `after` and the first after it reads the same rows.
            let lastBefore = kept.last { $0.event <= after }?.seq ?? -1
            #expect(found > lastBefore && found <= scanned, "after event \(after): \(found), scanned \(scanned)")
        }
    }
}
