import AppSimCore
import AppSimJSON

/// How devices and instances are kept in their `body` column: compact JSON with every field named, written and
/// read by hand (several times faster than Codable, and the hot path of every durable write). The format is the
/// store's own, written and read here alone; its `info`, background tasks and pending notifications are written as
/// rows have always had them (by the API's writers once), so that every row reads back the same. Each encoder is its
/// record's field list: RecordsRoundTripTests holds the decoders to it with fully populated values.
enum Records {
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    /// How deep a record may nest when read. A record holds what requests carried (saved data, UI state, a settings
    /// change queued for a suspended app) a few levels below its own top: read with the request's limit, a value
    /// accepted at that limit came back unreadable, and with it its device. Twice the request's limit leaves room
    /// for every level a record adds (`StoreTests.deepRecordsLoadBack` writes each at the request's limit and reads
    /// it back).
    static let maxDepth = 2 * JSONValue.maxRequestDepth

    // MARK: Instance

    /// What an instance is fixed with at install: its `info` and `behavior`.
    static func encodeSpec(_ instance: Instance) -> [UInt8] {
        var w = JSONWriter(capacity: 512)
        w.beginObject()
        w.key("info")
        encode(instance.info, into: &w)
        w.key("behavior")
        encode(instance.behavior, into: &w)
        w.endObject()
        return w.bytes
    }

    /// Everything about an instance that events change. Its lifecycle is written flat, a field for each thing a stage
    /// may hold (null or empty where its stage holds none), as appsim has always written it.
    static func encode(_ instance: Instance) -> [UInt8] {
        let lifecycle = instance.lifecycle
        var backgroundSince: Int64?
        if case .background(let since, _, _, _) = lifecycle { backgroundSince = since }
        var w = JSONWriter(capacity: 512)
        w.beginObject()
        w.field("id", instance.id)
        w.field("device", instance.device)
        w.field("number", instance.number)
        w.field("state", instance.state.rawValue)
        w.field("launchCount", instance.launchCount)
        w.field("forceQuit", instance.forceQuit)
        w.key("backgroundTasks")
        w.beginArray()
        for task in lifecycle.tasks { encode(task, into: &w) }
        w.endArray()
        w.field("nextTaskId", instance.nextTaskId)
        w.field("backgroundSince", backgroundSince)
        w.field("suspendAt", lifecycle.suspendAt)
        w.key("work")
        if let work = lifecycle.work {
            w.beginObject()
            w.field("kind", work.kind.rawValue)
            if let identifier = work.identifier { w.field("identifier", identifier) }
            w.field("startedAt", work.startedAt)
            w.field("completesAt", work.completesAt)
            w.field("deadline", work.deadline)
            w.endObject()
        } else {
            w.null()
        }
        w.key("pendingNotifications")
        w.beginArray()
        for item in lifecycle.pending { encode(item, into: &w) }
        w.endArray()
        w.field("shownNotification", instance.shownNotification)
        w.field("interruption", lifecycle.interruption?.rawValue)
        w.field("memory", JSONValue.object(instance.memory))
        w.field("disk", JSONValue.object(instance.disk))
        w.field("restorationArchive", instance.restorationArchive)
        w.key("minimumFetchInterval")
        encode(instance.minimumFetchInterval, into: &w)
        w.field("nextSeq", instance.nextSeq)
        w.field("updatedAt", instance.updatedAt)
        // Fields that came later are written only when they hold something, so older rows read back as written.
        if !instance.taskRequests.isEmpty {
            w.key("taskRequests")
            w.beginArray()
            for request in instance.taskRequests {
                w.beginObject()
                w.field("identifier", request.identifier)
                w.field("kind", request.kind.rawValue)
                w.field("earliestBeginAt", request.earliestBeginAt)
                w.field("requiresExternalPower", request.requiresExternalPower)
                if let continued = request.continued {
                    w.key("continued")
                    w.beginObject()
                    w.field("title", continued.title)
                    if let subtitle = continued.subtitle { w.field("subtitle", subtitle) }
                    w.field("strategy", continued.strategy.rawValue)
                    w.field("requiresGPU", continued.requiresGPU)
                    w.field("status", continued.status.rawValue)
                    w.field("order", continued.order)
                    w.field("completed", continued.completed)
                    w.field("total", continued.total)
                    if let startedAt = continued.startedAt { w.field("startedAt", startedAt) }
                    if let progressAt = continued.progressAt { w.field("progressAt", progressAt) }
                    w.endObject()
                }
                w.endObject()
            }
            w.endArray()
        }
        if !instance.silentPushTimes.isEmpty { w.field("silentPushTimes", JSONValue.array(instance.silentPushTimes.map { JSONValue($0) })) }
        if !instance.scenes.isEmpty || instance.nextSceneNumber != 1 || !instance.discardedSessions.isEmpty {
            // Sessions outlive the process: their scenes' activation states, activities and UI state are kept.
            w.key("scenes")
            w.beginArray()
            for scene in instance.scenes {
                w.beginObject()
                w.field("id", scene.id)
                w.field("session", scene.session)
                w.field("activationState", scene.activationState.rawValue)
                w.field("stateRestorationActivity", scene.stateRestorationActivity)
                w.field("ui", scene.ui)
                w.endObject()
            }
            w.endArray()
            w.field("nextSceneNumber", instance.nextSceneNumber)
            w.field("discardedSessions", strings: instance.discardedSessions)
        }
        w.endObject()
        return w.bytes
    }

