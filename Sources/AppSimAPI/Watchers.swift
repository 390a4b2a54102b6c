import AppSimCore
import Foundation
import Synchronization

/// Long-poll waiters and live streams, woken by committed events. No thread per waiter: each holds a suspended
/// connection; one sweeper thread handles timeouts and stream heartbeats.
final class Watchers: Sendable {
    enum Condition: Sendable {
        case state(instance: String, LifecycleState)
        case foreground(device: String, instance: String)
        case callbacks(instance: String)

        var key: String {
            switch self {
            case .state(let instance, _), .callbacks(let instance): "i:" + instance
            case .foreground(let device, _): "d:" + device
            }
        }
    }

    /// One waiting request: answered once, by whichever comes first of a matching publication, the timeout, or
    /// the client leaving.
    struct Waiter: Sendable {
        var id: Int
        var condition: Condition
        var deadline: Int64
        /// Called with the publication that may satisfy it; returns the answer if it does.
        var check: @Sendable (EventPublication) -> WaitResult?
        var timeout: @Sendable () -> WaitResult
        var client: WaitingClient
    }

    /// One open event stream of a device or an instance.
    struct Subscriber: Sendable {
        var id: Int
        var key: String
        var client: StreamClient
        var deliver: @Sendable (EventPublication) -> Void
    }

    private struct State: ~Copyable {
        var waiters: [String: [Int: Waiter]] = [:]
        var subscribers: [String: [Int: Subscriber]] = [:]
        var nextId = 1
        var running = true
    }

    private let state = Mutex(State())
    private let clock: WallClock
    static let heartbeatMillis: Int64 = 15_000

    init(clock: WallClock) {
        self.clock = clock
        let thread = Thread { [self] in sweep() }
        thread.start()
        // Named once started: Foundation hands a name to Linux only for a thread it has started (at most 15 bytes).
        thread.name = "appsim-watchers"
    }

    var waiterCount: Int { state.withLock { $0.waiters.values.reduce(0) { $0 + $1.count } } }
    var subscriberCount: Int { state.withLock { $0.subscribers.values.reduce(0) { $0 + $1.count } } }

    /// Registers a waiter; call before checking whether it is satisfied already, so no publication can slip by.
    /// Returns its id, for `finish`.
    func wait(
        for condition: Condition, deadline: Int64, client: WaitingClient,
        check: @escaping @Sendable (EventPublication) -> WaitResult?, timeout: @escaping @Sendable () -> WaitResult
    ) -> Int {
        let id = state.withLock { state -> Int in
            defer { state.nextId += 1 }
            let waiter = Waiter(id: state.nextId, condition: condition, deadline: deadline, check: check, timeout: timeout, client: client)
            state.waiters[condition.key, default: [:]][waiter.id] = waiter
            return waiter.id
        }
        client.onLeave { [weak self] in self?.remove(waiter: id, key: condition.key) }
        return id
    }

    /// Answers waiter `id` with `result` unless it was answered already.
    func finish(_ id: Int, key: String, with result: WaitResult) {
        guard let waiter = remove(waiter: id, key: key) else { return }
        waiter.client.answer(result)
    }

    @discardableResult
    private func remove(waiter id: Int, key: String) -> Waiter? {
        state.withLock { state -> Waiter? in
            let waiter = state.waiters[key]?.removeValue(forKey: id)
            if state.waiters[key]?.isEmpty == true { state.waiters[key] = nil }
            return waiter
        }
    }

    /// Adds a stream subscriber under `key` ("i:ID" or "d:ID"); publications go to `deliver` until its client leaves.
    func subscribe(key: String, client: StreamClient, deliver: @escaping @Sendable (EventPublication) -> Void) {
        let id = state.withLock { state -> Int in
            defer { state.nextId += 1 }
            state.subscribers[key, default: [:]][state.nextId] = Subscriber(id: state.nextId, key: key, client: client, deliver: deliver)
            return state.nextId
        }
        client.onLeave { [weak self] in
            self?.state.withLock { state in
                state.subscribers[key]?[id] = nil
                if state.subscribers[key]?.isEmpty == true { state.subscribers[key] = nil }
            }
        }
    }

