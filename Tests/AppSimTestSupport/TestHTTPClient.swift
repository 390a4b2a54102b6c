import Glibc

/// A tiny blocking HTTP/1.1 client on POSIX sockets, for the live tests: one TCP connection to 127.0.0.1,
/// requests written in full, responses read by `Content-Length` (or to the end of the stream).
/// Every read gives up after 10 seconds so that a broken server fails a test instead of hanging it.
public final class TestHTTPClient {
    public struct Response: Sendable {
        public var status: Int
        /// Header names lowercased.
        public var headers: [String: String]
        public var body: [UInt8]
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private let socket: Int32
    /// Bytes read past the last response (a pipelined or early answer).
    private var pending: [UInt8] = []

    public init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw Failure(description: "connect to port \(port) failed: errno \(errno)")
        }
    }

    deinit {
        close(socket)
    }

    // MARK: Requests

    /// Sends one request; the body goes with `Content-Length`, or chunked in pieces of `chunkSize` when given.
    public func send(
        _ method: String,
        _ target: String,
        headers: [(String, String)] = [],
        body: [UInt8] = [],
        chunkSize: Int? = nil
    ) throws {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        guard let chunkSize else {
            if !body.isEmpty || method == "POST" || method == "PUT" { head += "Content-Length: \(body.count)\r\n" }
            try sendRaw(Array((head + "\r\n").utf8) + body)
            return
        }
        try sendRaw(Array((head + "Transfer-Encoding: chunked\r\n\r\n").utf8))
        var offset = 0
        while offset < body.count {
            let end = min(offset + chunkSize, body.count)
            try sendRaw(Array((String(end - offset, radix: 16) + "\r\n").utf8) + body[offset..<end] + Array("\r\n".utf8))
            offset = end
        }
        try sendRaw(Array("0\r\n\r\n".utf8))
    }

    /// Sends one request and reads its response.
    public func request(
        _ method: String,
        _ target: String,
        headers: [(String, String)] = [],
        body: [UInt8] = [],
        chunkSize: Int? = nil
    ) throws -> Response {
        try send(method, target, headers: headers, body: body, chunkSize: chunkSize)
        return try readResponse()
    }

    /// Opens a connection, sends one request, reads its response.
    public static func request(
        port: Int,
        _ method: String,
        _ target: String,
        headers: [(String, String)] = [],
        body: [UInt8] = [],
        chunkSize: Int? = nil
    ) throws -> Response {
        try TestHTTPClient(port: port).request(method, target, headers: headers, body: body, chunkSize: chunkSize)
    }

    /// Opens a connection, sends `bytes` as they are, and reads until the server closes (or 10 s pass).
    public static func raw(port: Int, _ bytes: [UInt8]) throws -> [UInt8] {
        let client = try TestHTTPClient(port: port)
        try client.sendRaw(bytes)
        return try client.readToEnd()
    }

    // MARK: Reading

    /// Reads one response: status line, headers, and a `Content-Length` body (or everything to the end).
    public func readResponse() throws -> Response {
        let separator = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while true {
            headEnd = pending.firstRange(of: separator)?.lowerBound
            if headEnd != nil { break }
            guard try fill() else { throw Failure(description: "connection closed before a response head") }
        }
        let head = String(decoding: pending[..<headEnd!], as: UTF8.self)
        pending.removeFirst(headEnd! + separator.count)

        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
            throw Failure(description: "bad status line in \(head)")
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = String(line[line.index(after: colon)...].drop { $0 == " " })
        }

        let length = status == 204 || status == 304 || status < 200 ? 0 : headers["content-length"].flatMap { Int($0) }
        if let length {
            while pending.count < length {
                guard try fill() else { throw Failure(description: "connection closed inside a response body") }
            }
            let body = Array(pending[..<length])
            pending.removeFirst(length)
            return Response(status: status, headers: headers, body: body)
        }
        return Response(status: status, headers: headers, body: try readToEnd())
    }

    /// Everything until the server closes the connection.
    public func readToEnd() throws -> [UInt8] {
        while try fill() {}
        defer { pending = [] }
        return pending
    }

    /// Reads what is available into `pending`; `false` at the end of the stream.
    private func fill() throws -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count < 0 {
            if errno == ECONNRESET { return false }
            throw Failure(description: "recv failed: errno \(errno)")
        }
        pending += buffer[..<count]
        return count > 0
    }

    public func sendRaw(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw Failure(description: "send failed: errno \(errno)") }
            offset += sent
        }
    }
}
