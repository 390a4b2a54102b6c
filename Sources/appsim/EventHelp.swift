import AppSimCore

/// `appsim event --help`'s list of event types, made from the vocabulary (``Event/vocabulary``).
enum EventHelp {
    static let vocabulary: String = EventType.Scope.allCases.map { scope in
        let lines = AppSimCore.Event.vocabulary.filter { $0.scope == scope }.map { type in
            let usage = ([type.name] + type.fields.map(usage)).joined(separator: " ")
            let since = type.since > OSVersion(3, 2) ? "iOS \(type.since.major) and later. " : ""
            let choices = type.fields.compactMap { field -> String? in
                guard case .choice(let choices) = field.kind, isLong(choices) else { return nil }
                return " \(field.name): \(choices.joined(separator: ", "))."
            }
            return "  \(usage)\n      \(since)\(type.summary)\(choices.joined())"
        }
        return "\(heading(scope)):\n" + lines.joined(separator: "\n")
    }.joined(separator: "\n\n")

    /// Choices too many to fit on the usage line; the summary lists them.
    private static func isLong(_ choices: [String]) -> Bool { choices.joined(separator: "|").count > 24 }

    private static func heading(_ scope: EventType.Scope) -> String {
        switch scope {
        case .appEvent: "App events (to an app)"
        case .appAction: "App actions (the app's own code; to an app)"
        case .deviceEvent: "Device events (to a device, or to an app for its device)"
        }
    }

    /// `name=VALUES`, bracketed when optional.
    private static func usage(_ field: EventField) -> String {
        let text = "\(field.name)=\(values(field.kind))"
        return field.isRequired ? text : "[\(text)]"
    }

    private static func values(_ kind: EventField.Kind) -> String {
        switch kind {
        case .string: "TEXT"
        case .uri: "URL"
        case .boolean: "true|false"
        case .integer(let range): "\(range.lowerBound)…\(range.upperBound)"
        case .number(let range): "\(Seconds.format(range.lowerBound))…\(Seconds.format(range.upperBound))"
        case .seconds: "SECONDS"
        case .choice(let choices): isLong(choices) ? "CHOICE" : choices.joined(separator: "|")
        case .fetchInterval: "SECONDS|never"
        case .object: "{JSON}"
        case .value: "JSON"
        }
    }
}
