import AppSimJSON

/// A background task the app began (`beginBackgroundTaskWithExpirationHandler:`).
public struct BackgroundTask: Sendable, Equatable {
    public var id: Int
    public var name: String?
    public var beganAt: Int64
    /// When the app's simulated work ends the task by itself; `nil` until `endBackgroundTask`.
    public var endsAt: Int64?

    public init(id: Int, name: String?, beganAt: Int64, endsAt: Int64?) {
        self.id = id
        self.name = name
        self.beganAt = beganAt
        self.endsAt = endsAt
    }
}

/// A background fetch or silent push the app is working on, with its completion handler outstanding.
public struct BackgroundWork: Sendable, Equatable {
    public enum Kind: String, Sendable { case fetch, remoteNotification, appRefresh, processing }
    public var kind: Kind
    /// The task identifier of scheduled work (`appRefresh`, `processing`).
    public var identifier: String?
    public var startedAt: Int64
    /// When the app calls the completion handler by itself; `nil` when it waits for `completeFetch`.
    public var completesAt: Int64?
    /// When the watchdog kills the app if it has not completed; `nil` once the app came to the foreground, where it
    /// is never killed for its work (docs/lifecycle.md, What the events do).
    public var deadline: Int64?

    public init(kind: Kind, identifier: String? = nil, startedAt: Int64, completesAt: Int64?, deadline: Int64?) {
        self.kind = kind
        self.identifier = identifier
        self.startedAt = startedAt
        self.completesAt = completesAt
        self.deadline = deadline
    }
}

/// A device notification held for a suspended app until it next runs (docs/lifecycle.md, Notifications that wait).
public struct PendingNotification: Sendable, Equatable {
    /// The coalescing key: one pending notification per type.
    public var type: String
    public var name: String
    public var kind: CallbackKind
    public var notification: String?
    public var args: JSONValue
    public var postedAt: Int64

    public init(type: String, name: String, kind: CallbackKind, notification: String?, args: JSONValue, postedAt: Int64) {
        self.type = type
        self.name = name
        self.kind = kind
        self.notification = notification
        self.args = args
        self.postedAt = postedAt
    }
}

/// What keeps an app inactive while it stays in the foreground.
public enum Interruption: String, Sendable {
    case call, alert, notificationCenter, lock
    /// The app switcher is open over the app, which is shown in it as the card in front.
    case appSwitcher
}

/// One app installed on one device: what it declares, how it behaves, where it is in its life, and its data.
public struct Instance: Sendable, Equatable {
    public var id: String
    public var device: String
    /// Install order on the device; the `N` of the id `DEVICE.N`.
    public var number: Int
    public var info: AppInfo
    public var behavior: AppBehavior
    /// Where the app is in its life, with the data of that stage.
    public var lifecycle: Lifecycle = .notRunning
    public var launchCount = 0
    /// The user swiped the app away: no background launches until the user launches it or the device reboots.
    public var forceQuit = false
    /// The id the next background task gets; ids are never reused, across launches too.
    public var nextTaskId = 1
    /// A notification shown for the app, which `tapNotification` opens.
    public var shownNotification: JSONValue?
    /// What the running app holds (unsaved edits); `ui` is its UI state.
    public var memory: JSONObject = [:]
    /// What the app saved.
    public var disk: JSONObject = [:]
    public var restorationArchive: JSONValue?
    public var minimumFetchInterval: FetchInterval
    /// Tasks the app scheduled with BGTaskScheduler that have not run yet: one per identifier.
    public var taskRequests: [TaskRequest] = []
    /// Device times of the silent pushes that reached the app in the background within the last hour, oldest first,
    /// while the device has a budget for them.
    public var silentPushTimes: [Int64] = []
    /// The app's scene sessions, in the order their scenes were first connected (docs/lifecycle.md, Scenes).
    public var scenes: [SceneSession] = []
    /// The number the next scene gets.
    public var nextSceneNumber = 1
    /// Sessions discarded while the app could not be told, reported by `application:didDiscardSceneSessions:` at
    /// its next launch.
    public var discardedSessions: [String] = []
    /// The seq the next callback record gets.
    public var nextSeq: Int64 = 1
    public var updatedAt: Int64 = 0

    public init(id: String, device: String, number: Int, info: AppInfo, behavior: AppBehavior, at time: Int64) {
        self.id = id
        self.device = device
        self.number = number
        self.info = info
        self.behavior = behavior
        self.minimumFetchInterval = behavior.minimumFetchInterval
        self.updatedAt = time
    }

    /// The device id an instance id begins with (`d4kq2.1` → `d4kq2`): ids are the device's, a dot and a number.
    public static func deviceId(of id: String) -> String {
        let utf8 = id.utf8
        return String(decoding: utf8[..<(utf8.firstIndex(of: UInt8(ascii: ".")) ?? utf8.endIndex)], as: UTF8.self)
    }

    /// Where an instance id stands in the order instances are listed in: its device id, then its install number
    /// (`d4kq2.10` after `d4kq2.9`); 0 for an id without one.
    public static func listPosition(of id: String) -> (device: String, number: Int) {
        (deviceId(of: id), Int(id.split(separator: ".").last ?? "") ?? 0)
    }

    public var state: LifecycleState { lifecycle.state }
    public var interruption: Interruption? { lifecycle.interruption }
    public var backgroundTasks: [BackgroundTask] { lifecycle.tasks }
    public var work: BackgroundWork? { lifecycle.work }
    public var pendingNotifications: [PendingNotification] { lifecycle.pending }

    /// Memory the app uses now: its foreground footprint on screen, its background footprint otherwise.
    public var footprintMB: Int {
        switch lifecycle {
        case .notRunning: 0
        case .active, .inactive: info.memoryMB
        case .background, .suspended: info.backgroundMemoryMB
        }
    }

    /// Background time left, in milliseconds, while the app runs in the background with tasks; else `nil`.
    public func backgroundTimeRemaining(now: Int64, limit: Int64) -> Int64? {
        guard case .background(let since?, _, let tasks, _) = lifecycle, !tasks.isEmpty else { return nil }
        return max(0, limit - (now - since))
    }

    /// What `UIApplication.applicationState` reads for the app on `device` now (docs/lifecycle.md, States and Devices and apps).
    public func applicationState(on device: Device) -> ApplicationState {
        switch lifecycle {
        case .active: .active
        case .inactive: .inactive
        case .background:
            device.locked && device.osVersion.reportsInactiveWhileLocked && device.foregroundBeforeLock == id ? .inactive : .background
        case .suspended, .notRunning: .background
        }
    }
}
