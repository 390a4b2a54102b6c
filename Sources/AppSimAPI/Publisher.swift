import Dispatch
import Foundation
import Synchronization

/// Tells those who wait and watch what each commit did, on a thread of its own and in commit order, so that a slow
/// waiter's check or a stream's write holds up neither the committer thread nor the replies it sends.
final class Publisher: Sendable {
    /// What one commit tells the watchers.
    enum Notice: Sendable {
        /// Events committed, in the order they were applied.
        case events([EventPublication])
        /// Apps uninstalled, or a device deleted with its apps.
        case gone(instances: [String], device: String?)
    }

    private struct State: ~Copyable {
        var queue: [Notice] = []
        var running = true
    }

    private let watchers: Watchers
    private let state = Mutex(State())
    private let wakeup = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(watchers: Watchers) {
        self.watchers = watchers
        let thread = Thread { [self] in run() }
        thread.start()
        // Named once started: Foundation hands a name to Linux only for a thread it has started (at most 15 bytes).
        thread.name = "appsim-publish"
    }

    /// Queues what a commit's events did (called on the committer thread, in commit order, once the commit is what
    /// requests are served). With nobody watching, nothing is queued and this thread is not woken: a waiter or stream
    /// that starts later registers first and then reads what is served, which already has this commit.
    func publish(_ publications: [EventPublication]) {
        guard !publications.isEmpty, !watchers.isIdle else { return }
        queue(.events(publications))
    }

    /// Queues the end of what was watched: its waiters hear 404 and its streams end (see `Watchers.gone`).
    func gone(instances: [String], device: String?) {
        queue(.gone(instances: instances, device: device))
    }

    private func queue(_ notice: Notice) {
        let queued = state.withLock { state -> Bool in
            guard state.running else { return false }
            state.queue.append(notice)
            return true
        }
        // Once stopped (nothing commits any more), told at once: watchers stop next, and end what is left.
        if queued { wakeup.signal() } else { tell(notice) }
    }

    /// Tells the watchers everything queued, then stops the thread. Idempotent.
    func stop() {
        let first = state.withLock { state -> Bool in
            defer { state.running = false }
            return state.running
        }
        guard first else { return }
        wakeup.signal()
        finished.wait()
    }

    private func run() {
        while true {
            wakeup.wait()
            let (notices, running) = state.withLock { state -> ([Notice], Bool) in
                defer { state.queue.removeAll() }
                return (state.queue, state.running)
            }
            for notice in notices { tell(notice) }
            if !running {
                finished.signal()
                return
            }
        }
    }

    private func tell(_ notice: Notice) {
        switch notice {
        case .events(let publications):
            for publication in publications { watchers.publish(publication) }
        case .gone(let instances, let device):
            watchers.gone(instances: instances, device: device)
        }
    }
}
