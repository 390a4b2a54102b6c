import AppSimCore
import Foundation

/// What is read, on the read connection: devices as they are loaded, pages of them, and history.
extension Store {
    /// Runs `body` with the read connection; SQLite and record errors become `StoreError`.
    private func read<T: Sendable>(_ body: @Sendable (SQLiteConnection) throws -> T) throws(StoreError) -> T {
        do {
            return try reader.withLock { connection in try body(connection.sqlite) }
        } catch let error as SQLiteError {
            throw storeError(error, writing: false)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(.unreadableRecord, "\(path) holds a record this appsim cannot read (\(error)); it was written by another version or damaged")
        }
    }

    /// One device with its apps, as stored; `nil` if there is no such device.
    public func loadDevice(_ id: String) throws(StoreError) -> DeviceSimulation? {
        try read { sqlite in try Self.loadDevice(id, from: sqlite) }
    }

    static func loadDevice(_ id: String, from sqlite: SQLiteConnection) throws -> DeviceSimulation? {
        let deviceRow = try sqlite.cachedStatement("SELECT body FROM devices WHERE id = ?1")
        defer { deviceRow.reset() }
        try deviceRow.bind(.text(id))
        guard try deviceRow.step() else { return nil }
        let device = try Records.decodeDevice(deviceRow.blob(at: 0))
        let instanceRows = try sqlite.cachedStatement("SELECT spec, body FROM instances WHERE device = ?1 ORDER BY number")
        defer { instanceRows.reset() }
        try instanceRows.bind(.text(id))
        var instances: [Instance] = []
        while try instanceRows.step() {
            instances.append(try Records.decodeInstance(spec: instanceRows.blob(at: 0), body: instanceRows.blob(at: 1)))
        }
        // Events that only add to history leave the rows as they were (`StoreWrite.add`): what they changed of the
        // counters is in each app's newest history row, in columns of its own.
        let newestRow = try sqlite.cachedStatement(
            "SELECT seq, event, at FROM history WHERE instance = ?1 ORDER BY seq DESC LIMIT 1")
        var newest: [String: NewestHistory] = [:]
        for instance in instances {
            try newestRow.bind(.text(instance.id))
            defer { newestRow.reset() }
            guard try newestRow.step() else { continue }
            newest[instance.id] = NewestHistory(seq: newestRow.int64(at: 0), event: newestRow.int64(at: 1), at: newestRow.int64(at: 2))
        }
        var caughtUp = device
        catchUp(&caughtUp, &instances, toHistory: newest)
        return DeviceSimulation(device: caughtUp, instances: instances)
    }

    /// An app's newest callback, as far as its device's counters are concerned: its seq, the device event that caused
    /// it and its device time.
    struct NewestHistory: Equatable {
        var seq: Int64
        var event: Int64
        var at: Int64
    }

    /// Whether a device's clock reads its event's time from the time of its newest callback: a realtime clock at speed
    /// 1, where device time minus wall time never changes. Any other clock's row is written with each event.
    static func keepsPaceWithWallTime(_ clock: DeviceClock) -> Bool { clock.mode == .realtime && clock.speed == 1 }

    /// Whether what an event changed of `device`, beyond what the Core reports as a change (`changedDevice`), is
    /// brought back by `catchUp` from `callbacks`, which the write stores: its event counter, which each of them
    /// carries with the device time (timers' callbacks are dated when they fell due, so they do not).
    static func historyKeeps(_ device: Device, callbacks: [CallbackRecord]) -> Bool {
        !callbacks.isEmpty && keepsPaceWithWallTime(device.clock)
            && callbacks.allSatisfy { $0.event == device.eventSeq && $0.at == device.nowMillis }
    }

    /// Whether what an event changed of `instance`, beyond what the Core reports as a change (`changedApps`), is
    /// brought back by `catchUp` from its newest callback: its next seq (one past that callback's) and its `updatedAt`
    /// (that callback's time).
    static func historyKeeps(_ instance: Instance, newest: CallbackRecord) -> Bool {
        instance.nextSeq == newest.seq + 1 && instance.updatedAt == newest.at
    }

