@testable import AppSimCore
import AppSimJSON
@testable import AppSimStore
import AppSimTestSupport
import Foundation
import Synchronization
import Testing

/// The store keeps what it acknowledged, refuses what is not its own, and writes all of a change or none of it.
@Suite("Store")
struct StoreTests {
    final class Scratch {
        let directory: URL
        var path: String { directory.appendingPathComponent("appsim.db").path }
        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("appsim-store-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(at: directory) }
    }

    /// A device with one app that launched and went Home, and the write that stores it.
    func sampleWrite() -> (DeviceSimulation, StoreWrite) {
        var device = Device(id: "dtest")
        device.clock = DeviceClock(mode: .manual)
        var simulation = DeviceSimulation(device: device)
        let app = simulation.install(info: AppInfo(bundleId: "com.example.notes"), behavior: AppBehavior(), wallMillis: 0)
        var write = StoreWrite()
        write.devices = [StoredDevice(simulation)]
        write.installed = [app]
        for event in [Event.app(.launch), .action(.edit(memory: ["draft": "hi"], ui: nil)), .app(.home)] {
            let applied = simulation.apply(event, to: app.id, wallMillis: 0)
            write.add(applied.outcomes, to: simulation)
        }
        return (simulation, write)
    }

    @Test("what is committed loads back exactly, with its callback history")
    func roundTrip() throws {
        let scratch = try Scratch()
        let (simulation, write) = sampleWrite()
        do {
            let store = try Store(path: scratch.path)
            try store.commit(write)
        }
        let reopened = try Store(path: scratch.path)
        let loaded = try reopened.loadAll()
        #expect(loaded.count == 1)
        #expect(loaded.first?.device == simulation.device)
        #expect(loaded.first?.instances == simulation.instances)
        let history = try reopened.callbacks(instance: "dtest.1", after: 0, limit: 100)
        #expect(history.count == write.callbacks.count)
        #expect(history == write.callbacks)
        let page = try reopened.callbacks(instance: "dtest.1", after: 3, limit: 2)
        #expect(page.map(\.seq) == [4, 5])
    }

    @Test("a record nesting deeper than a request may loads back: values kept at the request's own limit, a few levels down in the record (as an earlier appsim wrote them)")
    func deepRecordsLoadBack() throws {
        let scratch = try Scratch()
        var deep: JSONValue = "bottom"
        for _ in 0..<JSONValue.maxRequestDepth { deep = .array([deep]) }
        var device = Device(id: "ddeep")
        device.clock = DeviceClock(mode: .manual)
        var simulation = DeviceSimulation(device: device)
        var info = AppInfo(bundleId: "com.example.scenes")
        info.scenes = SceneManifest(supportsMultiple: true)
        let app = simulation.install(info: info, behavior: AppBehavior(), wallMillis: 0)
        var write = StoreWrite()
        write.devices = [StoredDevice(simulation)]
        write.installed = [app]
        for event in [Event.app(.launch), .action(.edit(memory: ["draft": deep], ui: deep)), .action(.edit(memory: nil, ui: deep, scene: "ddeep.1.s1")), .app(.home)] {
            let applied = simulation.apply(event, to: app.id, wallMillis: 0)
            write.add(applied.outcomes, to: simulation)
        }
        do {
            let store = try Store(path: scratch.path)
            try store.commit(write)
        }
        let loaded = try Store(path: scratch.path).loadAll()
        #expect(loaded.first?.instances == simulation.instances)
        #expect(loaded.first?.instances.first?.memory["draft"] == deep)
    }

    @Test("whole numbers in an app's data load back exactly")
    func numbersKeepTheirKind() throws {
        var simulation = DeviceSimulation(device: Device(id: "dnum"))
        let app = simulation.install(info: AppInfo(bundleId: "com.example.notes"), behavior: AppBehavior(), wallMillis: 0)
        let text = #"{"big":12345678901234567890,"n":1,"x":1.5,"min":-9223372036854775808}"#
        let memory = try #require(try JSONValue.parse(text).objectValue)
        _ = simulation.apply(.app(.launch), to: app.id, wallMillis: 0)
        _ = simulation.apply(.action(.edit(memory: memory, ui: nil)), to: app.id, wallMillis: 0)
        let instance = try #require(simulation.instance(app.id))
        let loaded = try Records.decodeInstance(spec: Records.encodeSpec(instance), body: Records.encode(instance))
        #expect(loaded == instance)
        #expect(JSONValue.object(loaded.memory).jsonString == text)
    }

