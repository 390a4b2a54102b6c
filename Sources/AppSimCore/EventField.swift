import AppSimJSON

/// One field an event type takes (docs/architecture.md, Adding an event type): what the request decoder checks, what
/// help, forms and openapi.yaml say about it, and what `allowedEvents` tries it with.
public struct EventField: Sendable {
    /// What values the field takes; the bounds are the ones the decoder enforces and openapi.yaml declares.
    public enum Kind: Sendable, Equatable {
        case string
        /// An absolute URI (RFC 3986) of at most ``URLParts/maxBytes`` bytes.
        case uri
        case boolean
        case integer(ClosedRange<Int>)
        case number(ClosedRange<Double>)
        /// A number of seconds (fractions allowed), kept as milliseconds within the range.
        case seconds(ClosedRange<Int64>)
        /// A string among these.
        case choice([String])
        /// `"never"` or a number of seconds within ``FetchInterval/millisRange``.
        case fetchInterval
        /// A JSON object kept as given: as a whole, or (`members`) each of its members, nesting at most
        /// ``JSONValue/maxValueDepth`` levels.
        case object(Kept)
        /// Any JSON value kept as given (null included), nesting at most ``JSONValue/maxValueDepth`` levels.
        case value
    }

    /// What of an object field counts as the value kept, for the nesting limit.
    public enum Kept: Sendable, Equatable {
        case whole
        case members
    }

    /// Something of the app's that the field names; `allowedEvents` tries the field with each one the app has, and
    /// the dashboard fills in the first.
    public enum Reference: String, Sendable {
        /// A scene id of the instance's `scenes`.
        case scene
        /// One of `info.taskIdentifiers`.
        case taskIdentifier
        /// The id of one of the instance's `backgroundTasks`.
        case backgroundTask
        /// The identifier of one of the instance's pending `taskRequests`.
        case taskRequest
        /// A URL with one of `info.urlSchemes`.
        case urlScheme
    }

    public let name: String
    public let kind: Kind
    public let isRequired: Bool
    /// The value an absent (or null) field stands for.
    public let defaultValue: JSONValue?
    public let reference: Reference?
    /// A value to show people: the dashboard's form starts with it.
    public let example: JSONValue?
    /// The value `allowedEvents` tries the event with, where it is not the example.
    public let sample: JSONValue?
    /// Whether each value of this (boolean) field makes a different event for `allowedEvents` (a crash while
    /// running, a crash during launch).
    public let tellsFormsApart: Bool
    /// One line for people: what the field is.
    public let summary: String

    public init(
        _ name: String, _ kind: Kind, required: Bool = false, default defaultValue: JSONValue? = nil,
        refersTo reference: Reference? = nil, example: JSONValue? = nil, sample: JSONValue? = nil,
        tellsFormsApart: Bool = false, _ summary: String
    ) {
        self.name = name
        self.kind = kind
        self.isRequired = required
        self.defaultValue = defaultValue
        self.reference = reference
        self.example = example
        self.sample = sample
        self.tellsFormsApart = tellsFormsApart
        self.summary = summary
    }
}
