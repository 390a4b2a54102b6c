@testable import AppSimJSON
import Testing

/// `JSONValue`: parsing (RFC 8259) and compact serialization.
@Suite("JSONValue")
struct JSONValueTests {
    static func parseError(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try JSONValue.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("parse reads every JSON type")
    func parsesTypes() throws {
        let value = try JSONValue.parse(#" { "n": null, "t": true, "f": false, "i": -12, "d": 1.5e2, "s": "hi", "a": [1, [], {}], "o": {"k": "v"} } "#)
        #expect(value["n"] == .null)
        #expect(value["t"] == true)
        #expect(value["f"] == false)
        #expect(value["i"] == -12)
        #expect(value["d"] == 150)
        #expect(value["s"] == "hi")
        #expect(value["a"] == [1, [], [:]])
        #expect(value["o"]?["k"] == "v")
    }

    @Test("jsonBytes then parse round-trips values, keeping object key order")
    func roundTrip() throws {
        let values: [JSONValue] = [
            .null, true, 0, -0.5, 123_456_789, 1e300, "", "plain",
            ["z": 1, "a": 2, "m": ["nested": [true, nil, "x"]]],
            ["emoji": "😀", "accents": "café", "cjk": "日本", "quote": "\"", "backslash": "\\", "ctl": "\u{01}\u{1F}\t\n\r"],
        ]
        for value in values {
            let text = value.jsonString
            let back = try JSONValue.parse(value.jsonBytes)
            #expect(back == value, "\(text)")
            #expect(back.jsonString == text)
        }
        let ordered: JSONValue = ["z": 1, "a": 2, "m": 3]
        #expect(ordered.jsonString == #"{"z":1,"a":2,"m":3}"#)
        #expect(try JSONValue.parse(#"{"z":1,"a":2,"m":3}"#).objectValue?.keys == ["z", "a", "m"])
    }

    @Test("serialization escapes quotes, backslashes and control characters, and writes whole numbers without a fraction")
    func escapes() {
        #expect(JSONValue.string("a\"b\\c").jsonString == #""a\"b\\c""#)
        #expect(JSONValue.string("line\nnext\ttab\rcr").jsonString == #""line\nnext\ttab\rcr""#)
        #expect(JSONValue.string("\u{01}\u{1F}").jsonString == #""\u0001\u001f""#)
        #expect(JSONValue.string("é😀").jsonBytes == Array("\"é😀\"".utf8))
        #expect(JSONValue.number(3).jsonString == "3")
        #expect(JSONValue.number(-2.5).jsonString == "-2.5")
        #expect(JSONValue.number(.nan).jsonString == "null")
    }

    @Test("whole numbers keep their exact value through parse and serialization, across Int64 and UInt64")
    func integersStayExact() throws {
        for text in ["0", "-1", "9007199254740993", "12345678901234567890", "9223372036854775807", "-9223372036854775808",
                     "18446744073709551615"] {
            let value = try JSONValue.parse(text)
            #expect(value.jsonString == text)
            #expect(try JSONValue.parse(value.jsonBytes) == value, "\(text)")
        }
        #expect(try JSONValue.parse("12345678901234567890") == .unsignedInteger(12_345_678_901_234_567_890))
        #expect(try JSONValue.parse("-9223372036854775808") == .integer(.min))
        #expect(try JSONValue.parse("[9007199254740993]") != [9_007_199_254_740_992])
        // Numbers with a fraction or an exponent, and whole numbers beyond 64 bits, are Doubles, written as before.
        #expect(try JSONValue.parse("1.5").jsonString == "1.5")
        #expect(try JSONValue.parse("1e2").jsonString == "100")
        #expect(try JSONValue.parse("-0").jsonString == "0")
        #expect(try JSONValue.parse("18446744073709551616").jsonString == "1.8446744073709552e+19")
        #expect(try JSONValue.parse("-9223372036854775809").jsonString == "-9.223372036854776e+18")
        // Kept exactly through the text the store writes them as.
        let data: JSONValue = ["big": .unsignedInteger(12_345_678_901_234_567_890), "n": 1, "x": 1.5]
        let coded = try JSONValue.parse(data.jsonBytes)
        #expect(coded.jsonString == #"{"big":12345678901234567890,"n":1,"x":1.5}"#)
    }

    @Test("a number equals another of the same value whatever its kind, and hashes alike")
    func numbersCompareByValue() throws {
        #expect(try JSONValue.parse("150") == JSONValue.parse("1.5e2"))
        #expect(JSONValue.integer(150) == .number(150))
        #expect(JSONValue.unsignedInteger(3) == .integer(3))
        // A Double rounds this one: they are different numbers.
        #expect(JSONValue.unsignedInteger(12_345_678_901_234_567_890) != .number(Double("12345678901234567890")!))
        #expect(Set<JSONValue>([.integer(150), .number(150), .unsignedInteger(150)]).count == 1)
        #expect(JSONValue.integer(1) != .number(1.5))
        #expect(JSONValue.integer(1) != .string("1"))
        #expect(JSONValue.integer(1) != .bool(true))
    }

    @Test("parse decodes escapes, including \\u escapes and surrogate pairs")
    func parsesEscapes() throws {
        #expect(try JSONValue.parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{08}\u{0C}\n\r\t"))
        #expect(try JSONValue.parse(#""\u0041\u00e9\u65E5""#) == "Aé日")
        #expect(try JSONValue.parse(#""\ud83d\ude00""#) == "😀")
        #expect(try JSONValue.parse(#""x\uD83D\uDE00y""#) == "x😀y")
        #expect(try JSONValue.parse(#""😀 raw""#) == "😀 raw")
    }

    @Test("malformed input is refused with the byte offset where reading stopped", arguments: [
        ("", 0),
        ("   ", 3),
        ("tru", 0),
        ("nul", 0),
        (#"{"a":}"#, 5),
        (#"{"a" 1}"#, 5),
        (#"{a:1}"#, 1),
        (#"{"a":1,}"#, 7),
        ("[1,2", 4),
        ("[1 2]", 3),
        ("[1,]", 3),
        ("1 2", 2),
        ("01", 1),
        ("1.", 2),
        ("1e", 2),
        ("-", 1),
        ("+1", 0),
        (#""abc"#, 4),
        (#""a\x""#, 4),
        (#""\u12G4""#, 5),
        (#""\u12""#, 3),
        (#""\ud83d""#, 7),
        (#""\ud83d\u0041""#, 13),
        (#""\ude00""#, 7),
        ("\"tab\there\"", 4),
        ("1e999", 5),
    ])
    func malformed(text: String, offset: Int) {
        let error = Self.parseError(text)
        #expect(error != nil, "\(text)")
        #expect(error?.offset == offset, "\(text): \(error?.description ?? "")")
        #expect(error?.description.contains("byte \(offset)") == true)
    }

    @Test("invalid UTF-8 in a string is refused, after ASCII too, and before or after an escape", arguments: [
        [0x22, 0xFF, 0xFE, 0x22], [0x22, 0x61, 0x80, 0x22], [0x22, 0x61, 0xC3, 0x22],
        [0x22, 0x5C, 0x6E, 0x80, 0x22], [0x22, 0x80, 0x5C, 0x6E, 0x22],
    ] as [[UInt8]])
    func invalidUTF8(bytes: [UInt8]) {
        do {
            _ = try JSONValue.parse(bytes)
            Issue.record("invalid UTF-8 was accepted: \(bytes)")
        } catch {
            #expect(error.reason.contains("UTF-8"))
        }
    }

    @Test("a string of other bytes than ASCII is read whole, with escapes after them")
    func nonASCIIStrings() throws {
        #expect(try JSONValue.parse(#""é\n""#) == "é\n")
        #expect(try JSONValue.parse(#""a😀b""#) == "a😀b")
        #expect(try JSONValue.parse(#"{"ключ":"значение","k":"v"}"#) == ["ключ": "значение", "k": "v"])
    }

    @Test("nesting deeper than 64 levels is refused; 64 levels are accepted")
    func depth() throws {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(Self.parseError(deep)?.reason.contains("64") == true)
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(Self.parseError(ok) == nil)
    }

    @Test("the text the store writes keeps objects with their key order")
    func storedText() throws {
        let value: JSONValue = ["z": [1, "two", nil, true], "a": ["inner": 1.5]]
        let back = try JSONValue.parse(value.jsonBytes)
        #expect(back == value)
        #expect(back.objectValue?.keys == ["z", "a"])
    }
}
