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

/// A change of one app's lifecycle state caused by an event.
public struct StateChange: Sendable, Equatable {
    public var instance: String
    public var from: LifecycleState
    public var to: LifecycleState
}

/// An event as it is kept in the device's event log.
public struct EventRecord: Sendable, Equatable {
    public var seq: Int64
    public var type: String
    /// Device time in milliseconds.
    public var at: Int64
    public var instance: String?
}

/// Everything one accepted event did, to be stored in one write and reported in the reply.
public struct EventOutcome: Sendable {
    public var event: EventRecord
    public var changes: [StateChange] = []
    public var callbacks: [CallbackRecord] = []
    /// The id of the background task a `beginBackgroundTask` began: what that action returns.
    public var begunTaskId: Int?
    /// What became of a `push`.
    public var pushDelivery: PushDelivery?
}

/// What posting an event to a device did: the timers that fell due before it (as an event of their own), then the
/// event's outcome, or why it was refused.
public struct EventAttempt: Sendable {
    public var timers: EventOutcome?
    public var outcome: Result<EventOutcome, EventRejection>

    /// What happened, in order: the timers' outcome, then the event's if it was accepted.
    public var outcomes: [EventOutcome] {
        var outcomes = timers.map { [$0] } ?? []
        if case .success(let outcome) = outcome { outcomes.append(outcome) }
        return outcomes
    }
}

/// What became of a push (docs/lifecycle.md, What the events do): it reached the running app, launched or woke it in the background, was
/// shown to the user, or was dropped, and why.
public enum PushDelivery: Sendable, Equatable {
    case delivered, launched, woken, shown
    case dropped(reason: String)

    /// The word the API uses for it.
    public var name: String {
        switch self {
        case .delivered: "delivered"
        case .launched: "launched"
        case .woken: "woken"
        case .shown: "shown"
        case .dropped: "dropped"
        }
    }
}
