@testable import AppSimAPI
import AppSimJSON
import AppSimTestSupport
import Foundation
import Testing

/// Long-poll: clients wait for what happens instead of sleeping and polling.
@Suite("Live: waiting")
struct LiveWaitingTests {
    @Test("waitFor answers as soon as the app reaches the state: Home, then suspended")
    func waitForSuspended() throws {
        let live = try LiveServer()
        let device = try live.createDevice(["clock": ["mode": "realtime", "speed": 50]])   // 5 s suspend delay = 100 ms
        let app = try live.install(["bundleId": "com.example.notes"], device: device)
        try live.post(app, ["type": "launch"])
        try live.post(app, ["type": "home"])
        let reply = try live.get("/v1/instances/\(app)?waitFor=suspended&timeout=30")
        #expect(reply.status == 200)
        #expect(reply.json["state"] == "suspended")
    }

    @Test("waitFor answers at once when the app is in the state already")
    func waitForAlreadyThere() throws {
        let live = try LiveServer()
        let app = try live.install(["bundleId": "com.example.notes"])
        let reply = try live.get("/v1/instances/\(app)?waitFor=notRunning&timeout=30")
        #expect(reply.status == 200)
        #expect(reply.json["state"] == "notRunning")
    }

    @Test("waitFor gives 408 problem JSON with the state it is in at the timeout")
    func waitForTimeout() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        let app = try live.install(["bundleId": "com.example.notes"], device: device)
        let reply = try live.get("/v1/instances/\(app)?waitFor=active&timeout=0.3")
        #expect(reply.status == 408)
        #expect(reply.headers["content-type"] == "application/problem+json")
        #expect(reply.json["state"] == "notRunning")
    }

    @Test("a long-poll for callbacks returns as soon as there is one after the seq, else an empty page")
    func callbacksLongPoll() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        let app = try live.install(["bundleId": "com.example.notes"], device: device)
        try live.post(app, ["type": "launch"])
        let service = try #require(live.server?.service)
        let port = live.port
        let waiting = Waiting {
            try TestHTTPClient.request(port: port, "GET", "/v1/instances/\(app)/callbacks?after=3&wait=30")
        }
        // Home only once the long-poll is registered, so that it is the wait that answers, not a plain read.
        try waitForWaiters(service, 1)
        try live.post(app, ["type": "home"])
        let response = try waiting.result()
        #expect(response.status == 200)
        let page = try JSONValue.parse(response.body)
        #expect(page["items"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["applicationWillResignActive:", "applicationDidEnterBackground:"])

        let empty = try live.get("/v1/instances/\(app)/callbacks?after=5&wait=0.2")
        #expect(empty.status == 200)
        #expect(empty.json["items"] == [])
    }

    @Test("waitForForeground answers when the app comes to the foreground of its device")
    func waitForForeground() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        let a = try live.install(["bundleId": "com.example.a"], device: device)
        let b = try live.install(["bundleId": "com.example.b"], device: device)
        try live.post(a, ["type": "launch"])
        let service = try #require(live.server?.service)
        let port = live.port
        let waiting = Waiting {
            try TestHTTPClient.request(port: port, "GET", "/v1/devices/\(device)?waitForForeground=\(b)&timeout=30")
        }
        try waitForWaiters(service, 1)
        try live.post(b, ["type": "launch"])
        let response = try waiting.result()
        #expect(response.status == 200)
        #expect(try JSONValue.parse(response.body)["foreground"] == .string(b))
    }

    @Test("bad waits are 400: an unknown state, a timeout over 300 s")
    func badWaits() throws {
        let live = try LiveServer()
        let app = try live.install(["bundleId": "com.example.notes"])
        #expect(try live.get("/v1/instances/\(app)?waitFor=sleeping").status == 400)
        #expect(try live.get("/v1/instances/\(app)?waitFor=active&timeout=301").status == 400)
        #expect(try live.get("/v1/instances/\(app)/callbacks?wait=-1").status == 400)
        #expect(try live.get("/v1/instances/dnope.1?waitFor=active&timeout=1").status == 404)
    }

    @Test("a timeout is checked even without a wait: 400 bad-query naming it, rather than ignored")
    func timeoutWithoutWait() throws {
        let live = try LiveServer()
        let app = try live.install(["bundleId": "com.example.notes"])
        let device = try #require(try live.get("/v1/instances/\(app)").json["device"]?.stringValue)
        for path in ["/v1/instances/\(app)?timeout=301", "/v1/devices/\(device)?timeout=-1", "/v1/devices/\(device)?timeout=soon"] {
            ProblemReply.expect(try live.get(path), 400, "bad-query", field: "timeout", path)
        }
        // A good one without a wait is read and has nothing to act on: the reply comes at once.
        #expect(try live.get("/v1/instances/\(app)?timeout=300").json["state"] == "notRunning")
        #expect(try live.get("/v1/devices/\(device)?timeout=0").json["id"] == .string(device))
    }

    @Test("waiting for an app that is not on the device is 404 at once, not a timeout")
    func waitForForegroundOfAStranger() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        let other = try live.install(["bundleId": "com.example.other"])  // on a device of its own
        let stranger = try live.get("/v1/devices/\(device)?waitForForeground=\(other)&timeout=60")
        #expect(stranger.status == 404)
        #expect(stranger.json["detail"]?.stringValue?.contains(device) == true)
        #expect(try live.get("/v1/devices/\(device)?waitForForeground=\(device).9&timeout=60").status == 404)
    }

    @Test("a callback wait whose instance is uninstalled meanwhile ends in 404, not an empty page")
    func callbackWaitOfAnUninstalledApp() throws {
        let live = try LiveServer()
        let app = try live.install(["bundleId": "com.example.notes"])
        let service = try #require(live.server?.service)
        let port = live.port
        let waiting = Waiting {
            try TestHTTPClient.request(port: port, "GET", "/v1/instances/\(app)/callbacks?wait=30")
        }
        // Uninstall only once the long-poll is registered, so that the wait itself is what ends in 404.
        try waitForWaiters(service, 1)
        #expect(try live.request("DELETE", "/v1/instances/\(app)").status == 204)
        let response = try waiting.result()
        #expect(response.status == 404)
        #expect(response.headers["content-type"] == "application/problem+json")
    }
}

