/// Name/value pairs (request headers or query arguments) packed into one byte array, in arrival order.
///
/// Why not a dictionary: a request carries a handful of fields and a route reads two or three, so one allocation
/// and a short scan beat hashing every name and allocating every value up front.
///
/// The packed format, which the transport writes directly from libmicrohttpd's buffers: for each field, the name's
/// byte count and the value's byte count as 4-byte little-endian integers (``prefixSize`` bytes in all), then the
/// name's bytes, then the value's bytes.
struct HTTPFields: Sendable {
    /// Bytes before each field's name: its name and value byte counts.
    static let prefixSize = 8

    private var storage: [UInt8]

    /// Fields already in the packed format.
    init(packed storage: [UInt8]) {
        self.storage = storage
    }

    /// Packs `dictionary`, lowercasing ASCII letters in names when asked.
    init(_ dictionary: [String: String], lowercasingNames: Bool) {
        storage = []
        for (name, value) in dictionary {
            Self.appendCount(name.utf8.count, to: &storage)
            Self.appendCount(value.utf8.count, to: &storage)
            if lowercasingNames {
                storage.append(contentsOf: name.utf8.lazy.map(Self.lowercasedASCII))
            } else {
                storage.append(contentsOf: name.utf8)
            }
            storage.append(contentsOf: value.utf8)
        }
    }

    /// The value of the last field named `name`; with `ignoringCase`, ASCII letters in `name` match either case
    /// (the stored names are then lowercased ones).
    func last(named name: String, ignoringCase: Bool) -> String? {
        var found: Range<Int>?
        forEachField { nameRange, valueRange in
            guard nameRange.count == name.utf8.count else { return }
            var index = nameRange.lowerBound
            for byte in name.utf8 {
                guard storage[index] == (ignoringCase ? Self.lowercasedASCII(byte) : byte) else { return }
                index += 1
            }
            found = valueRange
        }
        return found.map { String(decoding: storage[$0], as: UTF8.self) }
    }

    /// Whether it holds no field: cheaper than building anything.
    var isEmpty: Bool { storage.isEmpty }

    /// All fields as a dictionary; when a name repeats, the last value wins.
    var dictionary: [String: String] {
        var result: [String: String] = [:]
        forEachField { nameRange, valueRange in
            result[String(decoding: storage[nameRange], as: UTF8.self)] =
                String(decoding: storage[valueRange], as: UTF8.self)
        }
        return result
    }

    /// Calls `body` with each field's name and value bytes, in arrival order.
    func forEach(_ body: (_ name: ArraySlice<UInt8>, _ value: ArraySlice<UInt8>) -> Void) {
        forEachField { name, value in body(storage[name], storage[value]) }
    }

    private func forEachField(_ body: (_ name: Range<Int>, _ value: Range<Int>) -> Void) {
        var offset = 0
        while offset + Self.prefixSize <= storage.count {
            let nameStart = offset + Self.prefixSize
            let valueStart = nameStart + count(at: offset)
            offset = valueStart + count(at: offset + 4)
            guard offset <= storage.count else { return }
            body(nameStart..<valueStart, valueStart..<offset)
        }
    }

    private func count(at offset: Int) -> Int {
        Int(storage[offset]) | Int(storage[offset + 1]) << 8 | Int(storage[offset + 2]) << 16
            | Int(storage[offset + 3]) << 24
    }

    private static func appendCount(_ count: Int, to storage: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) {
            storage.append(UInt8(truncatingIfNeeded: count >> shift))
        }
    }

    /// `byte` with an ASCII capital turned into its small letter.
    @inline(__always)
    static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }
}
