import AppSimCore
import AppSimJSON

/// Event bodies of openapi.yaml (Events): `{"type": …, …}`, read by the vocabulary (``Event/vocabulary``).
extension Event {
    /// Reads an event body `{"type": …, …}`.
    ///
    /// - Parameter toInstance: the event was posted to an instance, where app events, app actions and device
    ///   events are all accepted; a device takes device events only.
    /// - Throws: `FieldError` naming the bad field (`wrongType` → 400, the others → 422).
    static func decode(_ json: JSONValue, toInstance: Bool) throws(FieldError) -> Event {
        let reader = try FieldReader(json)
        let name = try reader.requiredString("type")
        guard let type = Event.type(named: name, toInstance: toInstance) else {
            if !toInstance, Event.type(named: name, toInstance: true) != nil {
                throw FieldError(.invalidValue, "type", "'\(name)' is an app event: post it to /v1/instances/{id}/events")
            }
            let known = toInstance ? namesForInstances : deviceEventTypes
            throw FieldError(.invalidValue, "type", "unknown event type '\(name)'; known types: \(known.joined(separator: ", "))")
        }
        try reader.allowOnly(type.keys)
        for field in type.fields { try reader.check(field) }
        do {
            return try type.event(from: reader.object)
        } catch {
            throw reader.invalid(error.field, error.message)
        }
    }
}

extension FieldReader {
    /// Checks field `field` of an event body against its kind, bounds and presence (docs/architecture.md, Adding an
    /// event type).
    func check(_ field: EventField) throws(FieldError) {
        let key = field.name
        let given: Bool
        switch field.kind {
        case .string:
            given = try string(key) != nil
        case .uri:
            let url = try string(key)
            if let url, URLParts.scheme(of: url) == nil {
                throw invalid(key, "must be an absolute URI (RFC 3986, ASCII, at most \(URLParts.maxBytes) bytes) such as 'notes://item/1', with other characters percent-encoded ('%20' for a space), not '\(url)'")
            }
            given = url != nil
        case .boolean:
            given = try bool(key) != nil
        case .integer(let range):
            given = try integer(key, in: range) != nil
        case .number(let range):
            let number = try number(key)
            if let number, !range.contains(number) {
                throw invalid(key, "must be from \(Seconds.format(range.lowerBound)) to \(Seconds.format(range.upperBound)), not \(number)")
            }
            given = number != nil
        case .seconds(let millis):
            given = try seconds(key, in: millis) != nil
        case .choice(let choices):
            let text = try string(key)
            if let text, !choices.contains(text) {
                throw invalid(key, "must be one of \(choices.map { "'\($0)'" }.joined(separator: ", ")), not '\(text)'")
            }
            given = text != nil
        case .fetchInterval:
            given = try FetchInterval.read(self, key) != nil
        case .object(.whole):
            let value = try keptValue(key)
            if let value, value.objectValue == nil {
                let example = field.example.map { " such as \($0.jsonString)" } ?? ""
                throw FieldError(.wrongType, fieldPath(key), "'\(fieldPath(key))' must be a JSON object\(example), not \(value.typeName)")
            }
            given = value != nil
        case .object(.members):
            let members = try object(key)
            for member in members?.object.keys ?? [] { try members?.checkKept(member) }
            given = members != nil
        case .value:
            try checkKept(key)
            given = value(key) != nil
        }
        if field.isRequired, !given { throw missing(key) }
    }
}
