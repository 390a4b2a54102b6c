import CMicroHTTPD
import Foundation
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
    /// Raises the process's open-file soft limit to its hard limit when it is below what
    /// `configuration.connectionLimit` needs: each connection is a file descriptor, and the usual soft limit (1,024)
    /// would refuse connections long before the connection limit.
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
        Self.raiseOpenFileLimit(toFit: configuration.connectionLimit)

        let log: (@Sendable (String) -> Void)? = configuration.logsErrors
            ? configuration.log ?? { line in
                var text = line + "\n"
                _ = text.withUTF8 { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            }
            : nil
        let deadlines = ArrivalDeadlines(limitSeconds: configuration.requestTimeoutSeconds, log: log)
        // The deadlines are checked on the watcher's thread, four times a second: a limit in whole seconds is kept
        // to within a quarter of one, and the server needs no thread of its own for it.
        guard let watcher = HangupWatcher(everyMilliseconds: 250, { deadlines.closeOverdue() }) else {
            throw .startFailed(
                host: host, port: configuration.port,
                reason: "could not start the hang-up watcher thread (\(String(cString: strerror(errno))))")
        }
        let context = ServerContext(
            responder: responder, maxBodyBytes: max(0, configuration.maxBodyBytes), watcher: watcher,
            deadlines: deadlines, log: log, commonHeaders: configuration.commonHeaders)
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue
            | MHD_USE_TURBO.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
        if log != nil { flags |= MHD_USE_ERROR_LOG.rawValue }
        let opaqueContext = Unmanaged.passUnretained(context).toOpaque()

        errno = 0
        let started = withUnsafePointer(to: &address) { address in
            address.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                appsim_mhd_start_daemon(
                    flags, address, opaqueContext,
                    Callbacks.log, Callbacks.handleRequest, Callbacks.requestLineRead, Callbacks.requestCompleted,
                    Callbacks.connectionChanged,
                    // A pool of 1 is ignored with a warning; 0 means "no pool", which is what 1 thread is.
                    configuration.threads > 1 ? UInt32(clamping: configuration.threads) : 0,
                    UInt32(clamping: max(1, configuration.connectionLimit)),
                    UInt32(clamping: max(0, configuration.connectionsPerAddress)),
                    UInt32(clamping: max(0, configuration.connectionTimeoutSeconds)),
                    max(4_096, configuration.connectionMemoryBytes)
                )
            }
        }
        guard let started else {
            let code = errno
            watcher.stop()
            if code == EADDRINUSE || code == EADDRNOTAVAIL {
                throw .addressUnavailable(host: host, port: configuration.port)
            }
            let reason = code == 0 ? "libmicrohttpd refused the settings" : String(cString: strerror(code))
            throw .startFailed(host: host, port: configuration.port, reason: reason)
        }
        self.port = Int(appsim_mhd_bound_port(started))
        self.daemon = Mutex(started)
        self.context = context
    }

    /// Raises the open-file soft limit to the hard limit when it is below `connections` and what else the server
    /// opens (the listening socket, event loops, the database); lowering it is never needed.
    private static func raiseOpenFileLimit(toFit connections: Int) {
        let needed = rlim_t(clamping: connections + 256)
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0,
              limit.rlim_cur < needed, limit.rlim_cur < limit.rlim_max
        else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    }

    deinit {
        shutdown()
    }

    /// Stops taking work, the first step of a graceful stop: from now on a request (on an open connection or a new
    /// one) is answered `503` with `Connection: close` without reaching the responder, and this returns once every
    /// responder call already under way has returned. What those calls left pending (a write waiting for its
    /// commit, a long-poll, a stream) is still delivered when answered, until ``shutdown()``. Calling it again does
    /// nothing.
    ///
    /// The caller then finishes what was accepted (commits, answers waits, ends streams) and calls ``shutdown()``:
    /// a request either reached the responder and gets its real answer, or did not and gets `503`, never both.
    /// (The listening socket stays open until then: `MHD_quiesce_daemon` races a worker that takes the socket out
    /// of its epoll set at the connection limit, and libmicrohttpd aborts the process when that race is lost.)
    public func stopAccepting() {
        guard context.beginDraining() else { return }
        while context.hasRespondersRunning { usleep(500) }
    }

    /// Stops serving. ``stopAccepting()`` first, if it was not called; then every request still waiting for its
    /// responder is answered `503` and every open ``HTTPStream`` is closed (what was written still goes out); then
    /// the daemon stops, closing all connections. Returns when it has stopped, by which time every `onClose`
    /// handler has run. Calling it again does nothing. Call it from your own thread, never from inside a responder
    /// or an `onClose` handler: stopping joins libmicrohttpd's worker threads and the hang-up watcher.
    public func shutdown() {
        stopAccepting()
        daemon.withLock { daemon in
            guard let running = daemon else { return }
            daemon = nil
            // libmicrohttpd must not be stopped with a suspended connection: answer (and so resume) each one,
            // and give the answers a moment to go out before the connections are closed.
            let open = context.beginShutdown()
            for writer in open.writers { writer.send(.shuttingDown) }
            for stream in open.streams { stream.close() }
            let deadline = ContinuousClock.now.advanced(by: Self.shutdownGrace)
            while context.hasWaitingRequests, ContinuousClock.now < deadline {
                usleep(1_000)
            }
            // The watcher first: once it is joined no hang-up handler can touch a connection the daemon frees.
            context.watcher.stop()
            MHD_stop_daemon(running)
        }
    }
}

