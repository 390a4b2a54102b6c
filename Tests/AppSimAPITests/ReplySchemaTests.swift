import AppSimJSON
import Testing

/// openapi.yaml's reply schemas (`InstalledAppInfo`, `InstalledAppBehavior`, `DeviceLimitsInForce`) against the
/// request schemas they show (`AppInfo`, `AppBehavior`, `DeviceLimits`): each property the same, with null taken
/// out, so that a bound, a pattern or a choice changed on one side fails here (docs/clients.md says why a reply has
/// a schema of its own).
@Suite("openapi.yaml: replies and their requests")
struct ReplySchemaTests {
    /// A property as a reply shows it: no null in its type, enum or union, and none of what only requests or people
    /// read (default, description, example).
    static func withoutNull(_ property: JSONValue) -> JSONValue {
        guard case .object(var object) = property else { return property }
        for key in ["default", "description", "example"] { object[key] = nil }
        if case .array(let types) = object["type"] {
            let kept = types.filter { $0 != "null" }
            object["type"] = kept.count == 1 ? kept[0] : .array(kept)
        }
        if case .array(let choices) = object["enum"] { object["enum"] = .array(choices.filter { $0 != .null }) }
        if case .array(let members) = object["anyOf"] {
            let kept = members.filter { $0 != ["type": "null"] }
            if kept.count == 1, case .object(let only) = kept[0] {
                object["anyOf"] = nil
                for (key, value) in only { object[key] = value }
            } else {
                object["anyOf"] = .array(kept)
            }
        }
        if case .object(let properties) = object["properties"] {
            var stripped = JSONObject()
            for (key, value) in properties { stripped[key] = withoutNull(value) }
            object["properties"] = .object(stripped)
        }
        return .object(object)
    }

    /// What a reply may add to a property: a list that is shown only when not empty, a flag shown only when true,
    /// a manifest shown with its member.
    static let tightenings: [String: Set<String>] = [
        "taskIdentifiers": ["minItems"], "userNotifications": ["enum"], "scenes": ["required"],
        // A reply writes the SDK as MAJOR.MINOR, which a request may shorten to MAJOR.
        "sdkVersion": ["pattern"],
    ]

    @Test("each reply schema's properties are its request schema's, with null taken out")
    func repliesShowTheirRequests() throws {
        let schemas = try #require(try OpenAPIVocabularyTests.spec()["components"]?["schemas"])
        for (reply, request) in [("InstalledAppInfo", "AppInfo"), ("InstalledAppBehavior", "AppBehavior"), ("DeviceLimitsInForce", "DeviceLimits")] {
            let shown = try #require(schemas[reply]?["properties"]?.objectValue, "\(reply)")
            let taken = try #require(schemas[request]?["properties"]?.objectValue, "\(request)")
            #expect(shown.keys == taken.keys, "\(reply) and \(request) name different properties")
            for (name, property) in taken {
                guard case .object(var expected) = Self.withoutNull(property), case .object(var actual)? = shown[name] else { continue }
                for key in Self.tightenings[name] ?? [] {
                    expected[key] = nil
                    actual[key] = nil
                }
                #expect(JSONValue.object(actual) == .object(expected), "\(reply).\(name) is \(JSONValue.object(actual).jsonString), \(request).\(name) shows as \(JSONValue.object(expected).jsonString)")
            }
        }
    }
}