    @Test("an instance's row as appsim has always written it (its lifecycle flat) loads into its lifecycle, and is written back byte for byte")
    func lifecycleRowsReadAsWritten() throws {
        // Rows written by the appsim before the lifecycle carried its own data (no migration: the format is the same).
        let rows = [
            #"{"id":"dold.1","device":"dold","number":1,"state":"background","launchCount":1,"forceQuit":false,"backgroundTasks":[{"id":1,"name":"upload","beganAt":6000,"endsAt":null}],"nextTaskId":2,"backgroundSince":6000,"suspendAt":null,"work":{"kind":"fetch","startedAt":6000,"completesAt":null,"deadline":36000},"pendingNotifications":[],"shownNotification":null,"interruption":null,"memory":{},"disk":{},"restorationArchive":null,"minimumFetchInterval":60000,"nextSeq":5,"updatedAt":6000}"#,
            #"{"id":"dold.2","device":"dold","number":2,"state":"suspended","launchCount":1,"forceQuit":false,"backgroundTasks":[],"nextTaskId":1,"backgroundSince":null,"suspendAt":null,"work":null,"pendingNotifications":[{"type":"locale","name":"NSCurrentLocaleDidChangeNotification","kind":"notification","notification":"NSCurrentLocaleDidChangeNotification","args":{"value":"fr_FR"},"postedAt":6000}],"shownNotification":null,"interruption":null,"memory":{},"disk":{},"restorationArchive":null,"minimumFetchInterval":"never","nextSeq":7,"updatedAt":6000}"#,
            #"{"id":"dold.3","device":"dold","number":3,"state":"inactive","launchCount":1,"forceQuit":false,"backgroundTasks":[],"nextTaskId":1,"backgroundSince":null,"suspendAt":null,"work":null,"pendingNotifications":[],"shownNotification":null,"interruption":"call","memory":{},"disk":{},"restorationArchive":null,"minimumFetchInterval":"never","nextSeq":5,"updatedAt":6000}"#,
        ]
        let spec = Records.encodeSpec(Instance(
            id: "dold.1", device: "dold", number: 1, info: AppInfo(bundleId: "com.example.notes"), behavior: AppBehavior(), at: 0))
        let loaded = try rows.map { try Records.decodeInstance(spec: spec, body: Array($0.utf8)) }
        #expect(loaded[0].lifecycle == .background(
            since: 6_000, suspendAt: nil, tasks: [BackgroundTask(id: 1, name: "upload", beganAt: 6_000, endsAt: nil)],
            work: BackgroundWork(kind: .fetch, startedAt: 6_000, completesAt: nil, deadline: 36_000)))
        #expect(loaded[1].lifecycle == .suspended(pending: [PendingNotification(
            type: "locale", name: "NSCurrentLocaleDidChangeNotification", kind: .notification,
            notification: "NSCurrentLocaleDidChangeNotification", args: ["value": "fr_FR"], postedAt: 6_000)]))
        #expect(loaded[2].lifecycle == .inactive(interruption: .call, tasks: [], work: nil))
        #expect(loaded.map { String(decoding: Records.encode($0), as: UTF8.self) } == rows)
    }

    @Test("a refused event with no timer due writes nothing")
    func refusedEventWritesNothing() {
        var simulation = DeviceSimulation(device: Device(id: "dno"))
        let app = simulation.install(info: AppInfo(bundleId: "com.example.a"), behavior: AppBehavior(), wallMillis: 0)
        var write = StoreWrite()
        let attempt = simulation.apply(.app(.home), to: app.id, wallMillis: 10, adding: &write)
        guard case .failure = attempt.outcome else {
            Issue.record("Home was accepted for an app that is not running")
            return
        }
        #expect(write.isEmpty)
        #expect(write.changedDevices.isEmpty)
    }

    /// Applies random events, installs and uninstalls to four devices (realtime at speed 1, 2 and 1.5, manual), with a
    /// history limit of 2 and a wall clock that sometimes steps back, committing each write as the service does;
    /// after every one the device must load back exactly as it is in memory, and its stored wake time must match.
    /// Returns how many writes held callbacks alone, apps' rows without their device's, and the device's row.
    func walk(seed: UInt64, wallSteps: [Int64], steps: Int) throws -> (historyOnly: Int, appRowsOnly: Int, rowsWritten: Int) {
        let scratch = try Scratch()
        let store = try Store(path: scratch.path, historyLimit: 2)
        var simulations: [DeviceSimulation] = []
        var write = StoreWrite()
        let clocks = [
            ("dw1", DeviceClock()), ("dw2", DeviceClock(mode: .realtime, speed: 2)), ("dw3", DeviceClock(mode: .manual)),
            // Device time in whole milliseconds at a fractional speed: moving the clock's anchor can move an untouched
            // app's wall wake time by a millisecond, and its row must follow.
            ("dw4", DeviceClock(mode: .realtime, speed: 1.5)),
        ]
        for (id, clock) in clocks {
            var device = Device(id: id)
            device.clock = clock
            device.wallAnchorMillis = 1_000
            var simulation = DeviceSimulation(device: device)
            for bundle in ["com.example.a", "com.example.b"] {
                var info = AppInfo(bundleId: bundle)
                info.urlSchemes = ["app"]
                write.installed.append(simulation.install(info: info, behavior: AppBehavior(), wallMillis: 1_000))
            }
            write.devices.append(StoredDevice(simulation))
            simulations.append(simulation)
        }
        try store.commit(write)
        let appEvents: [AppEvent] = [
            .launch, .memoryWarning, .memoryWarning, .home, .launch, .openURL(url: "app://x", sourceApplication: nil),
            .push(payload: ["aps": ["alert": "hi"]]), .backgroundFetch,
        ]
        let deviceEvents: [DeviceEvent] = [.lock, .unlock]
        let moreAppEvents: [AppEvent] = [.incomingCall, .endCall, .declineCall]
        let actions: [AppAction] = [.edit(memory: ["draft": "x"], ui: nil), .beginBackgroundTask(name: "upload")]
        let lastAppEvents: [AppEvent] = [.terminate, .forceQuit]
        let lastDeviceEvents: [DeviceEvent] = [
            .notification(DeviceNotification(kind: .settings, value: ["changes": [:]])),
            .notification(DeviceNotification(kind: .battery, value: ["level": 0.5])),
            .advanceClock(millis: 0), .advanceClock(millis: 3_000),
        ]
        let events = appEvents.map(Event.app) + deviceEvents.map(Event.device) + moreAppEvents.map(Event.app)
            + actions.map(Event.action) + lastAppEvents.map(Event.app) + lastDeviceEvents.map(Event.device)
        var generator = SeededGenerator(seed: seed)
        var wall: Int64 = 1_000
        var historyOnly = 0
        var appRowsOnly = 0
        var rowsWritten = 0
        for step in 0..<steps {
            let index = Int(generator.next() % UInt64(simulations.count))
            wall += wallSteps[Int(generator.next() % UInt64(wallSteps.count))]
            var simulation = simulations[index]
            var update = StoreWrite()
            var what = "uninstall"
            let roll = generator.next() % 40
            if roll == 0, simulation.instances.count > 1 {
                let victim = simulation.instances[0].id
                simulation.uninstall(victim)
                update.deletedInstances = [victim]
                update.devices = [StoredDevice(simulation)]
            } else if roll == 1 {
                what = "install"
                if let timers = simulation.fireDueTimers(wallMillis: wall) { update.add([timers], to: simulation) }
                update.installed.append(simulation.install(info: AppInfo(bundleId: "com.example.n"), behavior: AppBehavior(), wallMillis: wall))
                update.devices = [StoredDevice(simulation)]
            } else {
                let event = events[Int(generator.next() % UInt64(events.count))]
                let target = simulation.instances[Int(generator.next() % UInt64(simulation.instances.count))].id
                what = "\(event)"
                let applied = simulation.apply(event, to: event.isAppScoped ? target : nil, wallMillis: wall)
                update.add(applied.outcomes, to: simulation)
            }
            simulations[index] = simulation
            if update.isEmpty { continue }
            if update.devices.isEmpty && update.instances.isEmpty && update.installed.isEmpty {
                historyOnly += 1
            } else if update.devices.isEmpty {
                appRowsOnly += 1
            } else {
                rowsWritten += 1
            }
            try store.commit(update)
            let loaded = try #require(try store.loadDevice(simulation.device.id))
            let context = "step \(step), \(what) on \(simulation.device.id) at wall \(wall)"
            #expect(loaded.instances == simulation.instances, "\(context)")
            #expect(loaded.device == simulation.device, "\(context)")
            let wakeTimes = Dictionary(uniqueKeysWithValues: try store.wakeTimes().map { ($0.device, $0.at) })
            #expect(wakeTimes[simulation.device.id] == simulation.nextWallDeadline(), "\(context)")
            // And it goes on from there as the one in memory does, at any wall time, earlier ones too.
            for offset: Int64 in [-5_000, -1, 0, 1, 60_000] {
                #expect(loaded.now(atWall: wall + offset) == simulation.now(atWall: wall + offset), "\(context), wall \(offset)")
            }
            var fromStore = loaded
            var inMemory = simulation
            let next = fromStore.apply(.device(.memoryWarning), to: nil, wallMillis: wall + 1)
            let expected = inMemory.apply(.device(.memoryWarning), to: nil, wallMillis: wall + 1)
            #expect(next.timers?.callbacks == expected.timers?.callbacks, "\(context)")
            #expect(next.outcome.map(\.callbacks) == expected.outcome.map(\.callbacks), "\(context)")
        }
        return (historyOnly, appRowsOnly, rowsWritten)
    }

    @Test("events that only add callbacks write those alone, Home and launch write the app's row alone, and every device loads back exactly after every write")
    func historyOnlyEventsLoadBack() throws {
        var total = (historyOnly: 0, appRowsOnly: 0, rowsWritten: 0)
        for seed: UInt64 in [1, 2, 3] {
            let counts = try walk(seed: seed, wallSteps: [1, 40, 700, 6_000, 35_000], steps: 1_000)
            total = (total.historyOnly + counts.historyOnly, total.appRowsOnly + counts.appRowsOnly, total.rowsWritten + counts.rowsWritten)
        }
        // The walks took every path, many times (27, 75 and 1,236 times when written).
        #expect(total.historyOnly > 15, "writes of callbacks alone: \(total.historyOnly)")
        #expect(total.appRowsOnly > 40, "writes of apps' rows without their device's: \(total.appRowsOnly)")
        #expect(total.rowsWritten > 300, "writes of a device's row: \(total.rowsWritten)")
    }

    /// A realtime device (speed 1) created at wall 1 s with one app installed then, and the write that stores both,
    /// as installing does.
    func installedOne(on id: String) -> (DeviceSimulation, Instance, StoreWrite) {
        var device = Device(id: id)
        device.wallAnchorMillis = 1_000
        var simulation = DeviceSimulation(device: device)
        let app = simulation.install(info: AppInfo(bundleId: "com.example.a"), behavior: AppBehavior(), wallMillis: 1_000)
        var write = StoreWrite()
        write.installed = [app]
        write.devices = [StoredDevice(simulation)]
        return (simulation, app, write)
    }

    @Test("a device whose row lags its history loads back where it was even when the wall clock was set back")
    func historyOnlyEventsWithAClockSetBack() throws {
        let counts = try walk(seed: 11, wallSteps: [1, 40, 700, 6_000, -3_000], steps: 2_000)
        // 13 and 29 when written.
        #expect(counts.historyOnly > 6, "writes of callbacks alone: \(counts.historyOnly)")
        #expect(counts.appRowsOnly > 15, "writes of apps' rows without their device's: \(counts.appRowsOnly)")

        // The case by hand: launched at wall 2 s, a history-only memory warning at 10 s, then the wall clock is
        // set back to 5 s and the device is loaded: its time must stay at 9 s, not fall back to 4 s.
        let scratch = try Scratch()
        let store = try Store(path: scratch.path)
        var (simulation, app, write) = installedOne(on: "dback")
        simulation.apply(.app(.launch), to: app.id, wallMillis: 2_000, adding: &write)
        try store.commit(write)
        var warning = StoreWrite()
        simulation.apply(.app(.memoryWarning), to: app.id, wallMillis: 10_000, adding: &warning)
        #expect(warning.devices.isEmpty && warning.instances.isEmpty)
        try store.commit(warning)
        let loaded = try #require(try store.loadDevice("dback"))
        #expect(simulation.now(atWall: 5_000) == 9_000)
        #expect(loaded.now(atWall: 5_000) == 9_000)
        #expect(loaded.device == simulation.device)
    }

    @Test("a memory warning to an active app writes its callback and no row")
    func memoryWarningWritesHistoryOnly() throws {
        var simulation = DeviceSimulation(device: Device(id: "dmw"))
        let app = simulation.install(info: AppInfo(bundleId: "com.example.a"), behavior: AppBehavior(), wallMillis: 0)
        _ = simulation.apply(.app(.launch), to: app.id, wallMillis: 10)
        var write = StoreWrite()
        simulation.apply(.app(.memoryWarning), to: app.id, wallMillis: 20, adding: &write)
        #expect(write.callbacks.count == 1)
        #expect(write.devices.isEmpty && write.instances.isEmpty)
        #expect(write.changedDevices == ["dmw"])

        // A clock at another speed, or a manual one, keeps writing the device: its anchor matters there.
        for clock in [DeviceClock(mode: .realtime, speed: 2), DeviceClock(mode: .manual)] {
            var device = Device(id: "dclock")
            device.clock = clock
            var other = DeviceSimulation(device: device)
            let app = other.install(info: AppInfo(bundleId: "com.example.a"), behavior: AppBehavior(), wallMillis: 0)
            _ = other.apply(.app(.launch), to: app.id, wallMillis: 10)
            var write = StoreWrite()
            other.apply(.app(.memoryWarning), to: app.id, wallMillis: 20, adding: &write)
            #expect(write.devices.map(\.id) == ["dclock"], "\(clock.mode) at speed \(clock.speed)")
            #expect(write.instances.isEmpty, "the app's row is still left as it was")
        }
    }

    @Test("Home and launch write the app's row, with the wall time its timers fall due, and leave the device's row alone")
    func homeWritesTheAppsRowAlone() throws {
        let scratch = try Scratch()
        var (simulation, app, install) = installedOne(on: "dhome")
        do {
            let store = try Store(path: scratch.path)
            try store.commit(install)
            for (event, wall) in [(Event.app(.launch), Int64(2_000)), (.app(.home), 3_000)] {
                var write = StoreWrite()
                simulation.apply(event, to: app.id, wallMillis: wall, adding: &write)
                #expect(write.devices.isEmpty, "\(event)")
                #expect(write.instances.map(\.id) == [app.id], "\(event)")
                #expect(write.changedDevices == ["dhome"], "the device stays cached until it is written: \(event)")
                try store.commit(write)
            }
            // Home starts the suspension timer (5 s): the app's row carries its wall time.
            let wake = try #require(simulation.nextWallDeadline())
            #expect(wake == 8_000)
            #expect(try store.wakeTimes().map(\.device) == ["dhome"])
            #expect(try store.wakeTimes().map(\.at) == [wake])
        }
        // A restart finds the device as it was and the timer to schedule.
        let reopened = try Store(path: scratch.path)
        #expect(try reopened.loadDevice("dhome")?.device == simulation.device)
        #expect(try reopened.loadDevice("dhome")?.instances == simulation.instances)
        #expect(try reopened.wakeTimes().map(\.at) == [8_000])
        // Back in the foreground before it: no timer, and again no device row.
        var relaunch = StoreWrite()
        simulation.apply(.app(.launch), to: app.id, wallMillis: 4_000, adding: &relaunch)
        #expect(relaunch.devices.isEmpty)
        #expect(relaunch.instances.map(\.wakeAt) == [nil])
        try reopened.commit(relaunch)
        #expect(try reopened.wakeTimes().isEmpty)
        #expect(try reopened.loadDevice("dhome")?.device == simulation.device)
    }

    @Test("start-up reads the wake times of apps with a timer from their index, not every app's row")
    func wakeTimesUseTheirIndex() throws {
        let scratch = try Scratch()
        _ = try Store(path: scratch.path)
        let raw = try SQLiteConnection(path: scratch.path)
        let plan = try raw.prepare("EXPLAIN QUERY PLAN " + Store.wakeTimesQuery)
        var steps: [String] = []
        while try plan.step() { steps.append(plan.string(at: 3) ?? "") }
        #expect(steps == ["SCAN instances USING COVERING INDEX instances_by_wake"])
    }

    @Test("a database of schema 3 (wake times on devices) gives each app its own wake time, exactly as loaded")
    func schemaThreeMovesWakeTimesToApps() throws {
        let scratch = try Scratch()
        // Two apps on a realtime device at a fractional speed: one sent Home (a timer), one active (none).
        var device = Device(id: "dold")
        device.clock = DeviceClock(mode: .realtime, speed: 1.5)
        device.wallAnchorMillis = 1_000
        var simulation = DeviceSimulation(device: device)
        let home = simulation.install(info: AppInfo(bundleId: "com.example.home"), behavior: AppBehavior(), wallMillis: 1_000)
        let active = simulation.install(info: AppInfo(bundleId: "com.example.active"), behavior: AppBehavior(), wallMillis: 1_000)
        _ = simulation.apply(.app(.launch), to: home.id, wallMillis: 2_000)
        _ = simulation.apply(.app(.home), to: home.id, wallMillis: 3_001)
        _ = simulation.apply(.app(.launch), to: active.id, wallMillis: 4_003)
        let wake = try #require(simulation.nextWallDeadline())
        try writeAsSchema(3, simulation, to: scratch.path)
        let store = try Store(path: scratch.path)
        #expect(try store.loadDevice("dold")?.device == simulation.device)
        #expect(try store.wakeTimes().map(\.at) == [wake])
        let raw = try SQLiteConnection(path: scratch.path)
        #expect(try raw.pragma("user_version") == "\(Store.migrations.count)")
        let wakes = try raw.prepare("SELECT id, wake_at FROM instances ORDER BY number")
        var stored: [String: Int64?] = [:]
        while try wakes.step() { stored[wakes.string(at: 0) ?? ""] = wakes.isNull(at: 1) ? nil : wakes.int64(at: 1) }
        #expect(stored == [home.id: simulation.wallWake(of: home.id), active.id: nil])
        let columns = try raw.prepare("SELECT name FROM pragma_table_info('devices')")
        var names: [String] = []
        while try columns.step() { names.append(columns.string(at: 0) ?? "") }
        #expect(names == ["id", "body"], "the devices' wake time is gone")
    }

    /// Commits label changes to `simulation`'s device (each rewrites a page or more) until the log holds `frames`.
    func grow(_ store: Store, _ simulation: inout DeviceSimulation, toFrames frames: Int) throws {
        var round = 0
        while store.framesInWriteAheadLog < frames {
            round += 1
            simulation = simulation.relabeled(["round": "\(round)", "padding": String(repeating: "x", count: 3_000)])
            var update = StoreWrite()
            update.devices = [StoredDevice(simulation)]
            try store.commit(update)
        }
    }

    /// A read under way on another connection, holding the snapshot it began with until `end()`.
    struct HeldRead {
        let connection: SQLiteConnection
        let statement: SQLiteStatement

        init(on path: String) throws {
            connection = try SQLiteConnection(path: path)
            try connection.execute("BEGIN")
            statement = try connection.prepare("SELECT count(*) FROM devices", persistent: false)
            _ = try statement.step()
        }

        func end() throws {
            statement.reset()
            try connection.execute("COMMIT")
        }
    }

    @Test("a disk that fails to store the database file stops writes with a 503 and keeps the log for the next start")
    func diskFailureKeepsTheLog() throws {
        let scratch = try Scratch()
        var (simulation, write) = sampleWrite()
        do {
            let failingDisk: @Sendable (SQLiteConnection) throws -> Void = { _ in
                throw SQLiteError(code: 10, extendedCode: 10 | (4 << 8), message: "disk I/O error")
            }
            let store = try Store(path: scratch.path, logFramesBeforeRestart: 300, syncDatabase: failingDisk)
            try store.commit(write)
            try grow(store, &simulation, toFrames: 300)
            // The checkpointer copies the long log and, before letting the writer start it over, syncs: it fails.
            store.checkpointer.pass()
            #expect(store.checkpointer.failure.withLock { $0 } != nil)
            let flagged = store.checkpointer.caughtUp.load(ordering: .acquiring)
            #expect(!flagged, "the writer must not start the log over")
            var more = StoreWrite()
            more.devices = [StoredDevice(simulation)]
            do {
                try store.commit(more)
                Issue.record("a write was accepted after the disk failed")
            } catch {
                #expect(error.isUnavailable)
                #expect(error.message.contains("disk failed"), "\(error.message)")
                #expect(error.message.contains("restart"), "\(error.message)")
            }
            #expect(throws: StoreError.self, "the health check says so too") { try store.checkWritable() }
            // Nothing more is copied, and the log is not cut back.
            let frames = store.framesInWriteAheadLog
            #expect(frames >= 300)
            #expect(store.checkpointer.pass() == 0)
            store.shortenLog()
            #expect(store.framesInWriteAheadLog == frames)
        }
        // Closed: the log is still there (no final checkpoint deleted it), and a new start has every acknowledged write.
        let logBytes = try FileManager.default.attributesOfItem(atPath: scratch.path + "-wal")[.size] as? Int ?? 0
        #expect(logBytes > 300 * 1_000)
        let reopened = try Store(path: scratch.path)
        let loaded = try #require(try reopened.loadDevice("dtest"))
        #expect(loaded.device.labels == simulation.device.labels)
        #expect(try reopened.callbacks(instance: "dtest.1", after: 0, limit: 100).count == write.callbacks.count)
    }

    @Test("a flag raised for a log that then started over by itself does not make the writer restart the next one early")
    func caughtUpIsForgottenWhenTheLogStartsOver() throws {
        let scratch = try Scratch()
        let store = try Store(path: scratch.path, logFramesBeforeRestart: 300)
        var (simulation, write) = sampleWrite()
        try store.commit(write)
        try grow(store, &simulation, toFrames: 300)
        store.checkpointer.pass()  // copies all of it: the flag is up
        let raised = store.checkpointer.caughtUp.load(ordering: .acquiring)
        #expect(raised)
        // The next commit finds the log all copied and starts it over itself (SQLite does, with no reader on it).
        simulation = simulation.relabeled(["round": "next"])
        var more = StoreWrite()
        more.devices = [StoredDevice(simulation)]
        try store.commit(more)
        #expect(store.framesInWriteAheadLog < 300)
        store.shortenLog()
        let stillRaised = store.checkpointer.caughtUp.load(ordering: .acquiring)
        #expect(!stillRaised)
    }

    @Test("each time the writer finishes a long log so that it can start over is counted, with the time it took")
    func writerRestartsAreCounted() throws {
        let scratch = try Scratch()
        let store = try Store(path: scratch.path, logFramesBeforeRestart: 300)
        var (simulation, write) = sampleWrite()
        try store.commit(write)
        try grow(store, &simulation, toFrames: 300)
        // A reader on the log's last snapshot keeps SQLite from starting the log over by itself at the next commit
        // (as commits arriving during the checkpointer's pass do in the server): the writer has to finish it.
        let read = try HeldRead(on: scratch.path)
        store.checkpointer.pass()  // copies all of it: the flag is up
        simulation = simulation.relabeled(["round": "next"])
        var more = StoreWrite()
        more.devices = [StoredDevice(simulation)]
        try store.commit(more)
        try read.end()
        #expect(store.framesInWriteAheadLog >= 300)
        #expect(store.logRestartStatistics.count == 0)
        store.shortenLog()
        let restarts = store.logRestartStatistics
        #expect(restarts.count == 1)
        #expect(restarts.time > .zero)
        // And the next commit starts the log over.
        simulation = simulation.relabeled(["round": "after"])
        more.devices = [StoredDevice(simulation)]
        try store.commit(more)
        #expect(store.framesInWriteAheadLog < 300)
    }

    @Test("under a steady stream of commits the write-ahead log starts over instead of growing")
    func logStartsOver() throws {
        let scratch = try Scratch()
        let store = try Store(path: scratch.path, logFramesBeforeRestart: 2_000)
        var (simulation, write) = sampleWrite()
        try store.commit(write)
        var longest = 0
        var startedOver = false
        for round in 0..<4_000 {
            // A few KiB of labels: every commit rewrites at least one page.
            simulation = simulation.relabeled(["round": "\(round)", "padding": String(repeating: "x", count: 3_000)])
            var update = StoreWrite()
            update.devices = [StoredDevice(simulation)]
            try store.commit(update)
            let frames = store.framesInWriteAheadLog
            if frames < longest { startedOver = true }
            longest = max(longest, frames)
            // What the checkpointer thread does every 100 ms, here every 100 commits so the bound does not depend
            // on timing; then what the group committer does after each batch.
            if round % 100 == 0 { store.checkpointer.pass() }
            store.shortenLog()
        }
        #expect(startedOver)
        // Bounded by the restart threshold plus what 100 commits add before the checkpointer's next pass.
        #expect(longest < store.logFramesBeforeRestart * 2)
        let logBytes = try FileManager.default.attributesOfItem(atPath: scratch.path + "-wal")[.size] as? Int ?? 0
        #expect(logBytes < store.logFramesBeforeRestart * 2 * 4_200)
        #expect(try store.loadAll().first?.device.labels["round"] == "3999")
    }

    /// What trimming leaves of a log: its header and the one page its last step committed (1 KiB pages).
    let trimmedLogBytes = 32 + 1_024 + 24

    func logBytes(_ store: Store) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: store.checkpointer.logPath)[.size] as? Int ?? -1
    }

    /// A clock that moves only when a test moves it: what a store's log rests by, in tests.
    final class TestClock: Sendable {
        private let instant = Mutex(ContinuousClock.now)
        var now: ContinuousClock.Instant { instant.withLock { $0 } }
        func advance(by duration: Duration) { instant.withLock { $0 += duration } }
    }

    /// A store whose log rests its longest after 200 ms of `clock`, with a log of at least `frames` frames, all
    /// copied, that has rested that long.
    func restingStore(
        _ scratch: Scratch, durability: Durability = .normal, frames: Int = 200, clock: TestClock = TestClock()
    ) throws -> (Store, DeviceSimulation) {
        let store = try Store(
            path: scratch.path, durability: durability, longestLogRest: .milliseconds(200), now: { clock.now }, syncDatabase: nil)
        var (simulation, write) = sampleWrite()
        try store.commit(write)
        try grow(store, &simulation, toFrames: frames)
        store.checkpointer.pass()
        clock.advance(by: .milliseconds(300))
        return (store, simulation)
    }

    @Test("a log that rested its longest is cut to its header and one page, all of it is in the database, and writing goes on")
    func restingLogIsEmptied() throws {
        let scratch = try Scratch()
        var (store, simulation) = try restingStore(scratch)
        #expect(try logBytes(store) > 200 * 1_024)
        store.trimRestingLog(step: 1 << 30)
        #expect(try logBytes(store) == trimmedLogBytes)
        // All of it is in the database, and loads back.
        #expect(try store.loadAll().first?.device == simulation.device)
        #expect(try store.callbacks(instance: "dtest.1", after: 0, limit: 100).count == sampleWrite().1.callbacks.count)
        // The next commit writes a new log from its start, and a store opened on a copy of both files has it.
        simulation = simulation.relabeled(["after": "rest"])
        var more = StoreWrite()
        more.devices = [StoredDevice(simulation)]
        try store.commit(more)
        let grown = try logBytes(store)
        #expect(grown > 0 && grown < 64 * 1_024)
        store.checkpointer.stop()
        let copy = scratch.directory.appendingPathComponent("copy.db").path
        try FileManager.default.copyItem(atPath: scratch.path, toPath: copy)
        try FileManager.default.copyItem(atPath: store.checkpointer.logPath, toPath: copy + "-wal")
        let reopened = try Store(path: copy)
        #expect(try reopened.loadAll().first?.device.labels == ["after": "rest"])
        // A log that has not rested its longest is left alone.
        store.trimRestingLog(step: 1 << 30)
        #expect(try logBytes(store) == grown)
    }

    @Test("a resting log is cut one step at each call, and a commit in between makes it wait for another rest")
    func trimmingGoesStepByStep() throws {
        let scratch = try Scratch()
        let clock = TestClock()
        var (store, simulation) = try restingStore(scratch, frames: 400, clock: clock)
        let before = try logBytes(store)
        let step = 64 * 1_024
        #expect(before > 3 * step)
        store.trimRestingLog(step: step)
        #expect(try logBytes(store) == before - step)
        store.trimRestingLog(step: step)
        #expect(try logBytes(store) == before - 2 * step)
        // A commit writes a new log from the start of the file, and the next rest begins.
        simulation = simulation.relabeled(["between": "steps"])
        var more = StoreWrite()
        more.devices = [StoredDevice(simulation)]
        try store.commit(more)
        store.trimRestingLog(step: step)
        #expect(try logBytes(store) == before - 2 * step)
        store.checkpointer.pass()
        clock.advance(by: .milliseconds(300))
        for _ in 0..<(before / step + 1) { store.trimRestingLog(step: step) }
        #expect(try logBytes(store) == trimmedLogBytes)
        #expect(try store.loadAll().first?.device.labels == ["between": "steps"])
    }

    @Test("a server killed while it trims a resting log restarts with everything it acknowledged, not an older state from the log's remains")
    func killedWhileTrimming() throws {
        let scratch = try Scratch()
        let (store, simulation) = try restingStore(scratch, frames: 400)
        let newest = simulation.device.labels
        #expect(newest["round"] != nil)
        store.trimRestingLog(step: 64 * 1_024)  // one step: the file is cut, not emptied
        let left = try logBytes(store)
        #expect(left > 0)
        // The files as a kill -9 leaves them, opened by the next start.
        store.checkpointer.stop()
        let copy = scratch.directory.appendingPathComponent("killed.db").path
        try FileManager.default.copyItem(atPath: scratch.path, toPath: copy)
        try FileManager.default.copyItem(atPath: store.checkpointer.logPath, toPath: copy + "-wal")
        let restarted = try Store(path: copy)
        #expect(try restarted.loadAll().first?.device.labels == newest)
    }

    @Test("emptying a resting log gives up while a read is under way, keeps the log as it was, and succeeds after")
    func emptyingWaitsForNobody() throws {
        let scratch = try Scratch()
        let clock = TestClock()
        let store = try Store(path: scratch.path, longestLogRest: .milliseconds(200), now: { clock.now }, syncDatabase: nil)
        var (simulation, write) = sampleWrite()
        try store.commit(write)
        try grow(store, &simulation, toFrames: 200)
        // A read that began before the log was copied reads from the log (one that began after would not need it).
        let read = try HeldRead(on: scratch.path)
        store.checkpointer.pass()
        clock.advance(by: .milliseconds(300))
        let before = try logBytes(store)
        store.trimRestingLog(step: 1 << 30)
        #expect(try logBytes(store) == before)
        try read.end()
        store.trimRestingLog(step: 1 << 30)
        #expect(try logBytes(store) == trimmedLogBytes)
        simulation = simulation.relabeled(["after": "read"])
        var more = StoreWrite()
        more.devices = [StoredDevice(simulation)]
        try store.commit(more)
        #expect(try store.loadAll().first?.device.labels == ["after": "read"])
    }

    @Test("with durability full, where every commit syncs the log, a resting log is kept as it is")
    func restingLogIsKeptWhenCommitsSync() throws {
        let scratch = try Scratch()
        let (store, _) = try restingStore(scratch, durability: .full)
        let before = try logBytes(store)
        store.trimRestingLog(step: 1 << 30)
        #expect(try logBytes(store) == before)
    }

    @Test("the committing thread cuts a resting log while it has nothing to commit")
    func committerEmptiesARestingLog() throws {
        let scratch = try Scratch()
        let store = try Store(path: scratch.path, longestLogRest: .milliseconds(300), syncDatabase: nil)
        let committer = GroupCommitter(store: store) { _ in }
        defer { committer.stop() }
        var (simulation, write) = sampleWrite()
        try store.commit(write)
        try grow(store, &simulation, toFrames: 200)
        #expect(try logBytes(store) > 0)
        let deadline = ContinuousClock.now + .seconds(20)
        while try logBytes(store) > trimmedLogBytes, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(try logBytes(store) == trimmedLogBytes)
    }

    @Test("the checkpointer's read-ahead handle on the log is opened once and closed with the store")
    func readAheadHandleClosed() throws {
        let scratch = try Scratch()
        let log = URL(fileURLWithPath: scratch.path + "-wal").resolvingSymlinksInPath().path
        func handlesOnLog() throws -> Int {
            // SQLite deletes the log when its last connection closes; a handle left open then shows "(deleted)".
            try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").filter { fd in
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")
                return target == log || target == log + " (deleted)"
            }.count
        }
        do {
            let store = try Store(path: scratch.path)
            try store.commit(sampleWrite().1)
            let before = try handlesOnLog()
            #expect(before >= 1)
            let frames = store.framesInWriteAheadLog
            store.checkpointer.readAhead(frames: frames)
            store.checkpointer.readAhead(frames: frames + 1)
            let after = try handlesOnLog()
            // The checkpointer thread may have opened it already; either way, one handle more at most.
            #expect(after == before || after == before + 1)
            #expect(after >= 1)
        }
        #expect(try handlesOnLog() == 0)
    }

    @Test("through a symbolic link, the checkpointer reads ahead the log SQLite writes: beside the real file")
    func readAheadThroughLink() throws {
        let scratch = try Scratch()
        let link = scratch.directory.appendingPathComponent("link.db").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: scratch.path)
        let store = try Store(path: link)
        try store.commit(sampleWrite().1)
        let real = URL(fileURLWithPath: scratch.path + "-wal").resolvingSymlinksInPath().path
        #expect(FileManager.default.fileExists(atPath: real))
        #expect(URL(fileURLWithPath: store.checkpointer.logPath).resolvingSymlinksInPath().path == real)
    }

    @Test("a write that fails part-way stores nothing of it")
    func atomicWrite() throws {
        let scratch = try Scratch()
        let store = try Store(path: scratch.path)
        let (simulation, write) = sampleWrite()
        try store.commit(write)
        // The same callbacks again collide on (instance, seq): the whole write must roll back.
        var conflicting = write
        var relabelled = simulation.device
        relabelled.labels = ["changed": "yes"]
        conflicting.devices[0] = StoredDevice(DeviceSimulation(device: relabelled, instances: simulation.instances))
        #expect(throws: StoreError.self) { try store.commit(conflicting) }
        let loaded = try store.loadAll()
        #expect(loaded.first?.device.labels == [:])
    }

    @Test("deleting a device removes its apps and their history")
    func deleteDevice() throws {
        let scratch = try Scratch()
        let store = try Store(path: scratch.path)
        let (_, write) = sampleWrite()
        try store.commit(write)
        var delete = StoreWrite()
        delete.deletedDevices = ["dtest"]
        try store.commit(delete)
        #expect(try store.loadAll().isEmpty)
        #expect(try store.callbacks(instance: "dtest.1", after: 0, limit: 10).isEmpty)
    }

    @Test("a file that is not a database is refused with a message naming it")
    func garbageRefused() throws {
        let scratch = try Scratch()
        _ = FileManager.default.createFile(atPath: scratch.path, contents: Data(repeating: 0x41, count: 4096))
        do {
            _ = try Store(path: scratch.path)
            Issue.record("opened a file of garbage")
        } catch {
            #expect(error.description.contains(scratch.path))
            #expect(!error.isUnavailable)
        }
    }

    @Test("another program's SQLite database is refused")
    func foreignRefused() throws {
        let scratch = try Scratch()
        let other = try SQLiteConnection(path: scratch.path)
        try other.execute("CREATE TABLE people(name TEXT)")
        do {
            _ = try Store(path: scratch.path)
            Issue.record("opened another program's database")
        } catch {
            #expect(error.description.contains("another program"))
        }
    }

    /// Writes `simulation` (and `callbacks`) to a new database at `path` as appsim did at schema `version` (1 to 4:
    /// a device's row held its wake time up to 3, its apps' rows from 4; callbacks' event and time were only in their
    /// bodies), row for row.
    func writeAsSchema(_ version: Int, _ simulation: DeviceSimulation, callbacks: [CallbackRecord] = [], to path: String) throws {
        let raw = try SQLiteConnection(path: path)
        _ = try raw.pragma("journal_mode=WAL")
        for migration in Store.migrations.prefix(version) { try raw.execute(migration) }
        let wakesOnApps = version >= 4
        if wakesOnApps { try raw.execute("DROP INDEX devices_by_wake; ALTER TABLE devices DROP COLUMN wake_at") }
        try raw.execute("PRAGMA application_id=\(Store.applicationID); PRAGMA user_version=\(version)")
        if wakesOnApps {
            let insertDevice = try raw.prepare("INSERT INTO devices(id, body) VALUES (?1, ?2)")
            try insertDevice.bind(.text(simulation.device.id), .blob(Records.encode(simulation.device)))
            try insertDevice.run()
        } else {
            let insertDevice = try raw.prepare("INSERT INTO devices(id, wake_at, body) VALUES (?1, ?2, ?3)")
            try insertDevice.bind(
                .text(simulation.device.id), simulation.nextWallDeadline().map { .int($0) } ?? .null,
                .blob(Records.encode(simulation.device)))
            try insertDevice.run()
        }
        let insertInstance = try raw.prepare(
            "INSERT INTO instances(id, device, number, bundle_id, state, spec, body) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
        for instance in simulation.instances {
            try insertInstance.bind(
                .text(instance.id), .text(instance.device), .int(Int64(instance.number)), .text(instance.info.bundleId),
                .text(instance.state.rawValue), .blob(Records.encodeSpec(instance)), .blob(Records.encode(instance)))
            try insertInstance.run()
            if wakesOnApps, let wake = simulation.wallWake(of: instance) {
                let wakeInstance = try raw.prepare("UPDATE instances SET wake_at = ?2 WHERE id = ?1")
                try wakeInstance.bind(.text(instance.id), .int(wake))
                try wakeInstance.run()
            }
        }
        let insertCallback = try raw.prepare("INSERT INTO callbacks(instance, seq, body) VALUES (?1, ?2, ?3)")
        for callback in callbacks {
            try insertCallback.bind(.text(callback.instance), .int(callback.seq), .blob(StoreWrite.callbackJSON(callback)))
            try insertCallback.run()
        }
    }

    @Test("a database of schema 1 (4 KiB pages, WITHOUT ROWID tables) is brought to the current schema with everything in it")
    func schemaOneMigrates() throws {
        let scratch = try Scratch()
        let (simulation, write) = sampleWrite()
        try writeAsSchema(1, simulation, callbacks: write.callbacks, to: scratch.path)
        let store = try Store(path: scratch.path)
        let loaded = try store.loadAll()
        #expect(loaded.map(\.device) == [simulation.device])
        #expect(loaded.first?.instances == simulation.instances)
        #expect(try store.callbacks(instance: "dtest.1", after: 0, limit: 100) == write.callbacks)
        let raw = try SQLiteConnection(path: scratch.path)
        #expect(try raw.pragma("user_version") == "\(Store.migrations.count)")
        #expect(try raw.pragma("page_size") == "4096", "an existing file keeps its page size")
        // And it takes new writes: history goes on where it was.
        var next = simulation
        let applied = next.apply(.app(.launch), to: "dtest.1", wallMillis: 0)
        guard case .success(let outcome) = applied.outcome else {
            Issue.record("launch refused: \(applied.outcome)")
            return
        }
        var more = StoreWrite()
        more.add([outcome], to: next)
        try store.commit(more)
        #expect(try store.loadDevice("dtest")?.instances == next.instances)
        #expect(try store.callbacks(instance: "dtest.1", after: 0, limit: 100).count == write.callbacks.count + outcome.callbacks.count)
    }

    @Test("a database of schema 4 (callbacks' event and time only in their bodies) gets them in columns of their own, and its devices load back exactly")
    func schemaFourGivesCallbacksTheirColumns() throws {
        let scratch = try Scratch()
        // A row that lags its history: the launch wrote it, a memory warning at 10 s added callbacks alone.
        var (simulation, app, write) = installedOne(on: "dlag")
        simulation.apply(.app(.launch), to: app.id, wallMillis: 2_000, adding: &write)
        let rows = simulation
        simulation.apply(.app(.memoryWarning), to: app.id, wallMillis: 10_000, adding: &write)
        #expect(rows.device != simulation.device && rows.instances != simulation.instances)
        try writeAsSchema(4, rows, callbacks: write.callbacks, to: scratch.path)

        let store = try Store(path: scratch.path)
        let loaded = try #require(try store.loadDevice("dlag"))
        #expect(loaded.device == simulation.device)
        #expect(loaded.instances == simulation.instances)
        #expect(loaded.now(atWall: 5_000) == 9_000, "where the warning left it, after a wall clock set back")
        #expect(try store.wakeTimes().isEmpty)
        let history = try store.callbacks(instance: app.id, after: 0, limit: 100)
        #expect(history == write.callbacks, "read from their JSON into the store's format")

        let raw = try SQLiteConnection(path: scratch.path)
        #expect(try raw.pragma("user_version") == "\(Store.migrations.count)")
        // One row per event (schema 8), dated by its newest callback.
        let rowsStored = try raw.prepare("SELECT seq, event, at FROM history ORDER BY seq")
        var stored: [[Int64]] = []
        while try rowsStored.step() { stored.append([rowsStored.int64(at: 0), rowsStored.int64(at: 1), rowsStored.int64(at: 2)]) }
        var expected: [[Int64]] = []
        for callback in write.callbacks {
            if expected.last?[1] == callback.event { expected.removeLast() }
            expected.append([callback.seq, callback.event, callback.at])
        }
        #expect(stored == expected)
        let old = try raw.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'callbacks'")
        _ = try old.step()
        #expect(old.int64(at: 0) == 0, "the table of JSON bodies is gone")
    }

    @Test("a new database has small pages")
    func newDatabasePageSize() throws {
        let scratch = try Scratch()
        _ = try Store(path: scratch.path)
        #expect(try SQLiteConnection(path: scratch.path).pragma("page_size") == "\(Store.pageSize)")
    }

    @Test("a database from a newer appsim is refused")
    func newerSchemaRefused() throws {
        let scratch = try Scratch()
        _ = try Store(path: scratch.path)
        let raw = try SQLiteConnection(path: scratch.path)
        try raw.execute("PRAGMA user_version=99")
        do {
            _ = try Store(path: scratch.path)
            Issue.record("opened a newer schema")
        } catch {
            #expect(error.description.contains("newer"))
        }
    }

    @Test("a database locked by another writer gives an unavailable error and changes nothing")
    func lockedIsUnavailable() throws {
        let scratch = try Scratch()
        let store = try Store(path: scratch.path)
        let other = try SQLiteConnection(path: scratch.path)
        try other.execute("PRAGMA busy_timeout=0; BEGIN IMMEDIATE")
        let (_, write) = sampleWrite()
        var failure: StoreError?
        do { try store.commit(write) } catch { failure = error }
        #expect(failure?.isUnavailable == true)
        try other.execute("ROLLBACK")
        #expect(try store.loadAll().isEmpty)
        try store.commit(write)
        #expect(try store.loadAll().count == 1)
    }
}

