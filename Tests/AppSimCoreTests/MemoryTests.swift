@testable import AppSimCore
import Testing

/// LIFECYCLE.md §8: memory.
@Suite("§8 Memory")
struct MemoryTests {
    @Test("§8 apps use their footprint while running or suspended: memoryMB in the foreground, backgroundMemoryMB after")
    func footprints() {
        var h = Harness()
        let id = h.install(app(memoryMB: 300, backgroundMemoryMB: 120))
        #expect(h.app(id).footprintMB == 0)
        h.post(.launch, to: id)
        #expect(h.app(id).footprintMB == 300)
        h.post(.home, to: id)
        #expect(h.app(id).footprintMB == 120)
        h.advance(seconds: 5)
        #expect(h.app(id).footprintMB == 120)
        h.post(.terminate, to: id)
        #expect(h.app(id).footprintMB == 0)
    }

    @Test("§8 memoryPressure kills suspended apps first, largest first, with no callback; then background-running apps, largest first, with applicationWillTerminate:")
    func killOrder() {
        var h = Harness(memoryMB: 4096)
        let smallSuspended = h.install(app("com.example.small", memoryMB: 100))
        let largeSuspended = h.install(app("com.example.large", memoryMB: 300))
        let smallRunning = h.install(app("com.example.radio", modes: [.audio], memoryMB: 150))
        let largeRunning = h.install(app("com.example.nav", modes: [.location], memoryMB: 250))
        let front = h.install(app("com.example.front", memoryMB: 500))
        h.drive(smallSuspended, to: .background)
        h.drive(largeSuspended, to: .suspended)
        #expect(h.state(smallSuspended) == .suspended)
        h.drive(smallRunning, to: .background)
        h.drive(largeRunning, to: .background)
        h.post(.launch, to: front)

        let outcome = h.post(.memoryPressure(freeMB: 600))
        #expect(outcome.callbacks.map(\.instance) == [largeSuspended, smallSuspended, largeRunning, largeRunning])
        #expect(outcome.callbacks.map(\.name) == ["killed", "killed", Sel.willTerminate, "killed"])
        #expect(outcome.callbacks.filter { $0.name == "killed" }.allSatisfy { $0.args["reason"] == "jetsam" })
        #expect(h.state(smallRunning) == .background)
        #expect(h.state(front) == .active)
    }

    @Test("§8 the foreground app is never killed this way; it gets applicationDidReceiveMemoryWarning:")
    func foregroundNeverKilled() {
        var h = Harness()
        let other = h.install(app("com.example.mail", modes: [.audio], memoryMB: 200))
        let front = h.install(app("com.example.notes", memoryMB: 500))
        h.drive(other, to: .background)
        h.post(.launch, to: front)
        let outcome = h.post(.memoryPressure(freeMB: 100_000))
        #expect(h.state(front) == .active)
        #expect(names(of: outcome, for: front) == [Sel.memoryWarning])
        #expect(h.state(other) == .notRunning)
        #expect(killReason(records(of: outcome, for: other)) == "jetsam")
    }

    @Test("§8 memoryPressure without freeMB kills every suspended app and no running one")
    func pressureWithoutAmount() {
        var h = Harness()
        let a = h.install(app("com.example.a"))
        let b = h.install(app("com.example.b"))
        let music = h.install(app("com.example.music", modes: [.audio]))
        h.drive(a, to: .suspended)
        h.drive(b, to: .suspended)
        h.drive(music, to: .background)
        let outcome = h.post(.memoryPressure(freeMB: nil))
        #expect(Set(outcome.callbacks.map(\.instance)) == [a, b])
        #expect(h.state(a) == .notRunning && h.state(b) == .notRunning)
        #expect(h.state(music) == .background)
    }

    @Test("§8 a launch that would exceed the device's memoryMB frees memory first (jetsam), then launches")
    func launchFreesMemory() {
        var h = Harness(memoryMB: 1000)
        let old = h.install(app("com.example.old", memoryMB: 400))
        let older = h.install(app("com.example.older", memoryMB: 300))
        let big = h.install(app("com.example.big", memoryMB: 500))
        h.drive(older, to: .suspended)
        h.drive(old, to: .suspended)
        // 700 MB used; launching 500 MB needs 200 MB: the largest suspended app goes, the other stays.
        let launch = h.post(.launch, to: big)
        #expect(h.state(old) == .notRunning)
        #expect(killReason(records(of: launch, for: old)) == "jetsam")
        #expect(h.state(older) == .suspended)
        #expect(h.state(big) == .active)
        #expect(names(of: launch, for: big) == [Sel.willFinish, Sel.didFinish, Sel.didBecomeActive])
        #expect(h.sim.instances.reduce(0) { $0 + $1.footprintMB } <= 1000)
    }

    @Test("§8 a resume that would exceed the device's memoryMB frees memory first")
    func resumeFreesMemory() {
        var h = Harness(memoryMB: 500)
        let other = h.install(app("com.example.other", memoryMB: 250))
        let id = h.install(app("com.example.notes", memoryMB: 400, backgroundMemoryMB: 100))
        h.drive(id, to: .suspended)
        h.drive(other, to: .suspended)
        // 350 MB used; resuming to 400 MB needs 250 MB more: the other suspended app goes.
        let resume = h.post(.launch, to: id)
        #expect(names(of: resume, for: id) == [Sel.willEnterForeground, Sel.didBecomeActive])
        #expect(h.state(other) == .notRunning)
        #expect(killReason(records(of: resume, for: other)) == "jetsam")
    }
}