    static func encode(_ info: AppInfo, into w: inout JSONWriter) {
        w.beginObject()
        w.field("bundleId", info.bundleId)
        w.field("backgroundModes", strings: info.backgroundModes.map(\.rawValue))
        w.field("exitsOnSuspend", info.exitsOnSuspend)
        w.field("urlSchemes", strings: info.urlSchemes)
        w.field("stateRestoration", info.stateRestoration)
        w.field("dataProtection", info.dataProtection)
        w.field("memoryMB", info.memoryMB)
        w.field("backgroundMemoryMB", info.backgroundMemoryMB)
        if !info.taskIdentifiers.isEmpty { w.field("taskIdentifiers", strings: info.taskIdentifiers) }
        if info.userNotifications { w.field("userNotifications", true) }
        if let scenes = info.scenes {
            w.key("scenes")
            w.beginObject()
            w.field("supportsMultiple", scenes.supportsMultiple)
            w.endObject()
        }
        w.field("sdkVersion", info.sdkVersion.description)
        if info.ui != .uikit { w.field("ui", info.ui.rawValue) }
        w.endObject()
    }

    static func encode(_ task: BackgroundTask, into w: inout JSONWriter) {
        w.beginObject()
        w.field("id", task.id)
        w.field("name", task.name)
        w.field("beganAt", task.beganAt)
        w.field("endsAt", task.endsAt)
        w.endObject()
    }

    static func encode(_ item: PendingNotification, into w: inout JSONWriter) {
        w.beginObject()
        w.field("type", item.type)
        w.field("name", item.name)
        w.field("kind", item.kind.rawValue)
        w.field("notification", item.notification)
        w.field("args", item.args)
        w.field("postedAt", item.postedAt)
        w.endObject()
    }

    static func encode(_ behavior: AppBehavior, into w: inout JSONWriter) {
        w.beginObject()
        w.field("launchMillis", behavior.launchMillis)
        w.field("backgroundMillis", behavior.backgroundMillis)
        w.field("terminateMillis", behavior.terminateMillis)
        w.field("saveOn", strings: behavior.saveOn.map(\.rawValue))
        w.field("backgroundTaskMillis", behavior.backgroundTaskMillis)
        w.field("endsTaskOnExpiration", behavior.endsTaskOnExpiration)
        w.field("fetchResult", behavior.fetchResult.rawValue)
        w.field("fetchMillis", behavior.fetchMillis)
        w.field("opensURLs", behavior.opensURLs)
        w.key("minimumFetchInterval")
        encode(behavior.minimumFetchInterval, into: &w)
        let defaults = AppBehavior()
        if behavior.taskMillis != defaults.taskMillis {
            w.key("taskMillis")
            if let millis = behavior.taskMillis { w.int(millis) } else { w.string("manual") }
        }
        if behavior.taskSuccess != defaults.taskSuccess { w.field("taskSuccess", behavior.taskSuccess) }
        if !behavior.presentationOptions.isEmpty {
            w.field("presentationOptions", strings: behavior.presentationOptions.map(\.rawValue))
        }
        w.endObject()
    }

