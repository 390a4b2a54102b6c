/// Answers requests: the one point where routing meets the transport.
///
/// ```swift
/// struct Hello: HTTPResponder {
///     func respond(to request: HTTPRequest, writer: HTTPResponseWriter) {
///         writer.send(HTTPResponse(status: 200, body: Array("hello".utf8)))
///     }
/// }
/// ```
public protocol HTTPResponder: Sendable {
    /// Called on a libmicrohttpd worker thread once the whole body is read. Must call `writer.send` (or
    /// `writer.stream`) exactly once, either before returning (fast path: the response is queued directly, no
    /// suspend) or later from any thread (the transport suspends the connection with `MHD_suspend_connection` and
    /// resumes it when `send` is called). A waiting request costs no thread; `writer.onClose` tells when its client
    /// goes away.
    ///
    /// Blocking here blocks every connection of that worker thread; hand slow work elsewhere and send later.
    func respond(to request: HTTPRequest, writer: HTTPResponseWriter)
}
