// epoll and eventfd are declared for Swift by CMicroHTTPD's shim header (Glibc does not export them); this file
// calls nothing of libmicrohttpd's.
import CMicroHTTPD
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One thread with its own epoll set that watches suspended connections' sockets for the client hanging up, and
/// between events runs a periodic task (the ``ArrivalDeadlines``), so that the server has one helper thread only.
///
/// A socket is in the set exactly while its registration is in `watched`: both change together under one lock,
/// and a registration is removed (by `unwatch` or by the thread, whichever comes first) before its connection can
/// be resumed, so a closed socket's number reused by a new connection is never mistaken for the old one. Events
/// carry a registration number, never reused, rather than the socket or the connection's address.
final class HangupWatcher: Sendable {
    /// A watched socket, as `watch` returned it.
    struct Watch: Sendable {
        fileprivate let id: UInt64
    }

    private struct Watched {
        let socket: Int32
        let onHangup: @Sendable () -> Void
    }

    private struct State {
        var watched: [UInt64: Watched] = [:]
        /// 0 is the wake-up event's.
        var nextID: UInt64 = 1
    }

    private static let wakeupID: UInt64 = 0

    private let epoll: Int32
    /// Written to by `stop` to end the thread.
    private let wakeup: Int32
    private let state = Mutex(State())
    private let thread = Mutex<pthread_t?>(nil)
    private let interval: Int32
    private let periodic: @Sendable () -> Void

    /// Starts the watcher's thread, which also runs `periodic` about every `interval` milliseconds; `nil` (with
    /// `errno` set) if the system refuses.
    init?(everyMilliseconds interval: Int32, _ periodic: @escaping @Sendable () -> Void) {
        self.interval = interval
        self.periodic = periodic
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        wakeup = eventfd(0, Int32(EFD_CLOEXEC))
        guard epoll >= 0, wakeup >= 0 else { return nil }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = Self.wakeupID
        guard epoll_ctl(epoll, EPOLL_CTL_ADD, wakeup, &event) == 0 else { return nil }

        let retained = Unmanaged.passRetained(self)
        var started = pthread_t()
        let result = pthread_create(&started, nil, { argument in
            let watcher = Unmanaged<HangupWatcher>.fromOpaque(argument!).takeRetainedValue()
            Thread.current.name = "appsim-hangup"  // what `top -H` and debuggers show
            watcher.run()
            return nil
        }, retained.toOpaque())
        guard result == 0 else {
            retained.release()
            errno = result
            return nil
        }
        thread.withLock { $0 = started }
    }

    deinit {
        if epoll >= 0 { close(epoll) }
        if wakeup >= 0 { close(wakeup) }
    }

    /// Starts watching `socket` for a hang-up: `onHangup` runs once, on the watcher's thread, unless `unwatch`
    /// comes first. `nil` when the socket cannot be watched (the hang-up then goes unnoticed).
    func watch(_ socket: Int32, onHangup: @escaping @Sendable () -> Void) -> Watch? {
        guard socket >= 0 else { return nil }
        return state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            var event = epoll_event()
            // Not EPOLLIN: a client may legally send its next pipelined request while it waits.
            event.events = EPOLLRDHUP.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue
            event.data.u64 = id
            guard epoll_ctl(epoll, EPOLL_CTL_ADD, socket, &event) == 0 else { return nil }
            state.watched[id] = Watched(socket: socket, onHangup: onHangup)
            return Watch(id: id)
        }
    }

    /// Stops watching; the hang-up handler will not run unless it already started.
    func unwatch(_ watch: Watch) {
        state.withLock { state in
            guard let watched = state.watched.removeValue(forKey: watch.id) else { return }
            _ = epoll_ctl(epoll, EPOLL_CTL_DEL, watched.socket, nil)
        }
    }

    /// Ends the thread and waits for it; a handler running now finishes first. Calling it again does nothing.
    func stop() {
        guard let running = thread.withLock({ thread in defer { thread = nil }; return thread }) else { return }
        _ = eventfd_write(wakeup, 1)
        if pthread_equal(running, pthread_self()) == 0 {
            pthread_join(running, nil)
        } else {
            pthread_detach(running)
        }
    }

    private func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 64)
        var due = ArrivalDeadlines.now() + Int64(interval)
        while true {
            let wait = Int32(clamping: max(0, due - ArrivalDeadlines.now()))
            let count = events.withUnsafeMutableBufferPointer { epoll_wait(epoll, $0.baseAddress, Int32($0.count), wait) }
            if ArrivalDeadlines.now() >= due {
                periodic()
                due = ArrivalDeadlines.now() + Int64(interval)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return
            }
            for event in events[..<Int(count)] {
                if event.data.u64 == Self.wakeupID { return }
                let hungUp = state.withLock { state -> Watched? in
                    guard let watched = state.watched.removeValue(forKey: event.data.u64) else { return nil }
                    _ = epoll_ctl(epoll, EPOLL_CTL_DEL, watched.socket, nil)
                    return watched
                }
                hungUp?.onHangup()
            }
        }
    }
}
