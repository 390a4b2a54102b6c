import AppSimHTTP
import AppSimTestSupport
import Dispatch
import Glibc
import Synchronization

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

/// Waits until `condition` holds, for at most 10 seconds; returns whether it held.
func waitUntil(_ condition: () -> Bool) -> Bool {
    for _ in 0..<10_000 {
        if condition() { return true }
        usleep(1_000)
    }
    return condition()
}

/// Runs `work` after `milliseconds` on a serial queue of its own, which gets a thread at once. Not a global or
/// concurrent queue: on Linux those share threads with Swift Testing's cooperative pool, which these blocking
/// tests occupy, and work queued there can wait about a second for a new thread.
func later(_ milliseconds: Int = 0, _ work: @escaping @Sendable () -> Void) {
    laterQueue.asyncAfter(deadline: .now() + .milliseconds(milliseconds), execute: work)
}

private let laterQueue = DispatchQueue(label: "AppSimHTTPTests.later")