extension StoreWrite {
    /// Every callback the write's history rows hold, in the order written.
    var callbacks: [CallbackRecord] {
        history.flatMap { row in
            (try? HistoryRecord.decodeCallbacks(row.callbacks, instance: row.instance, seq: row.seq, event: row.event, at: row.at)) ?? []
        }
    }

    /// A copy of the API's Callback shape, as schemas up to 7 kept history.
    static func callbackJSON(_ callback: CallbackRecord) -> [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        w.field("seq", callback.seq)
        w.field("instance", callback.instance)
        w.field("at", callback.at)
        w.field("name", callback.name)
        w.field("kind", callback.kind.rawValue)
        w.field("notification", callback.notification)
        w.field("state", callback.state.rawValue)
        w.field("applicationState", callback.applicationState.rawValue)
        w.field("args", callback.args)
        w.field("event", callback.event)
        w.endObject()
        return w.bytes
    }
}

extension DeviceSimulation {
    /// Applies `event` and adds what it did to `write`, as the service does.
    @discardableResult
    mutating func apply(_ event: Event, to id: String?, wallMillis: Int64, adding write: inout StoreWrite) -> EventAttempt {
        let attempt = apply(event, to: id, wallMillis: wallMillis)
        write.add(attempt.outcomes, to: self)
        return attempt
    }

    /// The same device and apps with other labels: a change of the device's row alone, for the tests of the log.
    func relabeled(_ labels: [String: String]) -> DeviceSimulation {
        var device = self.device
        device.labels = labels
        return DeviceSimulation(device: device, instances: instances)
    }
}
