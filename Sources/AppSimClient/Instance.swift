/// One app installed on one device, as the server reports it now.
public struct Instance: Sendable, Hashable, Codable {
    /// The device id, a dot and the install number (`d7zpma4q.1`).
    public var id: String
    public var device: String
    /// What the app declares, with every default filled in.
    public var info: AppInfo
    /// How the app behaves, with every default filled in.
    public var behavior: AppBehavior
    public var state: LifecycleState
    /// What `UIApplication.applicationState` would read now.
    public var applicationState: ApplicationState
    /// `XCUIApplication.State`'s raw value: 1 notRunning, 2 suspended, 3 background, 4 foreground.
    public var xcuiState: Int
    /// How many times the app's process has started.
    public var launchCount: Int
    /// The user swiped the app away; it is not launched in the background until the user launches it.
    public var forceQuit: Bool
    /// Seconds of background task time left, while the app runs in the background with tasks.
    public var backgroundTimeRemaining: Double?
    public var backgroundTasks: [BackgroundTask]
    /// Device notifications held for the suspended app, delivered when it next runs code.
    public var pendingNotifications: [PendingNotification]
    /// The push payload shown for the app, which `tapNotification` opens.
    public var shownNotification: JSON?
    public var minimumFetchInterval: FetchInterval
    /// What the running app holds (`memory`) and what it saved (`disk`).
    public var data: AppData
    /// The UI state saved by state preservation, restored at the next launch after the system ended the app.
    public var restorationArchive: JSON?
    /// Memory the app uses now (0 when not running).
    public var memoryMB: Int
    /// Device time (ms) of the last event that changed the app.
    public var updatedAt: Int64
    /// The life cycle the app's code follows, as built: `appDelegate`, `scenes` or `swiftui` (nil from a server before
    /// 1.1.0).
    public var lifecycleModel: String?
    /// The scenes and their sessions of a scene app, in the order they were connected; nil for other apps.
    public var scenes: [Scene]?

    /// A scene of a scene app, with its session, which outlives the process.
    public struct Scene: Sendable, Hashable, Codable {
        /// The instance id, `.s`, a number (`d7zpma4q.1.s1`).
        public var id: String
        /// `unattached`, `foregroundActive`, `foregroundInactive` or `background`.
        public var activationState: String
        public var session: String
        /// What the scene saved in the background, handed back when it next connects.
        public var stateRestorationActivity: JSON?
    }

    /// Pending BGTaskScheduler requests; present for an app that declares `taskIdentifiers`.
    public var taskRequests: [TaskRequest]?
    /// The scheduled task the app runs now (`runTask`), until it completes or expires; for an app that declares
    /// `taskIdentifiers`.
    public var runningTask: RunningTask?

    /// A scheduled task an app runs.
    public struct RunningTask: Sendable, Hashable, Codable {
        public var identifier: String
        /// `appRefresh` or `processing`.
        public var kind: String
        /// Device time (ms) when `runTask` started it.
        public var startedAt: Int64
        /// Device time (ms) when it expires if not completed; `nil` once the app came to the foreground.
        public var expiresAt: Int64?
    }

    /// A task the app submitted that the system has not run yet; a continued task also while it runs.
    public struct TaskRequest: Sendable, Hashable, Codable {
        public var identifier: String
        /// `appRefresh`, `processing` or `continuedProcessing`.
        public var kind: String
        /// Device time (ms) before which it does not run.
        public var earliestBeginAt: Int64
        public var requiresExternalPower: Bool
        /// `pending`, or `running` for a continued task that started (nil from a server before 1.1.0).
        public var status: String?
        /// A continued task's Live Activity: its title, second line and progress.
        public var title: String?
        public var subtitle: String?
        public var progress: Progress?
        /// A continued task's `queue` or `fail`, and whether it uses the GPU.
        public var strategy: String?
        public var requiresGPU: Bool?
        /// Device time (ms) a continued task started.
        public var startedAt: Int64?

        /// Units done of units in all, as the app last reported them.
        public struct Progress: Sendable, Hashable, Codable {
            public var completed: Int64
            public var total: Int64
        }
    }

    /// An app's data: what it holds in memory and what it saved to disk.
    public struct AppData: Sendable, Hashable, Codable {
        public var memory: [String: JSON]
        public var disk: [String: JSON]
    }

    /// A background task the app began.
    public struct BackgroundTask: Sendable, Hashable, Codable {
        /// The task id (`endBackgroundTask`'s `taskId`).
        public var id: Int
        public var name: String?
        /// Device time in milliseconds.
        public var beganAt: Int64
        /// When the app's work ends it by itself (device ms); nil until `endBackgroundTask`.
        public var endsAt: Int64?
    }

    /// A device notification held for a suspended app.
    public struct PendingNotification: Sendable, Hashable, Codable {
        /// The coalescing key: one pending notification per key, with the latest value.
        public var type: String
        /// The callback it becomes.
        public var name: String
        public var kind: Callback.Kind
        public var notification: String?
        public var args: [String: JSON]
        /// Device time in milliseconds.
        public var postedAt: Int64
    }
}