    /// Nobody waits or watches: the usual case under load.
    var isIdle: Bool { state.withLock { $0.waiters.isEmpty && $0.subscribers.isEmpty } }

    /// Wakes whoever waits on or watches what `publication` changed. Runs on the publisher's thread, one publication
    /// at a time in commit order. Waiters are checked without the lock, so that a slow check holds up no request that
    /// starts or ends a wait.
    func publish(_ publication: EventPublication) {
        if isIdle { return }
        let instanceKeys = Set(publication.states.keys.map { "i:" + $0 })
        let keys = instanceKeys.union(["d:" + publication.device])
        let (waiters, streams) = state.withLock { state -> ([(key: String, waiter: Waiter)], [Subscriber]) in
            var waiters: [(key: String, waiter: Waiter)] = []
            var streams: [Subscriber] = []
            for key in keys {
                if let waiting = state.waiters[key] { waiters += waiting.values.map { (key, $0) } }
                if let subscribers = state.subscribers[key] { streams += subscribers.values }
            }
            return (waiters, streams)
        }
        for (key, waiter) in waiters {
            // Answered once: unless its timeout, its own check or its client's leaving came first.
            guard let result = waiter.check(publication) else { continue }
            finish(waiter.id, key: key, with: result)
        }
        for subscriber in streams { subscriber.deliver(publication) }
    }

    /// What was watched is gone (uninstalled, or its device deleted): its waiters hear 404 now rather than at
    /// their timeout, and its streams end.
    func gone(instances: [String], device: String?) {
        let keys = instances.map { "i:" + $0 } + (device.map { ["d:" + $0] } ?? [])
        let (waiters, subscribers) = state.withLock { state -> ([Waiter], [Subscriber]) in
            var waiters: [Waiter] = []
            var subscribers: [Subscriber] = []
            for key in keys {
                if let removed = state.waiters.removeValue(forKey: key) { waiters += removed.values }
                if let removed = state.subscribers.removeValue(forKey: key) { subscribers += removed.values }
            }
            return (waiters, subscribers)
        }
        for waiter in waiters {
            let problem: Problem = switch waiter.condition {
            case .state(let instance, _), .callbacks(let instance): .notFound("instance", instance)
            case .foreground(let device, _): .notFound("device", device)
            }
            waiter.client.answer(.failure(problem))
        }
        for subscriber in subscribers { subscriber.client.end() }
    }

    /// Ends every wait with `503 shutting-down` and closes every stream (server shutdown). Not as at its timeout: a
    /// `408` before the time the client gave would say the app never got there, when only the server went away; a
    /// `503` says to ask the restarted server, which the Swift client and `appsim wait` do with the time left.
    func stop() {
        let (waiters, subscribers) = state.withLock { state -> ([Waiter], [Subscriber]) in
            state.running = false
            defer {
                state.waiters = [:]
                state.subscribers = [:]
            }
            return (state.waiters.values.flatMap(\.values), state.subscribers.values.flatMap(\.values))
        }
        for waiter in waiters { waiter.client.answer(.failure(.shuttingDown)) }
        for subscriber in subscribers { subscriber.client.end() }
    }

    /// Times out waiters and sends stream heartbeats, ten times a second.
    private func sweep() {
        var lastHeartbeat = clock.millis()
        while true {
            Thread.sleep(forTimeInterval: 0.1)
            let now = clock.millis()
            let heartbeat = now - lastHeartbeat >= Self.heartbeatMillis
            if heartbeat { lastHeartbeat = now }
            let (expired, streams, running) = state.withLock { state -> ([Waiter], [StreamClient], Bool) in
                var expired: [Waiter] = []
                for (key, waiters) in state.waiters {
                    for (id, waiter) in waiters where waiter.deadline <= now {
                        state.waiters[key]?[id] = nil
                        expired.append(waiter)
                    }
                    if state.waiters[key]?.isEmpty == true { state.waiters[key] = nil }
                }
                let streams = heartbeat ? state.subscribers.values.flatMap { $0.values.map(\.client) } : []
                return (expired, streams, state.running)
            }
            guard running else { return }
            for waiter in expired { waiter.client.answer(waiter.timeout()) }
            for stream in streams { stream.send([.heartbeat]) }
        }
    }
}
