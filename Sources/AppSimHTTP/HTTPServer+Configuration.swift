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
        /// The most connections open at once; more are refused.
        public var connectionLimit: Int = 10_000
        /// The largest request body accepted; larger ones get `413` with a problem JSON body.
        public var maxBodyBytes: Int = 65_536
        /// Whether libmicrohttpd prints its own error messages to standard error. Tests turn it off.
        public var logsErrors: Bool = true
        /// Memory each connection reads a request into: its request line and headers must fit (a client sending
        /// more gets `431`), the body streams through it. libmicrohttpd zeroes it after every request, so a pool
        /// larger than requests need costs time on each (its default, 32 KiB, was a tenth of a GET's CPU here).
        public var connectionMemoryBytes: Int = 16_384

        /// Creates a configuration; every setting has a default.
        public init(
            host: String = "127.0.0.1",
            port: Int = 8080,
            threads: Int = Configuration.coreCount,
            connectionTimeoutSeconds: Int = 30,
            connectionLimit: Int = 10_000,
            maxBodyBytes: Int = 65_536,
            logsErrors: Bool = true,
            connectionMemoryBytes: Int = 16_384
        ) {
            self.host = host
            self.port = port
            self.threads = threads
            self.connectionTimeoutSeconds = connectionTimeoutSeconds
            self.connectionLimit = connectionLimit
            self.maxBodyBytes = maxBodyBytes
            self.logsErrors = logsErrors
            self.connectionMemoryBytes = connectionMemoryBytes
        }

        /// The number of online cores, at least 2: the default for ``threads``.
        public static var coreCount: Int {
            max(2, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        }
    }
}
