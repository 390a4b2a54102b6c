import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Closes connections whose request does not arrive whole in time (``HTTPServer/Configuration/requestTimeoutSeconds``).
///
/// libmicrohttpd's own timeout counts idle time only, so a client that sends a byte now and then keeps its connection
/// as long as it likes; ten thousand such clients would hold every slot. Each open connection has a deadline here,
/// armed while a request is awaited or arriving and disarmed while it is answered; ``closeOverdue()``, run
/// periodically, shuts the socket of each connection past its deadline, and libmicrohttpd, reading the end of the
/// stream, closes the connection as if the client had.
///
/// A connection is registered from libmicrohttpd's "started" notification to its "closed" one, which comes before
/// libmicrohttpd closes the socket; `closeOverdue` shuts sockets under the same lock, so it never reaches a socket
/// number the system has handed to a newer connection.
final class ArrivalDeadlines: Sendable {
    /// One open connection's deadline.
    final class Connection: Sendable {
        fileprivate let socket: Int32
        private let limitMilliseconds: Int64
        /// When the request being awaited or read must be whole, in ``ArrivalDeadlines/now()`` milliseconds;
        /// 0 while none is (the request is being answered).
        fileprivate let deadline = Atomic<Int64>(0)

        fileprivate init(socket: Int32, limitMilliseconds: Int64) {
            self.socket = socket
            self.limitMilliseconds = limitMilliseconds
            arm()
        }

        /// The connection is ready for a request, or has just read one's first line: the time starts now.
        func arm() {
            deadline.store(ArrivalDeadlines.now() + limitMilliseconds, ordering: .relaxed)
        }

        /// The request arrived whole: answering it, however long that takes, is not the client's delay.
        func disarm() {
            deadline.store(0, ordering: .relaxed)
        }
    }

    private let limitMilliseconds: Int64
    private let connections = Mutex<[ObjectIdentifier: Connection]>([:])
    private let log: (@Sendable (String) -> Void)?

    /// `limitSeconds` 0 or less turns the deadline off: ``opened(socket:)`` then returns `nil`.
    init(limitSeconds: Int, log: (@Sendable (String) -> Void)?) {
        limitMilliseconds = Int64(max(0, limitSeconds)) * 1_000
        self.log = log
    }

    /// Registers a connection just accepted, its deadline armed; `nil` when there is no deadline or no socket.
    func opened(socket: Int32) -> Connection? {
        guard limitMilliseconds > 0, socket >= 0 else { return nil }
        let connection = Connection(socket: socket, limitMilliseconds: limitMilliseconds)
        connections.withLock { $0[ObjectIdentifier(connection)] = connection }
        return connection
    }

    /// Forgets a connection; call before its socket is closed.
    func closed(_ connection: Connection) {
        connections.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    /// Shuts the socket of every connection past its deadline (both directions: libmicrohttpd reads the end of the
    /// stream and closes the connection on its own thread).
    func closeOverdue() {
        let now = Self.now()
        let overdue = connections.withLock { connections in
            var overdue = 0
            for connection in connections.values {
                let deadline = connection.deadline.load(ordering: .relaxed)
                guard deadline != 0, deadline <= now else { continue }
                shutdown(connection.socket, Int32(SHUT_RDWR))
                // Once is enough; libmicrohttpd closes it soon and the "closed" notification removes it.
                connection.disarm()
                overdue += 1
            }
            return overdue
        }
        if overdue > 0 {
            log?("closed \(overdue) connection(s) whose request did not arrive whole within \(limitMilliseconds / 1_000) s")
        }
    }

    /// A monotonic clock in milliseconds. The coarse one: a few milliseconds' precision is plenty for a limit in
    /// seconds, and it is the cheapest to read, twice per request.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
        return Int64(time.tv_sec) * 1_000 + Int64(time.tv_nsec) / 1_000_000
    }
}
