import AppSimJSON

/// The events `allowedEvents` tries (``DeviceSimulation/allowedEvents(for:wallMillis:deviceOnly:refused:)``), made
/// from the vocabulary: whether an event is accepted depends on the state, not on the values of its fields, except
/// where a field names something of the app's (each scene is tried) or tells forms apart (a crash during launch).
extension EventType {
    /// The types tried for an app (`instance`): its app events and actions, and the device events that name
    /// something of the app's (`runTask`); for a device (`nil`), its device events.
    static func tried(for instance: Instance?) -> [EventType] {
        Event.vocabulary.filter { type in
            guard instance != nil else { return type.scope == .deviceEvent }
            return type.isAppScoped || type.fields.contains { $0.isRequired && $0.reference != nil }
        }
    }

    /// One event for each combination of the values its fields are tried with; none when a required field names
    /// something the app does not have (no scene to close, no task to end).
    func samples(for instance: Instance?) -> [Event] {
        var bodies: [JSONObject] = [["type": .string(name)]]
        for field in fields {
            guard let values = field.sampleValues(for: instance) else { continue }
            bodies = bodies.flatMap { body in
                values.map { value in
                    var body = body
                    body[field.name] = value
                    return body
                }
            }
        }
        return bodies.compactMap { try? event(from: $0) }
    }
}

extension EventField {
    /// The values the field is tried with; `nil` to leave it out. A required field is tried with each thing of the
    /// app's it names, each choice, or its sample; an optional one only with an explicit sample.
    func sampleValues(for instance: Instance?) -> [JSONValue]? {
        if tellsFormsApart { return [false, true] }
        if let sample { return [sample] }
        guard isRequired else { return nil }
        if let reference {
            guard let instance else { return [] }
            switch reference {
            case .scene: return instance.scenes.map { .string($0.id) }
            case .taskIdentifier: return instance.info.taskIdentifiers.map { .string($0) }
            case .backgroundTask: return instance.backgroundTasks.prefix(1).map { JSONValue($0.id) }
            case .taskRequest: return instance.taskRequests.map { .string($0.identifier) }
            case .urlScheme: return instance.info.urlSchemes.prefix(1).map { .string("\($0)://") }
            }
        }
        if case .choice(let choices) = kind { return choices.map { .string($0) } }
        return example.map { [$0] } ?? []
    }
}
