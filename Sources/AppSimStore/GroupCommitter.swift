import Dispatch
import Foundation
import Synchronization

/// One writer that commits what concurrent requests queue, many writes to a transaction.
///
/// Writes are committed in the order they were submitted, and each submitter hears back only once the transaction
/// holding its write is durable, so a reply never acknowledges what a crash could lose. While one transaction
/// commits, the next batch gathers: the busier the server, the more writes share a commit.
public final class GroupCommitter: Sendable {
    public typealias Completion = @Sendable (Result<Void, StoreError>) -> Void

    public struct Job: Sendable {
        var write: StoreWrite
        var completion: Completion
    }

    private struct State: ~Copyable {
        var queue: [Job] = []
        var running = true
        var stopped = false
    }

    public let store: Store
    /// The most writes one transaction takes, so a huge backlog still commits in bounded steps.
    let maxBatch: Int
    private let state = Mutex(State())
    private let wakeup = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    /// Called on the committer thread after a failed transaction, before its submitters are told.
    private let onFailure: @Sendable (StoreError) -> Void

    public init(store: Store, maxBatch: Int = 512, onFailure: @escaping @Sendable (StoreError) -> Void) {
        self.store = store
        self.maxBatch = maxBatch
        self.onFailure = onFailure
        let thread = Thread { [self] in run() }
        thread.start()
        // Named once started: Foundation hands a name to Linux only for a thread it has started (at most 15 bytes).
        thread.name = "appsim-commit"
    }

    /// Queues `write`; `completion` runs on the committer thread once it is committed or has failed.
    /// After `stop`, fails at once with an unavailable error.
    public func submit(_ write: StoreWrite, completion: @escaping Completion) {
        let accepted = state.withLock { state -> Bool in
            guard state.running else { return false }
            state.queue.append(Job(write: write, completion: completion))
            return true
        }
        if accepted {
            wakeup.signal()
        } else {
            completion(.failure(StoreError(.unavailable, "the server is stopping; nothing was changed, retry against the restarted server")))
        }
    }

    /// Waits until every write submitted before this call is committed (or has failed).
    public func flush() {
        let done = DispatchSemaphore(value: 0)
        submit(StoreWrite()) { _ in done.signal() }
        done.wait()
    }

    /// Takes every write still queued, uncommitted (they were computed on top of a write that failed). Call with
    /// the caller's own state locked, so that nothing new is computed while the queue is drained; then `fail` them
    /// once that lock is released.
    public func drainQueued() -> [Job] {
        state.withLock { state -> [Job] in
            defer { state.queue.removeAll() }
            return state.queue
        }
    }

    /// Tells the submitters of `jobs` that their writes were refused.
    public func fail(_ jobs: [Job], with error: StoreError) {
        for job in jobs { job.completion(.failure(error)) }
    }

    /// Commits what is queued, then stops the thread. Idempotent.
    public func stop() {
        let first = state.withLock { state -> Bool in
            defer { state.running = false }
            return state.running
        }
        guard first else { return }
        wakeup.signal()
        finished.wait()
    }

    /// How long the thread waits for a write before it lets the store cut a step off a resting log
    /// (`Store.trimRestingLog`).
    static let idleCheck: DispatchTimeInterval = .seconds(1)

    private func run() {
        while true {
            if wakeup.wait(timeout: .now() + Self.idleCheck) == .timedOut {
                store.trimRestingLog()
                continue
            }
            while true {
                let (jobs, running) = state.withLock { state -> ([Job], Bool) in
                    let count = min(state.queue.count, maxBatch)
                    let jobs = Array(state.queue.prefix(count))
                    state.queue.removeFirst(count)
                    return (jobs, state.running)
                }
                if jobs.isEmpty {
                    if running { break }
                    finished.signal()
                    return
                }
                commit(jobs)
            }
        }
    }

    /// Transactions committed and the writes they held (their ratio is the mean batch size).
    public var statistics: (transactions: Int, writes: Int) { counters.withLock { $0 } }
    private let counters = Mutex((transactions: 0, writes: 0))

    private func commit(_ jobs: [Job]) {
        do {
            try store.commit(jobs.map(\.write))
            counters.withLock { $0.transactions += 1; $0.writes += jobs.count }
            for job in jobs { job.completion(.success(())) }
            store.shortenLog()
        } catch {
            // Recover first (the caller forgets what the failed writes changed), then tell their submitters: a
            // client that hears 503 and reads again must find nothing changed.
            onFailure(error)
            for job in jobs { job.completion(.failure(error)) }
        }
    }
}
