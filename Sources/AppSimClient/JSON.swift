/// Any JSON value: what the API leaves free-form (an app's data, a push payload, a callback's arguments, labels).
///
/// Write one with literals:
///
/// ```swift
/// let payload: JSON = ["aps": ["alert": "Hello", "badge": 1]]
/// try await app.push(payload)
/// ```
///
/// A whole number keeps its kind, as the server keeps it: `12345678901234567890` saved in an app's data is read back
/// as that integer, not as the nearest `Double`. Numbers compare by value whatever their case: `.integer(3)` equals
/// `.number(3.0)`.
public enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A whole number that fits an `Int64` (as JSON text, or an integer literal).
    case integer(Int64)
    /// A whole number above `Int64.max` that fits a `UInt64`.
    case unsignedInteger(UInt64)
    /// Any other number: one with a fraction or an exponent that is not whole, or beyond 64 bits.
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, if this is one (the nearest `Double` to a large integer).
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .unsignedInteger(let value): Double(value)
        case .number(let value): value
        case .null, .bool, .string, .array, .object: nil
        }
    }

    /// The number, if this is a whole one that fits an `Int`.
    public var intValue: Int? {
        switch self {
        case .integer(let value): Int(exactly: value)
        case .unsignedInteger(let value): Int(exactly: value)
        case .number(let value): Int(exactly: value)
        case .null, .bool, .string, .array, .object: nil
        }
    }

    /// The number, if this is a whole one that fits a `UInt64`.
    public var uint64Value: UInt64? {
        switch self {
        case .integer(let value): UInt64(exactly: value)
        case .unsignedInteger(let value): value
        case .number(let value): UInt64(exactly: value)
        case .null, .bool, .string, .array, .object: nil
        }
    }

    /// The Boolean, if this is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, if this is an array.
    public var arrayValue: [JSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, if this is an object.
    public var objectValue: [String: JSON]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The member `key` of an object; `nil` for a missing key or a value that is not an object.
    public subscript(key: String) -> JSON? {
        objectValue?[key]
    }
}

extension JSON {
    /// A number as one value, whatever case holds it, so that equal numbers compare and hash alike.
    private enum NumberValue: Hashable {
        case whole(Int64), largeWhole(UInt64), other(Double)

        init(_ value: Double) {
            if let whole = Int64(exactly: value) { self = .whole(whole) }
            else if let whole = UInt64(exactly: value) { self = .largeWhole(whole) }
            else { self = .other(value) }
        }

        init(_ value: UInt64) {
            self = Int64(exactly: value).map(NumberValue.whole) ?? .largeWhole(value)
        }
    }

    private var numberValue: NumberValue? {
        switch self {
        case .integer(let value): .whole(value)
        case .unsignedInteger(let value): NumberValue(value)
        case .number(let value): NumberValue(value)
        case .null, .bool, .string, .array, .object: nil
        }
    }

    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        default: lhs.numberValue.map { $0 == rhs.numberValue } ?? false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(1); hasher.combine(value)
        case .string(let value): hasher.combine(2); hasher.combine(value)
        case .array(let value): hasher.combine(3); hasher.combine(value)
        case .object(let value): hasher.combine(4); hasher.combine(value)
        case .integer, .unsignedInteger, .number: hasher.combine(5); hasher.combine(numberValue)
        }
    }
}

extension JSON: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(UInt64.self) {
            self = .unsignedInteger(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .unsignedInteger(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSON: CustomStringConvertible {
    /// The value as compact JSON text.
    public var description: String {
        JSONCoding.text(of: self)
    }
}
