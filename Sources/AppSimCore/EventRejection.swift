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

    public init(_ kind: Kind, _ reason: String, state: LifecycleState? = nil) {
        self.kind = kind
        self.reason = reason
        self.state = state
    }

    public var description: String { reason }
}

/// A change of one app's lifecycle state caused by an event.
public struct StateChange: Sendable, Equatable {
    public var instance: String
    public var from: LifecycleState
    public var to: LifecycleState

    public var json: JSONValue { ["instance": .string(instance), "from": .string(from.rawValue), "to": .string(to.rawValue)] }
}

/// An event as it is kept in the device's event log.
public struct EventRecord: Sendable, Codable, Equatable {
    public var seq: Int64
    public var type: String
    /// Device time in milliseconds.
    public var at: Int64
    public var instance: String?

    public var json: JSONValue { ["seq": JSONValue(seq), "type": .string(type), "at": JSONValue(at)] }
}

/// Everything one accepted event did, to be stored in one write and reported in the reply.
public struct EventOutcome: Sendable {
    public var event: EventRecord
    public var changes: [StateChange] = []
    public var callbacks: [CallbackRecord] = []
    /// What an app action returns (`beginBackgroundTask` → `{taskId}`).
    public var result: JSONValue?
    /// Ids of the instances whose stored record changed.
    public var touchedInstances: [String] = []
    /// Of `touchedInstances`, those whose only change their newest callback here records (`nextSeq` one past its
    /// seq, `updatedAt` its time): history alone keeps them.
    public var historyOnlyInstances: Set<String> = []
    /// Whether the device's only change is what history keeps: its event counter, which every callback here
    /// carries, and a realtime clock running on at speed 1.
    public var deviceIsHistoryOnly = false
    /// Instances whose wall time of their next timer (``DeviceSimulation/wallWake(of:)``) changed, touched or not:
    /// what a starting server schedules from must follow it.
    public var rewokenInstances: Set<String> = []
}
