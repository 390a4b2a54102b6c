import Foundation
import Synchronization

/// Fires each realtime device's timers when they fall due, on one thread of its own, whatever the device count.
///
/// Deadlines sit in a min-heap keyed by wall time; a device's newer deadline supersedes its older heap entries.
final class RealtimeTimers: Sendable {
    private struct State: ~Copyable {
        var heap: [(at: Int64, device: String)] = []
        var current: [String: Int64] = [:]
        var running = false
        var started = false
    }

    private let state = Mutex(State())
    private let condition = NSCondition()
    /// Signalled by the thread as it ends, so that `stop` returns only when no timer is firing any more.
    private let finished = DispatchSemaphore(value: 0)
    private let clock: WallClock

    init(clock: WallClock) { self.clock = clock }

    /// Starts the thread; `fire` is called with a device id whose deadline has come.
    func start(fire: @escaping @Sendable (String) -> Void) {
        state.withLock {
            $0.running = true
            $0.started = true
        }
        let thread = Thread { [self] in run(fire: fire) }
        thread.start()
        // Named once started: Foundation hands a name to Linux only for a thread it has started (at most 15 bytes).
        thread.name = "appsim-timers"
    }

    /// Stops the thread and waits for it to end: a firing under way finishes first, and none comes after, so that
    /// no write is submitted once the committer behind it stops. Not to be called from `fire`.
    func stop() {
        condition.lock()
        let started = state.withLock { state -> Bool in
            state.running = false
            defer { state.started = false }
            return state.started
        }
        condition.broadcast()
        condition.unlock()
        if started { finished.wait() }
    }

    /// Sets (or with `nil` clears) the wall time at which the device's timers next fall due.
    func schedule(_ device: String, at wallMillis: Int64?) {
        condition.lock()
        let wake = state.withLock { state -> Bool in
            guard let wallMillis else {
                state.current[device] = nil
                return false
            }
            if state.current[device] == wallMillis { return false }
            state.current[device] = wallMillis
            state.heap.append((wallMillis, device))
            var child = state.heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard state.heap[child].at < state.heap[parent].at else { break }
                state.heap.swapAt(child, parent)
                child = parent
            }
            return child == 0
        }
        if wake { condition.signal() }
        condition.unlock()
    }

    func cancel(_ device: String) { schedule(device, at: nil) }

    private func run(fire: @Sendable (String) -> Void) {
        while true {
            condition.lock()
            var due: [String] = []
            var sleepUntil: Int64?
            let running = state.withLock { state -> Bool in
                guard state.running else { return false }
                let now = clock.millis()
                while let top = state.heap.first {
                    if state.current[top.device] != top.at {
                        popTop(&state.heap)
                        continue
                    }
                    if top.at > now {
                        sleepUntil = top.at
                        break
                    }
                    popTop(&state.heap)
                    state.current[top.device] = nil
                    due.append(top.device)
                }
                return true
            }
            guard running else {
                condition.unlock()
                finished.signal()
                return
            }
            if due.isEmpty {
                if let sleepUntil {
                    let seconds = Double(sleepUntil - clock.millis()) / 1000
                    _ = condition.wait(until: Date(timeIntervalSinceNow: max(0.001, seconds)))
                } else {
                    condition.wait()
                }
                condition.unlock()
                continue
            }
            condition.unlock()
            for device in due { fire(device) }
        }
    }

    private func popTop(_ heap: inout [(at: Int64, device: String)]) {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].at < heap[smallest].at { smallest = left }
            if right < heap.count, heap[right].at < heap[smallest].at { smallest = right }
            if smallest == parent { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
