import AppSimJSON

/// The fields of an event body, each already checked against its ``EventField`` (kind, bounds, presence): what an
/// ``EventType`` makes its ``Event`` from. Absent and null fields read as their default.
public struct EventArguments: Sendable {
    /// The body as posted.
    public let body: JSONObject
    let type: EventType

    init(_ body: JSONObject, of type: EventType) {
        self.body = body
        self.type = type
    }

    /// The field's value, or its default; `nil` for neither.
    public subscript(_ name: String) -> JSONValue? {
        if let value = body[name], !value.isNull { return value }
        return type.field(name)?.defaultValue
    }

    public func string(_ name: String) -> String? { self[name]?.stringValue }
    public func bool(_ name: String) -> Bool? { self[name]?.boolValue }
    public func integer(_ name: String) -> Int? { self[name]?.doubleValue.flatMap { Int(exactly: $0) } }
    public func number(_ name: String) -> Double? { self[name]?.doubleValue }
    /// A duration given in seconds, in milliseconds.
    public func millis(_ name: String) -> Int64? { self[name]?.doubleValue.map(Seconds.millis) }

    public func object(_ name: String) -> JSONObject? {
        guard case .object(let object) = self[name] else { return nil }
        return object
    }

    public func choice<T: RawRepresentable<String>>(_ name: String, _ type: T.Type) -> T? {
        string(name).flatMap(T.init(rawValue:))
    }

    public func fetchInterval(_ name: String) -> FetchInterval? {
        guard let value = self[name] else { return nil }
        return value.stringValue == "never" ? .never : value.doubleValue.map { .millis(Seconds.millis($0)) }
    }

    /// The fields given (not null), in the order of the type's fields, without `type`; numbers as numbers.
    public var given: JSONObject {
        var given = JSONObject()
        for field in type.fields {
            guard let value = body[field.name], !value.isNull else { continue }
            if case .number = field.kind, let number = value.doubleValue {
                given[field.name] = .number(number)
            } else {
                given[field.name] = value
            }
        }
        return given
    }
}
