/// One HTTP request, read in full (head and body) before it reaches an ``HTTPResponder``.
///
/// Headers and query arguments are kept packed as they arrived; ``header(_:)`` and ``queryArgument(_:)`` look one
/// up without building a dictionary, while ``headers`` and ``query`` build one on each read.
///
/// ```swift
/// let request = HTTPRequest(method: "GET", path: "/v1/devices/a%2Fb", query: ["limit": "10"])
/// request.pathSegments              // ["v1", "devices", "a/b"]
/// request.queryArgument("limit")    // "10"
/// request.header("Authorization")   // nil
/// ```
public struct HTTPRequest: Sendable {
    /// The request method as sent, e.g. `"GET"` or `"POST"`.
    public var method: String
    /// The URL path as the client sent it, without the query string: still percent-encoded, e.g.
    /// `"/v1/devices/a%2Fb"`.
    public var encodedPath: String
    /// The request body; empty when none was sent.
    public var body: [UInt8]

    var queryFields: HTTPFields
    var headerFields: HTTPFields

    /// The path's segments, split at `/` first and percent-decoded after, so that an encoded slash (`%2F`) stays
    /// inside its segment: `"/v1/devices/a%2Fb"` is `["v1", "devices", "a/b"]`. Empty segments (from `//` or a
    /// trailing `/`) are left out. Route on these, not on ``path``.
    public var pathSegments: [String] {
        // A loop rather than `split(separator:)`: every request is routed on these, and the generic split costs
        // a tenth of a GET's own work.
        let path = encodedPath.utf8
        var segments: [String] = []
        var start = path.startIndex
        for index in path.indices where path[index] == UInt8(ascii: "/") {
            if index > start { segments.append(Self.percentDecoded(path[start..<index])) }
            start = path.index(after: index)
        }
        if start < path.endIndex { segments.append(Self.percentDecoded(path[start...])) }
        return segments
    }

    /// The URL path without the query string, percent-decoded whole, e.g. `"/v1/devices/a/b"`: for messages.
    /// An encoded slash becomes a separator here, so routing on it would let `a%2Fb` pass for two segments.
    public var path: String {
        Self.percentDecoded(encodedPath.utf8)
    }

    /// The query arguments by name. When a name repeats, the last value wins; a name with no `=` maps to `""`.
    /// Built on each read: prefer ``queryArgument(_:)`` for single lookups.
    public var query: [String: String] {
        get { queryFields.dictionary }
        set { queryFields = HTTPFields(newValue, lowercasingNames: false) }
    }

    /// The first query argument name that appears more than once (`?limit=2&limit=1`), or `nil`: which of two values
    /// a client meant cannot be known.
    public var repeatedQueryName: String? {
        var seen: Set<ArraySlice<UInt8>> = []
        var repeated: ArraySlice<UInt8>?
        queryFields.forEach { name, _ in
            if repeated == nil, !seen.insert(name).inserted { repeated = name }
        }
        return repeated.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether the request has no query arguments (no `?`, or nothing after it).
    public var hasNoQuery: Bool { queryFields.isEmpty }

    /// The request headers by lowercased name. When a header repeats, the last value wins.
    /// Built on each read: prefer ``header(_:)`` for single lookups. Names set here are lowercased.
    public var headers: [String: String] {
        get { headerFields.dictionary }
        set { headerFields = HTTPFields(newValue, lowercasingNames: true) }
    }

    /// Creates a request, for instance to drive an ``HTTPResponder`` in a test without a server. `path` is as a
    /// client sends it, percent-encoded. Header names are lowercased.
    public init(
        method: String,
        path: String,
        query: [String: String] = [:],
        headers: [String: String] = [:],
        body: [UInt8] = []
    ) {
        self.init(
            method: method,
            encodedPath: path,
            queryFields: HTTPFields(query, lowercasingNames: false),
            headerFields: HTTPFields(headers, lowercasingNames: true),
            body: body
        )
    }

    /// The transport's initializer: fields already packed, header names already lowercased.
    init(method: String, encodedPath: String, queryFields: HTTPFields, headerFields: HTTPFields, body: [UInt8]) {
        self.method = method
        self.encodedPath = encodedPath
        self.queryFields = queryFields
        self.headerFields = headerFields
        self.body = body
    }

    /// The value of the header `name`, compared case-insensitively, or `nil` if the request has none.
    /// When the header repeats, the last value.
    public func header(_ name: String) -> String? {
        headerFields.last(named: name, ignoringCase: true)
    }

    /// The value of the query argument `name` (case-sensitive), or `nil` if absent. When it repeats, the last value.
    public func queryArgument(_ name: String) -> String? {
        queryFields.last(named: name, ignoringCase: false)
    }

    /// `bytes` with each `%XX` decoded, as UTF-8 (an invalid sequence becomes U+FFFD). `%00` stays as written, as it
    /// does in query arguments: a NUL in an id would be cut short by any C string on the way. A `%` not followed by
    /// two hex digits stays too.
    static func percentDecoded(_ bytes: some Collection<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "%")) else { return String(decoding: bytes, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            guard byte == UInt8(ascii: "%"), index != bytes.endIndex, bytes.index(after: index) != bytes.endIndex,
                  let high = hexValue(bytes[index]), let low = hexValue(bytes[bytes.index(after: index)]),
                  high | low != 0
            else {
                decoded.append(byte)
                continue
            }
            decoded.append(high << 4 | low)
            index = bytes.index(index, offsetBy: 2)
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
