/// Why a request body is not JSON, with the byte offset where reading stopped.
public struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
    public var offset: Int
    public var reason: String
    /// The text may be valid JSON, but nests deeper than the reader takes (``JSONValue/maxRequestDepth``).
    public var isTooDeep = false
    public var description: String { "malformed JSON at byte \(offset): \(reason)" }
}

extension JSONValue {
    /// How deep a request's JSON may nest: deeper is refused before anything is read of it.
    public static let maxRequestDepth = 64

    /// How deep a value a client hands over to be kept (saved data, UI state, a settings change, a push payload)
    /// may nest. Kept values are served again inside the API's own shapes (a page of instances, a callback's
    /// arguments), so that they must leave room below ``maxRequestDepth`` for what clients read them in.
    public static let maxValueDepth = 32

    /// How deep this value nests: 0 for a scalar, 1 for an array or object of scalars, ….
    public var depth: Int {
        switch self {
        case .array(let items): 1 + (items.lazy.map(\.depth).max() ?? 0)
        case .object(let object): 1 + (object.lazy.map(\.value.depth).max() ?? 0)
        default: 0
        }
    }

    /// Parses one JSON document (RFC 8259) from UTF-8 bytes.
    ///
    /// - Parameter maxDepth: the most arrays and objects nested in one another; a request's JSON may nest
    ///   ``maxRequestDepth`` levels. A store that keeps what requests carried inside records of its own reads them
    ///   with room for its own levels.
    /// - Throws: `JSONSyntaxError` naming the offset and what was expected there.
    public static func parse(_ bytes: some Collection<UInt8>, maxDepth: Int = maxRequestDepth) throws(JSONSyntaxError) -> JSONValue {
        let array = Array(bytes)
        var parser = JSONParser(bytes: array, maxDepth: maxDepth)
        return try parser.parseDocument()
    }

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

private struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    var depth = 0
    let maxDepth: Int

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected data after the JSON value") }
        return value
    }

    func fail(_ reason: String) -> JSONSyntaxError { JSONSyntaxError(offset: index, reason: reason) }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw fail("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail("unexpected character, expected a value")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("unexpected end of input") }
        let matches = literal.withUTF8Buffer { buffer in
            buffer.elementsEqual(bytes[index..<index + count])
        }
        guard matches else { throw fail("invalid literal") }
        index += count
    }

    mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= maxDepth else {
            var error = fail("nested deeper than \(maxDepth) levels")
            error.isTooDeep = true
            throw error
        }
    }

    mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var object = JSONObject()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a string key") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
            index += 1
            skipWhitespace()
            object[key] = try parseValue()
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input in an object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw fail("expected ',' or '}' in an object")
        }
        depth -= 1
        return .object(object)
    }

    mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var array: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(array)
        }
        while true {
            skipWhitespace()
            array.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input in an array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw fail("expected ',' or ']' in an array")
        }
        depth -= 1
        return .array(array)
    }

    mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes. ASCII needs no validation, and `String(decoding:as:)` is specialized here, where
        // the generic `String(validating:as:)` spends more on looking up its types than on the bytes.
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let string = ascii
                    ? String(decoding: bytes[start..<index], as: UTF8.self)
                    : String(validating: bytes[start..<index], as: UTF8.self)
                guard let string else { throw fail("invalid UTF-8 in a string") }
                index += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw fail("unescaped control character in a string") }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        var scalars: [UInt8] = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let string = String(validating: scalars, as: UTF8.self) else {
                    throw fail("invalid UTF-8 in a string")
                }
                return string
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append(0x22)
                case UInt8(ascii: "\\"): scalars.append(0x5C)
                case UInt8(ascii: "/"): scalars.append(0x2F)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                              bytes[index + 1] == UInt8(ascii: "u") else { throw fail("unpaired surrogate") }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(code) {
                        throw fail("unpaired surrogate")
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("invalid \\u escape") }
                    scalars.append(contentsOf: UTF8.encode(scalar)!)
                default:
                    throw fail("invalid escape sequence")
                }
            default:
                if byte < 0x20 { throw fail("unescaped control character in a string") }
                scalars.append(byte)
                index += 1
            }
        }
        throw fail("unterminated string")
    }

    mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// A whole number written without a fraction or an exponent is an integer when it fits 64 bits (exactly what was
    /// written); any other number is a `Double`.
    mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < bytes.count else { throw fail("invalid number") }
        let digitsStart = index
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[index]) {
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        } else {
            throw fail("invalid number")
        }
        var whole = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            whole = false
            index += 1
            let digits = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > digits else { throw fail("invalid number: digits expected after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            whole = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let digits = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > digits else { throw fail("invalid number: digits expected in the exponent") }
        }
        if whole, let integer = Self.integer(bytes[digitsStart..<index], negative: negative) { return integer }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw fail("number out of range") }
        return .number(value)
    }

    /// The integer `digits` spell, if it fits `Int64` (or, not negative, `UInt64`).
    static func integer(_ digits: ArraySlice<UInt8>, negative: Bool) -> JSONValue? {
        var magnitude: UInt64 = 0
        for digit in digits {
            let (tens, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = tens.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
            guard !overflow, !carry else { return nil }
            magnitude = sum
        }
        if !negative { return Int64(exactly: magnitude).map(JSONValue.integer) ?? .unsignedInteger(magnitude) }
        // Two's complement of the magnitude: exact down to Int64.min, whose magnitude Int64 cannot hold.
        return magnitude <= Int64.min.magnitude ? .integer(Int64(bitPattern: 0 &- magnitude)) : nil
    }
}
