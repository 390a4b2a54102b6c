/// Where an app is in its life, as docs/lifecycle.md, States, names it.
public enum LifecycleState: String, Sendable, CaseIterable {
    case notRunning, inactive, active, background, suspended

    /// The app is in the foreground (on screen).
    public var isForeground: Bool { self == .active || self == .inactive }

    /// The app's process exists and executes code (suspended apps exist but do not run).
    public var isRunning: Bool { self == .active || self == .inactive || self == .background }

    /// The app's process exists: running or suspended. Such an app uses memory.
    public var isAlive: Bool { self != .notRunning }

    /// The `XCUIApplication.State` raw value: 1 notRunning, 2 suspended, 3 background, 4 foreground.
    public var xcuiState: Int {
        switch self {
        case .notRunning: 1
        case .suspended: 2
        case .background: 3
        case .inactive, .active: 4
        }
    }
}

/// What `UIApplication.applicationState` reads.
public enum ApplicationState: String, Sendable {
    case active, inactive, background
}
