import Synchronization

/// Completes one request exactly once, from any thread, now or later.
///
/// An ``HTTPResponder`` gets one writer per request. Sending before `respond(to:writer:)` returns is the fast path;
/// sending later (from a queue, a task, a timer) makes the transport hold the connection until then.
///
/// ```swift
/// func respond(to request: HTTPRequest, writer: HTTPResponseWriter) {
///     Task { writer.send(await slowAnswer(request)) }
/// }
/// ```
public final class HTTPResponseWriter: Sendable {
    /// Where this writer's request stands. One lock covers every transition, and the transport's suspend and
    /// resume happen inside it, so a resume can never overtake the suspend it answers.
    private enum State {
        /// The responder is running (or has just returned) and nothing was sent yet.
        case responding
        /// The transport suspended the connection and waits for `send`.
        case suspended
        /// `send` was called; the transport has not taken the response yet.
        case ready(HTTPResponse)
        /// The response was taken (or handed to `onSend`); any further `send` is ignored.
        case done
    }

    private enum Target {
        case connection(ConnectionHandle)
        case callback(@Sendable (HTTPResponse) -> Void)
    }

    private let state = Mutex(State.responding)
    private let target: Target

    /// Creates a writer that hands the first response sent to `onSend` and ignores the rest:
    /// for driving an ``HTTPResponder`` directly, without a server (in tests, for instance).
    public init(onSend: @escaping @Sendable (HTTPResponse) -> Void) {
        target = .callback(onSend)
    }

    /// The transport's writer for a request on `connection`.
    init(connection: ConnectionHandle) {
        target = .connection(connection)
    }

    /// Sends `response` as the answer to the request. Only the first call counts; later calls are ignored.
    /// Safe to call from any thread, before or after `respond(to:writer:)` returns.
    public func send(_ response: HTTPResponse) {
        switch target {
        case .callback(let onSend):
            let isFirst = state.withLock { state in
                guard case .responding = state else { return false }
                state = .done
                return true
            }
            if isFirst { onSend(response) }
        case .connection(let connection):
            state.withLock { state in
                switch state {
                case .responding:
                    state = .ready(response)
                case .suspended:
                    state = .ready(response)
                    connection.resume()
                case .ready, .done:
                    break
                }
            }
        }
    }

    /// The response, if one was sent and not yet taken. The transport's fast path after the responder returns.
    func takeResponse() -> HTTPResponse? {
        state.withLock { state in
            guard case .ready(let response) = state else { return nil }
            state = .done
            return response
        }
    }

    /// The response if one was sent; otherwise suspends the connection (under the lock `send` takes to resume it)
    /// and returns `nil`. Called from the access handler only, as libmicrohttpd requires for suspending.
    func takeResponseOrSuspend() -> HTTPResponse? {
        state.withLock { state in
            switch state {
            case .ready(let response):
                state = .done
                return response
            case .responding:
                guard case .connection(let connection) = target else { return nil }
                connection.suspend()
                state = .suspended
                return nil
            case .suspended, .done:
                return nil
            }
        }
    }
}
