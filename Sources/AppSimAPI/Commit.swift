import Synchronization

/// The commit of one queued write: settled once, by the committing thread, and heard by whoever asks, before or
/// after it is settled.
final class Commit: Sendable {
    typealias Handler = @Sendable (Result<Void, Problem>) -> Void

    private enum State {
        case pending([Handler])
        case settled(Result<Void, Problem>)
    }

    private let state = Mutex(State.pending([]))

    /// Runs `handler` once the commit is over: on the committing thread if it is still pending, else at once on the
    /// caller's. Handlers run in the order they were added.
    func whenSettled(_ handler: @escaping Handler) {
        let settled = state.withLock { state -> Result<Void, Problem>? in
            switch state {
            case .pending(var handlers):
                handlers.append(handler)
                state = .pending(handlers)
                return nil
            case .settled(let result):
                return result
            }
        }
        if let settled { handler(settled) }
    }

    func settle(_ result: Result<Void, Problem>) {
        let handlers = state.withLock { state -> [Handler] in
            guard case .pending(let handlers) = state else { return [] }
            state = .settled(result)
            return handlers
        }
        for handler in handlers { handler(result) }
    }
}