    static func encode(_ interval: FetchInterval, into w: inout JSONWriter) {
        switch interval {
        case .never: w.string("never")
        case .millis(let millis): w.int(millis)
        }
    }

    static func decodeInstance(spec: [UInt8], body: [UInt8]) throws -> Instance {
        let fixed = try Reader(spec)
        let r = try Reader(body)
        var instance = Instance(
            id: try r.string("id"), device: try r.string("device"), number: Int(try r.int("number")),
            info: try decodeInfo(try fixed.object("info")), behavior: try decodeBehavior(try fixed.object("behavior")),
            at: try r.int("updatedAt"))
        instance.lifecycle = try decodeLifecycle(r)
        instance.launchCount = Int(try r.int("launchCount"))
        instance.forceQuit = try r.bool("forceQuit")
        instance.nextTaskId = Int(try r.int("nextTaskId"))
        instance.shownNotification = r.value("shownNotification")
        instance.memory = try r.object("memory").object
        instance.disk = try r.object("disk").object
        instance.restorationArchive = r.value("restorationArchive")
        instance.minimumFetchInterval = try r.interval("minimumFetchInterval")
        instance.nextSeq = try r.int("nextSeq")
        instance.taskRequests = try r.optionalObjects("taskRequests").map { request in
            TaskRequest(
                identifier: try request.string("identifier"), kind: try request.choice("kind", TaskKind.self),
                earliestBeginAt: try request.int("earliestBeginAt"), requiresExternalPower: try request.bool("requiresExternalPower"),
                continued: try request.optionalObject("continued").map { c in
                    var continued = ContinuedTask(
                        title: try c.string("title"), subtitle: try c.optionalString("subtitle"),
                        strategy: try c.choice("strategy", ContinuedTask.Strategy.self), requiresGPU: try c.bool("requiresGPU"),
                        order: try c.int("order"))
                    continued.status = try c.choice("status", ContinuedTask.Status.self)
                    continued.completed = try c.int("completed")
                    continued.total = try c.int("total")
                    continued.startedAt = try c.optionalInt("startedAt")
                    continued.progressAt = try c.optionalInt("progressAt")
                    return continued
                })
        }
        instance.silentPushTimes = try (r.value("silentPushTimes")?.arrayValue ?? []).map { value in
            guard let time = value.int64Value else { throw Malformed(description: "bad silentPushTimes") }
            return time
        }
        instance.scenes = try r.optionalObjects("scenes").map { scene in
            SceneSession(
                id: try scene.string("id"), session: try scene.string("session"),
                activationState: try scene.choice("activationState", SceneActivationState.self),
                stateRestorationActivity: scene.value("stateRestorationActivity"), ui: scene.value("ui"))
        }
        if r.value("nextSceneNumber") != nil {
            instance.nextSceneNumber = Int(try r.int("nextSceneNumber"))
            instance.discardedSessions = try r.strings("discardedSessions")
        }
        return instance
    }

    /// The lifecycle from its flat fields: each stage takes what it holds from them (the others are null or empty).
    static func decodeLifecycle(_ r: Reader) throws -> Lifecycle {
        func tasks() throws -> [BackgroundTask] {
            try r.objects("backgroundTasks").map { task in
                BackgroundTask(id: Int(try task.int("id")), name: try task.optionalString("name"), beganAt: try task.int("beganAt"),
                               endsAt: try task.optionalInt("endsAt"))
            }
        }
        func work() throws -> BackgroundWork? {
            guard let work = try r.optionalObject("work") else { return nil }
            return BackgroundWork(
                kind: try work.choice("kind", BackgroundWork.Kind.self), identifier: try work.optionalString("identifier"),
                startedAt: try work.int("startedAt"),
                completesAt: try work.optionalInt("completesAt"), deadline: try work.optionalInt("deadline"))
        }
        switch try r.choice("state", LifecycleState.self) {
        case .notRunning:
            return .notRunning
        case .inactive:
            let interruption = try r.optionalString("interruption").flatMap(Interruption.init(rawValue:))
            return .inactive(interruption: interruption, tasks: try tasks(), work: try work())
        case .active:
            return .active(tasks: try tasks(), work: try work())
        case .background:
            return .background(
                since: try r.optionalInt("backgroundSince"), suspendAt: try r.optionalInt("suspendAt"), tasks: try tasks(),
                work: try work())
        case .suspended:
            return .suspended(pending: try r.objects("pendingNotifications").map { item in
                PendingNotification(
                    type: try item.string("type"), name: try item.string("name"), kind: try item.choice("kind", CallbackKind.self),
                    notification: try item.optionalString("notification"), args: item.value("args") ?? [:],
                    postedAt: try item.int("postedAt"))
            })
        }
    }

