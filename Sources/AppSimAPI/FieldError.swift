import AppSimCore
import AppSimJSON

/// A request field that cannot be used, named by its path (`info.memoryMB`).
struct FieldError: Error, Sendable, Equatable, CustomStringConvertible {
    enum Kind: Sendable, Equatable {
        /// The field has the wrong JSON type (`400`).
        case wrongType
        /// A required field is absent (`422`).
        case missing
        /// The value has the right type but cannot be used (`422`).
        case invalidValue
        /// The field is not one this request knows (`422`); usually a typo.
        case unknownField
    }

    var kind: Kind
    var path: String
    var message: String

    init(_ kind: Kind, _ path: String, _ message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    var description: String { message }
}

/// Reads typed fields out of a JSON object, naming the field path in every error.
struct FieldReader: Sendable {
    let object: JSONObject
    let path: String

    /// Wraps `value`, which must be an object.
    init(_ value: JSONValue, path: String = "") throws(FieldError) {
        guard case .object(let object) = value else {
            throw FieldError(.wrongType, path, "\(path.isEmpty ? "the body" : "'\(path)'") must be a JSON object, not \(value.typeName)")
        }
        self.object = object
        self.path = path
    }

    func fieldPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// Rejects every key not in `allowed`, so that a misspelt field is reported instead of ignored.
    func allowOnly(_ allowed: some Collection<String>) throws(FieldError) {
        for key in object.keys where !allowed.contains(key) {
            let known = allowed.sorted().joined(separator: ", ")
            throw FieldError(.unknownField, fieldPath(key), "unknown field '\(fieldPath(key))'; known fields here: \(known)")
        }
    }

    func wrongType(_ key: String, _ expected: String, _ value: JSONValue) -> FieldError {
        FieldError(.wrongType, fieldPath(key), "'\(fieldPath(key))' must be \(expected), not \(value.typeName)")
    }

    func invalid(_ key: String, _ message: String) -> FieldError {
        FieldError(.invalidValue, fieldPath(key), "'\(fieldPath(key))' \(message)")
    }

    func missing(_ key: String) -> FieldError {
        FieldError(.missing, fieldPath(key), "'\(fieldPath(key))' is required")
    }

    func string(_ key: String) throws(FieldError) -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        guard case .string(let string) = value else { throw wrongType(key, "a string", value) }
        return string
    }

    func requiredString(_ key: String) throws(FieldError) -> String {
        guard let string = try string(key) else { throw missing(key) }
        return string
    }

    func bool(_ key: String) throws(FieldError) -> Bool? {
        guard let value = object[key], !value.isNull else { return nil }
        guard case .bool(let bool) = value else { throw wrongType(key, "true or false", value) }
        return bool
    }

    func number(_ key: String) throws(FieldError) -> Double? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let number = value.doubleValue else { throw wrongType(key, "a number", value) }
        return number
    }

    /// A whole number in `range`.
    func integer(_ key: String, in range: ClosedRange<Int>) throws(FieldError) -> Int? {
        guard let number = try number(key) else { return nil }
        guard number == number.rounded(), number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            // Printed as the client wrote it: 10001, not 10001.0.
            throw invalid(key, "must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(object[key]?.jsonString ?? "")")
        }
        return Int(number)
    }

    /// A duration in seconds (fractions allowed) within `millis`, as milliseconds. The range is checked in the
    /// seconds the client wrote, before they are rounded to milliseconds.
    func seconds(_ key: String, in millis: ClosedRange<Int64>) throws(FieldError) -> Int64? {
        guard let number = try number(key) else { return nil }
        let range = Double(millis.lowerBound) / 1000...Double(millis.upperBound) / 1000
        guard range.contains(number) else {
            throw invalid(key, "must be a number of seconds from \(Seconds.format(range.lowerBound)) to \(Seconds.format(range.upperBound)), not \(number)")
        }
        return Int64((number * 1000).rounded())
    }

    func object(_ key: String) throws(FieldError) -> FieldReader? {
        guard let value = object[key], !value.isNull else { return nil }
        return try FieldReader(value, path: fieldPath(key))
    }

    func value(_ key: String) -> JSONValue? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    /// A value the client hands over to be kept as it is (saved data, UI state, a settings change, a payload): any
    /// JSON nested at most ``JSONValue/maxValueDepth`` levels, whose members count from the value itself.
    func keptValue(_ key: String) throws(FieldError) -> JSONValue? {
        guard let value = value(key) else { return nil }
        try checkKept(key)
        return value
    }

    /// Refuses the member `key` if it nests deeper than a kept value may (``JSONValue/maxValueDepth``).
    func checkKept(_ key: String) throws(FieldError) {
        guard let depth = object[key]?.depth, depth > JSONValue.maxValueDepth else { return }
        throw invalid(key, "nests \(depth) levels of arrays and objects; a value appsim keeps nests at most \(JSONValue.maxValueDepth)")
    }

    func stringArray(_ key: String) throws(FieldError) -> [String]? {
        guard let value = object[key], !value.isNull else { return nil }
        guard case .array(let array) = value else { throw wrongType(key, "an array of strings", value) }
        var strings: [String] = []
        for element in array {
            guard case .string(let string) = element else { throw wrongType(key, "an array of strings", element) }
            strings.append(string)
        }
        return strings
    }

    /// A string that must be one of `choices`.
    func choice<T: RawRepresentable<String>>(_ key: String, _ type: T.Type, among choices: [T]) throws(FieldError) -> T? {
        guard let string = try string(key) else { return nil }
        guard let value = T(rawValue: string), choices.contains(where: { $0.rawValue == value.rawValue }) else {
            throw invalid(key, "must be one of \(choices.map { "'\($0.rawValue)'" }.joined(separator: ", ")), not '\(string)'")
        }
        return value
    }
}