    /// Moves the device's event counter and clock, and each app's next seq and `updatedAt`, on to where the apps'
    /// newest callbacks (`newest`, by instance id) left them: a device is stored without what its events changed of
    /// these counters when its history records it.
    ///
    /// The clock moves on to the time of the latest event only when it runs in real time at speed 1, and never
    /// back: a wall clock set back after the event must find the device where the event left it, not at the older
    /// reading.
    static func catchUp(_ device: inout Device, _ instances: inout [Instance], toHistory newest: [String: NewestHistory]) {
        var latestEventAt: Int64?
        for index in instances.indices {
            guard let callback = newest[instances[index].id] else { continue }
            if callback.event > device.eventSeq {
                device.eventSeq = callback.event
                latestEventAt = callback.at
            }
            if callback.seq >= instances[index].nextSeq {
                instances[index].nextSeq = callback.seq + 1
                instances[index].updatedAt = callback.at
            }
        }
        if let latestEventAt, latestEventAt > device.nowMillis, keepsPaceWithWallTime(device.clock) {
            device.wallAnchorMillis += latestEventAt - device.nowMillis
            device.nowMillis = latestEventAt
        }
    }

    /// Every device with its apps (for tests and tools; the server loads devices as they are used).
    public func loadAll() throws(StoreError) -> [DeviceSimulation] {
        var all: [DeviceSimulation] = []
        for id in try deviceIds(after: nil, limit: Int.max) {
            if let simulation = try loadDevice(id) { all.append(simulation) }
        }
        return all
    }

    /// Device ids in order after `after`, at most `limit`.
    public func deviceIds(after: String?, limit: Int) throws(StoreError) -> [String] {
        try read { sqlite in
            let rows = try sqlite.cachedStatement("SELECT id FROM devices WHERE id > ?1 ORDER BY id LIMIT ?2")
            defer { rows.reset() }
            try rows.bind(.text(after ?? ""), .int(Int64(min(limit, Int(Int64.max)))))
            var ids: [String] = []
            while try rows.step() { ids.append(rows.string(at: 0) ?? "") }
            return ids
        }
    }

    /// A device whose id names a node other than `node` (`n2-d4kq2abc` when `node` is `n1`), or `nil`: a node started
    /// on another node's database would hold devices the proxy routes elsewhere.
    public func deviceOfAnotherNode(than node: String) throws(StoreError) -> String? {
        try read { sqlite in
            let rows = try sqlite.prepare(
                "SELECT id FROM devices WHERE instr(id, '-') > 0 AND substr(id, 1, instr(id, '-') - 1) != ?1 LIMIT 1",
                persistent: false)
            try rows.bind(.text(node))
            return try rows.step() ? rows.string(at: 0) : nil
        }
    }

    /// Devices whose realtime timers fall due, with when (wall milliseconds): what a starting server schedules.
    public func wakeTimes() throws(StoreError) -> [(device: String, at: Int64)] {
        try read { sqlite in
            let rows = try sqlite.prepare(Self.wakeTimesQuery, persistent: false)
            var times: [(device: String, at: Int64)] = []
            while try rows.step() { times.append((rows.string(at: 0) ?? "", rows.int64(at: 1))) }
            return times
        }
    }

    /// Read from the apps with a timer alone (the partial index `instances_by_wake`), not all of them.
    static let wakeTimesQuery = "SELECT device, min(wake_at) FROM instances WHERE wake_at IS NOT NULL GROUP BY device"

    /// What a page of instances can be filtered by.
    public struct InstanceQuery: Sendable {
        public var device: String?
        public var state: String?
        public var bundleId: String?
        /// The page starts after this (device, number).
        public var after: (device: String, number: Int)?
        public var limit: Int

