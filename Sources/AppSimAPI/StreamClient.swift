/// A client following an event stream, as the service sees it.
struct StreamClient: Sendable {
    /// Sends messages in order, together (those of one event go out in one write).
    var send: @Sendable ([StreamMessage]) -> Void
    /// Ends the stream (what it follows is gone, or the server stops).
    var end: @Sendable () -> Void
    /// Runs a handler once when the stream has ended, however it ended.
    var onLeave: @Sendable (@escaping @Sendable () -> Void) -> Void
}
