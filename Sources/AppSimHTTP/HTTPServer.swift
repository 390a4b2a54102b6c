import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP/1.1 server on libmicrohttpd: reads each request in full and hands it to one ``HTTPResponder``.
///
/// Serving starts in `init` on libmicrohttpd's own threads (epoll, a thread pool) and stops in ``shutdown()``
/// (or when the server is released).
///
/// ```swift
/// let server = try HTTPServer(configuration: .init(port: 0), responder: app)
/// defer { server.shutdown() }
/// print("listening on \(server.port)")
/// ```
public final class HTTPServer: Sendable {
    /// The port the server is bound to: the one asked for, or the one the system picked when 0 was asked.
    public let port: Int

    /// The running daemon; `nil` once shut down. The lock also serializes concurrent `shutdown()` calls.
    private let daemon: Mutex<OpaquePointer?>
    /// Handed to libmicrohttpd's callbacks unretained; `self` keeps it alive until the daemon is stopped.
    private let context: ServerContext

    /// How long `shutdown()` lets the requests it answered with 503 finish sending before stopping anyway.
    private static let shutdownGrace: Duration = .seconds(2)

    /// Binds `configuration.host`:`configuration.port` and starts serving with `responder`.
    ///
    /// - Throws: ``HTTPServerError/invalidHost(_:)`` or ``HTTPServerError/invalidPort(_:)`` for a bad setting,
    ///   ``HTTPServerError/addressUnavailable(host:port:)`` when the port is taken or the address is not local,
    ///   ``HTTPServerError/startFailed(host:port:reason:)`` otherwise.
    public init(configuration: Configuration, responder: some HTTPResponder) throws(HTTPServerError) {
        let host = configuration.host
        guard (0...65_535).contains(configuration.port) else { throw .invalidPort(configuration.port) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(configuration.port).bigEndian
        guard inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &address.sin_addr) == 1 else {
            throw .invalidHost(host)
        }

        let context = ServerContext(responder: responder, maxBodyBytes: max(0, configuration.maxBodyBytes))
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue
            | MHD_USE_TURBO.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
        if configuration.logsErrors { flags |= MHD_USE_ERROR_LOG.rawValue }
        let opaqueContext = Unmanaged.passUnretained(context).toOpaque()

        errno = 0
        let started = withUnsafePointer(to: &address) { address in
            address.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                appsim_mhd_start_daemon(
                    flags, address,
                    Callbacks.handleRequest, opaqueContext,
                    Callbacks.requestCompleted, opaqueContext,
                    // A pool of 1 is ignored with a warning; 0 means "no pool", which is what 1 thread is.
                    configuration.threads > 1 ? UInt32(clamping: configuration.threads) : 0,
                    UInt32(clamping: max(1, configuration.connectionLimit)),
                    UInt32(clamping: max(0, configuration.connectionTimeoutSeconds))
                )
            }
        }
        guard let started else {
            let code = errno
            if code == EADDRINUSE || code == EADDRNOTAVAIL {
                throw .addressUnavailable(host: host, port: configuration.port)
            }
            throw .startFailed(host: host, port: configuration.port, reason: String(cString: strerror(code)))
        }
        self.port = Int(appsim_mhd_bound_port(started))
        self.daemon = Mutex(started)
        self.context = context
    }

    deinit {
        shutdown()
    }

    /// Stops serving. Every request still waiting for its responder is answered `503` first; then the daemon
    /// stops, closing all connections. Returns when it has stopped. Calling it again does nothing.
    public func shutdown() {
        daemon.withLock { daemon in
            guard let running = daemon else { return }
            daemon = nil
            // libmicrohttpd must not be stopped with a suspended connection: answer (and so resume) each one,
            // and give the answers a moment to go out before the connections are closed.
            for writer in context.beginShutdown() {
                writer.send(.shuttingDown)
            }
            let deadline = ContinuousClock.now.advanced(by: Self.shutdownGrace)
            while context.hasWaitingRequests, ContinuousClock.now < deadline {
                usleep(1_000)
            }
            MHD_stop_daemon(running)
        }
    }
}

/// A libmicrohttpd connection, for the writer to suspend and resume. Sendable because libmicrohttpd allows
/// `MHD_resume_connection` from any thread; ``HTTPResponseWriter`` guarantees it is called only while suspended.
struct ConnectionHandle: @unchecked Sendable {
    private let connection: OpaquePointer

