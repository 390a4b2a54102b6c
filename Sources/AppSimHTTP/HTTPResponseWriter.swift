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
        case suspended(ConnectionHandle.Suspension)
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
    /// Whether the request is over (answered and sent, or the client gone), and who wants to hear of it.
    private let closing = Mutex<(closed: Bool, handlers: [@Sendable () -> Void])>((false, []))

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
                case .suspended(let suspension):
                    state = .ready(response)
                    connection.resume(suspension)
                case .ready, .done:
                    break
                }
            }
        }
    }

    /// Starts a streamed response (chunked, e.g. `text/event-stream`): the headers go now, the body as it is written.
    /// This is the writer's one response; a later `send` is ignored.
    public func stream(status: Int, headers: [(name: String, value: String)], bufferLimit: Int = HTTPStream.defaultBufferLimit) -> HTTPStream {
        let stream = HTTPStream(bufferLimit: bufferLimit)
        var response = HTTPResponse(status: status, headers: headers)
        response.stream = stream
        send(response)
        return stream
    }

    /// Runs `handler` once when the request is over: its response went out, or the client went away (noticed at
    /// once even while the response is pending, see ``isClosed``). Runs at once, on the caller's thread, if it is
    /// over already; otherwise on whichever thread ends it (a libmicrohttpd worker, the transport's hang-up watcher,
    /// or the one calling ``HTTPServer/shutdown()``), so it must be quick and must not block. Handlers run in the
    /// order they were added.
    public func onClose(_ handler: @escaping @Sendable () -> Void) {
        let runNow = closing.withLock { closing -> Bool in
            guard !closing.closed else { return true }
            closing.handlers.append(handler)
            return false
        }
        if runNow {
            handler()
            return
        }
        // Someone now cares about a hang-up: a connection suspended without watching starts being watched. (The
        // two locks are never held the other way round: `takeResponseOrSuspend` reads `closing` inside `state`.)
        state.withLock { state in
            guard case .suspended(let suspension) = state, !suspension.isWatched,
                  case .connection(let connection) = target
            else { return }
            state = .suspended(connection.watch { [weak self] in self?.clientWentAway() })
        }
    }

    /// Whether the request is over: answered and sent, or the client gone. A client that disconnects while its
    /// response is pending closes the writer at once if an ``onClose(_:)`` handler was added (without one, nobody
    /// acts on it and the socket is not watched); a `send` after that is harmless and goes nowhere.
    public var isClosed: Bool { closing.withLock { $0.closed } }

    /// The client went away while its answer was pending: close now, then answer anyway (nobody reads it) so the
    /// connection resumes and libmicrohttpd closes it.
    private func clientWentAway() {
        finish()
        send(.clientGone)
    }

    /// The transport is done with the request: run the close handlers.
    func finish() {
        let handlers = closing.withLock { closing -> [@Sendable () -> Void] in
            guard !closing.closed else { return [] }
            closing.closed = true
            defer { closing.handlers = [] }
            return closing.handlers
        }
        for handler in handlers { handler() }
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
                // Watching the socket costs two system calls; do it only for a request whose hang-up matters to
                // someone (a waiter that registered `onClose`), not for one that is answered within milliseconds.
                if closing.withLock({ $0.handlers.isEmpty }) {
                    state = .suspended(connection.suspendUnwatched())
                } else {
                    state = .suspended(connection.suspend { [weak self] in self?.clientWentAway() })
                }
                return nil
            case .suspended, .done:
                return nil
            }
        }
    }
}