/// A libmicrohttpd connection, for the writer and the stream to suspend and resume. Sendable because libmicrohttpd
/// allows `MHD_resume_connection` from any thread; ``HTTPResponseWriter`` and ``HTTPStream`` call it only while
/// suspended, under the lock that suspended it.
///
/// While suspended, libmicrohttpd does not watch the socket, so the ``HangupWatcher`` does: a client that goes
/// away is noticed at once.
struct ConnectionHandle: @unchecked Sendable {
    /// One suspension of the connection: what `resume` needs to stop watching the socket.
    struct Suspension: Sendable {
        fileprivate let watch: HangupWatcher.Watch?
        /// Whether the watcher tells of a hang-up during this suspension.
        var isWatched: Bool { watch != nil }
    }

    private let connection: OpaquePointer
    private let watcher: HangupWatcher

    init(_ connection: OpaquePointer, watcher: HangupWatcher) {
        self.connection = connection
        self.watcher = watcher
    }

    /// Suspends the connection; `onHangup` runs (once, on the watcher's thread) if the client goes away before
    /// ``resume(_:)``. Call only from the access handler or a content reader, under the lock that resumes.
    func suspend(onHangup: @escaping @Sendable () -> Void) -> Suspension {
        MHD_suspend_connection(connection)
        return watch(onHangup: onHangup)
    }

    /// Suspends the connection without watching for the client going away: for an answer that comes soon, where
    /// nobody would act on the hang-up. ``watch(onHangup:)`` can start watching later.
    func suspendUnwatched() -> Suspension {
        MHD_suspend_connection(connection)
        return Suspension(watch: nil)
    }

    /// Starts watching a suspended connection's socket; pass what it returns to ``resume(_:)``.
    /// Call under the lock that resumes.
    func watch(onHangup: @escaping @Sendable () -> Void) -> Suspension {
        Suspension(watch: watcher.watch(appsim_mhd_connection_fd(connection), onHangup: onHangup))
    }

    /// Resumes the connection. The socket leaves the watcher first: once resumed, libmicrohttpd may close it and
    /// the system may hand its number to a new connection.
    func resume(_ suspension: Suspension) {
        if let watch = suspension.watch { watcher.unwatch(watch) }
        MHD_resume_connection(connection)
    }
}

/// One request's state between libmicrohttpd's calls, kept in its `req_cls` from its first line to its completion.
/// Only the connection's own worker thread touches it.
private final class Exchange {
    /// The path as the client sent it, percent-encoded, without the query.
    let encodedPath: String
    /// The connection's arrival deadline (`nil` without one).
    let arrival: ArrivalDeadlines.Connection?
    /// The headers, names lowercased; `nil` until the access handler's first call, when they are all read.
    var headers: HTTPFields?
    var body: [UInt8] = []
    var receivedBytes = 0
    var isTooLarge = false
    var writer: HTTPResponseWriter?
    /// Registered in `ServerContext`'s waiting requests; removed on completion.
    var isWaiting = false