    static func decodeInfo(_ r: Reader) throws -> AppInfo {
        var info = AppInfo(bundleId: try r.string("bundleId"))
        info.backgroundModes = try r.strings("backgroundModes").compactMap(BackgroundMode.init(rawValue:))
        info.exitsOnSuspend = try r.bool("exitsOnSuspend")
        info.urlSchemes = try r.strings("urlSchemes")
        info.stateRestoration = try r.bool("stateRestoration")
        info.dataProtection = try r.bool("dataProtection")
        info.memoryMB = Int(try r.int("memoryMB"))
        info.backgroundMemoryMB = Int(try r.int("backgroundMemoryMB"))
        info.taskIdentifiers = r.value("taskIdentifiers") == nil ? [] : try r.strings("taskIdentifiers")
        info.userNotifications = try r.value("userNotifications") == nil ? false : r.bool("userNotifications")
        if let scenes = try r.optionalObject("scenes") { info.scenes = SceneManifest(supportsMultiple: try scenes.bool("supportsMultiple")) }
        // Apps stored before SDK versions were recorded were built with the default SDK.
        if let text = try r.optionalString("sdkVersion") {
            guard let version = OSVersion(text) else { throw Malformed(description: "bad sdkVersion") }
            info.sdkVersion = version
        }
        if let ui = try r.optionalString("ui") {
            guard let value = AppUI(rawValue: ui) else { throw Malformed(description: "bad ui") }
            info.ui = value
        }
        return info
    }

    static func decodeBehavior(_ r: Reader) throws -> AppBehavior {
        var behavior = AppBehavior()
        behavior.launchMillis = try r.int("launchMillis")
        behavior.backgroundMillis = try r.int("backgroundMillis")
        behavior.terminateMillis = try r.int("terminateMillis")
        behavior.saveOn = try r.strings("saveOn").compactMap(SaveMoment.init(rawValue:))
        behavior.backgroundTaskMillis = try r.int("backgroundTaskMillis")
        behavior.endsTaskOnExpiration = try r.bool("endsTaskOnExpiration")
        behavior.fetchResult = try r.choice("fetchResult", FetchCompletion.self)
        behavior.fetchMillis = try r.int("fetchMillis")
        behavior.opensURLs = try r.bool("opensURLs")
        behavior.minimumFetchInterval = try r.interval("minimumFetchInterval")
        if let task = r.value("taskMillis") { behavior.taskMillis = task.stringValue == "manual" ? nil : try r.int("taskMillis") }
        behavior.taskSuccess = try r.value("taskSuccess") == nil ? true : r.bool("taskSuccess")
        if r.value("presentationOptions") != nil {
            behavior.presentationOptions = try r.strings("presentationOptions").compactMap(PresentationOption.init(rawValue:))
        }
        return behavior
    }

    // MARK: Device

