import Glibc

/// A tiny blocking HTTP/1.1 client on POSIX sockets, for the live tests: one TCP connection to 127.0.0.1 (from
/// 127.0.0.1, or another loopback address to act as another client), requests written in full, responses read by `Content-Length`, chunk by chunk, or to the end of the stream.
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

    /// Connects to 127.0.0.1:`port`; from `source` when given (`"127.0.0.2"`: the server sees another address).
    public init(port: Int, from source: String? = nil) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            inet_pton(AF_INET, source, &local.sin_addr)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                close(socket)
                throw Failure(description: "bind to \(source) failed: errno \(errno)")
            }
        }
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
        chunkSize: Int? = nil,
        declaresJSON: Bool = true
    ) throws {
        // A Host given in `headers` replaces the default one. A body is declared JSON, as appsim's clients send it,
        // unless `headers` say otherwise or `declaresJSON` is false.
        var headers = headers
        if declaresJSON, !body.isEmpty, !headers.contains(where: { $0.0.lowercased() == "content-type" }) {
            headers.append(("Content-Type", "application/json"))
        }
        let host = headers.first { $0.0.lowercased() == "host" }?.1 ?? "127.0.0.1"
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\n"
        for (name, value) in headers where name.lowercased() != "host" { head += "\(name): \(value)\r\n" }
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
        chunkSize: Int? = nil,
        declaresJSON: Bool = true
    ) throws -> Response {
        try send(method, target, headers: headers, body: body, chunkSize: chunkSize, declaresJSON: declaresJSON)
        return try readResponse()
    }

    /// Opens a connection (from `source` when given), sends one request, reads its response.
    public static func request(
        port: Int,
        from source: String? = nil,
        _ method: String,
        _ target: String,
        headers: [(String, String)] = [],
        body: [UInt8] = [],
        chunkSize: Int? = nil,
        declaresJSON: Bool = true
    ) throws -> Response {
        try TestHTTPClient(port: port, from: source)
            .request(method, target, headers: headers, body: body, chunkSize: chunkSize, declaresJSON: declaresJSON)
    }

    /// Opens a connection, sends `bytes` as they are, and reads until the server closes (or 10 s pass).
    public static func raw(port: Int, _ bytes: [UInt8]) throws -> [UInt8] {
        let client = try TestHTTPClient(port: port)
        try client.sendRaw(bytes)
        return try client.readToEnd()
    }

    // MARK: Reading

    /// Reads one response: status line, headers, and a `Content-Length` or chunked body (or everything to the end).
    public func readResponse() throws -> Response {
        var response = try readResponseHead()
        if response.headers["transfer-encoding"]?.lowercased() == "chunked" {
            while let chunk = try readChunk() { response.body += chunk }
            return response
        }
        let status = response.status
        let length = status == 204 || status == 304 || status < 200
            ? 0 : response.headers["content-length"].flatMap { Int($0) }
        if let length {
            while pending.count < length {
                guard try fill() else { throw Failure(description: "connection closed inside a response body") }
            }
            response.body = Array(pending[..<length])
            pending.removeFirst(length)
            return response
        }
        response.body = try readToEnd()
        return response
    }

    /// Reads a response's status line and headers only, leaving the body to read: with ``readChunk()`` for a
    /// streamed (chunked) one.
    public func readResponseHead() throws -> Response {
        let head = String(decoding: try readLine(through: Array("\r\n\r\n".utf8)), as: UTF8.self)
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
        return Response(status: status, headers: headers, body: [])
    }

    /// Reads the next chunk of a chunked body whose head was read, waiting for it to arrive; `nil` at the last
    /// (empty) chunk, after which the next response can be read.
    public func readChunk() throws -> [UInt8]? {
        let sizeLine = String(decoding: try readLine(through: Array("\r\n".utf8)), as: UTF8.self)
        let digits = sizeLine.prefix { $0 != ";" }.filter { $0 != " " && $0 != "\t" }
        guard let size = Int(digits, radix: 16), size >= 0 else {
            throw Failure(description: "bad chunk size line \"\(sizeLine)\"")
        }
        if size == 0 {
            // Trailer fields (none expected), up to the empty line that ends the body.
            while try !readLine(through: Array("\r\n".utf8)).isEmpty {}
            return nil
        }
        while pending.count < size + 2 {
            guard try fill() else { throw Failure(description: "connection closed inside a chunk") }
        }
        let chunk = Array(pending[..<size])
        guard pending[size] == UInt8(ascii: "\r"), pending[size + 1] == UInt8(ascii: "\n") else {
            throw Failure(description: "a chunk is not followed by CRLF")
        }
        pending.removeFirst(size + 2)
        return chunk
    }

    /// The client goes away: both directions of the connection are shut down (the socket is closed on deinit).
    public func disconnect() {
        shutdown(socket, Int32(SHUT_RDWR))
    }

    /// The bytes up to `separator` (which is consumed but not returned), reading as needed.
    private func readLine(through separator: [UInt8]) throws -> [UInt8] {
        while true {
            if let range = pending.firstRange(of: separator) {
                let line = Array(pending[..<range.lowerBound])
                pending.removeFirst(range.upperBound)
                return line
            }
            guard try fill() else { throw Failure(description: "connection closed before a complete line") }
        }
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

    /// Whether the server has closed (or shut) the connection: the end of the stream or a reset is waiting to be
    /// read, with nothing before it. Does not wait.
    public var isClosedByServer: Bool {
        guard pending.isEmpty else { return false }
        var byte: UInt8 = 0
        let count = recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
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
