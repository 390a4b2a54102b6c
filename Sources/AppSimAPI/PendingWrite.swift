import AppSimCore
import AppSimStore
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

/// A write the service computed and queued: what it did (or why the request was refused: a refused event still
/// writes the timers that fell due before it), known at once, and its commit. Clients may be told only once the
/// commit succeeded; what to tell them is prepared meanwhile, off the devices' lock and off the committing thread.
struct PendingWrite<Value: Sendable>: Sendable {
    let result: Result<Value, Problem>
    let commit: Commit
}

/// What creating a device did: the device, created at `wallMillis`.
struct CreatedDevice: Sendable {
    var simulation: DeviceSimulation
    var wallMillis: Int64
}

/// What installing an app did: the app on its device, installed at `wallMillis`.
struct InstalledApp: Sendable {
    var simulation: DeviceSimulation
    var instance: Instance
    var wallMillis: Int64
}

/// What a bulk install did: the apps' ids, on `devices` new devices.
struct InstalledBatch: Sendable {
    var ids: [String]
    var devices: Int
}

/// What a posted event did: its outcome, with its callbacks as the history keeps them.
struct PostedEvent: Sendable {
    var outcome: EventOutcome
    var callbacks: [StoredCallback]
}
