#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension HTTPServer {
    /// How an ``HTTPServer`` listens and what it accepts.
    ///
    /// ```swift
    /// let configuration = HTTPServer.Configuration(host: "0.0.0.0", port: 0, maxBodyBytes: 1 << 20)
    /// ```
    public struct Configuration: Sendable {
        /// The IPv4 address to bind, dotted (`"127.0.0.1"`, `"0.0.0.0"` for every interface), or `"localhost"`.
        public var host: String = "127.0.0.1"
        /// The TCP port; `0` picks a free one (read it back from ``HTTPServer/port``).
        public var port: Int = 8080
        /// Worker threads, each with its own event loop. More than the machine's cores does not help.
        public var threads: Int = Configuration.coreCount
        /// Seconds an idle connection is kept open. Suspended requests (a response not sent yet) never time out.
        public var connectionTimeoutSeconds: Int = 30
        /// Seconds a request has to arrive whole, head and body, or its connection is closed without an answer: a
        /// client that trickles its request would otherwise hold the connection as long as it likes, since each
        /// byte restarts ``connectionTimeoutSeconds``. The time is counted from when the connection is ready for
        /// the request (accepted, or the previous response sent) to the request's first line, and again from that
        /// line to the end of its body; answering and waiting (long polls, streams) are not counted. `0`: no limit.
        public var requestTimeoutSeconds: Int = 30
        /// The most connections open at once; more wait to be accepted.
        public var connectionLimit: Int = 10_000
        /// The most connections one client address may hold open at once; more from it are closed as soon as they
        /// are accepted, so that one address (slow, idle or hostile) cannot take the slots every other client
        /// needs. The default leaves most of ``connectionLimit`` to others, and a heavy legitimate client fits
        /// under it (a benchmark's few hundred connections, a test suite's 2,000 long polls and streams).
        /// On loopback every local client shares `127.0.0.1`. `0`: no limit.
        public var connectionsPerAddress: Int = 2_500
        /// The largest request body accepted; larger ones get `413` with a problem JSON body: at once when
        /// `Content-Length` declares it, once the body ends when it is chunked (libmicrohttpd cannot answer during a
        /// body; the bytes are dropped as they come, and ``requestTimeoutSeconds`` ends a body that never ends).
        public var maxBodyBytes: Int = 65_536
        /// Whether libmicrohttpd's own messages are kept (a connection refused over a limit, a malformed request
        /// answered by the library, a client gone): passed to ``log``, or printed to standard error without one.
        /// Tests turn them off.
        public var logsErrors: Bool = true
        /// Where libmicrohttpd's messages go, one line each without its line break; `nil`: standard error. They
        /// are about single connections, so a server under a flood of bad clients would write one line per client:
        /// route them to a logger at debug level.
        public var log: (@Sendable (String) -> Void)?
        /// Memory each connection reads a request into: its request line and headers must fit (a client sending
        /// more gets `431`), the body streams through it. libmicrohttpd zeroes it after every request, so a pool
        /// larger than requests need costs time on each (its default, 32 KiB, was a tenth of a GET's CPU here).
        public var connectionMemoryBytes: Int = 16_384
        /// Headers every response this server makes carries: its `Server` (RFC 9110, section 10.2.4), the node that
        /// answered. Answers libmicrohttpd makes by itself (a 431 for a head too large) carry none.
        public var commonHeaders: [(name: String, value: String)] = []

        /// Creates a configuration; every setting has a default.
        public init(
            host: String = "127.0.0.1",
            port: Int = 8080,
            threads: Int = Configuration.coreCount,
            connectionTimeoutSeconds: Int = 30,
            requestTimeoutSeconds: Int = 30,
            connectionLimit: Int = 10_000,
            connectionsPerAddress: Int = 2_500,
            maxBodyBytes: Int = 65_536,
            logsErrors: Bool = true,
            log: (@Sendable (String) -> Void)? = nil,
            connectionMemoryBytes: Int = 16_384,
            commonHeaders: [(name: String, value: String)] = []
        ) {
            self.host = host
            self.port = port
            self.threads = threads
            self.connectionTimeoutSeconds = connectionTimeoutSeconds
            self.requestTimeoutSeconds = requestTimeoutSeconds
            self.connectionLimit = connectionLimit
            self.connectionsPerAddress = connectionsPerAddress
            self.maxBodyBytes = maxBodyBytes
            self.logsErrors = logsErrors
            self.log = log
            self.connectionMemoryBytes = connectionMemoryBytes
            self.commonHeaders = commonHeaders
        }

        /// The number of online cores, at least 2: the default for ``threads``.
        public static var coreCount: Int {
            max(2, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        }
    }
}
