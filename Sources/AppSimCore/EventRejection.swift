/// Why the simulation refused an event. Nothing changed.
public struct EventRejection: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The event makes no sense in the app's or device's current state (`409`).
        case notAllowed
        /// The event is well-formed but cannot apply to this app (`422`), e.g. a URL scheme it does not declare.
        case unusable
    }

    public var kind: Kind
    public var reason: String
    /// The app's state when the event was refused (`nil` for device events).
    public var state: LifecycleState?
    /// The event types that the app or device would accept now.
    public var allowedEvents: [String] = []
    /// The limit the event would have passed, when that is why it was refused.
    public var limit: AppLimit?
    /// Why, as a word a program can test, for the refusals iOS itself names (docs/lifecycle.md, iOS 18 to 27).
    public var code: RefusalCode?

    public init(_ kind: Kind, _ reason: String, state: LifecycleState? = nil, limit: AppLimit? = nil, code: RefusalCode? = nil) {
        self.kind = kind
        self.reason = reason
        self.state = state
        self.limit = limit
        self.code = code
    }

    public var description: String { reason }
}

/// Why BGTaskScheduler refused a request, as its errors name it (`BGTaskScheduler.Error.Code`).
public enum RefusalCode: String, Sendable, CaseIterable {
    /// The system cannot take the request now (a continued processing task with `strategy: "fail"` and no room).
    case unavailable
    /// The app has as many pending requests of that kind as BGTaskScheduler holds.
    case tooManyPendingTaskRequests
}