        public init(device: String? = nil, state: String? = nil, bundleId: String? = nil, after: (device: String, number: Int)? = nil, limit: Int) {
            self.device = device
            self.state = state
            self.bundleId = bundleId
            self.after = after
            self.limit = limit
        }
    }

    /// What a bounded look through the stored instances found.
    public struct InstanceScan: Sendable {
        /// The ids matching the query, in (device, install order): at most its `limit`.
        public var ids: [String]
        /// The last instance looked at, where a next look goes on; `nil` when none was.
        public var lastExamined: String?
        /// Whether instances after `lastExamined` were left unexamined: the page's `limit` was reached, or the
        /// look's bound (`examining`).
        public var stoppedEarly: Bool
    }

    /// Stored instances matching `query`, in (device, install order), looking at no more than `examining` of them:
    /// a filter that few match (`state`, `bundleId`) would otherwise read the whole table to fill one page, holding
    /// a worker thread as long (about 1 s a request over 300,000 instances). Only `device` narrows the look.
    public func scanInstances(_ query: InstanceQuery, examining budget: Int) throws(StoreError) -> InstanceScan {
        try read { sqlite in
            let rows = try sqlite.cachedStatement("""
                SELECT id, state, bundle_id FROM instances
                WHERE (device > ?1 OR (device = ?1 AND number > ?2)) AND (?3 IS NULL OR device = ?3)
                ORDER BY device, number LIMIT ?4
                """)
            defer { rows.reset() }
            try rows.bind(
                .text(query.after?.device ?? ""), .int(Int64(query.after?.number ?? 0)),
                query.device.map { .text($0) } ?? .null, .int(Int64(max(1, budget))))
            var scan = InstanceScan(ids: [], lastExamined: nil, stoppedEarly: false)
            var examined = 0
            while try rows.step() {
                examined += 1
                let id = rows.string(at: 0) ?? ""
                scan.lastExamined = id
                if let state = query.state, rows.string(at: 1) != state { continue }
                if let bundleId = query.bundleId, rows.string(at: 2) != bundleId { continue }
                scan.ids.append(id)
                if scan.ids.count == query.limit { break }
            }
            scan.stoppedEarly = scan.ids.count == query.limit || examined == max(1, budget)
            return scan
        }
    }

    /// How many devices, and how many instances in each lifecycle state, are stored.
    public func counts() throws(StoreError) -> (devices: Int, states: [String: Int]) {
        try read { sqlite in
            let devices = try sqlite.cachedStatement("SELECT count(*) FROM devices")
            defer { devices.reset() }
            _ = try devices.step()
            let states = try sqlite.cachedStatement("SELECT state, count(*) FROM instances GROUP BY state")
            defer { states.reset() }
            var byState: [String: Int] = [:]
            while try states.step() { byState[states.string(at: 0) ?? ""] = Int(states.int64(at: 1)) }
            return (Int(devices.int64(at: 0)), byState)
        }
    }

    /// A page of an app's history: its callbacks in seq order after `after`, at most `limit`.
    public func callbacks(instance: String, after: Int64, limit: Int) throws(StoreError) -> [CallbackRecord] {
        try historyPage(instance: instance, after: after, limit: limit).callbacks
    }

    /// A page of an app's history, its callbacks in seq order after `after` (at most `limit`), and the seq at and
    /// below which it keeps none (`dropped`), read in one snapshot so that they agree.
    public func historyPage(instance: String, after: Int64, limit: Int) throws(StoreError) -> (callbacks: [CallbackRecord], dropped: Int64) {
        let historyLimit = historyLimit
        return try read { sqlite in
            let floor = try Self.historyFloor(of: instance, historyLimit: historyLimit, in: sqlite)
            let from = max(after, floor)
            let rows = try sqlite.cachedStatement(
                "SELECT seq, event, at, callbacks FROM history WHERE instance = ?1 AND seq > ?2 ORDER BY seq")
            defer { rows.reset() }
            try rows.bind(.text(instance), .int(from))
            var callbacks: [CallbackRecord] = []
            while callbacks.count < limit, try rows.step() {
                for callback in try Self.callbacks(of: rows, on: instance) where callback.seq > from && callbacks.count < limit {
                    callbacks.append(callback)
                }
            }
            return (callbacks, floor)
        }
    }

