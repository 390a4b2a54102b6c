import AppSimCore
import AppSimJSON

/// Core values with every stored property set to something other than a blank value's, the fixtures of the round
/// trips through the store's rows and the API's JSON: a property a codec drops or misreads then comes back different.
/// `unset(in:)` holds each fixture to it, so that a property added to the Core fails those round trips until it is
/// set here and written and read by every codec.
public enum FullyPopulated {
    /// Canonical as an install request leaves it: modes sorted, schemes lowercased, identifiers unique.
    public static let info: AppInfo = {
        var info = AppInfo(bundleId: "com.example.full")
        info.backgroundModes = [.audio, .fetch, .processing, .remoteNotification]
        info.exitsOnSuspend = true
        info.urlSchemes = ["full", "full-x"]
        info.stateRestoration = true
        info.dataProtection = true
        info.scenes = SceneManifest(supportsMultiple: true)
        info.userNotifications = true
        info.taskIdentifiers = ["com.example.full.refresh", "com.example.full.clean"]
        info.memoryMB = 300
        info.sdkVersion = OSVersion(27, 1)
        info.ui = .swiftui
        info.backgroundMemoryMB = 90
        return info
    }()

    /// Durations in whole milliseconds, as seconds on the wire bring them back; lists in the order a request leaves them.
    public static let behavior: AppBehavior = {
        var behavior = AppBehavior()
        behavior.launchMillis = 1_250
        behavior.backgroundMillis = 250
        behavior.terminateMillis = 300
        behavior.saveOn = [.terminate]
        behavior.backgroundTaskMillis = 12_500
        behavior.endsTaskOnExpiration = false
        behavior.fetchResult = .manual
        behavior.fetchMillis = 3_000
        behavior.opensURLs = false
        behavior.minimumFetchInterval = .millis(900_000)
        behavior.taskMillis = 2_500
        behavior.taskSuccess = false
        behavior.presentationOptions = [.banner, .sound]
        return behavior
    }()

    public static let limits: DeviceLimits = {
        var limits = DeviceLimits()
        limits.suspendDelayMillis = 2_500
        limits.backgroundTaskMillis = 45_000
        limits.launchMillis = 10_000
        limits.backgroundMillis = 4_000
        limits.terminateMillis = 3_000
        limits.fetchMillis = 20_000
        limits.appRefreshTaskMillis = 25_000
        limits.processingTaskMillis = 200_000
        limits.backgroundPushesPerHour = 6
        limits.continuedProcessingTasks = 2
        limits.continuedProcessingStallMillis = 45_000
        return limits
    }()

    /// A realtime clock, the one whose speed the API shows; `manualClock` is the other mode.
    public static let clock = DeviceClock(mode: .realtime, speed: 2.5)
    public static let manualClock = DeviceClock(mode: .manual, speed: 2.5)

    public static let device: Device = {
        var device = Device(id: "dfull")
        device.osVersion = OSVersion(16, 4, 1)
        device.memoryMB = 3_000
        device.passcode = false
        device.clock = clock
        device.limits = limits
        device.labels = ["suite": "shapes", "owner": ""]
        device.lock = .locked(foregroundBeforeLock: "dfull.3")
        device.orientation = "landscapeLeft"
        device.batteryState = "charging"
        device.nowMillis = 7_000
        device.wallAnchorMillis = 1_700_000_007_000
        device.createdAtWallMillis = 1_700_000_000_000
        device.eventSeq = 9
        device.nextInstanceNumber = 4
        device.call = PhoneCall(instance: "dfull.3", answered: true)
        device.appSwitcherOpen = true
        device.supportsBackgroundGPU = true
        return device
    }()

    public static let task = BackgroundTask(id: 2, name: "upload", beganAt: 6_000, endsAt: 8_000)
    public static let work = BackgroundWork(
        kind: .appRefresh, identifier: "com.example.full.refresh", startedAt: 6_000, completesAt: 7_000, deadline: 36_000)
    public static let pending = PendingNotification(
        type: "locale", name: "NSCurrentLocaleDidChangeNotification", kind: .notification,
        notification: "NSCurrentLocaleDidChangeNotification", args: ["value": "fr_FR"], postedAt: 6_500)

    /// Every stage of a life, each holding all it can.
    public static let lifecycles: [Lifecycle] = [
        .notRunning,
        .inactive(interruption: .call, tasks: [task], work: work),
        .active(tasks: [task], work: work),
        .background(since: 6_000, suspendAt: 11_000, tasks: [task], work: work),
        .suspended(pending: [pending]),
    ]

