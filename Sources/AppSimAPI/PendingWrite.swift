/// A write the service computed and queued: what it did (or why the request was refused: a refused event still
/// writes the timers that fell due before it), known at once, and its commit. Clients may be told only once the
/// commit succeeded; what to tell them is prepared meanwhile, off the devices' lock and off the committing thread.
struct PendingWrite<Value: Sendable>: Sendable {
    let result: Result<Value, Problem>
    let commit: Commit
}

extension PendingWrite {
    /// The same write, telling what it did as `transform` words it.
    func map<Other>(_ transform: (Value) -> Other) -> PendingWrite<Other> {
        PendingWrite<Other>(result: result.map(transform), commit: commit)
    }
}
