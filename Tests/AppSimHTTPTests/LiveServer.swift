import AppSimHTTP
import AppSimTestSupport
import Dispatch
import Glibc
import Synchronization
import Testing

/// A responder made of a closure, so each test says in place what the server answers.
struct ClosureResponder: HTTPResponder {
    let handle: @Sendable (HTTPRequest, HTTPResponseWriter) -> Void

    func respond(to request: HTTPRequest, writer: HTTPResponseWriter) {
        handle(request, writer)
    }
}

/// Values a responder hands to the test thread.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    func append(_ value: Value) {
        values.withLock { $0.append(value) }
    }

    var all: [Value] {
        values.withLock { $0 }
    }
}

extension HTTPServer.Configuration {
    /// A free port on loopback, quiet, two threads.
    static func live(maxBodyBytes: Int = 65_536) -> Self {
        .init(host: "127.0.0.1", port: 0, threads: 2, maxBodyBytes: maxBodyBytes, logsErrors: false)
    }
}

/// Runs `body` against a real server on a free port, and always shuts it down.
func withLiveServer<T>(
    _ configuration: HTTPServer.Configuration = .live(),
    respond: @escaping @Sendable (HTTPRequest, HTTPResponseWriter) -> Void,
    _ body: (HTTPServer) throws -> T
) throws -> T {
    let server = try HTTPServer(configuration: configuration, responder: ClosureResponder(handle: respond))
    defer { server.shutdown() }
    return try body(server)
}

func text(_ string: String) -> [UInt8] {
    Array(string.utf8)
}

/// Waits until `condition` holds, for at most `seconds`; returns whether it held.
func waitUntil(seconds: Int = 10, _ condition: () -> Bool) -> Bool {
    for _ in 0..<seconds * 1_000 {
        if condition() { return true }
        usleep(1_000)
    }
    return condition()
}

/// The tests that run a real server, one at a time. Those that count threads do it in a process of their own (an exit
/// test), where servers that other suites start alongside cannot change the count.
@Suite(.serialized) enum LiveHTTPTests {}

/// The number of threads in this process.
func threadCount() -> Int {
    guard let directory = opendir("/proc/self/task") else { return -1 }
    defer { closedir(directory) }
    var count = 0
    while let entry = readdir(directory) {
        if entry.pointee.d_name.0 != UInt8(ascii: ".") { count += 1 }
    }
    return count
}

/// Raises this process's open-file limit to at least `count` (within the hard limit); returns whether it is.
func raiseOpenFileLimit(to count: Int) -> Bool {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return false }
    if limit.rlim_cur >= rlim_t(count) { return true }
    limit.rlim_cur = min(rlim_t(count), limit.rlim_max)
    return setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 && limit.rlim_cur >= rlim_t(count)
}

/// Runs `work` after `milliseconds` on a serial queue of its own, which gets a thread at once. Not a global or
/// concurrent queue: on Linux those share threads with Swift Testing's cooperative pool, which these blocking
/// tests occupy, and work queued there can wait about a second for a new thread.
func later(_ milliseconds: Int = 0, _ work: @escaping @Sendable () -> Void) {
    laterQueue.asyncAfter(deadline: .now() + .milliseconds(milliseconds), execute: work)
}

private let laterQueue = DispatchQueue(label: "AppSimHTTPTests.later")
