import AppSimJSON

/// The event vocabulary, declared once (docs/architecture.md, Adding an event type): every type a client may post,
/// in the order openapi.yaml lists them. Request decoding, its `422`s, `allowedEvents`, the CLI's help and
/// completions and the dashboard's forms are made from it; `OpenAPIVocabularyTests` compares openapi.yaml with it.
extension Event {
    public static let vocabulary: [EventType] = appEvents + appActions + deviceEvents

    /// The type a body posted to an instance (`toInstance`) or to a device names; `nil` for none. `memoryWarning` is
    /// an app event posted to an instance and a device event posted to a device.
    public static func type(named name: String, toInstance: Bool) -> EventType? {
        toInstance ? typesForInstances[name] : typesForDevices[name]
    }

    /// The names of the types of `scope`, in order.
    public static func names(_ scope: EventType.Scope) -> [String] {
        vocabulary.filter { $0.scope == scope }.map(\.name)
    }

    /// The names an instance takes, in order, each once.
    public static var namesForInstances: [String] {
        var seen = Set<String>()
        return vocabulary.map(\.name).filter { seen.insert($0).inserted }
    }

    private static let typesForInstances: [String: EventType] = Dictionary(
        vocabulary.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    private static let typesForDevices: [String: EventType] = Dictionary(
        uniqueKeysWithValues: deviceEvents.map { ($0.name, $0) })

    private static let appEvents: [EventType] = [
        EventType("launch", .appEvent, since: OSVersion(3), "The user taps the app's icon: a launch, or a return to the foreground.") { _ in .app(.launch) },
        EventType("home", .appEvent, since: OSVersion(3), "The user presses Home while the app is in the foreground.") { _ in .app(.home) },
        EventType("openURL", .appEvent, since: OSVersion(3), "A URL is opened with the app; its scheme must be one of info.urlSchemes.", fields: [
            EventField("url", .uri, required: true, refersTo: .urlScheme, example: "notes://item/1", "An absolute URI with one of the app's schemes."),
            EventField("sourceApplication", .string, example: "com.apple.mobilesafari", "The bundle id of the app that opened the URL."),
        ]) { a in .app(.openURL(url: a.string("url") ?? "", sourceApplication: a.string("sourceApplication"))) },
        EventType("push", .appEvent, since: OSVersion(3), "A remote notification arrives (an APNs payload, at most 4096 bytes).", fields: [
            EventField("payload", .object(.whole), required: true, example: ["aps": ["alert": "Hello"]], sample: ["aps": ["alert": "sample"]], "An APNs payload with an 'aps' object."),
        ]) { a throws(EventFieldProblem) in
            let payload = a["payload"] ?? [:]
            guard case .object = payload["aps"] else {
                throw EventFieldProblem("payload", "must have an 'aps' object, as APNs payloads do: {\"aps\": {\"alert\": \"Hi\"}}")
            }
            let size = payload.jsonBytes.count
            guard size <= AppEvent.maxPushPayloadBytes else {
                throw EventFieldProblem("payload", "is \(size) bytes; APNs payloads are at most \(AppEvent.maxPushPayloadBytes) bytes")
            }
            return .app(.push(payload: payload))
        },
        EventType("tapNotification", .appEvent, since: OSVersion(3), "The user taps the app's shown notification.") { _ in .app(.tapNotification) },
        EventType("backgroundFetch", .appEvent, since: OSVersion(7), "The system runs a background fetch.") { _ in .app(.backgroundFetch) },
        EventType("incomingCall", .appEvent, since: OSVersion(3), "A phone call rings over the active app.") { _ in .app(.incomingCall) },
        EventType("answerCall", .appEvent, since: OSVersion(3), "The user answers the call ringing over the app.") { _ in .app(.answerCall) },
        EventType("declineCall", .appEvent, since: OSVersion(3), "The user declines the call ringing over the app.") { _ in .app(.declineCall) },
        EventType("endCall", .appEvent, since: OSVersion(3), "The answered call that came over this app ends.") { _ in .app(.endCall) },
        EventType("alert", .appEvent, since: OSVersion(3), "A system alert appears over the active app.") { _ in .app(.alert) },
        EventType("dismissAlert", .appEvent, since: OSVersion(3), "The user dismisses the alert over the app.") { _ in .app(.dismissAlert) },
        EventType("notificationCenter", .appEvent, since: OSVersion(5), "The user pulls down the notification center over the active app.") { _ in .app(.notificationCenter) },
        EventType("dismissNotificationCenter", .appEvent, since: OSVersion(5), "The user puts the notification center away.") { _ in .app(.dismissNotificationCenter) },
        EventType("memoryWarning", .appEvent, since: OSVersion(3), "This app alone gets a memory warning.") { _ in .app(.memoryWarning) },
        EventType("forceQuit", .appEvent, since: OSVersion(4), "The user swipes the app away in the app switcher.") { _ in .app(.forceQuit) },
        EventType("terminate", .appEvent, since: OSVersion(3), "The system terminates the app.") { _ in .app(.terminate) },
        EventType("crash", .appEvent, since: OSVersion(3), "The app crashes, running or (duringLaunch) while launching.", fields: [
            EventField("duringLaunch", .boolean, default: false, tellsFormsApart: true, "Crash while launching an app that is not running."),
        ]) { a in .app(.crash(duringLaunch: a.bool("duringLaunch") ?? false)) },
        EventType("openScene", .appEvent, since: OSVersion(13), "The user opens another window of the active scene app (iPad).") { _ in .app(.openScene) },
        EventType("closeScene", .appEvent, since: OSVersion(13), "The user closes one window: its scene and session go.", fields: [
            EventField("scene", .string, required: true, refersTo: .scene, example: "d5k657qn.1.s1", "A scene id of the instance's scenes."),
        ]) { a in .app(.closeScene(scene: a.string("scene") ?? "")) },
        EventType("disconnectScene", .appEvent, since: OSVersion(13), "The system reclaims a background scene; its session stays.", fields: [
            EventField("scene", .string, required: true, refersTo: .scene, example: "d5k657qn.1.s1", "A scene id of the instance's scenes."),
        ]) { a in .app(.disconnectScene(scene: a.string("scene") ?? "")) },
        EventType("cancelTask", .appEvent, since: OSVersion(26), "The person taps cancel in a continued task's Live Activity: it expires.", fields: [
            EventField("identifier", .string, required: true, refersTo: .taskRequest, example: "com.example.news.export.1", "The running continued task."),
        ]) { a in .app(.cancelTask(identifier: a.string("identifier") ?? "")) },
    ]

    private static let appActions: [EventType] = [
        EventType("edit", .appAction, since: OSVersion(3), "The running app changes its in-memory data (memory) or UI state (ui).", fields: [
            EventField("memory", .object(.members), example: ["draft": "hello"], sample: [:], "Keys to set in data.memory (null removes one)."),
            EventField("ui", .value, example: ["screen": "editor"], "The UI state to preserve (any JSON; null removes it)."),
            EventField("scene", .string, refersTo: .scene, example: "d5k657qn.1.s1", "The scene whose UI state ui is (a scene app's)."),
        ]) { a throws(EventFieldProblem) in
            // A null `ui` is given: it removes the UI state.
            let ui = a.body["ui"]
            let memory = a.object("memory")
            guard memory != nil || ui != nil else {
                throw EventFieldProblem("memory", "or 'ui' must be given: edit changes the app's in-memory data")
            }
            return .action(.edit(memory: memory, ui: ui, scene: a.string("scene")))
        },
        EventType("beginBackgroundTask", .appAction, since: OSVersion(4), "The running app begins a background task.", fields: [
            EventField("name", .string, example: "upload", "The task's name."),
        ]) { a in .action(.beginBackgroundTask(name: a.string("name"))) },
        EventType("endBackgroundTask", .appAction, since: OSVersion(4), "The app ends one of its background tasks.", fields: [
            EventField("taskId", .integer(1...Int(Int32.max)), required: true, refersTo: .backgroundTask, "The id of one of the instance's backgroundTasks."),
        ]) { a in .action(.endBackgroundTask(taskId: a.integer("taskId") ?? 0)) },
        EventType("completeFetch", .appAction, since: OSVersion(7), "The app completes its background fetch or silent push.", fields: [
            EventField("result", .choice(FetchResult.allCases.map(\.rawValue)), required: true, sample: "newData", "What the fetch got."),
        ]) { a in .action(.completeFetch(result: a.choice("result", FetchResult.self) ?? .noData)) },
        EventType("setMinimumFetchInterval", .appAction, since: OSVersion(7), "The running app sets its minimum background fetch interval.", fields: [
            EventField("seconds", .fetchInterval, required: true, example: 0, sample: "never", "Seconds, or \"never\"."),
        ]) { a in .action(.setMinimumFetchInterval(a.fetchInterval("seconds") ?? .never)) },
        EventType("submitTask", .appAction, since: OSVersion(13), "The running app submits a BGTaskScheduler request.", fields: [
            EventField("identifier", .string, required: true, refersTo: .taskIdentifier, example: "com.example.news.refresh", "One of the app's info.taskIdentifiers (a continued task may match an entry ending in .*)."),
            EventField("kind", .choice(TaskKind.allCases.map(\.rawValue)), required: true, "appRefresh, processing, or continuedProcessing (iOS 26)."),
            EventField("earliestBeginSeconds", .seconds(DeviceEvent.taskDelayMillisRange), default: 0, "Earliest begin, in seconds from now (appRefresh and processing)."),
            EventField("requiresExternalPower", .boolean, default: false, "Runs only while charging (processing tasks)."),
            EventField("title", .string, example: "Exporting video", "What the Live Activity says (continuedProcessing; required there)."),
            EventField("subtitle", .string, example: "3 clips", "A second line for the Live Activity (continuedProcessing)."),
            EventField("strategy", .choice(ContinuedTask.Strategy.allCases.map(\.rawValue)), default: "queue", "With no room: wait (queue) or be refused (fail) (continuedProcessing)."),
            EventField("requiresGPU", .boolean, default: false, "Needs the GPU in the background, which the device must support (continuedProcessing)."),
        ]) { a throws(EventFieldProblem) in
            let kind = a.choice("kind", TaskKind.self) ?? .appRefresh
            let power = a.bool("requiresExternalPower") ?? false
            guard !power || kind == .processing else {
                throw EventFieldProblem("requiresExternalPower", "applies to a processing task only (BGProcessingTaskRequest)")
            }
            let identifier = a.string("identifier") ?? ""
            guard kind == .continuedProcessing else {
                for field in ["title", "subtitle", "strategy", "requiresGPU"] where a.body[field].map({ !$0.isNull }) == true {
                    throw EventFieldProblem(field, "applies to a continuedProcessing task only (BGContinuedProcessingTaskRequest)")
                }
                return .action(.submitTask(
                    identifier: identifier, kind: kind, earliestBeginMillis: a.millis("earliestBeginSeconds") ?? 0,
                    requiresExternalPower: power))
            }
            guard a.body["earliestBeginSeconds"].map({ $0.isNull }) ?? true else {
                throw EventFieldProblem("earliestBeginSeconds", "does not apply to a continuedProcessing task, which starts when submitted or when room frees")
            }
            guard let title = a.string("title"), !title.isEmpty else {
                throw EventFieldProblem("title", "is required for a continuedProcessing task: its Live Activity shows it")
            }
            return .action(.submitContinuedTask(
                identifier: identifier, title: title, subtitle: a.string("subtitle"),
                strategy: a.choice("strategy", ContinuedTask.Strategy.self) ?? .queue, requiresGPU: a.bool("requiresGPU") ?? false))
        },
        EventType("completeTask", .appAction, since: OSVersion(13), "The app calls setTaskCompleted(success:) for the task it runs.", fields: [
            EventField("success", .boolean, default: true, example: true, "Whether the task succeeded."),
            EventField("identifier", .string, refersTo: .taskRequest, example: "com.example.news.export.1", "The continued task to complete, when the app runs more than one."),
        ]) { a in .action(.completeTask(success: a.bool("success") ?? true, identifier: a.string("identifier"))) },
        EventType("reportProgress", .appAction, since: OSVersion(26), "The app reports its continued task's progress, which its Live Activity shows.", fields: [
            EventField("identifier", .string, required: true, refersTo: .taskRequest, example: "com.example.news.export.1", "The running continued task."),
            EventField("completed", .integer(0...1_000_000_000), required: true, example: 3, "Units done."),
            EventField("total", .integer(1...1_000_000_000), required: true, example: 10, "Units in all."),
        ]) { a throws(EventFieldProblem) in
            let completed = Int64(a.integer("completed") ?? 0), total = Int64(a.integer("total") ?? 1)
            guard completed <= total else { throw EventFieldProblem("completed", "is more than total (\(completed) of \(total))") }
            return .action(.reportProgress(identifier: a.string("identifier") ?? "", completed: completed, total: total))
        },
        EventType("updateTitle", .appAction, since: OSVersion(26), "The app changes what its continued task's Live Activity says.", fields: [
            EventField("identifier", .string, required: true, refersTo: .taskRequest, example: "com.example.news.export.1", "The continued task."),
            EventField("title", .string, required: true, example: "Exporting 2 videos", "The new title."),
            EventField("subtitle", .string, example: "almost done", "The new second line."),
        ]) { a throws(EventFieldProblem) in
            guard let title = a.string("title"), !title.isEmpty else { throw EventFieldProblem("title", "must not be empty") }
            return .action(.updateTitle(identifier: a.string("identifier") ?? "", title: title, subtitle: a.string("subtitle")))
        },
    ]

    private static let deviceEvents: [EventType] = [
        EventType("lock", .deviceEvent, since: OSVersion(3), "The user locks the device.") { _ in .device(.lock) },
        EventType("unlock", .deviceEvent, since: OSVersion(3), "The user unlocks the device.") { _ in .device(.unlock) },
        EventType("reboot", .deviceEvent, since: OSVersion(3), "The device restarts: every app ends, with no callback.") { _ in .device(.reboot) },
        EventType("appSwitcher", .deviceEvent, since: OSVersion(4), "The user opens the app switcher: the app in front resigns active.") { _ in .device(.appSwitcher) },
        EventType("dismissAppSwitcher", .deviceEvent, since: OSVersion(4), "The user taps the card of the app in front: it becomes active again.") { _ in .device(.dismissAppSwitcher) },
        EventType("memoryPressure", .deviceEvent, since: OSVersion(3), "The system frees memory (every suspended app, or until freeMB are free).", fields: [
            EventField("freeMB", .integer(DeviceEvent.freeMBRange), "Free at least this many MB."),
        ]) { a in .device(.memoryPressure(freeMB: a.integer("freeMB"))) },
        EventType("memoryWarning", .deviceEvent, since: OSVersion(3), "Every running app gets a memory warning.") { _ in .device(.memoryWarning) },
        EventType("advanceClock", .deviceEvent, since: OSVersion(3), "Moves the device clock forward; timers that fall due fire.", fields: [
            EventField("seconds", .seconds(DeviceEvent.advanceMillisRange), required: true, example: 6, sample: 0.001, "Seconds (fractions allowed)."),
        ]) { a in .device(.advanceClock(millis: a.millis("seconds") ?? 1)) },
        EventType("runTask", .deviceEvent, since: OSVersion(13), "The system runs an app's scheduled task.", fields: [
            EventField("identifier", .string, required: true, refersTo: .taskRequest, example: "com.example.news.refresh", "The identifier of a pending task request."),
        ]) { a in .device(.runTask(identifier: a.string("identifier") ?? "")) },
        notification(.orientation, "The device turns.", fields: [
            EventField("value", .choice(DeviceNotification.orientations), required: true, "The new UIDeviceOrientation."),
        ]),
        notification(.timeChange, "A significant time change (midnight, a time zone)."),
        notification(.battery, "The battery's level or state changes.", fields: [
            EventField("level", .number(DeviceNotification.batteryLevelRange), example: 0.2, sample: 0.2, "The level, from 0 to 1."),
            EventField("state", .choice(DeviceNotification.batteryStates), "The UIDeviceBatteryState."),
        ]) { a throws(EventFieldProblem) in
            guard a.number("level") != nil || a.string("state") != nil else { throw EventFieldProblem("level", "or 'state' must be given") }
        },
        notification(.proximity, "Something comes near the proximity sensor, or goes.", fields: [
            EventField("near", .boolean, required: true, sample: true, "Whether something is near."),
        ]),
        notification(.accessory, "An accessory connects or disconnects.", fields: [
            EventField("connected", .boolean, required: true, example: true, "Whether it connected."),
        ]),
        notification(.display, "An external display connects or disconnects.", since: OSVersion(3, 2), fields: [
            EventField("connected", .boolean, required: true, example: true, "Whether it connected."),
        ]),
        notification(.screenMode, "The screen's mode changes.", since: OSVersion(3, 2), fields: [
            EventField("value", .string, required: true, example: "1170x2532", "The new mode."),
        ]),
        notification(.settings, "The app's settings change (NSUserDefaults).", fields: [
            EventField("changes", .object(.whole), required: true, example: ["darkMode": true], sample: [:], "The changed settings."),
        ]),
        notification(.locale, "The user changes the locale.", fields: [
            EventField("value", .string, required: true, example: "fr_FR", "The new locale identifier."),
        ]),
        notification(.iCloudAccount, "The iCloud account changes.", since: OSVersion(6)),
    ]

    /// A device event that posts a system notification carrying the fields given; `check` refuses fields that do
    /// not go together.
    private static func notification(
        _ kind: DeviceNotification.Kind, _ summary: String, since: OSVersion = OSVersion(3), fields: [EventField] = [],
        check: @escaping @Sendable (EventArguments) throws(EventFieldProblem) -> Void = { _ in }
    ) -> EventType {
        EventType(kind.rawValue, .deviceEvent, since: since, summary, fields: fields) { a throws(EventFieldProblem) in
            try check(a)
            return .device(.notification(DeviceNotification(kind: kind, value: a.given)))
        }
    }
}

// Each case's name in the vocabulary; `VocabularyTests` checks that each type makes an event of its own name.
extension AppEvent {
    public var type: String {
        switch self {
        case .launch: "launch"
        case .home: "home"
        case .openURL: "openURL"
        case .push: "push"
        case .tapNotification: "tapNotification"
        case .backgroundFetch: "backgroundFetch"
        case .incomingCall: "incomingCall"
        case .answerCall: "answerCall"
        case .declineCall: "declineCall"
        case .endCall: "endCall"
        case .alert: "alert"
        case .dismissAlert: "dismissAlert"
        case .notificationCenter: "notificationCenter"
        case .dismissNotificationCenter: "dismissNotificationCenter"
        case .memoryWarning: "memoryWarning"
        case .forceQuit: "forceQuit"
        case .terminate: "terminate"
        case .crash: "crash"
        case .openScene: "openScene"
        case .closeScene: "closeScene"
        case .disconnectScene: "disconnectScene"
        case .cancelTask: "cancelTask"
        }
    }
}

extension AppAction {
    public var type: String {
        switch self {
        case .edit: "edit"
        case .beginBackgroundTask: "beginBackgroundTask"
        case .endBackgroundTask: "endBackgroundTask"
        case .completeFetch: "completeFetch"
        case .setMinimumFetchInterval: "setMinimumFetchInterval"
        case .submitTask, .submitContinuedTask: "submitTask"
        case .completeTask: "completeTask"
        case .reportProgress: "reportProgress"
        case .updateTitle: "updateTitle"
        }
    }
}

extension DeviceEvent {
    public var type: String {
        switch self {
        case .lock: "lock"
        case .unlock: "unlock"
        case .reboot: "reboot"
        case .appSwitcher: "appSwitcher"
        case .dismissAppSwitcher: "dismissAppSwitcher"
        case .memoryPressure: "memoryPressure"
        case .memoryWarning: "memoryWarning"
        case .advanceClock: "advanceClock"
        case .notification(let notification): notification.kind.rawValue
        case .timers: "timers"
        case .runTask: "runTask"
        }
    }
}
