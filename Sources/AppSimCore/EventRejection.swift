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

    public init(_ kind: Kind, _ reason: String, state: LifecycleState? = nil, limit: AppLimit? = nil) {
        self.kind = kind
        self.reason = reason
        self.state = state
        self.limit = limit
    }

    public var description: String { reason }
}