    static func encode(_ device: Device) -> [UInt8] {
        var w = JSONWriter(capacity: 512)
        w.beginObject()
        w.field("id", device.id)
        w.field("osVersion", device.osVersion.description)
        w.field("memoryMB", device.memoryMB)
        w.field("passcode", device.passcode)
        w.key("clock")
        w.beginObject()
        w.field("mode", device.clock.mode.rawValue)
        w.field("speed", device.clock.speed)
        w.endObject()
        w.key("limits")
        w.beginObject()
        w.field("suspendDelayMillis", device.limits.suspendDelayMillis)
        w.field("backgroundTaskMillis", device.limits.backgroundTaskMillis)
        w.field("launchMillis", device.limits.launchMillis)
        w.field("backgroundMillis", device.limits.backgroundMillis)
        w.field("terminateMillis", device.limits.terminateMillis)
        w.field("fetchMillis", device.limits.fetchMillis)
        let defaults = DeviceLimits()
        if device.limits.appRefreshTaskMillis != defaults.appRefreshTaskMillis {
            w.field("appRefreshTaskMillis", device.limits.appRefreshTaskMillis)
        }
        if device.limits.processingTaskMillis != defaults.processingTaskMillis {
            w.field("processingTaskMillis", device.limits.processingTaskMillis)
        }
        if let budget = device.limits.backgroundPushesPerHour { w.field("backgroundPushesPerHour", Int64(budget)) }
        if device.limits.continuedProcessingTasks != defaults.continuedProcessingTasks {
            w.field("continuedProcessingTasks", Int64(device.limits.continuedProcessingTasks))
        }
        if device.limits.continuedProcessingStallMillis != defaults.continuedProcessingStallMillis {
            w.field("continuedProcessingStallMillis", device.limits.continuedProcessingStallMillis)
        }
        w.endObject()
        w.key("labels")
        w.beginObject()
        for key in device.labels.keys.sorted() { w.key(key); w.string(device.labels[key]!) }
        w.endObject()
        w.field("locked", device.locked)
        w.field("orientation", device.orientation)
        if device.batteryState != "unknown" { w.field("batteryState", device.batteryState) }
        if device.appSwitcherOpen { w.field("appSwitcher", true) }
        if device.supportsBackgroundGPU { w.field("supportsBackgroundGPU", true) }
        w.field("nowMillis", device.nowMillis)
        w.field("wallAnchorMillis", device.wallAnchorMillis)
        w.field("createdAtWallMillis", device.createdAtWallMillis)
        w.field("eventSeq", device.eventSeq)
        w.field("nextInstanceNumber", device.nextInstanceNumber)
        w.field("foregroundBeforeLock", device.foregroundBeforeLock)
        w.key("call")
        if let call = device.call {
            w.beginObject()
            w.field("instance", call.instance)
            w.field("answered", call.answered)
            w.endObject()
        } else {
            w.null()
        }
        w.endObject()
        return w.bytes
    }

    static func decodeDevice(_ bytes: [UInt8]) throws -> Device {
        let r = try Reader(bytes)
        var device = Device(id: try r.string("id"))
        guard let version = OSVersion(try r.string("osVersion")) else { throw Malformed(description: "bad osVersion") }
        device.osVersion = version
        device.memoryMB = Int(try r.int("memoryMB"))
        device.passcode = try r.bool("passcode")
        let clock = try r.object("clock")
        device.clock = DeviceClock(mode: try clock.choice("mode", DeviceClock.Mode.self), speed: try clock.double("speed"))
        let limits = try r.object("limits")
        device.limits.suspendDelayMillis = try limits.int("suspendDelayMillis")
        device.limits.backgroundTaskMillis = try limits.optionalInt("backgroundTaskMillis")
        device.limits.launchMillis = try limits.int("launchMillis")
        device.limits.backgroundMillis = try limits.int("backgroundMillis")
        device.limits.terminateMillis = try limits.int("terminateMillis")
        device.limits.fetchMillis = try limits.int("fetchMillis")
        device.limits.appRefreshTaskMillis = try limits.optionalInt("appRefreshTaskMillis") ?? device.limits.appRefreshTaskMillis
        device.limits.processingTaskMillis = try limits.optionalInt("processingTaskMillis") ?? device.limits.processingTaskMillis
        device.limits.backgroundPushesPerHour = try limits.optionalInt("backgroundPushesPerHour").map { Int($0) }
        device.limits.continuedProcessingTasks = try limits.optionalInt("continuedProcessingTasks").map { Int($0) } ?? device.limits.continuedProcessingTasks
        device.limits.continuedProcessingStallMillis = try limits.optionalInt("continuedProcessingStallMillis") ?? device.limits.continuedProcessingStallMillis
        for (key, value) in try r.object("labels").object { device.labels[key] = value.stringValue ?? "" }
        device.orientation = try r.string("orientation")
        device.batteryState = try r.optionalString("batteryState") ?? device.batteryState
        device.appSwitcherOpen = try r.value("appSwitcher") == nil ? false : r.bool("appSwitcher")
        device.supportsBackgroundGPU = try r.value("supportsBackgroundGPU") == nil ? false : r.bool("supportsBackgroundGPU")
        device.nowMillis = try r.int("nowMillis")
        device.wallAnchorMillis = try r.int("wallAnchorMillis")
        device.createdAtWallMillis = try r.int("createdAtWallMillis")
        device.eventSeq = try r.int("eventSeq")
        device.nextInstanceNumber = Int(try r.int("nextInstanceNumber"))
        let foregroundBeforeLock = try r.optionalString("foregroundBeforeLock")
        device.lock = try r.bool("locked") ? .locked(foregroundBeforeLock: foregroundBeforeLock) : .unlocked
        if let call = try r.optionalObject("call") {
            device.call = PhoneCall(instance: try call.string("instance"), answered: try call.bool("answered"))
        }
        return device
    }

