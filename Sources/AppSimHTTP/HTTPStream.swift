import Synchronization

/// A streamed response body (chunked), such as Server-Sent Events: written to as things happen, from any thread.
///
/// Made by ``HTTPResponseWriter/stream(status:headers:)``. While nothing is queued the connection is suspended,
/// so an open stream costs no thread; a client that goes away is noticed at once and ends the stream.
public final class HTTPStream: Sendable {
    struct State {
        var buffer: [UInt8] = []
        /// `close()` was called: end the body once the buffer is drained.
        var closing = false
        /// The connection is gone (or was never there); nothing more goes out.
        var ended = false
        var suspended = false
        var connection: ConnectionHandle?
        var handlers: [@Sendable () -> Void] = []
    }

    /// What the transport does next for a stream's connection.
    enum Next {
        case bytes([UInt8])
        case end
        case suspended
    }

    let state = Mutex(State())

    init() {}

    /// Queues `bytes` and wakes the connection. Ignored once the stream is closed.
    public func write(_ bytes: [UInt8]) {
        state.withLock { state in
            guard !state.closing, !state.ended, !bytes.isEmpty else { return }
            state.buffer += bytes
            Self.wake(&state)
        }
    }

    /// Ends the body after what is queued.
    public func close() {
        state.withLock { state in
            guard !state.closing else { return }
            state.closing = true
            Self.wake(&state)
        }
    }

    /// Closed by `close()`, by the client going away, or by shutdown.
    public var isClosed: Bool { state.withLock { $0.closing || $0.ended } }

    /// Runs `handler` once when the stream has ended for any reason (at once if it has already), on any thread.
    public func onClose(_ handler: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            guard !state.ended else { return true }
            state.handlers.append(handler)
            return false
        }
        if runNow { handler() }
    }

    private static func wake(_ state: inout State) {
        guard state.suspended, let connection = state.connection else { return }
        state.suspended = false
        connection.resume()
    }

    // MARK: Transport side

    /// The transport queued this stream on `connection`.
    func attach(_ connection: ConnectionHandle) {
        state.withLock { $0.connection = connection }
    }

    /// Up to `limit` queued bytes, the end, or (with nothing queued) a suspension of the connection, taken under
    /// the lock `write` takes to resume it. Called by the transport's content reader.
    func next(limit: Int) -> Next {
        state.withLock { state in
            if !state.buffer.isEmpty {
                let count = min(limit, state.buffer.count)
                let bytes = Array(state.buffer[..<count])
                state.buffer.removeFirst(count)
                return .bytes(bytes)
            }
            if state.closing || state.ended { return .end }
            guard let connection = state.connection else { return .end }
            state.suspended = true
            connection.suspend { [weak self] in self?.hangUp() }
            return .suspended
        }
    }

    /// The client went away while the stream waited: end it now.
    func hangUp() {
        state.withLock { state in
            state.closing = true
            Self.wake(&state)
        }
    }

    /// The transport is done with the stream (sent, failed or shut down): run the close handlers.
    func finish() {
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.ended else { return [] }
            state.ended = true
            state.buffer = []
            defer { state.handlers = [] }
            return state.handlers
        }
        for handler in handlers { handler() }
    }
}
