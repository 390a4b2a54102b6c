import AppSimJSON

/// One event type of the vocabulary (``Event/vocabulary``): its name, who it comes from, the fields it takes, the
/// OS version that introduces it, and how its fields make an ``Event``.
public struct EventType: Sendable {
    /// Who the event comes from (openapi.yaml (Events)).
    public enum Scope: String, Sendable, CaseIterable {
        /// The user or the system acting on one app; posted to an instance.
        case appEvent
        /// The simulated app's own code; posted to an instance.
        case appAction
        /// The whole device; posted to a device, or to an instance for its device.
        case deviceEvent
    }

    public let name: String
    public let scope: Scope
    public let fields: [EventField]
    /// The first iOS whose apps see it. Information for people: whether an older OS accepts it is the Core's rule
    /// for that event (docs/lifecycle.md).
    public let since: OSVersion
    /// One line for people: what happens.
    public let summary: String
    /// The event its checked fields make; throws where fields that are each valid do not go together.
    let make: @Sendable (EventArguments) throws(EventFieldProblem) -> Event
    /// Every key a body of this type may have: its fields and `type`.
    public let keys: Set<String>

    init(
        _ name: String, _ scope: Scope, since: OSVersion, _ summary: String, fields: [EventField] = [],
        make: @escaping @Sendable (EventArguments) throws(EventFieldProblem) -> Event
    ) {
        self.name = name
        self.scope = scope
        self.fields = fields
        self.since = since
        self.summary = summary
        self.make = make
        self.keys = Set(fields.map(\.name) + ["type"])
    }

    /// Whether it is posted to an instance only.
    public var isAppScoped: Bool { scope != .deviceEvent }

    public func field(_ name: String) -> EventField? { fields.first { $0.name == name } }

    /// The event a body makes whose fields have each been checked against ``fields`` (their kinds and bounds): for
    /// the request decoder, which checks them first, and the samples, which are made within them.
    package func event(from body: JSONObject) throws(EventFieldProblem) -> Event {
        try make(EventArguments(body, of: self))
    }
}

/// Fields of an event body that are each valid but do not go together (`'memory' or 'ui' must be given`).
public struct EventFieldProblem: Error, Sendable, Equatable {
    /// The field named in the message.
    public var field: String
    /// What is wrong, following the field's quoted name.
    public var message: String

    public init(_ field: String, _ message: String) {
        self.field = field
        self.message = message
    }
}