    /// The callbacks of a history row of `instance`, from its `seq`, `event`, `at` and `callbacks` columns.
    static func callbacks(of row: SQLiteStatement, on instance: String, from column: Int32 = 0) throws -> [CallbackRecord] {
        try HistoryRecord.decodeCallbacks(
            row.blob(at: column + 3), instance: instance, seq: row.int64(at: column), event: row.int64(at: column + 1),
            at: row.int64(at: column + 2))
    }

    /// The seq at and below which an app's history shows nothing: it keeps its newest `historyLimit` callbacks, and
    /// none older than the oldest it holds (what a smaller limit trimmed stays dropped under a larger one). Trimming
    /// comes with the app's next write: a store opened with a lower limit than it was written with holds more
    /// meanwhile, which this leaves out.
    static func historyFloor(of instance: String, historyLimit: Int, in sqlite: SQLiteConnection) throws -> Int64 {
        let newest = try sqlite.cachedStatement("SELECT max(seq) FROM history WHERE instance = ?1")
        defer { newest.reset() }
        try newest.bind(.text(instance))
        guard try newest.step(), !newest.isNull(at: 0) else { return 0 }
        let oldest = try sqlite.cachedStatement("SELECT seq, callbacks FROM history WHERE instance = ?1 ORDER BY seq LIMIT 1")
        defer { oldest.reset() }
        try oldest.bind(.text(instance))
        let held = try oldest.step() ? oldest.int64(at: 0) - Int64(try HistoryRecord.count(oldest.blob(at: 1))) : 0
        return max(0, newest.int64(at: 0) - Int64(historyLimit), held)
    }

    /// A page of a device's event journal, its entries in seq order after `after` (at most `limit`), and the seq of
    /// the oldest entry it keeps (`nil`: none), read in one snapshot so that they agree. Entries ride on the history
    /// of the apps their events reached (schema 7), or stand alone in `events`; this merges both.
    public func journal(device: String, after: Int64, limit: Int) throws(StoreError) -> (entries: [JournalEntry], oldest: Int64?) {
        let historyLimit = historyLimit
        return try read { sqlite in try sqlite.snapshot {
            let floor = try Self.journalFloor(of: device, historyLimit: historyLimit, in: sqlite)
            return (try Self.journalPage(of: device, after: max(after, floor), limit: limit, in: sqlite),
                    try Self.oldestEntry(of: device, in: sqlite).map { max($0, floor + 1) })
        } }
    }

    /// The seq at and below which the journal shows no event (`journalLength`), whatever its rows still hold:
    /// entries riding on history the apps keep, which their own trimming removes.
    static func journalFloor(of device: String, historyLimit: Int, in sqlite: SQLiteConnection) throws -> Int64 {
        let newestAlone = try sqlite.cachedStatement("SELECT max(seq) FROM events WHERE device = ?1")
        try newestAlone.bind(.text(device))
        let alone = try newestAlone.step() && !newestAlone.isNull(at: 0) ? newestAlone.int64(at: 0) : 0
        newestAlone.reset()
        let newest = max(alone, try appsWithHistory(of: device, after: 0, in: sqlite).newest)
        return max(0, newest - (try journalLength(of: device, historyLimit: historyLimit, in: sqlite)))
    }

    /// How many of a device's newest events its journal keeps at most: as many as its apps keep callbacks together
    /// (`historyLimit` each, and `historyLimit` for a device without apps). Within that, it keeps the events whose
    /// callbacks an app still keeps (`oldestEntry`); events that reach no app (a clock moved on a device whose apps
    /// never run, an edit) would otherwise be kept forever.
    static func journalLength(of device: String, historyLimit: Int, in sqlite: SQLiteConnection) throws -> Int64 {
        let apps = try sqlite.cachedStatement("SELECT count(*) FROM instances WHERE device = ?1")
        defer { apps.reset() }
        try apps.bind(.text(device))
        _ = try apps.step()
        return Int64(historyLimit) * max(1, apps.int64(at: 0))
    }