    init(encodedPath: String, arrival: ArrivalDeadlines.Connection?) {
        self.encodedPath = encodedPath
        self.arrival = arrival
    }
}

@available(*, unavailable)
extension Exchange: Sendable {}

/// What a streamed response's callbacks get as their context.
private final class StreamContext {
    let stream: HTTPStream
    let server: ServerContext

    init(stream: HTTPStream, server: ServerContext) {
        self.stream = stream
        self.server = server
    }
}

/// libmicrohttpd's callbacks. They run on its worker threads, so they live on a non-isolated type.
private enum Callbacks {
    /// A connection was accepted (its arrival deadline starts) or is about to be closed (before its socket is).
    static let connectionChanged: MHD_NotifyConnectionCallback = { context, connection, socketContext, change in
        guard let context, let connection, let socketContext else { return }
        let server = Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue()
        switch change {
        case .CONNECTION_NOTIFY_STARTED:
            guard let arrival = server.deadlines.opened(socket: appsim_mhd_connection_fd(connection)) else { return }
            socketContext.pointee = Unmanaged.passRetained(arrival).toOpaque()
        case .CONNECTION_NOTIFY_CLOSED:
            guard let existing = socketContext.pointee else { return }
            socketContext.pointee = nil
            server.deadlines.closed(Unmanaged<ArrivalDeadlines.Connection>.fromOpaque(existing).takeRetainedValue())
        @unknown default:
            return
        }
    }

    /// A request's first line is read: its state is made here, with the path as sent (libmicrohttpd decodes the
    /// whole path before the access handler sees it, `%2F` included), and its arrival time starts again, so that
    /// the wait before the request is not counted against it.
    static let requestLineRead: appsim_mhd_request_line_callback = { _, target, connection in
        guard let connection else { return nil }
        var encodedPath = ""
        if let target {
            let length = strcspn(target, "?")
            encodedPath = UnsafeRawBufferPointer(start: target, count: length).withMemoryRebound(to: UInt8.self) {
                String(decoding: $0, as: UTF8.self)
            }
        }
        let arrival = appsim_mhd_socket_context(connection).map {
            Unmanaged<ArrivalDeadlines.Connection>.fromOpaque($0).takeUnretainedValue()
        }
        arrival?.arm()
        return Unmanaged.passRetained(Exchange(encodedPath: encodedPath, arrival: arrival)).toOpaque()
    }

