@testable import AppSimAPI
import Foundation
import Synchronization
import Testing

/// The realtime timers' thread (`RealtimeTimers`): a stop waits for a firing under way, and nothing fires after it,
/// so that no timer write reaches a committer that has stopped (which would fail it without emptying the cache).
@Suite("Realtime timers")
struct RealtimeTimersTests {
    @Test("stop returns only once a firing under way has finished, and nothing fires after it")
    func stopWaitsForTheFiring() async throws {
        let timers = RealtimeTimers(clock: .system)
        let log = Mutex<[String]>([])
        let firing = DispatchSemaphore(value: 0)
        timers.start { device in
            log.withLock { $0.append("begin \(device)") }
            firing.signal()
            Thread.sleep(forTimeInterval: 0.3)
            log.withLock { $0.append("end \(device)") }
        }
        timers.schedule("d1", at: WallClock.system.millis())
        try #require(firing.wait(timeout: .now() + 10) == .success, "the due timer did not fire")
        timers.schedule("d2", at: WallClock.system.millis())
        timers.stop()
        log.withLock { $0.append("stopped") }
        try await Task.sleep(for: .milliseconds(400))
        #expect(log.withLock { $0 } == ["begin d1", "end d1", "stopped"])
    }
}
