/// A background task the app began (`beginBackgroundTaskWithExpirationHandler:`).
public struct BackgroundTask: Sendable, Codable, Equatable {
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

    public func write(to w: inout JSONWriter) {
        w.beginObject()
        w.field("id", id)
        w.field("name", name)
        w.field("beganAt", beganAt)
        w.field("endsAt", endsAt)
        w.endObject()
    }

    public var json: JSONValue { JSONWriter.value { write(to: &$0) } }
}

/// A background fetch or silent push the app is working on, with its completion handler outstanding.
public struct BackgroundWork: Sendable, Codable, Equatable {
    public enum Kind: String, Sendable, Codable { case fetch, remoteNotification }
    public var kind: Kind
    public var startedAt: Int64
    /// When the app calls the completion handler by itself; `nil` when it waits for `completeFetch`.
    public var completesAt: Int64?
    /// When the watchdog kills the app if it has not completed.
    public var deadline: Int64

    public init(kind: Kind, startedAt: Int64, completesAt: Int64?, deadline: Int64) {
        self.kind = kind
        self.startedAt = startedAt
        self.completesAt = completesAt
        self.deadline = deadline
    }
}

/// A device notification held for a suspended app until it next runs (LIFECYCLE.md §7).
public struct PendingNotification: Sendable, Codable, Equatable {
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

    public func write(to w: inout JSONWriter) {
        w.beginObject()
        w.field("type", type)
        w.field("name", name)
        w.field("kind", kind.rawValue)
        w.field("notification", notification)
        w.field("args", args)
        w.field("postedAt", postedAt)
        w.endObject()
    }

    public var json: JSONValue { JSONWriter.value { write(to: &$0) } }
}

/// What keeps an app inactive while it stays in the foreground.
public enum Interruption: String, Sendable, Codable {
    case call, alert, notificationCenter, lock
}

/// One app installed on one device: what it declares, how it behaves, where it is in its life, and its data.
public struct Instance: Sendable, Codable, Equatable {
    public var id: String
    public var device: String
    /// Install order on the device; the `N` of the id `DEVICE.N`.
    public var number: Int
    public var info: AppInfo
    public var behavior: AppBehavior
    public var state: LifecycleState = .notRunning
    public var launchCount = 0
    /// The user swiped the app away: no background launches until the user launches it or the device reboots.
    public var forceQuit = false
    public var backgroundTasks: [BackgroundTask] = []
    public var nextTaskId = 1
    /// When the current stretch of background time began; background task time counts from here.
    public var backgroundSince: Int64?
    /// When the app is suspended unless something keeps it running.
    public var suspendAt: Int64?
    public var work: BackgroundWork?
    public var pendingNotifications: [PendingNotification] = []
    /// A notification shown for the app, which `tapNotification` opens.
    public var shownNotification: JSONValue?
    public var interruption: Interruption?
    /// What the running app holds (unsaved edits); `ui` is its UI state.
    public var memory: JSONObject = [:]
    /// What the app saved.
    public var disk: JSONObject = [:]
    public var restorationArchive: JSONValue?
    public var minimumFetchInterval: FetchInterval
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

    /// Memory the app uses now: its foreground footprint on screen, its background footprint otherwise.
    public var footprintMB: Int {
        switch state {
        case .notRunning: 0
        case .active, .inactive: info.memoryMB
        case .background, .suspended: info.backgroundMemoryMB
        }
    }

    /// Background time left, in milliseconds, while the app runs in the background with tasks; else `nil`.
    public func backgroundTimeRemaining(now: Int64, limit: Int64) -> Int64? {
        guard state == .background, !backgroundTasks.isEmpty, let since = backgroundSince else { return nil }
        return max(0, limit - (now - since))
    }
}