    /// The access handler: called once when the head is read, once per body chunk, once when the body is complete,
    /// and once more after a resume.
    static let handleRequest: MHD_AccessHandlerCallback = {
        context, connection, _, method, _, uploadData, uploadDataSize, requestContext in
        // The request-line callback made the request's state; libmicrohttpd calls it for every request first.
        guard let context, let connection, let uploadDataSize, let requestContext, let existing = requestContext.pointee
        else { return .NO }
        let server = Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue()
        let exchange = Unmanaged<Exchange>.fromOpaque(existing).takeUnretainedValue()

        guard let headers = exchange.headers else {
            // The head is read, the body is not. An answer queued now goes out at once; a body still to come is
            // dropped unread and the connection closed after the answer.
            let headers = fields(.HEADER_KIND, of: connection)
            exchange.headers = headers
            if let method, hidesHeaderBytes(connection, method: method) {
                exchange.arrival?.disarm()
                return queue(.malformedRequest("A header holds a NUL byte, which no header may (RFC 9110, section 5.5): libmicrohttpd would have cut the header short there. Send it without."), on: connection, server: server)
            }
            if let problem = headers.framingProblem {
                exchange.arrival?.disarm()
                return queue(.malformedRequest(problem), on: connection, server: server)
            }
            if let length = contentLength(connection) {
                // Answering is allowed now or at the end, not during the body: refuse a declared oversize at once.
                guard length <= server.maxBodyBytes else {
                    exchange.isTooLarge = true
                    exchange.arrival?.disarm()
                    return queue(.payloadTooLarge(limit: server.maxBodyBytes), on: connection, server: server)
                }
                // Capped: a client that declares a large body and sends nothing should not hold that memory.
                exchange.body.reserveCapacity(min(length, 16_384))
            }
            return .YES
        }

        let chunkSize = uploadDataSize.pointee
        if chunkSize > 0 {
            uploadDataSize.pointee = 0
            exchange.receivedBytes += chunkSize
            if exchange.receivedBytes > server.maxBodyBytes {
                // A chunked body went over. The 413 cannot go out yet: libmicrohttpd 0.9.75's MHD_queue_response
                // refuses (returns MHD_NO) unless the request is in state HEADERS_PROCESSED (the first call) or
                // FULL_REQ_RECEIVED (the final one), and during the body it is in neither (connection.c,
                // MHD_queue_response); returning MHD_NO here would close the connection with no answer at all.
                // So the rest is read and dropped, nothing kept, and the 413 goes out on the final call; the arrival
                // deadline ends a body that never does.
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
            return queue(response, on: connection, server: server)
        }
        // The request is whole: from here on the time is the server's, not the client's.
        exchange.arrival?.disarm()
        if exchange.isTooLarge {
            return queue(.payloadTooLarge(limit: server.maxBodyBytes), on: connection, server: server)
        }

        guard server.admitRequest() else {
            // The server is stopping: this request is refused before anything of it is done, so a retry is safe.
            return queue(.notAccepting, on: connection, server: server)
        }
        defer { server.responderReturned() }
        let request = HTTPRequest(
            method: method.map { String(cString: $0) } ?? "",
            encodedPath: exchange.encodedPath,
            queryFields: fields(.GET_ARGUMENT_KIND, of: connection),
            headerFields: headers,
            body: exchange.body
        )
        exchange.body = []
        let writer = HTTPResponseWriter(connection: ConnectionHandle(connection, watcher: server.watcher))
        exchange.writer = writer
        server.responder.respond(to: request, writer: writer)

        if let response = writer.takeResponse() {
            return queue(response, on: connection, server: server)
        }
        if server.admitWaiting(writer) {
            exchange.isWaiting = true
        } else {
            writer.send(.shuttingDown)
        }
        if let response = writer.takeResponseOrSuspend() {
            return queue(response, on: connection, server: server)
        }
        return .YES
    }

    /// Frees the request's state, whatever way it ended (answered, client gone, timeout, shutdown). The connection
    /// is now ready for its next request (or closing), whose time starts.
    static let requestCompleted: MHD_RequestCompletedCallback = { context, _, requestContext, _ in
        guard let context, let requestContext, let existing = requestContext.pointee else { return }
        requestContext.pointee = nil
        let exchange = Unmanaged<Exchange>.fromOpaque(existing).takeRetainedValue()
        exchange.arrival?.arm()
        if exchange.isWaiting, let writer = exchange.writer {
            Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue().removeWaiting(writer)
        }
        exchange.writer?.finish()
    }

    /// libmicrohttpd's messages (with `MHD_USE_ERROR_LOG`): formatted here, one line each, for ``ServerContext/log``.
    static let log: MHD_LogCallback = { context, format, arguments in
        guard let context, let format, let arguments else { return }
        guard let log = Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue().log else { return }
        // Its messages are a line or two; a longer one is cut rather than formatted twice (a va_list is read once).
        let line = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 512) { buffer -> String? in
            guard vsnprintf(buffer.baseAddress, buffer.count, format, arguments) >= 0 else { return nil }
            return String(cString: buffer.baseAddress!)
        }
        guard var line else { return }
        while line.last?.isNewline == true { line.removeLast() }
        log(line)
    }

    /// A streamed response's content reader: queued bytes, the end, or a suspension until more is written.
    static let readStream: MHD_ContentReaderCallback = { context, _, buffer, limit in
        guard let context, let buffer else { return appsim_mhd_content_reader_end_with_error() }
        let stream = Unmanaged<StreamContext>.fromOpaque(context).takeUnretainedValue().stream
        switch stream.next(limit: limit) {
        case .bytes(let bytes):
            bytes.withUnsafeBytes {
                UnsafeMutableRawPointer(buffer).copyMemory(from: $0.baseAddress!, byteCount: $0.count)
            }
            return bytes.count
        case .end:
            return appsim_mhd_content_reader_end_of_stream()
        case .suspended:
            // Only with the connection suspended: returning 0 otherwise makes libmicrohttpd ask again at once.
            return 0
        }
    }

