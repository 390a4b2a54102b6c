import Foundation
import Synchronization

/// Copies the write-ahead log back into the database on a thread of its own, so that the writer's commits never
/// pay for it (SQLite would otherwise checkpoint, with a sync, inside whichever commit crosses the threshold).
final class Checkpointer: Sendable {
    private let running = Mutex(true)
    private let finished = DispatchSemaphore(value: 0)

    init(path: String, intervalMillis: Int = 100) {
        let thread = Thread { [self] in
            defer { finished.signal() }
            guard let connection = try? SQLiteConnection(path: path) else { return }
            connection.setBusyTimeout(milliseconds: 1_000)
            while running.withLock({ $0 }) {
                Thread.sleep(forTimeInterval: Double(intervalMillis) / 1000)
                // PASSIVE: copies what it can without waiting for, or blocking, the writer and readers.
                _ = try? connection.pragma("wal_checkpoint(PASSIVE)")
            }
        }
        thread.name = "appsim-checkpoint"
        thread.start()
    }

    /// Stops the thread and waits for it. Idempotent.
    func stop() {
        let first = running.withLock { running -> Bool in
            defer { running = false }
            return running
        }
        if first { finished.wait() }
    }
}
