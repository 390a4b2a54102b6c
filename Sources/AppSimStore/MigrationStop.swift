import Synchronization

/// Lets another thread stop the schema migration a store runs as it opens (a server asked to stop while it starts):
/// the migration is one transaction, rolled back, and opening fails with ``StoreError/isStopped``. A stop asked for
/// once the migration has committed, or when there was none, changes nothing: the store opens.
public final class MigrationStop: Sendable {
    private let state = Mutex<(asked: Bool, running: SQLiteInterrupter?)>((false, nil))

    public init() {}

    /// Stops the migration under way, or the next one before it begins.
    public func stop() {
        state.withLock { state in
            state.asked = true
            state.running?.interrupt()
        }
    }

    /// Runs `migration` on `sqlite`, unless a stop was asked for; `stop()` meanwhile interrupts it.
    func run(on sqlite: SQLiteConnection, _ migration: () throws -> Void) throws {
        let interrupter = sqlite.interrupter
        try state.withLock { state in
            if state.asked { throw SQLiteError.interrupted("stopped before it began") }
            state.running = interrupter
        }
        defer { state.withLock { $0.running = nil } }
        try sqlite.stoppable(by: interrupter, migration)
    }
}
