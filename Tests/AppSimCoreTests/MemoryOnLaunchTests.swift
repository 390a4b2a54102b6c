@testable import AppSimCore
import Testing

/// LIFECYCLE.md §8 on the launch and resume path: when suspended apps do not free enough, background-running apps
/// go too, largest first, with `applicationWillTerminate:`.
@Suite("§8 Memory freed on launch and resume")
struct MemoryOnLaunchTests {
    @Test("§8 a launch that would exceed memoryMB kills the suspended apps first, then background-running apps, largest first, with applicationWillTerminate:")
    func launchKillsBackgroundRunningApps() {
        var h = Harness(memoryMB: 1000)
        let notes = h.install(app("com.example.notes", memoryMB: 100))
        let radio = h.install(app("com.example.radio", modes: [.audio], memoryMB: 300))
        let maps = h.install(app("com.example.maps", modes: [.location], memoryMB: 200))
        let game = h.install(app("com.example.game", memoryMB: 600))
        h.drive(notes, to: .suspended)
        h.post(.launch, to: radio)
        h.post(.edit(memory: ["station": "jazz"], ui: nil), to: radio)
        h.post(.home, to: radio)
        h.post(.edit(memory: ["station": "blues"], ui: nil), to: radio)  // an edit made in the background
        h.drive(maps, to: .background)
        h.advance(seconds: 60)
        #expect([notes, radio, maps].map { h.state($0) } == [.suspended, .background, .background])

        // 600 MB used and 600 MB more wanted: notes (100, suspended) is not enough, radio (300, the larger running one) goes.
        let launch = h.post(.launch, to: game)
        #expect(launch.callbacks.map(\.instance) == [notes, radio, radio, game, game, game])
        #expect(launch.callbacks.map(\.name) == ["killed", Sel.willTerminate, "killed", Sel.willFinish, Sel.didFinish, Sel.didBecomeActive])
        #expect(killReason(records(of: launch, for: notes)) == "jetsam")
        #expect(killReason(records(of: launch, for: radio)) == "jetsam")
        #expect(record(Sel.willTerminate, in: launch.callbacks)?.applicationState == .background)
        #expect([notes, radio, maps, game].map { h.state($0) } == [.notRunning, .notRunning, .background, .active])
        // applicationWillTerminate: saves (saveOn terminate): the background edit is on disk.
        #expect(h.app(radio).disk == ["station": "blues"])
        #expect(h.sim.instances.reduce(0) { $0 + $1.footprintMB } <= 1000)
    }

    @Test("§8 a resume that would exceed memoryMB with no suspended app to spare kills a background-running app, largest first")
    func resumeKillsBackgroundRunningApp() {
        var h = Harness(memoryMB: 800)
        let radio = h.install(app("com.example.radio", modes: [.audio], memoryMB: 300))
        let maps = h.install(app("com.example.maps", modes: [.location], memoryMB: 250))
        let notes = h.install(app("com.example.notes", memoryMB: 500, backgroundMemoryMB: 100))
        h.drive(notes, to: .suspended)
        h.drive(radio, to: .background)
        h.drive(maps, to: .background)
        // 650 MB used; notes back to 500 MB needs 250 MB more: radio (300) goes, maps (250) stays.
        let resume = h.post(.launch, to: notes)
        #expect(names(of: resume, for: radio) == [Sel.willTerminate, "killed"])
        #expect(killReason(records(of: resume, for: radio)) == "jetsam")
        #expect(names(of: resume, for: maps).isEmpty)
        #expect(names(of: resume, for: notes) == [Sel.willEnterForeground, Sel.didBecomeActive])
        #expect([radio, maps, notes].map { h.state($0) } == [.notRunning, .background, .active])
    }

    @Test("§8 a background launch (fetch from notRunning) that would exceed memoryMB frees memory the same way")
    func backgroundLaunchFreesMemory() {
        var h = Harness(memoryMB: 500)
        let radio = h.install(app("com.example.radio", modes: [.audio], memoryMB: 300))
        var behavior = AppBehavior()
        behavior.minimumFetchInterval = .millis(60_000)
        let feed = h.install(app("com.example.feed", modes: [.fetch], memoryMB: 400, backgroundMemoryMB: 250), behavior)
        h.drive(radio, to: .background)
        let fetch = h.post(.backgroundFetch, to: feed)
        #expect(names(of: fetch, for: radio) == [Sel.willTerminate, "killed"])
        #expect(killReason(records(of: fetch, for: radio)) == "jetsam")
        #expect(names(of: fetch, for: feed) == [Sel.willFinish, Sel.didFinish, Sel.didEnterBackground, Sel.performFetch])
        #expect(h.state(feed) == .background)
    }

    @Test("§8 a launch that fits exactly kills nothing; one megabyte more kills")
    func exactFit() {
        var fits = Harness(memoryMB: 1000)
        let parked = fits.install(app("com.example.parked", memoryMB: 400))
        let exact = fits.install(app("com.example.exact", memoryMB: 600))
        fits.drive(parked, to: .suspended)
        let launch = fits.post(.launch, to: exact)
        #expect(names(of: launch, for: parked).isEmpty)
        #expect(fits.state(parked) == .suspended)

        var over = Harness(memoryMB: 1000)
        let victim = over.install(app("com.example.parked", memoryMB: 400))
        let big = over.install(app("com.example.big", memoryMB: 601))
        over.drive(victim, to: .suspended)
        let tight = over.post(.launch, to: big)
        #expect(killReason(records(of: tight, for: victim)) == "jetsam")
        #expect(over.state(victim) == .notRunning)
    }
}
