import Foundation
import Glibc

/// Reads a Server-Sent Events stream over a plain socket, for the live tests: sends the request, then collects
/// the body's text (de-chunked) until a condition holds or the time runs out.
final class SSEClient {
    private let socket: Int32
    private var raw: [UInt8] = []
    private var headerEnd: Int?
    private(set) var status = 0

    /// `receiveBuffer` sets the socket's receive buffer (before connecting, so that the window is small too): a
    /// client that reads nothing then holds little in the kernel, and the server's own buffer fills soon.
    init(port: Int, path: String, headers: [(String, String)] = [], receiveBuffer: Int32? = nil) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer { setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw NoAnswer(seconds: 0) }
        var head = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        _ = Array(head.utf8).withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    deinit { close(socket) }

    /// Closes the connection (the client goes away).
    func disconnect() { shutdown(socket, Int32(SHUT_RDWR)) }

    /// The response headers, lowercased names.
    var headers: [String: String] {
        guard let end = headerEnd else { return [:] }
        var result: [String: String] = [:]
        for line in String(decoding: raw[..<end], as: UTF8.self).split(separator: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            result[line[..<colon].lowercased()] = String(line[line.index(after: colon)...].drop { $0 == " " })
        }
        return result
    }

    /// The `id:` of each message received so far, in order.
    var ids: [Int] {
        text.split(separator: "\n").filter { $0.hasPrefix("id: ") }.compactMap { Int($0.dropFirst(4)) }
    }

    /// The body so far, with chunk framing removed.
    var text: String { String(decoding: dechunked.body, as: UTF8.self) }

    /// The body so far, and whether its last chunk has come: chunks are taken off `raw` as they complete, so that
    /// a long stream is not read again from its start at each look.
    private var dechunked: (body: [UInt8], complete: Bool) {
        guard let end = headerEnd else { return ([], false) }
        if parsedUpTo == 0 { parsedUpTo = end + 4 }
        while !bodyComplete, parsedUpTo < raw.count {
            guard let lineEnd = raw[parsedUpTo...].firstIndex(of: 0x0D), lineEnd + 1 < raw.count,
                  let size = Int(String(decoding: raw[parsedUpTo..<lineEnd], as: UTF8.self), radix: 16) else { break }
            let start = lineEnd + 2
            if size == 0 {
                bodyComplete = true
                break
            }
            guard start + size + 2 <= raw.count else { break }
            body += raw[start..<start + size]
            parsedUpTo = start + size + 2
        }
        return (body, bodyComplete)
    }
    private var parsedUpTo = 0
    private var body: [UInt8] = []
    private var bodyComplete = false

    /// Whether the server ended the body (its last chunk, or the connection closed), as read so far.
    var ended: Bool { closed || dechunked.complete }
    private var closed = false

    /// Reads until `condition` holds for the text so far, or `seconds` pass; returns whether it held.
    @discardableResult
    func read(until condition: (String) -> Bool, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var caughtUp = true
        while Date() < deadline {
            // Looked at once what has arrived is read: a long stream is not decoded again after every read.
            if caughtUp, headerEnd != nil, condition(text) { return true }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            caughtUp = count < buffer.count
            if count > 0 {
                raw += buffer[0..<count]
                if headerEnd == nil, let range = findHeaderEnd() {
                    headerEnd = range
                    let statusLine = String(decoding: raw[..<range], as: UTF8.self).split(separator: " ")
                    status = statusLine.count > 1 ? Int(statusLine[1]) ?? 0 : 0
                }
            } else if count == 0 {
                closed = true
                break
            }
        }
        return headerEnd != nil && condition(text)
    }

    private func findHeaderEnd() -> Int? {
        guard raw.count >= 4 else { return nil }
        for index in 0...(raw.count - 4) where raw[index] == 0x0D && raw[index + 1] == 0x0A && raw[index + 2] == 0x0D && raw[index + 3] == 0x0A {
            return index
        }
        return nil
    }
}