    /// In the background, the stage that holds the most.
    public static let instance: Instance = {
        var instance = Instance(id: "dfull.3", device: "dfull", number: 3, info: info, behavior: behavior, at: 0)
        instance.lifecycle = lifecycles[3]
        instance.launchCount = 4
        instance.forceQuit = true
        instance.nextTaskId = 3
        instance.shownNotification = ["aps": ["alert": "Hi"]]
        instance.memory = ["draft": "unsaved", "ui": ["tab": 2]]
        instance.disk = ["draft": "saved"]
        instance.restorationArchive = ["tab": 1]
        instance.minimumFetchInterval = .millis(600_000)
        var continued = ContinuedTask(title: "Exporting", subtitle: "2 clips", strategy: .fail, requiresGPU: true, order: 7)
        continued.status = .running
        continued.completed = 3
        continued.total = 10
        continued.startedAt = 5_000
        continued.progressAt = 6_000
        // The continued request first: FullyPopulated.unset looks at a collection's first element.
        instance.taskRequests = [
            TaskRequest(
                identifier: "com.example.full.export.1", kind: .continuedProcessing, earliestBeginAt: 5_000, requiresExternalPower: true,
                continued: continued),
            TaskRequest(identifier: "com.example.full.clean", kind: .processing, earliestBeginAt: 9_000, requiresExternalPower: true),
        ]
        instance.silentPushTimes = [4_000, 6_500]
        instance.scenes = [SceneSession(
            id: "dfull.3.s1", session: "S-1", activationState: .background, stateRestorationActivity: ["page": 2],
            ui: ["tab": 3])]
        instance.nextSceneNumber = 2
        instance.discardedSessions = ["S-0"]
        instance.nextSeq = 12
        instance.updatedAt = 7_000
        return instance
    }()

    // MARK: Every property set

    /// The properties of `info` (and of what it holds) left as a blank info has them, as `Type.property`.
    public static func unset(in info: AppInfo) -> [String] {
        unset(info, blank: AppInfo(bundleId: ""))
            + unset(info.scenes ?? SceneManifest(supportsMultiple: false), blank: SceneManifest(supportsMultiple: false))
    }

    public static func unset(in behavior: AppBehavior) -> [String] {
        unset(behavior, blank: AppBehavior())
    }

    /// A blank clock is a manual one here, as the realtime clock is the one that shows its speed.
    public static func unset(in device: Device) -> [String] {
        unset(device, blank: Device(id: ""))
            + unset(device.limits, blank: DeviceLimits())
            + unset(device.clock, blank: DeviceClock(mode: .manual))
            + unset(device.call ?? PhoneCall(instance: "", answered: false), blank: PhoneCall(instance: "", answered: false))
    }

    /// Also names each stage of a life `lifecycles` lacks.
    public static func unset(in instance: Instance) -> [String] {
        let blankTask = BackgroundTask(id: 0, name: nil, beganAt: 0, endsAt: nil)
        let blankWork = BackgroundWork(kind: .fetch, startedAt: 0, completesAt: nil, deadline: nil)
        let blankPending = PendingNotification(type: "", name: "", kind: .delegate, notification: nil, args: [:], postedAt: 0)
        let blankScene = SceneSession(id: "", session: "")
        let blankRequest = TaskRequest(identifier: "", kind: .appRefresh, earliestBeginAt: 0)
        let blank = Instance(id: "", device: "", number: 0, info: AppInfo(bundleId: ""), behavior: AppBehavior(), at: 0)
        let stages = Set(lifecycles.map(\.state))
        return unset(instance, blank: blank) + unset(in: instance.info) + unset(in: instance.behavior)
            + unset(instance.backgroundTasks.first ?? blankTask, blank: blankTask)
            + unset(instance.work ?? blankWork, blank: blankWork)
            + unset(lifecycles.lazy.flatMap(\.pending).first ?? blankPending, blank: blankPending)
            + unset(instance.scenes.first ?? blankScene, blank: blankScene)
            + unset(instance.taskRequests.first ?? blankRequest, blank: blankRequest)
            + LifecycleState.allCases.filter { !stages.contains($0) }.map { "Lifecycle.\($0)" }
    }

    /// What a test says when a fixture leaves `names` unset.
    public static func advice(_ names: [String]) -> String {
        "FullyPopulated (Tests/AppSimTestSupport) leaves \(names.joined(separator: ", ")) as a blank value has it: set it "
            + "there, and write and read it in every codec (the store's Records.swift, the API's Type+JSON.swift)"
    }

    /// What a test says when a reader ignores members its writer writes.
    public static func ignoredAdvice(_ paths: [String], by reader: String) -> String {
        "\(reader) does not read \(paths.joined(separator: ", ")), which its writer writes: read it, or stop writing it"
    }

    /// The stored properties of `value` equal to the same property of `blank`, as `Type.property`.
    static func unset<T>(_ value: T, blank: T) -> [String] {
        zip(Mirror(reflecting: value).children, Mirror(reflecting: blank).children).compactMap { set, unset in
            same(set.value, unset.value) ? "\(T.self).\(set.label ?? "?")" : nil
        }
    }

    /// The stored properties in which `a` and `b` differ, by name, in declaration order.
    public static func propertiesDiffering<T>(_ a: T, _ b: T) -> [String] {
        zip(Mirror(reflecting: a).children, Mirror(reflecting: b).children).compactMap { a, b in
            same(a.value, b.value) ? nil : a.label
        }
    }

    /// `==` where the values are Equatable; their reflections otherwise.
    static func same(_ a: Any, _ b: Any) -> Bool {
        func equal<E: Equatable>(_ a: E, _ b: Any) -> Bool { (b as? E) == a }
        if let a = a as? any Equatable { return equal(a, b) }
        return String(reflecting: a) == String(reflecting: b)
    }
}
