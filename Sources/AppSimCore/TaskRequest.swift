/// The kinds of task an app schedules with BGTaskScheduler (docs/lifecycle.md, Scheduled tasks).
public enum TaskKind: String, Sendable, CaseIterable {
    /// `BGAppRefreshTaskRequest`: needs the `fetch` background mode; 30 s to complete.
    case appRefresh
    /// `BGProcessingTaskRequest`: needs the `processing` background mode; 300 s to complete.
    case processing
    /// `BGContinuedProcessingTaskRequest` (iOS 26): work a person started in the app, which goes on after it leaves
    /// the foreground, with its progress in a Live Activity (docs/lifecycle.md, Continued processing tasks).
    case continuedProcessing

    /// How many requests of this kind BGTaskScheduler holds pending for one app (docs/lifecycle.md, iOS 18 to 27);
    /// nil where the device's room decides instead.
    public var pendingLimit: Int? {
        switch self {
        case .appRefresh: 1
        case .processing: 10
        case .continuedProcessing: nil
        }
    }

    /// The background mode an app must declare to schedule this kind; a continued task needs none.
    public var requiredMode: BackgroundMode? {
        switch self {
        case .appRefresh: .fetch
        case .processing: .processing
        case .continuedProcessing: nil
        }
    }
}

/// A task the app asked BGTaskScheduler to run, pending until the system runs it.
public struct TaskRequest: Sendable, Equatable {
    public var identifier: String
    public var kind: TaskKind
    /// Device time before which the system does not run it.
    public var earliestBeginAt: Int64
    /// A processing task that runs only while the device is charging or full.
    public var requiresExternalPower: Bool
    /// What a continued processing task shows and where it is; nil for the other kinds.
    public var continued: ContinuedTask?

    /// A continued task that has started and not ended.
    public var isRunningContinued: Bool { continued?.status == .running }

    public init(identifier: String, kind: TaskKind, earliestBeginAt: Int64, requiresExternalPower: Bool = false, continued: ContinuedTask? = nil) {
        self.identifier = identifier
        self.kind = kind
        self.earliestBeginAt = earliestBeginAt
        self.requiresExternalPower = requiresExternalPower
        self.continued = continued
    }
}

/// A continued processing task: its Live Activity's title and progress, and whether it runs or waits for room.
public struct ContinuedTask: Sendable, Equatable {
    /// What to do when the device has no room for one more: wait for it (`queue`), or refuse the submit (`fail`).
    public enum Strategy: String, Sendable, CaseIterable { case queue, fail }
    public enum Status: String, Sendable, CaseIterable { case pending, running }

    public var title: String
    public var subtitle: String?
    public var strategy: Strategy
    public var requiresGPU: Bool
    public var status: Status = .pending
    /// The event seq of the submit: queued tasks start in this order across the device.
    public var order: Int64
    /// Units done and units in all, as the app last reported them.
    public var completed: Int64 = 0
    public var total: Int64 = 0
    /// Device time it started (running).
    public var startedAt: Int64?
    /// Device time the app last reported progress, or it started (running).
    public var progressAt: Int64?

    public init(title: String, subtitle: String?, strategy: Strategy, requiresGPU: Bool, order: Int64) {
        self.title = title
        self.subtitle = subtitle
        self.strategy = strategy
        self.requiresGPU = requiresGPU
        self.order = order
    }

    /// The most units a task may report.
    public static let unitsRange: ClosedRange<Int64> = 0...1_000_000_000_000
}
