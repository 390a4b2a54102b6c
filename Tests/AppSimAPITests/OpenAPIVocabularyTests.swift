@testable import AppSimAPI
import AppSimCore
import AppSimJSON
import AppSimTestSupport
import Foundation
import Testing

/// openapi.yaml's event schemas against the vocabulary the server decodes with (`Event.vocabulary`): the same
/// types in the same order and scope, and for each the same fields, types, bounds, defaults and required fields.
/// openapi.yaml stays written by hand; this is what keeps it true.
@Suite("openapi.yaml's events are the vocabulary")
struct OpenAPIVocabularyTests {

    static func spec() throws -> JSONValue { try OpenAPIDocument.load() }

    /// The schemas a `oneOf` of `name` refers to, by name, in order.
    static func members(of name: String, in schemas: JSONValue) -> [String] {
        (schemas[name]?["oneOf"]?.arrayValue ?? []).compactMap { $0["$ref"]?.stringValue?.split(separator: "/").last.map(String.init) }
    }

    /// The event type a schema takes: its `type` property's `const`.
    static func typeName(_ schema: JSONValue?) -> String? {
        schema?["properties"]?["type"]?["const"]?.stringValue
    }

    static func resolve(_ schema: JSONValue, in schemas: JSONValue) -> JSONValue {
        guard let ref = schema["$ref"]?.stringValue, let name = ref.split(separator: "/").last else { return schema }
        return schemas[String(name)] ?? schema
    }

    @Test("InstanceEvent and DeviceEvent list the vocabulary's types, in its order, with their discriminator mappings")
    func sameTypes() throws {
        let schemas = try #require(try Self.spec()["components"]?["schemas"])
        let instance = Self.members(of: "InstanceEvent", in: schemas).compactMap { Self.typeName(schemas[$0]) }
        let device = Self.members(of: "DeviceEvent", in: schemas).compactMap { Self.typeName(schemas[$0]) }
        #expect(instance == Event.namesForInstances)
        #expect(device == Event.deviceEventTypes)
        for union in ["InstanceEvent", "DeviceEvent"] {
            let mapping = schemas[union]?["discriminator"]?["mapping"]?.objectValue
            for member in Self.members(of: union, in: schemas) {
                let name = Self.typeName(schemas[member]) ?? "?"
                #expect(member.lowercased() == "\(name.lowercased())event", "\(member) is not named after its type \(name)")
                #expect(mapping?[name]?.stringValue == "#/components/schemas/\(member)", "\(union)'s mapping of \(name)")
            }
            #expect(mapping?.count == Self.members(of: union, in: schemas).count, "\(union)'s mapping")
        }
    }

    @Test("each type's scope is what its description says: App event, App action or Device event")
    func sameScopes() throws {
        let schemas = try #require(try Self.spec()["components"]?["schemas"])
        for member in Self.members(of: "InstanceEvent", in: schemas) {
            let schema = try #require(schemas[member])
            let name = Self.typeName(schema) ?? ""
            let type = try #require(Event.type(named: name, toInstance: true), "\(name)")
            let description = schema["description"]?.stringValue ?? ""
            let said: EventType.Scope? = description.hasPrefix("App action") ? .appAction
                : description.hasPrefix("App event") ? .appEvent : description.hasPrefix("Device event") ? .deviceEvent : nil
            #expect(said == type.scope, "\(member): the description starts '\(description.prefix(20))', the vocabulary says \(type.scope)")
        }
    }

