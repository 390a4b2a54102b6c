import Foundation

/// The one place that turns values into JSON bytes and back, so that every request and reply is coded alike.
enum JSONCoding {
    static func data(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        // Sorted keys make the bytes of a request the same from run to run (logs and diffs stay stable).
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // JSON has no infinity or NaN: sent as text, the server refuses them with a reason (a 4xx naming the field),
        // where a failed encoding would send no body at all.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return try encoder.encode(value)
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        try JSONDecoder().decode(type, from: data)
    }

    static func text(of value: some Encodable) -> String {
        (try? data(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    /// `json` as a typed value, or `nil` when it does not have that shape.
    static func convert<Value: Decodable>(_ json: JSON, to type: Value.Type) -> Value? {
        guard let bytes = try? data(json) else { return nil }
        return try? decode(type, from: bytes)
    }

    /// `value` as a JSON value.
    static func json(_ value: some Encodable) -> JSON {
        guard let bytes = try? data(value), let json = try? decode(JSON.self, from: bytes) else { return .null }
        return json
    }
}

/// A request object kept as its JSON members, with typed accessors for the fields the API documents.
///
/// Keeping the members rather than typed stored properties sends exactly what the caller set: a field the client
/// does not know yet (or a typo, which the server refuses with `422` naming it) goes through unchanged.
protocol JSONFields: Codable {
    var fields: [String: JSON] { get set }
    init(fields: [String: JSON])
}

extension JSONFields {
    public init(from decoder: any Decoder) throws {
        self.init(fields: try decoder.singleValueContainer().decode([String: JSON].self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(fields)
    }

    func field<Value: Decodable>(_ key: String, as type: Value.Type = Value.self) -> Value? {
        fields[key].flatMap { JSONCoding.convert($0, to: type) }
    }

    mutating func setField(_ key: String, _ value: (some Encodable)?) {
        fields[key] = value.map { JSONCoding.json($0) }
    }
}