    /// libmicrohttpd is done with a streamed response (sent, client gone, or shutdown).
    static let freeStream: MHD_ContentReaderFreeCallback = { context in
        guard let context else { return }
        let streamContext = Unmanaged<StreamContext>.fromOpaque(context).takeRetainedValue()
        streamContext.server.removeStream(streamContext.stream)
        streamContext.stream.finish()
    }

    /// Where `packField` writes: a buffer sized by `measureField`, and how much of it is written.
    private struct FieldPacker {
        let buffer: UnsafeMutableRawBufferPointer
        var offset = 0
        let lowercasesNames: Bool
    }

    /// Adds one field's packed size to the `Int` that `context` points to.
    private static let measureField: MHD_KeyValueIteratorN = { context, _, _, nameSize, value, valueSize in
        context?.assumingMemoryBound(to: Int.self).pointee += HTTPFields.prefixSize + nameSize
            + (value == nil ? 0 : valueSize)
        return .YES
    }

    /// Writes one header or query argument in `HTTPFields`' packed format into the `FieldPacker` that `context`
    /// points to. A name without a value (`?flag`) gets an empty value.
    private static let packField: MHD_KeyValueIteratorN = { context, _, name, nameSize, value, valueSize in
        guard let packer = context?.assumingMemoryBound(to: FieldPacker.self), let name else { return .NO }
        let valueSize = value == nil ? 0 : valueSize
        let buffer = packer.pointee.buffer
        var offset = packer.pointee.offset
        guard offset + HTTPFields.prefixSize + nameSize + valueSize <= buffer.count else { return .NO }
        buffer.storeBytes(of: UInt32(truncatingIfNeeded: nameSize).littleEndian, toByteOffset: offset, as: UInt32.self)
        buffer.storeBytes(
            of: UInt32(truncatingIfNeeded: valueSize).littleEndian, toByteOffset: offset + 4, as: UInt32.self)
        offset += HTTPFields.prefixSize
        if packer.pointee.lowercasesNames {
            for index in 0..<nameSize {
                buffer[offset + index] = HTTPFields.lowercasedASCII(UInt8(bitPattern: name[index]))
            }
        } else {
            (buffer.baseAddress! + offset).copyMemory(from: name, byteCount: nameSize)
        }
        offset += nameSize
        if let value, valueSize > 0 {
            (buffer.baseAddress! + offset).copyMemory(from: value, byteCount: valueSize)
        }
        packer.pointee.offset = offset + valueSize
        return .YES
    }

    /// Whether a header held bytes libmicrohttpd did not hand over. Version 0.9.75 ends a header's value at a NUL
    /// byte (it measures values with `strlen`), so that `Authorization: Bearer TOKEN\0junk` arrives as
    /// `Bearer TOKEN`, a different request from the one sent. It parses the head in place and overwrites each line's
    /// end (CR LF, or a bare LF) with NUL bytes, so between the end of a header's value and the next header's name
    /// (or the head's end) lie one or two NUL bytes, and two more after the last header (the blank line). Anything
    /// else there was hidden behind a NUL. A value libmicrohttpd moved elsewhere (an obsolete folded header) is not
    /// judged.
    private static func hidesHeaderBytes(_ connection: OpaquePointer, method: UnsafePointer<CChar>) -> Bool {
        let headSize = appsim_mhd_request_header_size(connection)
        guard headSize > 0 else { return false }
        var walk = HeaderWalk(start: UnsafeRawPointer(method), end: UnsafeRawPointer(method) + headSize)
        _ = withUnsafeMutablePointer(to: &walk) { MHD_get_connection_values_n(connection, .HEADER_KIND, walkHeader, $0) }
        if let last = walk.previousValueEnd, !walk.hidesBytes {
            walk.check(from: last, to: walk.end, most: 4)
        }
        return walk.hidesBytes
    }

