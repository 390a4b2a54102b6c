import Synchronization

/// A streamed response body (chunked), such as Server-Sent Events: written to as things happen, from any thread.
///
/// Made by ``HTTPResponseWriter/stream(status:headers:)``. While nothing is queued the connection is suspended,
/// so an open stream costs no thread; a client that goes away is noticed at once and ends the stream.
///
/// ```swift
/// let stream = writer.stream(status: 200, headers: [(name: "Content-Type", value: "text/event-stream")])
/// stream.onClose { subscribers.remove(id) }
/// stream.write(Array("data: hello\n\n".utf8))
/// ```
public final class HTTPStream: Sendable {
    private struct State {
        var buffer: [UInt8] = []
        /// `close()` was called (or shutdown began): end the body once the buffer is drained.
        var closing = false
        /// The connection is gone (or was never there); nothing more goes out.
        var ended = false
        /// Set while the transport has the connection suspended, waiting for bytes.
        var suspension: ConnectionHandle.Suspension?
        var connection: ConnectionHandle?
        var handlers: [@Sendable () -> Void] = []
    }

    /// What the transport does next for a stream's connection.
    enum Next {
        case bytes([UInt8])
        case end
        case suspended
    }

    /// One lock covers every transition, and the transport's suspend and resume happen inside it, so a write can
    /// never resume the connection before the suspend it answers.
    private let state = Mutex(State())

    /// The most bytes queued for a client that does not read them (see ``write(_:)``).
    public let bufferLimit: Int

    /// What a stream sends last when its client fell behind: a comment, which Server-Sent Events clients ignore.
    static let fellBehindNote = Array(": the client fell behind; reconnect with Last-Event-ID to resume\n\n".utf8)

    init(bufferLimit: Int = HTTPStream.defaultBufferLimit) {
        self.bufferLimit = max(1, bufferLimit)
    }

    /// 256 KiB: a few hundred events of a busy device, and at most 640 MiB for the 2,500 connections one address
    /// may hold.
    public static let defaultBufferLimit = 262_144

    /// Queues `bytes` and wakes the connection. Ignored once the stream is closed.
    ///
    /// A client that does not read falls behind: once what is queued for it has reached ``bufferLimit``, `bytes`
    /// are not queued, and the stream ends after what was (whole messages, then a comment saying why), so that a
    /// client that stopped reading costs bounded memory: the limit and one write. It resumes where it stopped by
    /// reconnecting with `Last-Event-ID`.
    public func write(_ bytes: [UInt8]) {
        state.withLock { state in
            guard !state.closing, !state.ended, !bytes.isEmpty else { return }
            if state.buffer.count >= bufferLimit {
                state.buffer += Self.fellBehindNote
                state.closing = true
            } else {
                state.buffer += bytes
            }
            Self.wake(&state)
        }
    }

    /// Ends the body after what is queued. Calling it again does nothing.
    public func close() {
        state.withLock { state in
            guard !state.closing else { return }
            state.closing = true
            Self.wake(&state)
        }
    }

    /// Whether the stream is closed: by ``close()``, by the client going away, or by the server shutting down.
    /// Writes are ignored from then on.
    public var isClosed: Bool { state.withLock { $0.closing || $0.ended } }

    /// Runs `handler` once when the stream has ended for any reason: its body was sent in full after ``close()``,
    /// the client went away, or the server shut down. Runs at once, on the caller's thread, if it has ended
    /// already; otherwise on whichever thread ends it (a libmicrohttpd worker, the transport's hang-up watcher),
    /// so it must be quick and must not block. Handlers run in the order they were added.
    ///
    /// After ``close()`` the handlers run once what was queued has gone out (or the client has gone), not at once.
    public func onClose(_ handler: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            guard !state.ended else { return true }
            state.handlers.append(handler)
            return false
        }
        if runNow { handler() }
    }

    private static func wake(_ state: inout State) {
        guard let suspension = state.suspension, let connection = state.connection else { return }
        state.suspension = nil
        connection.resume(suspension)
    }

    /// Marks the stream ended and hands back the handlers to run (outside the lock).
    private static func end(_ state: inout State) -> [@Sendable () -> Void] {
        guard !state.ended else { return [] }
        state.ended = true
        state.buffer = []
        defer { state.handlers = [] }
        return state.handlers
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
                guard state.buffer.count > limit else {
                    defer { state.buffer = [] }
                    return .bytes(state.buffer)
                }
                defer { state.buffer.removeFirst(limit) }
                return .bytes(Array(state.buffer[..<limit]))
            }
            if state.closing || state.ended { return .end }
            guard let connection = state.connection else { return .end }
            state.suspension = connection.suspend { [weak self] in self?.hangUp() }
            return .suspended
        }
    }

    /// The client went away while the stream waited: end it now, then resume the connection so that the
    /// transport ends the body and libmicrohttpd closes it.
    func hangUp() {
        let handlers = state.withLock { state in
            state.closing = true
            defer { Self.wake(&state) }
            return Self.end(&state)
        }
        for handler in handlers { handler() }
    }

    /// The transport is done with the stream (sent, failed or shut down): run the close handlers.
    func finish() {
        let handlers = state.withLock { Self.end(&$0) }
        for handler in handlers { handler() }
    }
}