    init(_ connection: OpaquePointer) {
        self.connection = connection
    }

    func suspend() {
        MHD_suspend_connection(connection)
    }

    func resume() {
        MHD_resume_connection(connection)
    }
}

/// What the callbacks share across worker threads.
private final class ServerContext: Sendable {
    /// Requests answered later, by writer, until libmicrohttpd reports them complete; and whether shutdown began,
    /// after which no request may be suspended any more.
    private struct Waiting {
        var isShuttingDown = false
        var writers: [ObjectIdentifier: HTTPResponseWriter] = [:]
    }

    let responder: any HTTPResponder
    let maxBodyBytes: Int
    private let waiting = Mutex(Waiting())

    init(responder: any HTTPResponder, maxBodyBytes: Int) {
        self.responder = responder
        self.maxBodyBytes = maxBodyBytes
    }

    /// Registers `writer` as answered later; `false` once shutdown began (answer at once instead).
    func admitWaiting(_ writer: HTTPResponseWriter) -> Bool {
        waiting.withLock { waiting in
            guard !waiting.isShuttingDown else { return false }
            waiting.writers[ObjectIdentifier(writer)] = writer
            return true
        }
    }

    func removeWaiting(_ writer: HTTPResponseWriter) {
        waiting.withLock { _ = $0.writers.removeValue(forKey: ObjectIdentifier(writer)) }
    }

    /// Refuses further waiting requests and returns those waiting now.
    func beginShutdown() -> [HTTPResponseWriter] {
        waiting.withLock { waiting in
            waiting.isShuttingDown = true
            return Array(waiting.writers.values)
        }
    }

    var hasWaitingRequests: Bool {
        waiting.withLock { !$0.writers.isEmpty }
    }
}

/// One request's state between libmicrohttpd's calls, kept in its `req_cls`. Only the connection's own worker
/// thread touches it.
private final class Exchange {
    var body: [UInt8] = []
    var receivedBytes = 0
    var isTooLarge = false
    var writer: HTTPResponseWriter?
    /// Registered in `ServerContext`'s waiting requests; removed on completion.
    var isWaiting = false
}

@available(*, unavailable)
extension Exchange: Sendable {}

