/// One HTTP request, read in full (head and body) before it reaches an ``HTTPResponder``.
///
/// Headers and query arguments are kept packed as they arrived; ``header(_:)`` and ``queryArgument(_:)`` look one
/// up without building a dictionary, while ``headers`` and ``query`` build one on each read.
///
/// ```swift
/// let request = HTTPRequest(method: "GET", path: "/v1/devices", query: ["limit": "10"])
/// request.queryArgument("limit")    // "10"
/// request.header("Authorization")   // nil
/// ```
public struct HTTPRequest: Sendable {
    /// The request method as sent, e.g. `"GET"` or `"POST"`.
    public var method: String
    /// The URL path without the query string, percent-decoded, e.g. `"/v1/devices/a b"`.
    public var path: String
    /// The request body; empty when none was sent.
    public var body: [UInt8]

    var queryFields: HTTPFields
    var headerFields: HTTPFields

    /// The query arguments by name. When a name repeats, the last value wins; a name with no `=` maps to `""`.
    /// Built on each read: prefer ``queryArgument(_:)`` for single lookups.
    public var query: [String: String] {
        get { queryFields.dictionary }
        set { queryFields = HTTPFields(newValue, lowercasingNames: false) }
    }

    /// The request headers by lowercased name. When a header repeats, the last value wins.
    /// Built on each read: prefer ``header(_:)`` for single lookups. Names set here are lowercased.
    public var headers: [String: String] {
        get { headerFields.dictionary }
        set { headerFields = HTTPFields(newValue, lowercasingNames: true) }
    }

    /// Creates a request, for instance to drive an ``HTTPResponder`` in a test without a server.
    /// Header names are lowercased.
    public init(
        method: String,
        path: String,
        query: [String: String] = [:],
        headers: [String: String] = [:],
        body: [UInt8] = []
    ) {
        self.init(
            method: method,
            path: path,
            queryFields: HTTPFields(query, lowercasingNames: false),
            headerFields: HTTPFields(headers, lowercasingNames: true),
            body: body
        )
    }

    /// The transport's initializer: fields already packed, header names already lowercased.
    init(method: String, path: String, queryFields: HTTPFields, headerFields: HTTPFields, body: [UInt8]) {
        self.method = method
        self.path = path
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
}
