import Foundation
import Synchronization

/// Copies the write-ahead log back into the database on a thread of its own, so that the writer's commits never
/// pay for it (SQLite would otherwise checkpoint, with a sync, inside whichever commit crosses the threshold).
///
/// It cannot end the log by itself: under a steady stream of commits there are always new frames behind the ones
/// it copied. When it has copied a long log it raises ``caughtUp``; the writer then copies the few frames added
/// since, between two transactions, and the log starts over (see `Store.shortenLog`).
final class Checkpointer: Sendable {
    /// Set when a pass copied the whole of a log of at least `longLog` frames; taken by the writer.
    let caughtUp = Atomic<Bool>(false)
    private let connection: Mutex<SQLiteConnection?>
    private let longLog: Int
    private let running = Mutex(true)
    private let finished = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - longLog: a log this long (in frames) should start over.
    ///   - intervalMillis: the pause between passes while the log is short; while it is long, passes follow each
    ///     other closely, so that what is left for the writer to copy stays small.
    init(path: String, longLog: Int, intervalMillis: Int = 100) {
        let connection = try? SQLiteConnection(path: path)
        connection?.setBusyTimeout(milliseconds: 1_000)
        self.connection = Mutex(connection)
        self.longLog = longLog
        let thread = Thread { [self] in
            defer { finished.signal() }
            var pause = intervalMillis
            while running.withLock({ $0 }) {
                Thread.sleep(forTimeInterval: Double(pause) / 1000)
                let frames = pass()
                pause = frames >= longLog / 4 ? min(5, intervalMillis) : intervalMillis
            }
        }
        thread.name = "appsim-checkpoint"
        thread.start()
    }

    /// One pass: copies what it can without waiting for, or blocking, the writer and readers (`PASSIVE`).
    /// Returns the log's length in frames (0 if the pass failed).
    @discardableResult
    func pass() -> Int {
        connection.withLock { connection in
            guard let connection, let (frames, copied) = try? connection.checkpoint() else { return 0 }
            if frames >= longLog, copied >= frames { caughtUp.store(true, ordering: .releasing) }
            return max(0, frames)
        }
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