    /// What a device stream resumed after `after` replays: each later event in seq order, with its journal entry
    /// (`nil` for history from before the journal) and its callbacks in the order they were made (the entry's order;
    /// without one, the order their rows were written), all read in one snapshot, so that no event is replayed
    /// without callbacks that a commit in between added.
    /// Also the seq of the oldest entry the journal keeps (`nil`: none), read in the same snapshot, for what the
    /// replay cannot send.
    public func replay(device: String, after requested: Int64) throws(StoreError) -> (oldest: Int64?, events: [(seq: Int64, entry: JournalEntry?, callbacks: [CallbackRecord])]) {
        let historyLimit = historyLimit
        return try read { sqlite in try sqlite.snapshot {
            let floor = try Self.journalFloor(of: device, historyLimit: historyLimit, in: sqlite)
            let after = max(requested, floor)
            let oldest = try Self.oldestEntry(of: device, in: sqlite).map { max($0, floor + 1) }
            var entries: [Int64: JournalEntry] = [:]
            var cursor = after
            while true {
                let page = try Self.journalPage(of: device, after: cursor, limit: 1_000, in: sqlite)
                for entry in page { entries[entry.seq] = entry }
                guard page.count == 1_000, let last = page.last else { break }
                cursor = last.seq
            }
            let apps = try Self.appsWithHistory(of: device, after: after, in: sqlite).apps
            let later = try sqlite.cachedStatement(
                "SELECT rowid, seq, event, at, callbacks FROM history WHERE instance = ?1 AND seq >= ?2 ORDER BY seq")
            var rows: [(row: Int64, event: Int64, callbacks: [CallbackRecord])] = []
            for app in apps {
                let kept = try Self.historyFloor(of: app.id, historyLimit: historyLimit, in: sqlite)
                try later.bind(.text(app.id), .int(try Self.firstSeq(of: app.id, newest: app.newest, afterEvent: after, in: sqlite)))
                while try later.step() {
                    rows.append((later.int64(at: 0), later.int64(at: 2), try Self.callbacks(of: later, on: app.id, from: 1).filter { $0.seq > kept }))
                }
                later.reset()
            }
            rows.sort { $0.row < $1.row }
            var byEvent: [Int64: [CallbackRecord]] = [:]
            for row in rows { byEvent[row.event, default: []] += row.callbacks }
            for (event, callbacks) in byEvent {
                guard let entry = entries[event] else { continue }
                var place: [String: [Int64: Int]] = [:]
                for (index, reference) in entry.callbacks.enumerated() { place[reference.instance, default: [:]][reference.seq] = index }
                byEvent[event] = callbacks.enumerated().sorted { a, b in
                    (place[a.element.instance]?[a.element.seq] ?? Int.max, a.offset) < (place[b.element.instance]?[b.element.seq] ?? Int.max, b.offset)
                }.map(\.element)
            }
            return (oldest, Set(entries.keys).union(byEvent.keys).sorted().map { ($0, entries[$0], byEvent[$0] ?? []) })
        } }
    }

