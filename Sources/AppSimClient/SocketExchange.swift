import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One HTTP/1.1 exchange with an `http://` server over a socket of its own (`Connection: close`), read with
/// blocking calls on a thread of its own.
///
/// Why not URLSession for these: on Linux (swift-corelibs-foundation with libcurl, Swift 6.3) a pending request keeps
/// a core busy for as long as it waits (measured: 3 s of CPU for a 3 s long-poll, against any server), and waiting
/// is what appsim's clients mostly do. A blocked `recv` costs nothing. `https://` still goes through URLSession.
final class SocketExchange: Sendable {
    /// The connected socket; -1 before `connect` and once closed.
    private let socket = Mutex<Int32>(-1)
    /// Set by `cancel`, so that a cancel before the connection is made stops it too.
    private let cancelled = Atomic<Bool>(false)
    let url: URL

    init(url: URL) {
        self.url = url
    }

    deinit {
        let descriptor = socket.withLock { $0 }
        if descriptor >= 0 { close(descriptor) }
    }

    /// Ends the exchange from any thread: a blocked read or write returns at once.
    func cancel() {
        cancelled.store(true, ordering: .sequentiallyConsistent)
        socket.withLock { descriptor in
            if descriptor >= 0 { shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }

    /// Sends `request`, then calls `onHead` with the response head and `onData` with each piece of the body as it
    /// arrives (chunked bodies de-chunked), until the body ends. Blocks; throws ``AppSimTransportError``.
    func run(
        _ request: URLRequest, onHead: (HTTPURLResponse) -> Void, onData: (Data) -> Void
    ) throws(AppSimTransportError) {
        let descriptor = try connectSocket(timeout: request.timeoutInterval)
        try send(request, on: descriptor)
        var reader = Reader(descriptor: descriptor, exchange: self)
        let head = try reader.head()
        guard let response = HTTPURLResponse(
            url: url, statusCode: head.status, httpVersion: "HTTP/1.1", headerFields: head.fields) else {
            throw failure(.invalidResponse, "the status line is not HTTP")
        }
        onHead(response)
        let fields = Dictionary(head.fields.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        if request.httpMethod == "HEAD" || head.status == 204 || head.status == 304 { return }
        if fields["transfer-encoding"]?.lowercased().contains("chunked") == true {
            while true {
                let sizeLine = try reader.line()
                guard let size = Int(sizeLine.split(separator: ";").first.map(String.init) ?? "", radix: 16) else {
                    throw failure(.invalidResponse, "a chunk size is not a number: '\(sizeLine)'")
                }
                if size == 0 {
                    while try !reader.line().isEmpty {}  // trailers
                    return
                }
                var left = size
                while left > 0 {
                    let piece = try reader.some(atMost: left)
                    left -= piece.count
                    onData(piece)
                }
                _ = try reader.line()
            }
        } else if let length = fields["content-length"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) {
            var left = length
            while left > 0 {
                let piece = try reader.some(atMost: left)
                left -= piece.count
                onData(piece)
            }
        } else {
            while let piece = try reader.someOrEnd() { onData(piece) }
        }
    }

    func failure(_ code: AppSimTransportError.Code, _ reason: String) -> AppSimTransportError {
        AppSimTransportError(code: code, url: url, reason: cancelled.load(ordering: .sequentiallyConsistent) ? "cancelled" : reason)
    }

    private func connectSocket(timeout: TimeInterval) throws(AppSimTransportError) -> Int32 {
        guard let host = url.host, !host.isEmpty else { throw failure(.unreachable, "the URL names no host") }
        let port = url.port ?? 80
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_family = AF_UNSPEC
        var found: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &found)
        guard resolved == 0, let first = found else {
            throw failure(.unreachable, "cannot resolve host \(host): \(String(cString: gai_strerror(resolved)))")
        }
        defer { freeaddrinfo(first) }
        var lastError = ECONNREFUSED
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            candidate = address.pointee.ai_next
            let descriptor = Glibc.socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard descriptor >= 0 else { lastError = errno; continue }
            if connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) != 0 {
                lastError = errno
                close(descriptor)
                continue
            }
            // Reads time out as URLSession's do: after `timeout` seconds without a byte.
            let seconds = timeout.isFinite && timeout > 0 ? timeout : 60
            var limit = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            var one: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            socket.withLock { $0 = descriptor }
            if cancelled.load(ordering: .sequentiallyConsistent) { shutdown(descriptor, Int32(SHUT_RDWR)) }
            return descriptor
        }
        throw failure(.unreachable, "could not connect to \(host):\(port): \(String(cString: strerror(lastError)))")
    }

