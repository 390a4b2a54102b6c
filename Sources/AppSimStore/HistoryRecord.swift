import AppSimCore
import AppSimJSON

/// A callback named by its app and its seq (a seq is unique only within its app).
public struct CallbackReference: Sendable, Equatable {
    public var instance: String
    public var seq: Int64

    public init(instance: String, seq: Int64) {
        self.instance = instance
        self.seq = seq
    }
}

/// One entry of a device's event journal, as the store keeps it: what was posted and what it did. The API renders
/// it (openapi.yaml, Event journal).
public struct JournalEntry: Sendable, Equatable {
    public var seq: Int64
    public var type: String
    /// Device time in milliseconds.
    public var at: Int64
    /// The app the event was posted to (or a task was run for); `nil` for a device event.
    public var instance: String?
    /// The body a client posted; `nil` for the timers a realtime clock fired, which nobody posted.
    public var posted: JSONValue?
    public var changes: [StateChange]
    /// The callbacks the event caused, in the order they were made.
    public var callbacks: [CallbackReference]
    public var begunTaskId: Int?
    public var pushDelivery: PushDelivery?

    public init(
        seq: Int64, type: String, at: Int64, instance: String?, posted: JSONValue?, changes: [StateChange],
        callbacks: [CallbackReference], begunTaskId: Int? = nil, pushDelivery: PushDelivery? = nil
    ) {
        self.seq = seq
        self.type = type
        self.at = at
        self.instance = instance
        self.posted = posted
        self.changes = changes
        self.callbacks = callbacks
        self.begunTaskId = begunTaskId
        self.pushDelivery = pushDelivery
    }

    /// The entry of `outcome`, whose event a client posted with `posted` (`nil` for timers).
    public init(_ outcome: EventOutcome, posted: JSONValue?) {
        self.init(
            seq: outcome.event.seq, type: outcome.event.type, at: outcome.event.at, instance: outcome.event.instance,
            posted: posted, changes: outcome.changes,
            callbacks: outcome.callbacks.map { CallbackReference(instance: $0.instance, seq: $0.seq) },
            begunTaskId: outcome.begunTaskId, pushDelivery: outcome.pushDelivery)
    }
}

/// The store's own format for history and journal entries (schema 8): a compact binary record, written and read here
/// alone, that leaves out what its row holds in columns (the app, the event, the seqs, the time).
///
/// A history row holds one app's callbacks of one event, seqs `seq - count + 1 … seq`: their times as offsets from
/// the row's `at` (the newest callback's), each name, kind, notification, state and scene as a *word*, and `args` as
/// JSON. A word is 0 for none, 1 followed by its text, or `2 + n` for the `n`th of ``words``. A journal entry is its
/// type (a word), its time from the row's, the app (0 none, 1 the row's, 2 followed by text), the posted body (0 none,
/// 1 `{}`, `2 + length` followed by its JSON), its changes, its callbacks as runs of consecutive seqs of one app, and
/// its result.
enum HistoryRecord {
    /// The first byte of every record: a later format gets a new one, and a record of an unknown one is unreadable.
    static let format: UInt8 = 1

