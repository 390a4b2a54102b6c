/// The kinds of task an app schedules with BGTaskScheduler (docs/lifecycle.md, Scheduled tasks).
public enum TaskKind: String, Sendable, CaseIterable {
    /// `BGAppRefreshTaskRequest`: needs the `fetch` background mode; 30 s to complete.
    case appRefresh
    /// `BGProcessingTaskRequest`: needs the `processing` background mode; 300 s to complete.
    case processing

    /// How many requests of this kind BGTaskScheduler holds pending for one app (docs/lifecycle.md, iOS 18 to 27).
    public var pendingLimit: Int {
        switch self {
        case .appRefresh: 1
        case .processing: 10
        }
    }

    /// The background mode an app must declare to schedule this kind.
    public var requiredMode: BackgroundMode {
        switch self {
        case .appRefresh: .fetch
        case .processing: .processing
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

    public init(identifier: String, kind: TaskKind, earliestBeginAt: Int64, requiresExternalPower: Bool = false) {
        self.identifier = identifier
        self.kind = kind
        self.earliestBeginAt = earliestBeginAt
        self.requiresExternalPower = requiresExternalPower
    }
}