/// libmicrohttpd's callbacks. They run on its worker threads, so they live on a non-isolated type.
private enum Callbacks {
    /// The access handler: called once when the head is read, once per body chunk, once when the body is complete,
    /// and once more after a resume.
    static let handleRequest: MHD_AccessHandlerCallback = {
        context, connection, url, method, _, uploadData, uploadDataSize, requestContext in
        guard let context, let connection, let uploadDataSize, let requestContext else { return .NO }
        let server = Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue()

        guard let existing = requestContext.pointee else {
            let exchange = Exchange()
            requestContext.pointee = Unmanaged.passRetained(exchange).toOpaque()
            if let length = contentLength(connection) {
                // Answering is allowed now or at the end, not during the body: refuse a declared oversize at once.
                guard length <= server.maxBodyBytes else {
                    exchange.isTooLarge = true
                    return queue(.payloadTooLarge(limit: server.maxBodyBytes), on: connection)
                }
                exchange.body.reserveCapacity(length)
            }
            return .YES
        }
        let exchange = Unmanaged<Exchange>.fromOpaque(existing).takeUnretainedValue()

        let chunkSize = uploadDataSize.pointee
        if chunkSize > 0 {
            uploadDataSize.pointee = 0
            exchange.receivedBytes += chunkSize
            if exchange.receivedBytes > server.maxBodyBytes {
                // A chunked body went over: drop what was kept and the rest; answer on the final call.
                exchange.isTooLarge = true
                exchange.body = []
            } else if let uploadData {
                UnsafeRawPointer(uploadData).withMemoryRebound(to: UInt8.self, capacity: chunkSize) {
                    exchange.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: chunkSize))
                }
            }
            return .YES
        }

        if let writer = exchange.writer {
            // Called again after a resume: `send` stored the response.
            guard let response = writer.takeResponseOrSuspend() else { return .NO }
            return queue(response, on: connection)
        }
        if exchange.isTooLarge {
            return queue(.payloadTooLarge(limit: server.maxBodyBytes), on: connection)
        }

        let request = HTTPRequest(
            method: method.map { String(cString: $0) } ?? "",
            path: url.map { String(cString: $0) } ?? "/",
            query: values(of: .GET_ARGUMENT_KIND, on: connection, lowercasingNames: false),
            lowercasedHeaders: values(of: .HEADER_KIND, on: connection, lowercasingNames: true),
            body: exchange.body
        )
        exchange.body = []
        let writer = HTTPResponseWriter(connection: ConnectionHandle(connection))
        exchange.writer = writer
        server.responder.respond(to: request, writer: writer)

        if let response = writer.takeResponse() {
            return queue(response, on: connection)
        }
        if server.admitWaiting(writer) {
            exchange.isWaiting = true
        } else {
            writer.send(.shuttingDown)
        }
        if let response = writer.takeResponseOrSuspend() {
            return queue(response, on: connection)
        }
        return .YES
    }

    /// Frees the request's state, whatever way it ended (answered, client gone, timeout, shutdown).
    static let requestCompleted: MHD_RequestCompletedCallback = { context, _, requestContext, _ in
        guard let context, let requestContext, let existing = requestContext.pointee else { return }
        requestContext.pointee = nil
        let exchange = Unmanaged<Exchange>.fromOpaque(existing).takeRetainedValue()
        if exchange.isWaiting, let writer = exchange.writer {
            Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue().removeWaiting(writer)
        }
    }

    /// Adds one header or query argument to the dictionary `context` points to.
    private static let collectValue: MHD_KeyValueIteratorN = { context, _, name, nameSize, value, valueSize in
        guard let context, let name else { return .YES }
        let values = context.assumingMemoryBound(to: [String: String].self)
        values.pointee[string(name, count: nameSize)] = value.map { string($0, count: valueSize) } ?? ""
        return .YES
    }

    /// Same as `collectValue`, with the name lowercased.
    private static let collectValueLowercasingName: MHD_KeyValueIteratorN = {
        context, _, name, nameSize, value, valueSize in
        guard let context, let name else { return .YES }
        let values = context.assumingMemoryBound(to: [String: String].self)
        values.pointee[lowercasedASCII(name, count: nameSize)] = value.map { string($0, count: valueSize) } ?? ""
        return .YES
    }

    private static func values(
        of kind: MHD_ValueKind,
        on connection: OpaquePointer,
        lowercasingNames: Bool
    ) -> [String: String] {
        let count = MHD_get_connection_values_n(connection, kind, nil, nil)
        guard count > 0 else { return [:] }
        var values: [String: String] = [:]
        values.reserveCapacity(Int(count))
        _ = withUnsafeMutablePointer(to: &values) {
            MHD_get_connection_values_n(
                connection, kind, lowercasingNames ? collectValueLowercasingName : collectValue, $0)
        }
        return values
    }

    private static func string(_ start: UnsafePointer<CChar>, count: Int) -> String {
        UnsafeRawPointer(start).withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
    }

    private static func lowercasedASCII(_ start: UnsafePointer<CChar>, count: Int) -> String {
        String(unsafeUninitializedCapacity: count) { buffer in
            for index in 0..<count {
                let byte = UInt8(bitPattern: start[index])
                buffer[index] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
            }
            return count
        }
    }

    /// The declared `Content-Length`, or `nil` when absent (no body, or chunked). libmicrohttpd has already
    /// refused a malformed one with 400.
    private static func contentLength(_ connection: OpaquePointer) -> Int? {
        guard var digit = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length") else { return nil }
        var length = 0
        while case let byte = UInt8(bitPattern: digit.pointee), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            let (shifted, overflow1) = length.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = shifted.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            if overflow1 || overflow2 { return Int.max }
            length = sum
            digit += 1
        }
        return length
    }

    /// Queues `response` on `connection`; libmicrohttpd copies the body, so nothing needs to outlive the call.
    private static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let created = response.body.withUnsafeBytes { body in
            MHD_create_response_from_buffer(
                body.count, UnsafeMutableRawPointer(mutating: body.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let created else { return .NO }
        for header in response.headers {
            _ = MHD_add_response_header(created, header.name, header.value)
        }
        let result = MHD_queue_response(connection, UInt32(clamping: response.status), created)
        MHD_destroy_response(created)
        return result
    }
}