    /// Words coded as one byte. Append only: a record names a word by its place here. A word not here is written
    /// out, so a new callback name costs bytes, never correctness (`HistoryRecordTests` fails on a callback name the
    /// simulation makes that is missing). Event types are written out: their one list is `Event.vocabulary`.
    static let words: [String] = [
        // Lifecycle states, application states, callback kinds.
        "notRunning", "inactive", "active", "background", "suspended",
        "delegate", "notification", "system", "scenePhase",
        // Delegate methods.
        "application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:",
        "applicationDidBecomeActive:", "applicationWillResignActive:", "applicationDidEnterBackground:",
        "applicationWillEnterForeground:", "applicationWillTerminate:", "applicationDidReceiveMemoryWarning:",
        "applicationProtectedDataWillBecomeUnavailable:", "applicationProtectedDataDidBecomeAvailable:",
        "application:shouldSaveApplicationState:", "application:willEncodeRestorableStateWithCoder:",
        "application:shouldRestoreApplicationState:", "application:didDecodeRestorableStateWithCoder:",
        "application:performFetchWithCompletionHandler:", "applicationSignificantTimeChange:",
        "application:configurationForConnectingSceneSession:options:", "application:didDiscardSceneSessions:",
        "scene:willConnectToSession:options:", "sceneWillEnterForeground:", "sceneDidBecomeActive:",
        "sceneWillResignActive:", "sceneDidEnterBackground:", "sceneDidDisconnect:", "scene:openURLContexts:",
        "stateRestorationActivityForScene:", "windowScene:didUpdateCoordinateSpace:interfaceOrientation:traitCollection:",
        "windowScene:didUpdateEffectiveGeometry:", "userNotificationCenter:willPresentNotification:withCompletionHandler:",
        "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:", "BGTaskScheduler launchHandler",
        "application:openURL:options:", "application:didReceiveRemoteNotification:fetchCompletionHandler:",
        // Notifications.
        "UIApplicationDidFinishLaunchingNotification", "UIApplicationDidBecomeActiveNotification",
        "UIApplicationWillResignActiveNotification", "UIApplicationDidEnterBackgroundNotification",
        "UIApplicationWillEnterForegroundNotification", "UIApplicationWillTerminateNotification",
        "UIApplicationDidReceiveMemoryWarningNotification", "UIApplicationProtectedDataWillBecomeUnavailable",
        "UIApplicationProtectedDataDidBecomeAvailable", "UIApplicationSignificantTimeChangeNotification",
        "UISceneWillConnectNotification", "UISceneWillEnterForegroundNotification", "UISceneDidActivateNotification",
        "UISceneWillDeactivateNotification", "UISceneDidEnterBackgroundNotification", "UISceneDidDisconnectNotification",
        "NSCurrentLocaleDidChangeNotification", "NSUbiquityIdentityDidChangeNotification",
        "NSUserDefaultsDidChangeNotification", "UIDeviceBatteryLevelDidChangeNotification",
        "UIDeviceBatteryStateDidChangeNotification", "UIDeviceOrientationDidChangeNotification",
        "UIDeviceProximityStateDidChangeNotification", "UIScreenDidConnectNotification",
        "UIScreenDidDisconnectNotification", "UIScreenModeDidChangeNotification",
        // What the system did.
        "killed", "runtimeIssue", "backgroundTaskEnded", "backgroundTaskExpired", "fetchCompleted", "setTaskCompleted",
        // What became of a push.
        "delivered", "launched", "woken", "shown", "dropped", "throttled",
    ]

    private static let codes: [String: Int] = Dictionary(uniqueKeysWithValues: words.enumerated().map { ($1, $0) })

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    // MARK: Writing

    /// One app's callbacks of one event (consecutive seqs, the newest last), as its history row keeps them.
    static func encode(_ callbacks: some Collection<CallbackRecord>, at rowAt: Int64) -> [UInt8] {
        var w = Writer(capacity: 16 + callbacks.count * 12)
        w.byte(format)
        w.varint(UInt64(callbacks.count))
        for callback in callbacks {
            w.signed(callback.at - rowAt)
            w.word(callback.name)
            w.word(callback.kind.rawValue)
            w.word(callback.notification)
            w.word(callback.state.rawValue)
            w.word(callback.applicationState.rawValue)
            w.json(callback.args)
            w.word(callback.scene)
        }
        return w.bytes
    }

