/// The response to one ``HTTPRequest``: a status, headers and a body.
///
/// The transport sets `Content-Length` and `Date` itself; a `Content-Length` given here is dropped.
///
/// ```swift
/// HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Array(#"{"ok":true}"#.utf8))
/// ```
public struct HTTPResponse: Sendable {
    /// The status code, e.g. `200`. One outside 100...999 is sent as `500`.
    public var status: Int
    /// The headers in the order they are sent. Names and values must not contain CR or LF; such headers are dropped.
    public var headers: [(name: String, value: String)]
    /// The response body.
    public var body: [UInt8]
    /// Set for a streamed response: the body is what the stream is given, not `body`.
    var stream: HTTPStream?

    /// Creates a response.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

extension HTTPResponse {
    /// An RFC 9457 problem response with `type` `urn:appsim:problem:<slug>`, like the API's own problems.
    /// Takes only the transport's own constant texts, so nothing needs JSON escaping.
    static func problem(
        status: Int, slug: String, title: String, detail: String, headers: [(name: String, value: String)] = []
    ) -> HTTPResponse {
        let json = #"{"type":"urn:appsim:problem:\#(slug)","title":"\#(title)","status":\#(status),"detail":"\#(detail)"}"#
        return HTTPResponse(
            status: status,
            headers: [(name: "Content-Type", value: "application/problem+json")] + headers,
            body: Array(json.utf8)
        )
    }

    /// `413`: the request body is larger than the server accepts.
    public static func payloadTooLarge(limit: Int) -> HTTPResponse {
        problem(
            status: 413,
            slug: "content-too-large",
            title: "Content Too Large",
            detail: "The request body is over the limit of \(limit) bytes. Send a smaller body."
        )
    }

    /// `400`: the request's head can be read more than one way (``HTTPFields/framingProblem``). The connection is
    /// closed after it: where this request's body ends is in doubt, so what follows cannot be trusted to be the
    /// next request.
    static func malformedRequest(_ detail: String) -> HTTPResponse {
        problem(
            status: 400, slug: "malformed-request", title: "Bad Request", detail: detail,
            headers: [(name: "Connection", value: "close")])
    }

    /// `503`: what a pending request is answered with when its client is gone; nobody reads it, but answering
    /// resumes the connection so that libmicrohttpd closes it.
    static let clientGone = problem(
        status: 503,
        slug: "client-gone",
        title: "Service Unavailable",
        detail: "The client closed the connection before the answer was ready."
    )

    /// `503`: the server is stopping and did not start on this request (nothing of it was done): retry it against
    /// the restarted server. The connection closes after it.
    static let notAccepting = problem(
        status: 503,
        slug: "shutting-down",
        title: "Service Unavailable",
        detail: "The server is stopping and did not process this request. Retry it once the server is back.",
        headers: [(name: "Retry-After", value: "1"), (name: "Connection", value: "close")]
    )

    /// `503`: the server is shutting down and answers what is still waiting.
    static let shuttingDown = problem(
        status: 503,
        slug: "shutting-down",
        title: "Service Unavailable",
        detail: "The server is shutting down. Retry the request later.",
        headers: [(name: "Retry-After", value: "1")]
    )
}