    @Test("each type's fields: names, required, JSON type, null for optional ones, bounds, choices and defaults")
    func sameFields() throws {
        let schemas = try #require(try Self.spec()["components"]?["schemas"])
        for member in Set(Self.members(of: "InstanceEvent", in: schemas) + Self.members(of: "DeviceEvent", in: schemas)) {
            let schema = try #require(schemas[member])
            let name = Self.typeName(schema) ?? ""
            let type = try #require(Event.type(named: name, toInstance: true), "\(name)")
            let properties = schema["properties"]?.objectValue ?? [:]
            #expect(Set(properties.keys) == type.keys, "\(name): openapi.yaml has \(properties.keys.sorted()), the vocabulary \(type.keys.sorted())")
            let required = Set(schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            #expect(required == Set(type.fields.filter(\.isRequired).map(\.name) + ["type"]), "\(name): required")
            #expect(schema["additionalProperties"] == .bool(false), "\(name): additionalProperties")
            for field in type.fields {
                guard let property = properties[field.name] else { continue }
                let problems = Self.differences(field, Self.resolve(property, in: schemas), in: schemas)
                #expect(problems.isEmpty, "\(name).\(field.name): \(problems.joined(separator: "; "))")
            }
        }
    }

    /// How `schema` differs from `field`, in words.
    static func differences(_ field: EventField, _ schema: JSONValue, in schemas: JSONValue) -> [String] {
        var problems: [String] = []
        var types = schema["type"]?.arrayValue?.compactMap(\.stringValue) ?? schema["type"]?.stringValue.map { [$0] } ?? []
        if let oneOf = schema["oneOf"]?.arrayValue {
            types += oneOf.flatMap { resolve($0, in: schemas)["type"]?.stringValue.map { [$0] } ?? [] }
        }
        let nullable = types.contains("null")
        types.removeAll { $0 == "null" }
        func expect(_ key: String, number: Double) {
            if schema[key]?.doubleValue != number { problems.append("\(key) is \(schema[key]?.jsonString ?? "absent"), not \(number)") }
        }
        func expect(_ key: String, _ value: JSONValue?) {
            if schema[key] != value { problems.append("\(key) is \(schema[key]?.jsonString ?? "absent"), not \(value?.jsonString ?? "absent")") }
        }
        let expected: [String]
        switch field.kind {
        case .string: expected = ["string"]
        case .uri:
            expected = ["string"]
            expect("format", "uri")
            expect("maxLength", number: Double(URLParts.maxBytes))
        case .boolean: expected = ["boolean"]
        case .integer(let range):
            expected = ["integer"]
            expect("minimum", number: Double(range.lowerBound))
            expect("maximum", number: Double(range.upperBound))
        case .number(let range):
            expected = ["number"]
            expect("minimum", number: range.lowerBound)
            expect("maximum", number: range.upperBound)
        case .seconds(let millis):
            expected = ["number"]
            expect("minimum", number: Double(millis.lowerBound) / 1000)
            expect("maximum", number: Double(millis.upperBound) / 1000)
        case .choice(let choices):
            expected = ["string"]
            // An optional choice lists null among its values.
            expect("enum", .array(choices.map { .string($0) } + (field.isRequired ? [] : [.null])))
        case .fetchInterval:
            expected = ["string", "number"]
            if schema["oneOf"] == nil { problems.append("is not FetchInterval's oneOf of \"never\" and seconds") }
        case .object: expected = ["object"]
        case .value: expected = []
        }
        if types.sorted() != expected.sorted() { problems.append("type is \(types), not \(expected)") }
        // A property with a $ref cannot say null beside it; the vocabulary's optional fields read null as absent.
        if !expected.isEmpty, schema["$ref"] == nil, schema["oneOf"] == nil, nullable == field.isRequired {
            problems.append(field.isRequired ? "is required, so not null" : "is optional, so null is allowed")
        }
        if let defaultValue = field.defaultValue {
            let same = defaultValue.doubleValue.map { schema["default"]?.doubleValue == $0 } ?? (schema["default"] == defaultValue)
            if !same {
                problems.append("default is \(schema["default"]?.jsonString ?? "absent"), not \(defaultValue.jsonString)")
            }
        } else if schema["default"] != nil {
            problems.append("default is \(schema["default"]!.jsonString), which the vocabulary does not have")
        }
        return problems
    }
}
