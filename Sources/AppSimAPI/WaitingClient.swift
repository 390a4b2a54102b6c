/// A client waiting for a condition, as the service sees it: no transport, no response to build.
struct WaitingClient: Sendable {
    /// Answers the wait; called once.
    var answer: @Sendable (WaitResult) -> Void
    /// Runs a handler once when the client leaves, at once if it has left already.
    var onLeave: @Sendable (@escaping @Sendable () -> Void) -> Void
}
