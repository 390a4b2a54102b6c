/// Writes compact JSON straight to bytes, for the hot paths where building a `JSONValue` tree first costs too much.
/// The Store writes its records with it and the API its wire shapes; it knows neither, so each owns its own.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.beginObject()
/// writer.field("id", "d1.1")
/// writer.field("launchCount", 2)
/// writer.endObject()   // {"id":"d1.1","launchCount":2}
/// ```
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    public init(capacity: Int = 512) { bytes.reserveCapacity(capacity) }

    @inline(__always) private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    public mutating func key(_ key: String) {
        separate()
        JSONValue.writeString(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A key written in the source: copied as it is, without looking for characters to escape (it must have none).
    public mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func string(_ value: String) {
        separate()
        JSONValue.writeString(value, to: &bytes)
        needsComma = true
    }

    public mutating func int(_ value: Int64) {
        separate()
        JSONValue.writeInteger(value, to: &bytes)
        needsComma = true
    }

    public mutating func number(_ value: Double) {
        separate()
        JSONValue.writeNumber(value, to: &bytes)
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        needsComma = true
    }

    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
        needsComma = true
    }

    public mutating func value(_ value: JSONValue) {
        separate()
        value.write(to: &bytes)
        needsComma = true
    }

    /// Appends bytes that already are one JSON value.
    public mutating func raw(_ json: [UInt8]) {
        separate()
        bytes.append(contentsOf: json)
        needsComma = true
    }

    public mutating func field(_ name: StaticString, _ value: String) { key(name); string(value) }
    public mutating func field(_ name: StaticString, _ value: String?) { key(name); if let value { string(value) } else { null() } }
    public mutating func field(_ name: StaticString, _ value: Int) { key(name); int(Int64(value)) }
    public mutating func field(_ name: StaticString, _ value: Int64) { key(name); int(value) }
    public mutating func field(_ name: StaticString, _ value: Int64?) { key(name); if let value { int(value) } else { null() } }
    public mutating func field(_ name: StaticString, _ value: Double) { key(name); number(value) }
    public mutating func field(_ name: StaticString, _ value: Bool) { key(name); bool(value) }
    public mutating func field(_ name: StaticString, _ value: JSONValue) { key(name); self.value(value) }
    public mutating func field(_ name: StaticString, _ value: JSONValue?) { key(name); self.value(value ?? .null) }
    public mutating func field(_ name: StaticString, strings: [String]) {
        key(name)
        beginArray()
        for string in strings { self.string(string) }
        endArray()
    }
}