    /// A journal entry, on the history row of `rowInstance` dated `rowAt` (or standing alone: `nil` and its own time).
    static func encode(_ entry: JournalEntry, rowInstance: String?, rowAt: Int64) -> [UInt8] {
        var w = Writer(capacity: 32 + entry.changes.count * 4 + entry.callbacks.count * 4)
        w.byte(format)
        w.word(entry.type)
        w.signed(entry.at - rowAt)
        w.app(entry.instance, row: rowInstance)
        w.json(entry.posted)
        w.varint(UInt64(entry.changes.count))
        for change in entry.changes {
            w.app(change.instance, row: rowInstance)
            w.word(change.from.rawValue)
            w.word(change.to.rawValue)
        }
        // Runs of consecutive seqs of one app: an event's callbacks to an app are made one after another.
        var runs: [(instance: String, first: Int64, count: Int)] = []
        for callback in entry.callbacks {
            if let last = runs.last, last.instance == callback.instance, last.first + Int64(last.count) == callback.seq {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((callback.instance, callback.seq, 1))
            }
        }
        w.varint(UInt64(runs.count))
        for run in runs {
            w.app(run.instance, row: rowInstance)
            w.signed(run.first)
            w.varint(UInt64(run.count))
        }
        if let begunTaskId = entry.begunTaskId {
            w.byte(1)
            w.signed(Int64(begunTaskId))
        } else if let delivery = entry.pushDelivery {
            w.byte(2)
            w.word(delivery.name)
            if case .dropped(let reason) = delivery { w.word(reason) } else { w.word(nil) }
        } else {
            w.byte(0)
        }
        return w.bytes
    }

    // MARK: Reading

    /// How many callbacks a history row holds, without decoding them.
    static func count(_ bytes: [UInt8]) throws -> Int {
        var r = try Reader(bytes)
        return Int(try r.varint())
    }

    /// The callbacks of a history row of `instance`, whose newest is `seq`, of device event `event`, dated `at`.
    static func decodeCallbacks(_ bytes: [UInt8], instance: String, seq: Int64, event: Int64, at: Int64) throws -> [CallbackRecord] {
        var r = try Reader(bytes)
        let count = Int(try r.varint())
        guard count > 0, count <= bytes.count else { throw Malformed(description: "a history row of \(count) callbacks") }
        var callbacks: [CallbackRecord] = []
        callbacks.reserveCapacity(count)
        let first = seq - Int64(count) + 1
        for index in 0..<count {
            let time = at + (try r.signed())
            let name = try r.word() ?? ""
            let kind = try r.choice(CallbackKind.self)
            let notification = try r.word()
            let state = try r.choice(LifecycleState.self)
            let applicationState = try r.choice(ApplicationState.self)
            let args = try r.json() ?? .null
            let scene = try r.word()
            callbacks.append(CallbackRecord(
                seq: first + Int64(index), instance: instance, at: time, name: name, kind: kind, notification: notification,
                state: state, applicationState: applicationState, args: args, event: event, scene: scene))
        }
        return callbacks
    }

    /// The journal entry of event `seq`, on the history row of `rowInstance` dated `rowAt` (or alone: `nil`).
    static func decodeEntry(_ bytes: [UInt8], seq: Int64, rowInstance: String?, rowAt: Int64) throws -> JournalEntry {
        var r = try Reader(bytes)
        let type = try r.word() ?? ""
        let at = rowAt + (try r.signed())
        let instance = try r.app(row: rowInstance)
        let posted = try r.json()
        var changes: [StateChange] = []
        for _ in 0..<(try r.count()) {
            guard let app = try r.app(row: rowInstance) else { throw Malformed(description: "a change of no app") }
            changes.append(StateChange(instance: app, from: try r.choice(LifecycleState.self), to: try r.choice(LifecycleState.self)))
        }
        var callbacks: [CallbackReference] = []
        for _ in 0..<(try r.count()) {
            guard let app = try r.app(row: rowInstance) else { throw Malformed(description: "a callback of no app") }
            let first = try r.signed()
            // A run's callbacks take no bytes of their own; no event makes more than a history holds.
            let count = try r.varint()
            guard count <= UInt64(Int32.max) else { throw Malformed(description: "a run of \(count) callbacks") }
            for offset in 0..<Int64(count) { callbacks.append(CallbackReference(instance: app, seq: first + offset)) }
        }
        var entry = JournalEntry(seq: seq, type: type, at: at, instance: instance, posted: posted, changes: changes, callbacks: callbacks)
        switch try r.byte() {
        case 0: break
        case 1: entry.begunTaskId = Int(try r.signed())
        case 2:
            let name = try r.word() ?? ""
            guard let delivery = PushDelivery(name: name, reason: try r.word()) else {
                throw Malformed(description: "a push delivered as '\(name)'")
            }
            entry.pushDelivery = delivery
        case let tag: throw Malformed(description: "a result tagged \(tag)")
        }
        return entry
    }

