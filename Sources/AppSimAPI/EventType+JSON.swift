import AppSimCore
import AppSimJSON

/// The vocabulary as the dashboard reads it (`/ui/events.json`), so that its forms offer every type with its fields.
extension EventType {
    /// `{types: [{name, scope, since, summary, fields: [{name, kind, required, summary, …}]}]}`.
    static let vocabularyBytes: [UInt8] = {
        var types: [JSONValue] = []
        for type in Event.vocabulary {
            let object: JSONValue = [
                "name": .string(type.name), "scope": .string(type.scope.rawValue), "since": .string(type.since.description),
                "summary": .string(type.summary), "fields": .array(type.fields.map(\.json)),
            ]
            types.append(object)
        }
        let vocabulary: JSONValue = ["types": .array(types)]
        return vocabulary.jsonBytes
    }()
}

extension EventField {
    /// `{name, kind, required, summary}`, with `choices`, `minimum` and `maximum`, `default`, `example` and
    /// `refersTo` where the field has them. Bounds of seconds are in seconds.
    var json: JSONValue {
        var object: JSONObject = ["name": .string(name), "required": .bool(isRequired), "summary": .string(summary)]
        switch kind {
        case .string: object["kind"] = "string"
        case .uri: object["kind"] = "uri"
        case .boolean: object["kind"] = "boolean"
        case .integer(let range):
            object["kind"] = "integer"
            object["minimum"] = JSONValue(range.lowerBound)
            object["maximum"] = JSONValue(range.upperBound)
        case .number(let range):
            object["kind"] = "number"
            object["minimum"] = .number(range.lowerBound)
            object["maximum"] = .number(range.upperBound)
        case .seconds(let millis):
            object["kind"] = "seconds"
            object["minimum"] = .number(Double(millis.lowerBound) / 1000)
            object["maximum"] = .number(Double(millis.upperBound) / 1000)
        case .choice(let choices):
            object["kind"] = "choice"
            object["choices"] = .array(choices.map { .string($0) })
        case .fetchInterval: object["kind"] = "fetchInterval"
        case .object: object["kind"] = "object"
        case .value: object["kind"] = "value"
        }
        if let defaultValue { object["default"] = defaultValue }
        if let example { object["example"] = example }
        if let reference { object["refersTo"] = .string(reference.rawValue) }
        return .object(object)
    }
}
