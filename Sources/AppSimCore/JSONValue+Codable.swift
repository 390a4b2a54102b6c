/// Codable coders keep neither key order nor the difference between `{}` and `[]` in every format, so a
/// `JSONValue` is coded as its own JSON text: exact, and unambiguous in any container.
extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            self = try JSONValue.parse(text)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(jsonString)
    }
}

extension JSONObject: Codable {
    public init(from decoder: any Decoder) throws {
        guard case .object(let object) = try JSONValue(from: decoder) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected an object"))
        }
        self = object
    }

    public func encode(to encoder: any Encoder) throws {
        try JSONValue.object(self).encode(to: encoder)
    }
}