    // MARK: Reading

    /// Typed access to a stored object's fields; a missing or mistyped field is a `Malformed` record.
    struct Reader {
        let object: JSONObject

        init(_ bytes: [UInt8]) throws {
            guard case .object(let object) = try JSONValue.parse(bytes, maxDepth: Records.maxDepth) else {
                throw Malformed(description: "not an object")
            }
            self.object = object
        }

        init(object: JSONObject) { self.object = object }

        func fail(_ key: String, _ expected: String) -> Malformed { Malformed(description: "field '\(key)' is not \(expected)") }

        func value(_ key: String) -> JSONValue? {
            guard let value = object[key], !value.isNull else { return nil }
            return value
        }

        func string(_ key: String) throws -> String {
            guard let string = object[key]?.stringValue else { throw fail(key, "a string") }
            return string
        }

        func optionalString(_ key: String) throws -> String? {
            guard let value = value(key) else { return nil }
            guard let string = value.stringValue else { throw fail(key, "a string") }
            return string
        }

        func double(_ key: String) throws -> Double {
            guard let number = object[key]?.doubleValue else { throw fail(key, "a number") }
            return number
        }

        func int(_ key: String) throws -> Int64 {
            guard let value = object[key] else { throw fail(key, "a number") }
            return try int(value, key)
        }

        func optionalInt(_ key: String) throws -> Int64? {
            guard let value = value(key) else { return nil }
            return try int(value, key)
        }

        /// A whole number exactly; any other stored number is cut to one, as it always was.
        private func int(_ value: JSONValue, _ key: String) throws -> Int64 {
            if let integer = value.int64Value { return integer }
            guard let number = value.doubleValue else { throw fail(key, "a number") }
            return Int64(number)
        }

        func bool(_ key: String) throws -> Bool {
            guard let bool = object[key]?.boolValue else { throw fail(key, "a boolean") }
            return bool
        }

        func object(_ key: String) throws -> Reader {
            guard let object = object[key]?.objectValue else { throw fail(key, "an object") }
            return Reader(object: object)
        }

        func optionalObject(_ key: String) throws -> Reader? {
            guard let value = value(key) else { return nil }
            guard let object = value.objectValue else { throw fail(key, "an object") }
            return Reader(object: object)
        }

        func array(_ key: String) throws -> [JSONValue] {
            guard case .array(let array) = object[key] else { throw fail(key, "an array") }
            return array
        }

        /// The objects of an array that later rows have and older ones lack (none).
        func optionalObjects(_ key: String) throws -> [Reader] {
            value(key) == nil ? [] : try objects(key)
        }

        func objects(_ key: String) throws -> [Reader] {
            try array(key).map { element in
                guard let object = element.objectValue else { throw fail(key, "an array of objects") }
                return Reader(object: object)
            }
        }

        func strings(_ key: String) throws -> [String] {
            try array(key).map { element in
                guard let string = element.stringValue else { throw fail(key, "an array of strings") }
                return string
            }
        }

        func choice<T: RawRepresentable<String>>(_ key: String, _ type: T.Type) throws -> T {
            guard let value = T(rawValue: try string(key)) else { throw fail(key, "a known \(T.self)") }
            return value
        }

        func interval(_ key: String) throws -> FetchInterval {
            if object[key]?.stringValue == "never" { return .never }
            return .millis(try int(key))
        }
    }
}
