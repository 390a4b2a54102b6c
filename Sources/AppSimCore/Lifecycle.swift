/// Where an app is in its life, with what it holds there (docs/lifecycle.md, States, Time, Notifications that wait): each stage carries its own data,
/// so that a suspended app cannot hold a background task, nor an active one an interruption.
public enum Lifecycle: Sendable, Equatable {
    /// No process.
    case notRunning
    /// In the foreground without receiving events: interrupted (a call, an alert, …), or for the moment of a launch,
    /// a return or a departure (`interruption` `nil`). Tasks and work begun in the background run on.
    case inactive(interruption: Interruption?, tasks: [BackgroundTask], work: BackgroundWork?)
    /// In the foreground, receiving events.
    case active(tasks: [BackgroundTask], work: BackgroundWork?)
    /// Running in the background. `since`: when its background task time began counting (`nil` once that time ran
    /// out and its tasks ended); `suspendAt`: when it is suspended unless something keeps it running.
    case background(since: Int64?, suspendAt: Int64?, tasks: [BackgroundTask], work: BackgroundWork?)
    /// In memory but not running; device notifications wait for it, one per type (`pending`).
    case suspended(pending: [PendingNotification])

    public var state: LifecycleState {
        switch self {
        case .notRunning: .notRunning
        case .inactive: .inactive
        case .active: .active
        case .background: .background
        case .suspended: .suspended
        }
    }

    /// What keeps the app inactive in the foreground, if anything.
    public var interruption: Interruption? {
        switch self {
        case .inactive(let interruption, _, _): interruption
        case .notRunning, .active, .background, .suspended: nil
        }
    }

    /// The background tasks a running app began and has not ended. Only a running app has any: setting them on
    /// one that does not run changes nothing.
    public internal(set) var tasks: [BackgroundTask] {
        get {
            switch self {
            case .inactive(_, let tasks, _), .active(let tasks, _), .background(_, _, let tasks, _): tasks
            case .notRunning, .suspended: []
            }
        }
        set {
            switch self {
            case .inactive(let interruption, _, let work): self = .inactive(interruption: interruption, tasks: newValue, work: work)
            case .active(_, let work): self = .active(tasks: newValue, work: work)
            case .background(let since, let suspendAt, _, let work):
                self = .background(since: since, suspendAt: suspendAt, tasks: newValue, work: work)
            case .notRunning, .suspended: break
            }
        }
    }

    /// The fetch or silent push a running app works on. Only a running app has one: setting it on one that does not
    /// run changes nothing.
    public internal(set) var work: BackgroundWork? {
        get {
            switch self {
            case .inactive(_, _, let work), .active(_, let work), .background(_, _, _, let work): work
            case .notRunning, .suspended: nil
            }
        }
        set {
            switch self {
            case .inactive(let interruption, let tasks, _): self = .inactive(interruption: interruption, tasks: tasks, work: newValue)
            case .active(let tasks, _): self = .active(tasks: tasks, work: newValue)
            case .background(let since, let suspendAt, let tasks, _):
                self = .background(since: since, suspendAt: suspendAt, tasks: tasks, work: newValue)
            case .notRunning, .suspended: break
            }
        }
    }

    /// When a background app is suspended unless something keeps it running. Only a background app has one: setting
    /// it on another changes nothing.
    public internal(set) var suspendAt: Int64? {
        get {
            switch self {
            case .background(_, let suspendAt, _, _): suspendAt
            case .notRunning, .inactive, .active, .suspended: nil
            }
        }
        set {
            switch self {
            case .background(let since, _, let tasks, let work):
                self = .background(since: since, suspendAt: newValue, tasks: tasks, work: work)
            case .notRunning, .inactive, .active, .suspended: break
            }
        }
    }

    /// The device notifications a suspended app has waiting. Only a suspended app has any: setting them on another
    /// changes nothing.
    public internal(set) var pending: [PendingNotification] {
        get {
            switch self {
            case .suspended(let pending): pending
            case .notRunning, .inactive, .active, .background: []
            }
        }
        set {
            switch self {
            case .suspended: self = .suspended(pending: newValue)
            case .notRunning, .inactive, .active, .background: break
            }
        }
    }
}