    /// The headers seen so far by ``hidesHeaderBytes(_:method:)``, walked without allocating.
    private struct HeaderWalk {
        let start: UnsafeRawPointer
        let end: UnsafeRawPointer
        var previousValueEnd: UnsafeRawPointer?
        var hidesBytes = false

        /// Notes bytes other than one to `most` NUL bytes (a line end) from `from` to `to`.
        mutating func check(from: UnsafeRawPointer, to: UnsafeRawPointer, most: Int) {
            guard from >= start, to <= end, to >= from else { return }  // a value moved elsewhere (folded): not judged
            let gap = to - from
            if gap > most { hidesBytes = true; return }
            for offset in 0..<gap where from.load(fromByteOffset: offset, as: UInt8.self) != 0 { hidesBytes = true }
        }
    }

    /// Checks the bytes between the previous header's value and this header's name, then remembers where this
    /// header's value ends.
    private static let walkHeader: MHD_KeyValueIteratorN = { context, _, name, nameSize, value, valueSize in
        guard let walk = context?.assumingMemoryBound(to: HeaderWalk.self), let name else { return .NO }
        let nameStart = UnsafeRawPointer(name)
        if let previous = walk.pointee.previousValueEnd { walk.pointee.check(from: previous, to: nameStart, most: 2) }
        walk.pointee.previousValueEnd = value.map { UnsafeRawPointer($0) + valueSize } ?? nameStart + nameSize
        return walk.pointee.hidesBytes ? .NO : .YES
    }

    /// The connection's headers (names lowercased) or query arguments, packed in arrival order with one allocation.
    private static func fields(_ kind: MHD_ValueKind, of connection: OpaquePointer) -> HTTPFields {
        var size = 0
        _ = withUnsafeMutablePointer(to: &size) { MHD_get_connection_values_n(connection, kind, measureField, $0) }
        guard size > 0 else { return HTTPFields(packed: []) }
        let packed = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var packer = FieldPacker(buffer: UnsafeMutableRawBufferPointer(buffer), lowercasesNames: kind == .HEADER_KIND)
            _ = withUnsafeMutablePointer(to: &packer) { MHD_get_connection_values_n(connection, kind, packField, $0) }
            initialized = packer.offset
        }
        return HTTPFields(packed: packed)
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
    /// A streamed response is read from its ``HTTPStream`` as it is written.
    private static func queue(_ response: HTTPResponse, on connection: OpaquePointer, server: ServerContext? = nil) -> MHD_Result {
        let created: OpaquePointer?
        if let stream = response.stream {
            guard let server, server.admitStream(stream) else {
                stream.finish()
                return queue(.shuttingDown, on: connection, server: server)
            }
            stream.attach(ConnectionHandle(connection, watcher: server.watcher))
            let retained = Unmanaged.passRetained(StreamContext(stream: stream, server: server)).toOpaque()
            created = MHD_create_response_from_callback(UInt64.max, 4_096, readStream, retained, freeStream)
        } else {
            created = response.body.withUnsafeBytes { body in
                MHD_create_response_from_buffer(
                    body.count, UnsafeMutableRawPointer(mutating: body.baseAddress), .RESPMEM_MUST_COPY)
            }
        }
        guard let created else { return .NO }
        if let server {
            for header in server.commonHeaders {
                _ = header.name.withUnsafeBufferPointer { name in
                    header.value.withUnsafeBufferPointer { value in MHD_add_response_header(created, name.baseAddress, value.baseAddress) }
                }
            }
        }
        for header in response.headers {
            // Explicit `withCString`: the implicit String-to-pointer conversion allocates for small strings.
            _ = header.name.withCString { name in
                header.value.withCString { value in MHD_add_response_header(created, name, value) }
            }
        }
        // libmicrohttpd refuses codes outside 100...999 by dropping the connection; answer 500 instead.
        let status = (100...999).contains(response.status) ? UInt32(response.status) : 500
        let result = MHD_queue_response(connection, status, created)
        MHD_destroy_response(created)
        return result
    }
}