    private func send(_ request: URLRequest, on descriptor: Int32) throws(AppSimTransportError) {
        let body = request.httpBody ?? Data()
        var target = url.path.isEmpty ? "/" : url.path
        if let encoded = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath, !encoded.isEmpty {
            target = encoded
        }
        if let query = url.query { target += "?" + query }
        var head = "\(request.httpMethod ?? "GET") \(target) HTTP/1.1\r\n"
        head += "Host: \(url.host ?? "")\(url.port.map { ":\($0)" } ?? "")\r\nConnection: close\r\n"
        for (name, value) in request.allHTTPHeaderFields ?? [:] where !["host", "connection", "content-length"].contains(name.lowercased()) {
            head += "\(name): \(value)\r\n"
        }
        if !body.isEmpty || request.httpMethod == "POST" || request.httpMethod == "PUT" {
            head += "Content-Length: \(body.count)\r\n"
        }
        head += "\r\n"
        var bytes = Array(head.utf8)
        bytes += body
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw failure(.connectionLost, "sending the request failed: \(String(cString: strerror(errno)))") }
            sent += count
        }
    }

    /// Buffered reads of one response.
    private struct Reader {
        let descriptor: Int32
        let exchange: SocketExchange
        var buffer: [UInt8] = []
        var start = 0

        init(descriptor: Int32, exchange: SocketExchange) {
            self.descriptor = descriptor
            self.exchange = exchange
        }

        /// Reads more into the buffer; `false` at the end of the stream.
        mutating func fill() throws(AppSimTransportError) -> Bool {
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            var chunk = [UInt8](repeating: 0, count: 16_384)
            while true {
                let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count > 0 {
                    buffer += chunk[..<count]
                    return true
                }
                if count == 0 { return false }
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    throw exchange.failure(.connectionLost, "the server sent nothing for longer than the request's timeout")
                }
                throw exchange.failure(.connectionLost, "reading the answer failed: \(String(cString: strerror(errno)))")
            }
        }

        mutating func line() throws(AppSimTransportError) -> String {
            while true {
                if let end = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                    var lineEnd = end
                    if lineEnd > start, buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                    let text = String(decoding: buffer[start..<lineEnd], as: UTF8.self)
                    start = end + 1
                    return text
                }
                guard try fill() else { throw exchange.failure(.connectionLost, "the connection closed in the middle of the answer") }
            }
        }

        mutating func head() throws(AppSimTransportError) -> (status: Int, fields: [String: String]) {
            let statusLine = try line()
            let parts = statusLine.split(separator: " ", maxSplits: 2)
            guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]) else {
                throw exchange.failure(.invalidResponse, "not an HTTP answer: '\(statusLine.prefix(80))'")
            }
            var fields: [String: String] = [:]
            while true {
                let field = try line()
                if field.isEmpty { break }
                guard let colon = field.firstIndex(of: ":") else { continue }
                let name = String(field[..<colon])
                let value = field[field.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                fields[name] = fields[name].map { $0 + ", " + value } ?? value
            }
            return (status, fields)
        }

        /// Up to `limit` bytes of what has arrived, waiting for at least one.
        mutating func some(atMost limit: Int) throws(AppSimTransportError) -> Data {
            guard let piece = try someOrEnd(atMost: limit) else {
                throw exchange.failure(.connectionLost, "the connection closed in the middle of the answer")
            }
            return piece
        }

        mutating func someOrEnd(atMost limit: Int = .max) throws(AppSimTransportError) -> Data? {
            if start == buffer.count {
                guard try fill() else { return nil }
            }
            let end = start + min(buffer.count - start, limit)  // start + .max would overflow
            let piece = Data(buffer[start..<end])
            start = end
            return piece
        }
    }
}
