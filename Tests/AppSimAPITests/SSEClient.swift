import Foundation
import Glibc

/// Reads a Server-Sent Events stream over a plain socket, for the live tests: sends the request, then collects
/// the body's text (de-chunked) until a condition holds or the time runs out.
final class SSEClient {
    private let socket: Int32
    private var raw: [UInt8] = []
    private var headerEnd: Int?
    private(set) var status = 0

    init(port: Int, path: String, headers: [(String, String)] = []) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
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

    /// The body so far, with chunk framing removed.
    var text: String {
        guard let end = headerEnd else { return "" }
        var body: [UInt8] = []
        var index = end + 4
        while index < raw.count {
            guard let lineEnd = raw[index...].firstIndex(of: 0x0D), lineEnd + 1 < raw.count,
                  let size = Int(String(decoding: raw[index..<lineEnd], as: UTF8.self), radix: 16) else { break }
            let start = lineEnd + 2
            guard size > 0, start + size <= raw.count else { break }
            body += raw[start..<start + size]
            index = start + size + 2
        }
        return String(decoding: body, as: UTF8.self)
    }

    /// Reads until `condition` holds for the text so far, or `seconds` pass; returns whether it held.
    @discardableResult
    func read(until condition: (String) -> Bool, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while Date() < deadline {
            if headerEnd != nil, condition(text) { return true }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                raw += buffer[0..<count]
                if headerEnd == nil, let range = findHeaderEnd() {
                    headerEnd = range
                    let statusLine = String(decoding: raw[..<range], as: UTF8.self).split(separator: " ")
                    status = statusLine.count > 1 ? Int(statusLine[1]) ?? 0 : 0
                }
            } else if count == 0 {
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
