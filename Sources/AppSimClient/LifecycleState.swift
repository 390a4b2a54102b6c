/// Where an app is in its life (docs/lifecycle.md, States): the `state` of an instance and of each callback.
public enum LifecycleState: String, Sendable, Hashable, Codable, CaseIterable {
    case notRunning
    /// In the foreground, not receiving events: launching, or interrupted by a call, an alert, the notification
    /// center or a lock.
    case inactive
    /// In the foreground, receiving events.
    case active
    /// Running code off screen.
    case background
    /// In memory, running no code.
    case suspended

    /// `true` for `active` and `inactive`: the app is on screen.
    public var isForeground: Bool { self == .active || self == .inactive }
}

/// What `UIApplication.applicationState` reads.
public enum ApplicationState: String, Sendable, Hashable, Codable, CaseIterable {
    case active
    case inactive
    case background
}