    /// The oldest entry kept is of the oldest event an app of the device keeps a callback of (every event from that one
    /// on has its entry: on the history of the apps it reached, or alone), unless one standing alone is older. Its
    /// entry rides on its last callback, so on an app whose history starts with that event; only history from
    /// before the journal has no entries, and the journal is then searched from there.
    static func oldestEntry(of device: String, in sqlite: SQLiteConnection) throws -> Int64? {
        let oldestAlone = try sqlite.cachedStatement("SELECT min(seq) FROM events WHERE device = ?1")
        try oldestAlone.bind(.text(device))
        let alone = try oldestAlone.step() && !oldestAlone.isNull(at: 0) ? oldestAlone.int64(at: 0) : nil
        oldestAlone.reset()
        let oldestCallbacks = try sqlite.cachedStatement("""
            SELECT id, (SELECT event FROM history WHERE instance = i.id ORDER BY seq LIMIT 1) FROM instances i WHERE device = ?1
            """)
        try oldestCallbacks.bind(.text(device))
        var starts: [(app: String, event: Int64)] = []
        while try oldestCallbacks.step() {
            guard !oldestCallbacks.isNull(at: 1) else { continue }  // an app with no history yet
            starts.append((oldestCallbacks.string(at: 0) ?? "", oldestCallbacks.int64(at: 1)))
        }
        oldestCallbacks.reset()
        guard let oldest = starts.map(\.event).min(), oldest < alone ?? Int64.max else { return alone }
        let carrier = try sqlite.cachedStatement(
            "SELECT event, entry IS NOT NULL FROM history WHERE instance = ?1 ORDER BY seq")
        for start in starts where start.event == oldest {
            try carrier.bind(.text(start.app))
            defer { carrier.reset() }
            while try carrier.step(), carrier.int64(at: 0) == oldest {
                if carrier.int64(at: 1) != 0 { return oldest }
            }
        }
        let first = try journalPage(of: device, after: oldest - 1, limit: 1, in: sqlite).first?.seq
        return [first, alone].compactMap { $0 }.min()
    }

    /// A page of the journal, read in windows of event seqs after `after` (`limit` wide, then twice as wide, …) so
    /// that each app's history is read only over the window's events, found by `firstSeq`: an entry rides on its
    /// event's last callback only, and the history is indexed by seq alone, so an app that carries no entries would
    /// otherwise be read to its end. Every event from the oldest an app keeps a callback of has an entry, so the first
    /// window is usually the last; wider ones cross gaps (events before the journal, or whose history is gone).
    static func journalPage(of device: String, after: Int64, limit: Int, in sqlite: SQLiteConnection) throws -> [JournalEntry] {
        let newestAlone = try sqlite.cachedStatement("SELECT max(seq) FROM events WHERE device = ?1")
        try newestAlone.bind(.text(device))
        var newest = try newestAlone.step() && !newestAlone.isNull(at: 0) ? newestAlone.int64(at: 0) : Int64.min
        newestAlone.reset()
        // Newest apps first: the last app a device event reaches carries its entry, and a page is complete once it
        // holds every event.
        let (apps, newestOfApps) = try appsWithHistory(of: device, after: after, in: sqlite)
        newest = max(newest, newestOfApps)
        guard newest > after else { return [] }
        let alone = try sqlite.cachedStatement(
            "SELECT seq, entry FROM events WHERE device = ?1 AND seq > ?2 AND seq <= ?3 ORDER BY seq LIMIT ?4")
        let riding = try sqlite.cachedStatement("""
            SELECT event, at, entry FROM history
            WHERE instance = ?1 AND seq >= ?2 AND seq < ?3 AND entry IS NOT NULL ORDER BY seq LIMIT ?4
            """)
        var width = Int64(max(limit, 1))
        while true {
            let upper = after.addingReportingOverflow(width).overflow ? Int64.max : after + width
            var entries: [JournalEntry] = []
            try alone.bind(.text(device), .int(after), .int(upper), .int(Int64(limit)))
            while try alone.step() { entries.append(try entry(alone: alone)) }
            alone.reset()
            // Every event has one entry, at most, so entries of each event from `after + 1` to the window's last that
            // exists leave nothing for the other apps to add.
            let complete = min(upper, newest) - after
            for app in apps where !covers(entries, after: after, count: complete) {
                let first = try firstSeq(of: app.id, newest: app.newest, afterEvent: after, in: sqlite)
                let end = app.newest.event > upper
                    ? try firstSeq(of: app.id, newest: app.newest, afterEvent: upper, from: first, in: sqlite) : Int64.max
                try riding.bind(.text(app.id), .int(first), .int(end), .int(Int64(limit)))
                while try riding.step() { entries.append(try entry(riding: riding, on: app.id)) }
                riding.reset()
            }
            if entries.count >= limit || upper >= newest {
                entries.sort { $0.seq < $1.seq }
                return Array(entries.prefix(limit))
            }
            width = width.multipliedReportingOverflow(by: 2).overflow ? Int64.max : width * 2
        }
    }