@Suite("Live: waits at a graceful stop")
struct LiveWaitAtStopTests {
    @Test("a stop ends a pending wait with 503 shutting-down and Retry-After, not a 408 before its time; nothing changes")
    func stopEndsWaitsWithShuttingDown() throws {
        let live = try LiveServer()
        let app = try live.install(["bundleId": "com.example.notes"])
        let port = live.port
        let state = Waiting { try TestHTTPClient.request(port: port, "GET", "/v1/instances/\(app)?waitFor=active&timeout=60") }
        let page = Waiting { try TestHTTPClient.request(port: port, "GET", "/v1/instances/\(app)/callbacks?wait=60") }
        // The service is not held past this line: a stopped server's store closes once nothing holds it.
        try waitForWaiters(try #require(live.server?.service), 2)
        live.stop()
        for response in [try state.result(), try page.result()] {
            #expect(response.status == 503)
            #expect(response.headers["content-type"] == "application/problem+json")
            #expect(response.headers["retry-after"] == "1")
            #expect((try? JSONValue.parse(response.body))?["type"] == "urn:appsim:problem:shutting-down")
        }
        try live.start()
        #expect(try live.state(app) == "notRunning")
        #expect(try live.callbacks(app).isEmpty)
    }
}

/// Waits (5 s at most) until `count` long-polls are registered with the server, so that what a test posts next is
/// what answers them.
func waitForWaiters(_ service: AppSimService, _ count: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
    for _ in 0..<250 where service.watchers.waiterCount != count { Thread.sleep(forTimeInterval: 0.02) }
    try #require(service.watchers.waiterCount == count, "\(service.watchers.waiterCount) waiters, not \(count)", sourceLocation: sourceLocation)
}

struct NoAnswer: Error, CustomStringConvertible {
    var seconds: Double
    var description: String { "no answer within \(seconds) s" }
}

/// Runs a blocking call on a thread of its own and hands back its result.
final class Waiting<T: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var outcome: Result<T, any Error>?

    init(_ body: @escaping @Sendable () throws -> T) {
        let thread = Thread { [self] in
            outcome = Result { try body() }
            done.signal()
        }
        thread.start()
    }

    func result(timeout: Double = 30) throws -> T {
        guard done.wait(timeout: .now() + timeout) == .success, let outcome else {
            throw NoAnswer(seconds: timeout)
        }
        return try outcome.get()
    }
}
