import AppSimJSON
import AppSimTestSupport
import Foundation
import Glibc
import Testing

/// The real `appsim serve` binary, run as a process of its own on port 0: for tests that kill it or count its threads.
final class AppSimProcess {
    static var binary: String { BuiltBinary.appsim }

    struct StartFailure: Error, CustomStringConvertible {
        var description: String
    }

    let process = Process()
    let port: Int
    private let errorLog: URL

    /// Starts `appsim serve --port 0 --db database` and reads the port it announces.
    init(database: String, arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.binary),
            "no appsim binary at \(Self.binary): run swift build, or set APPSIM_BINARY", sourceLocation: sourceLocation)
        errorLog = URL(fileURLWithPath: database + ".stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["serve", "--port", "0", "--db", database, "--log-level", "error"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorLog)
        try process.run()
        do {
            let line = try Self.readLine(from: output.fileHandleForReading.fileDescriptor, seconds: 30)
            guard let port = Self.port(in: line) else { throw StartFailure(description: "no port in \"\(line)\"") }
            self.port = port
        } catch {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let log = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: errorLog)
            throw StartFailure(description: "appsim did not start: \(error); its standard error: \(log)")
        }
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: errorLog)
    }

    var pid: Int32 { process.processIdentifier }

    /// What the server has written to standard error so far (its log).
    var standardError: String {
        (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
    }

    /// Sends `signal` and waits until the process is gone.
    func stop(with signal: Int32) {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
    }

    /// The number of threads the server process has now.
    var threadCount: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count) ?? -1
    }

    /// The names of the server's threads now, as `top -H` and debuggers show them.
    var threadNames: [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.compactMap { task in
            (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines)
        }
    }

    /// Reads from `descriptor` up to the first newline, however the bytes arrive; fails at the end of the stream or
    /// after `seconds`.
    static func readLine(from descriptor: Int32, seconds: Double) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while !bytes.contains(UInt8(ascii: "\n")) {
            let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            guard left > 0 else { throw StartFailure(description: "no complete line within \(seconds) s, only \"\(String(decoding: bytes, as: UTF8.self))\"") }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, left)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw StartFailure(description: "the output ended after \"\(String(decoding: bytes, as: UTF8.self))\"") }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    /// The port of "appsim listening on http://HOST:PORT with database …".
    static func port(in line: String) -> Int? {
        guard let start = line.range(of: "http://")?.upperBound else { return nil }
        let authority = line[start...].prefix { $0 != " " && $0 != "/" }
        guard let colon = authority.lastIndex(of: ":") else { return nil }
        return Int(authority[authority.index(after: colon)...])
    }

    // MARK: Requests

    func request(_ method: String, _ path: String, json: JSONValue? = nil) throws -> LiveServer.Reply {
        let response = try TestHTTPClient.request(
            port: port, method, path, headers: json == nil ? [] : [("Content-Type", "application/json")], body: json?.jsonBytes ?? [])
        return LiveServer.Reply(status: response.status, headers: response.headers, body: response.body)
    }

    func get(_ path: String) throws -> LiveServer.Reply { try request("GET", path) }
}
