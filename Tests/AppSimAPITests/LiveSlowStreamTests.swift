@testable import AppSimAPI
import AppSimHTTP
import AppSimJSON
import Foundation
import Testing

/// A stream whose client does not read costs bounded memory: once it is more than `HTTPStream.defaultBufferLimit`
/// behind, the server ends it after whole messages, and the client resumes with `Last-Event-ID`, missing nothing.
@Suite("Live: clients that do not read their streams")
struct LiveSlowStreamTests {
    @Test("an instance stream whose client reads nothing is ended once it falls behind, after whole events, and resumes with Last-Event-ID with no gap or duplicate")
    func fallingBehindEndsTheStream() throws {
        let live = try LiveServer()
        let device = try live.createDevice(["clock": ["mode": "manual"]])
        let app = try live.install(["bundleId": "com.example.radio"], device: device)
        try live.post(app, ["type": "launch"])
        let idle = try SSEClient(port: live.port, path: "/v1/instances/\(app)/stream", receiveBuffer: 4_096)
        let deviceIdle = try SSEClient(port: live.port, path: "/v1/devices/\(device)/stream", receiveBuffer: 4_096)
        // 4 KB pushes: far more than the kernel's socket buffers and the server's bound together.
        let payload: JSONValue = ["aps": ["alert": "hi"], "blob": .string(String(repeating: "x", count: 4_000))]
        var posted = 0
        for _ in 0..<2_500 {
            try live.post(app, ["type": "push", "payload": payload])
            posted += 1
        }
        let newest = try #require(try live.callbacks(app).last?["seq"]?.int64Value)
        // Now the client reads: what was queued, then the end.
        idle.read(until: { _ in idle.ended }, seconds: 20)
        #expect(idle.ended, "the server kept a stream open whose client was far behind")
        let text = idle.text
        #expect(text.hasSuffix(": the client fell behind; reconnect with Last-Event-ID to resume\n\n"))
        let got = idle.ids
        let last = try #require(got.last)
        // The launch's three callbacks came before the stream opened.
        #expect(got == Array(4...last), "whole events, in order, from the first after it opened")
        #expect(Int64(last) < newest)
        // Resuming after the last one it got gives the rest, each once: a replay longer than the bound ends the same
        // way, after whole events, and the client resumes again, as EventSource and the Swift client do.
        var resumedIds: [Int] = []
        var resumes = 0
        while (resumedIds.last ?? last) < Int(newest), resumes < 100 {
            resumes += 1
            let resumed = try SSEClient(
                port: live.port, path: "/v1/instances/\(app)/stream", headers: [("Last-Event-ID", "\(resumedIds.last ?? last)")])
            resumed.read(until: { _ in resumed.ended || resumed.ids.last == Int(newest) }, seconds: 30)
            resumedIds += resumed.ids
        }
        #expect(resumedIds == Array(last + 1...Int(newest)))
        // The device stream was ended too (by the same rule, or by the idle timeout once its client had read nothing
        // for longer than that), after whole events in order.
        deviceIdle.read(until: { _ in deviceIdle.ended }, seconds: 40)
        #expect(deviceIdle.ended)
        let events = deviceIdle.ids
        #expect(!events.isEmpty && events == Array(events[0]...events[events.count - 1]))
        #expect(posted == 2_500)
    }
}
