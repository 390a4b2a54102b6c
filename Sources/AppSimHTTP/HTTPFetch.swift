#if canImport(Glibc)
import Glibc
#endif

/// GET requests to other HTTP servers, all sent at once and answered within one deadline: how a node asks its
/// peers for their part of a list (docs/scale-out.md).
///
/// Plain HTTP/1.1 over non-blocking sockets with `Connection: close`, waited on together with `poll`, so that a
/// peer that hangs costs the deadline once, not once per peer, and a peer that is down (refused) costs nothing.
/// Bodies are read by `Content-Length`, or to the end of the connection; the peers are appsim nodes, which send a
/// length with every answer that is not a stream.
public enum HTTPFetch {
    public struct Request: Sendable {
        public var host: String
        public var port: Int
        /// The path and query, already percent-encoded (`/v1/devices?limit=10`).
        public var target: String
        public var headers: [(name: String, value: String)]

        public init(host: String, port: Int, target: String, headers: [(name: String, value: String)] = []) {
            self.host = host
            self.port = port
            self.target = target
            self.headers = headers
        }
    }

    public struct Reply: Sendable {
        public var status: Int
        public var body: [UInt8]
    }

    /// Why a request got no answer, in words for a log.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Sends every request, and waits at most `timeoutMillis` for all answers together.
    public static func get(_ requests: [Request], timeoutMillis: Int) -> [Result<Reply, Failure>] {
        var exchanges = requests.map(Exchange.init)
        let deadline = monotonicMillis() + Int64(timeoutMillis)
        while true {
            let open = exchanges.indices.filter { exchanges[$0].result == nil }
            if open.isEmpty { break }
            let left = deadline - monotonicMillis()
            if left <= 0 {
                for index in open { exchanges[index].finish(.failure(Failure(description: "no answer within \(timeoutMillis) ms"))) }
                break
            }
            var polled = open.map { index in
                pollfd(fd: exchanges[index].socket, events: Int16(exchanges[index].wantsToWrite ? POLLOUT : POLLIN), revents: 0)
            }
            let ready = poll(&polled, nfds_t(polled.count), Int32(min(left, Int64(Int32.max))))
            if ready < 0 && errno != EINTR {
                for index in open { exchanges[index].finish(.failure(Failure(description: "poll failed (errno \(errno))"))) }
                break
            }
            for (slot, index) in open.enumerated() where polled[slot].revents != 0 {
                exchanges[index].proceed()
            }
        }
        return exchanges.map { $0.result! }
    }

    private static func monotonicMillis() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// One request on its socket, from connecting to its whole answer.
    private struct Exchange {
        var socket: Int32 = -1
        var result: Result<Reply, Failure>?
        var connected = false
        var unsent: [UInt8]
        var received: [UInt8] = []
        let what: String

        var wantsToWrite: Bool { !connected || !unsent.isEmpty }

        init(_ request: Request) {
            what = "\(request.host):\(request.port)"
            var head = "GET \(request.target) HTTP/1.1\r\nHost: \(request.host):\(request.port)\r\nConnection: close\r\n"
            for header in request.headers { head += "\(header.name): \(header.value)\r\n" }
            unsent = Array((head + "\r\n").utf8)
            connect(request)
        }

        mutating func finish(_ outcome: Result<Reply, Failure>) {
            if socket >= 0 { close(socket) }
            socket = -1
            result = outcome
        }

        mutating func fail(_ why: String) {
            finish(.failure(Failure(description: "\(what): \(why)")))
        }

        private mutating func connect(_ request: Request) {
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var found: UnsafeMutablePointer<addrinfo>?
            let status = getaddrinfo(request.host, String(request.port), &hints, &found)
            guard status == 0, let address = found else {
                return fail("cannot resolve the host name (\(String(cString: gai_strerror(status))))")
            }
            defer { freeaddrinfo(found) }
            socket = Glibc.socket(
                address.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard socket >= 0 else { return fail("cannot open a socket (errno \(errno))") }
            if Glibc.connect(socket, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 {
                connected = true
            } else if errno != EINPROGRESS {
                fail("cannot connect (\(String(cString: strerror(errno))))")
            }
        }

        /// Takes the next step the socket is ready for.
        mutating func proceed() {
            if !connected {
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &length)
                guard error == 0 else { return fail("cannot connect (\(String(cString: strerror(error))))") }
                connected = true
            }
            if !unsent.isEmpty {
                let sent = unsent.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if sent < 0 {
                    if errno == EAGAIN || errno == EINTR { return }
                    return fail("the request could not be sent (\(String(cString: strerror(errno))))")
                }
                unsent.removeFirst(sent)
                return
            }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { return }
                return fail("the answer could not be read (\(String(cString: strerror(errno))))")
            }
            received += buffer.prefix(count)
            if let reply = parse(complete: count == 0) {
                finish(reply)
            }
        }

        /// The answer once `received` holds all of it (`complete`: the peer closed); `nil` while more is to come.
        private func parse(complete: Bool) -> Result<Reply, Failure>? {
            guard let end = received.firstRange(of: Array("\r\n\r\n".utf8)) else {
                return complete ? .failure(Failure(description: "\(what): the connection closed before a whole answer")) : nil
            }
            let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
            let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
            let statusParts = lines.first?.split(separator: " ") ?? []
            guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
                return .failure(Failure(description: "\(what): the answer is not HTTP/1.1"))
            }
            var length: Int?
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let name = line[..<colon].lowercased()
                let value = line[line.index(after: colon)...].trimmingPrefix(" ")
                if name == "content-length" { length = Int(value) }
                if name == "transfer-encoding" {
                    return .failure(Failure(description: "\(what): the answer is chunked, which a peer's page never is"))
                }
            }
            let body = received[end.upperBound...]
            if let length {
                if body.count >= length { return .success(Reply(status: status, body: Array(body.prefix(length)))) }
                return complete ? .failure(Failure(description: "\(what): the connection closed before the whole body")) : nil
            }
            return complete ? .success(Reply(status: status, body: Array(body))) : nil
        }
    }
}
