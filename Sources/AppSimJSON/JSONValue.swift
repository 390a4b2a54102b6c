/// A JSON document as a value: what apps keep as user data, what pushes carry, and what the API speaks.
///
/// Objects keep their keys in insertion order, and whole numbers their exact value, so that what a client stored is
/// what it reads back.
///
/// A module of its own, below the Core, the Store and the API: to the Core a JSON document is domain data (an app's
/// saved data, a push payload, a notification's value are arbitrary JSON it carries without a shape of its own),
/// while the Store writes it into its records and the API into its wire shapes, formats neither may know of the
/// other. So the value and its text (parsing, serialization, ``JSONWriter``) live here, with no one's shapes.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    /// A number written with a fraction or an exponent, or a whole number beyond 64 bits.
    case number(Double)
    /// A whole number written without a fraction or an exponent that fits `Int64`: kept exactly, where a `Double`
    /// would round those beyond 2^53.
    case integer(Int64)
    /// A whole number above `Int64.max` that fits `UInt64`, kept exactly.
    case unsignedInteger(UInt64)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The value of `key` when this is an object, else `nil`.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The value of any number, rounded to the nearest `Double` where it has no exact one.
    public var doubleValue: Double? {
        switch self {
        case .number(let number): number
        case .integer(let integer): Double(integer)
        case .unsignedInteger(let integer): Double(integer)
        case .null, .bool, .string, .array, .object: nil
        }
    }

    /// The value of a whole number that fits `Int64`, whatever its kind (`3`, `3.0`); else `nil`.
    public var int64Value: Int64? {
        switch self {
        case .number(let number): Int64(exactly: number)
        case .integer(let integer): integer
        case .unsignedInteger(let integer): Int64(exactly: integer)
        case .null, .bool, .string, .array, .object: nil
        }
    }

    public var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The JSON type name, as error messages say it ("object", "string", …).
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number, .integer, .unsignedInteger: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension JSONValue: Hashable {
    /// Numbers are equal when their values are, whatever their kind: `150`, `150.0` and `1.5e2` are one number.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        case (.number, _), (.integer, _), (.unsignedInteger, _): lhs.numericValue == rhs.numericValue
        case (.null, _), (.bool, _), (.string, _), (.array, _), (.object, _): false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let bool): hasher.combine(1); hasher.combine(bool)
        case .number, .integer, .unsignedInteger: hasher.combine(2); hasher.combine(numericValue)
        case .string(let string): hasher.combine(3); hasher.combine(string)
        case .array(let array): hasher.combine(4); hasher.combine(array)
        case .object(let object): hasher.combine(5); hasher.combine(object)
        }
    }

    /// A number's value in one form per value, whichever case holds it, for equality and hashing.
    private enum NumericValue: Hashable {
        case signed(Int64), unsigned(UInt64), double(Double)
    }

    private var numericValue: NumericValue? {
        switch self {
        case .integer(let integer): .signed(integer)
        case .unsignedInteger(let integer): Int64(exactly: integer).map(NumericValue.signed) ?? .unsigned(integer)
        case .number(let number):
            Int64(exactly: number).map(NumericValue.signed) ?? UInt64(exactly: number).map(NumericValue.unsigned) ?? .double(number)
        case .null, .bool, .string, .array, .object: nil
        }
    }
}

/// A JSON object with its keys in insertion order.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var keys: [String] = []
    private var storage: [String: JSONValue] = [:]

    public init() {}

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        for (key, value) in elements { self[key] = value }
    }

    public subscript(key: String) -> JSONValue? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if storage.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    public func makeIterator() -> some IteratorProtocol<(key: String, value: JSONValue)> {
        var index = 0
        return AnyIterator { [keys, storage] in
            guard index < keys.count else { return nil }
            defer { index += 1 }
            return (keys[index], storage[keys[index]]!)
        }
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { lhs.storage == rhs.storage }
    public func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .integer(Int64(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .null }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var object = JSONObject()
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
}

extension JSONValue {
    public init(_ value: Int64) { self = .integer(value) }
    public init(_ value: Int) { self = .integer(Int64(value)) }
    public init(_ value: String?) { self = value.map { .string($0) } ?? .null }
}
