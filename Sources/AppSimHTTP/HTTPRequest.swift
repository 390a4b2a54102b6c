/// One HTTP request, read in full (head and body) before it reaches an ``HTTPResponder``.
///
/// ```swift
/// let request = HTTPRequest(method: "GET", path: "/v1/devices", query: ["limit": "10"])
/// request.header("Authorization")  // nil
/// ```
public struct HTTPRequest: Sendable {
    /// The request method as sent, e.g. `"GET"` or `"POST"`.
    public var method: String
    /// The URL path without the query string, percent-decoded, e.g. `"/v1/devices/a b"`.
    public var path: String
    /// The query arguments by name. When a name repeats, the last value wins; a name with no `=` maps to `""`.
    public var query: [String: String]
    /// The request headers by lowercased name. When a header repeats, the last value wins.
    public var headers: [String: String]
    /// The request body; empty when none was sent.
    public var body: [UInt8]

    /// Creates a request, for instance to drive an ``HTTPResponder`` in a test without a server.
    /// Header names are lowercased here, so `headers` always holds lowercased names.
    public init(
        method: String,
        path: String,
        query: [String: String] = [:],
        headers: [String: String] = [:],
        body: [UInt8] = []
    ) {
        var lowercased: [String: String] = [:]
        lowercased.reserveCapacity(headers.count)
        for (name, value) in headers { lowercased[name.lowercased()] = value }
        self.init(method: method, path: path, query: query, lowercasedHeaders: lowercased, body: body)
    }

    /// The transport's initializer: it lowercases names while reading them, so nothing is done twice.
    init(method: String, path: String, query: [String: String], lowercasedHeaders: [String: String], body: [UInt8]) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = lowercasedHeaders
        self.body = body
    }

    /// The value of the header `name`, compared case-insensitively, or `nil` if the request has none.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}