    /// The apps of `device` whose history holds callbacks of events after `after`, newest app first, each with its
    /// newest callback, and the newest event any app of the device has a callback of (`Int64.min` for none).
    static func appsWithHistory(of device: String, after: Int64, in sqlite: SQLiteConnection) throws
        -> (apps: [(id: String, newest: (seq: Int64, event: Int64))], newest: Int64)
    {
        let newestCallbacks = try sqlite.cachedStatement("""
            SELECT i.id, c.seq, c.event FROM instances i
            JOIN history c ON c.rowid = (SELECT rowid FROM history WHERE instance = i.id ORDER BY seq DESC LIMIT 1)
            WHERE i.device = ?1 ORDER BY i.number DESC
            """)
        defer { newestCallbacks.reset() }
        try newestCallbacks.bind(.text(device))
        var apps: [(id: String, newest: (seq: Int64, event: Int64))] = []
        var newest = Int64.min
        while try newestCallbacks.step() {
            let app = (id: newestCallbacks.string(at: 0) ?? "", newest: (seq: newestCallbacks.int64(at: 1), event: newestCallbacks.int64(at: 2)))
            newest = max(newest, app.newest.event)
            if app.newest.event > after { apps.append(app) }
        }
        return (apps, newest)
    }

    /// Whether `entries` (distinct seqs) hold every seq from `after + 1` to `after + count`.
    private static func covers(_ entries: [JournalEntry], after: Int64, count: Int64) -> Bool {
        guard entries.count >= count else { return false }
        return Set(entries.lazy.map(\.seq).filter { $0 > after && $0 <= after + count }).count == count
    }

    /// Where an app's history starts to hold callbacks of events after `event`, given its newest callback (of a later
    /// event): the smallest seq, not below `from`, from which every callback kept is of a later event (an app's
    /// callbacks are in the order of their events, and the history is indexed by seq alone). Searched by
    /// interpolation, as events spread evenly over a history take a probe or two, alternating with bisection, which
    /// bounds the probes when they do not.
    static func firstSeq(
        of instance: String, newest: (seq: Int64, event: Int64), afterEvent event: Int64, from: Int64 = 0,
        in sqlite: SQLiteConnection
    ) throws -> Int64 {
        let probe = try sqlite.cachedStatement(
            "SELECT seq, event FROM history WHERE instance = ?1 AND seq >= ?2 ORDER BY seq LIMIT 1")
        /// The first callback kept at or after `seq`; the newest is at `high`, so there is one below it.
        func callback(atOrAfter seq: Int64) throws -> (seq: Int64, event: Int64) {
            try probe.bind(.text(instance), .int(seq))
            defer { probe.reset() }
            guard try probe.step() else { return newest }
            return (probe.int64(at: 0), probe.int64(at: 1))
        }
        // From `high` on, the first callback kept is of a later event; below `low`, not.
        var high = newest.seq
        var highEvent = newest.event
        guard from < high else { return high }
        let first = try callback(atOrAfter: from)
        if first.event > event { return from }
        var low = first.seq + 1
        var lowEvent = first.event
        var interpolates = true
        while low < high {
            var middle = low + (high - low) / 2
            if interpolates, highEvent > lowEvent {
                let fraction = Double(event + 1 - lowEvent) / Double(highEvent - lowEvent)
                middle = min(max(low + Int64(fraction * Double(high - low)), low), high - 1)
            }
            interpolates.toggle()
            let found = try callback(atOrAfter: middle)
            if found.event > event {
                high = middle
                highEvent = found.event
            } else {
                low = found.seq + 1
                lowEvent = found.event
            }
        }
        return low
    }
}