    // MARK: Bytes

    struct Writer {
        var bytes: [UInt8]

        init(capacity: Int) {
            bytes = []
            bytes.reserveCapacity(capacity)
        }

        mutating func byte(_ value: UInt8) { bytes.append(value) }

        /// LEB128: seven bits a byte, low first.
        mutating func varint(_ value: UInt64) {
            var value = value
            while value >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
        }

        /// Zigzag, so that small negative numbers stay short.
        mutating func signed(_ value: Int64) { varint(UInt64(bitPattern: (value << 1) ^ (value >> 63))) }

        mutating func text(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                varint(UInt64(utf8.count))
                bytes.append(contentsOf: utf8)
            }
        }

        mutating func word(_ word: String?) {
            guard let word else { return varint(0) }
            if let code = HistoryRecord.codes[word] {
                varint(UInt64(code) + 2)
            } else {
                varint(1)
                text(word)
            }
        }

        mutating func app(_ app: String?, row: String?) {
            guard let app else { return byte(0) }
            if app == row { return byte(1) }
            byte(2)
            text(app)
        }

        mutating func json(_ value: JSONValue?) {
            guard let value else { return varint(0) }
            if case .object(let object) = value, object.isEmpty { return varint(1) }
            let json = value.jsonBytes
            varint(UInt64(json.count) + 2)
            bytes.append(contentsOf: json)
        }
    }

    struct Reader {
        let bytes: [UInt8]
        var offset = 1

        init(_ bytes: [UInt8]) throws {
            guard bytes.first == HistoryRecord.format else {
                throw Malformed(description: "a record of format \(bytes.first.map(String.init) ?? "none")")
            }
            self.bytes = bytes
        }

        mutating func byte() throws -> UInt8 {
            guard offset < bytes.count else { throw Malformed(description: "a record cut short") }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func varint() throws -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = try byte()
                guard shift < 64 else { throw Malformed(description: "a number too long") }
                value |= UInt64(byte & 0x7f) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
        }

        mutating func signed() throws -> Int64 {
            let value = try varint()
            return Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1)))
        }

        /// A count of things that each take a byte at least, so a damaged count cannot ask for more than the record.
        mutating func count() throws -> Int {
            let count = try varint()
            guard count <= UInt64(bytes.count - offset) else { throw Malformed(description: "a count of \(count)") }
            return Int(count)
        }

        mutating func raw(_ length: Int) throws -> ArraySlice<UInt8> {
            guard length >= 0, length <= bytes.count - offset else { throw Malformed(description: "a record cut short") }
            defer { offset += length }
            return bytes[offset..<offset + length]
        }

        mutating func text() throws -> String {
            String(decoding: try raw(try count()), as: UTF8.self)
        }

        mutating func word() throws -> String? {
            switch try varint() {
            case 0: return nil
            case 1: return try text()
            case let code:
                guard code - 2 < UInt64(HistoryRecord.words.count) else { throw Malformed(description: "an unknown word \(code)") }
                return HistoryRecord.words[Int(code - 2)]
            }
        }

        mutating func choice<T: RawRepresentable<String>>(_ type: T.Type) throws -> T {
            guard let word = try word(), let value = T(rawValue: word) else { throw Malformed(description: "not a \(T.self)") }
            return value
        }

        mutating func app(row: String?) throws -> String? {
            switch try byte() {
            case 0: return nil
            case 1:
                guard let row else { throw Malformed(description: "the row's app, on a row of no app") }
                return row
            case 2: return try text()
            case let tag: throw Malformed(description: "an app tagged \(tag)")
            }
        }

        mutating func json() throws -> JSONValue? {
            switch try varint() {
            case 0: return nil
            case 1: return .object([:])
            case let length:
                guard length - 2 <= UInt64(bytes.count - offset) else { throw Malformed(description: "a record cut short") }
                return try JSONValue.parse(try raw(Int(length - 2)), maxDepth: Records.maxDepth)
            }
        }
    }
}
