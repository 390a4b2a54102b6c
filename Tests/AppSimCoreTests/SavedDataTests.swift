@testable import AppSimCore
import AppSimJSON
import Testing

/// LIFECYCLE.md §6: saved data, state restoration, and "killed while suspended".
@Suite("§6 Saved data and state restoration")
struct SavedDataTests {
    static func noSaving() -> AppBehavior {
        var behavior = AppBehavior()
        behavior.saveOn = []
        return behavior
    }

    @Test("§6 the app action edit changes memory, only while running")
    func editOnlyWhileRunning() {
        var h = Harness()
        let id = h.install()
        let notRunning = h.reject(.edit(memory: ["note": "a"], ui: nil), to: id)
        #expect(notRunning.kind == .notAllowed)
        h.post(.launch, to: id)
        let edit = h.post(.edit(memory: ["note": "a", "count": 2], ui: ["screen": "editor"]), to: id)
        #expect(edit.changes.isEmpty)
        #expect(h.app(id).memory["note"] == "a")
        #expect(h.app(id).memory["count"] == 2)
        #expect(h.app(id).memory["ui"] == ["screen": "editor"])
        #expect(h.app(id).disk.isEmpty)
        h.post(.edit(memory: ["count": nil], ui: nil), to: id)
        #expect(h.app(id).memory["count"] == nil)
        h.post(.home, to: id)
        h.advance(seconds: 5)
        let suspended = h.reject(.edit(memory: ["note": "b"], ui: nil), to: id)
        #expect(suspended.state == .suspended)
        #expect(h.app(id).memory["note"] == "a")
    }

    @Test("§6 whole numbers in the app's data keep their exact value: edit, save and the next launch give them back as written")
    func numbersKeepTheirKind() throws {
        var h = Harness()
        let id = h.install()
        h.post(.launch, to: id)
        let text = #"{"big":12345678901234567890,"n":1,"x":1.5}"#
        let memory = try #require(try JSONValue.parse(text).objectValue)
        h.post(.edit(memory: memory, ui: nil), to: id)
        #expect(JSONValue.object(h.app(id).memory).jsonString == text)
        h.post(.home, to: id)
        h.post(.terminate, to: id)
        h.post(.launch, to: id)
        #expect(JSONValue.object(h.app(id).disk).jsonString == text)
        #expect(JSONValue.object(h.app(id).memory).jsonString == text)
    }

    @Test("§6 saving (saveOn background) copies memory to disk in the same event as applicationDidEnterBackground:")
    func saveOnBackground() {
        var h = Harness()
        let id = h.install()
        h.post(.launch, to: id)
        h.post(.edit(memory: ["note": "draft"], ui: nil), to: id)
        #expect(h.app(id).disk["note"] == nil)
        let before = h.sim.instances
        let home = h.post(.home, to: id)
        #expect(names(of: home).contains(Sel.didEnterBackground))
        let changed = h.sim.instances.filter { after in before.first { $0.id == after.id } != after }.map(\.id)
        #expect(changed == [id])
        #expect(h.app(id).disk["note"] == "draft")
    }

    @Test("§6 saving (saveOn terminate) copies memory to disk with applicationWillTerminate:; without saveOn nothing is saved")
    func saveOnTerminate() {
        var behavior = AppBehavior()
        behavior.saveOn = [.terminate]
        var h = Harness()
        let saves = h.install(app("com.example.notes"), behavior)
        let forgets = h.install(app("com.example.mail"), Self.noSaving())
        for id in [saves, forgets] {
            h.post(.launch, to: id)
            h.post(.edit(memory: ["note": "draft"], ui: nil), to: id)
            h.post(.home, to: id)
            #expect(h.app(id).disk.isEmpty, "saveOn has no background")
            h.post(.terminate, to: id)
        }
        #expect(h.app(saves).disk["note"] == "draft")
        #expect(h.app(forgets).disk.isEmpty)
    }

    @Test("§6 every launch starts with memory = disk")
    func launchStartsFromDisk() {
        var h = Harness()
        let id = h.install()
        h.post(.launch, to: id)
        h.post(.edit(memory: ["note": "saved"], ui: nil), to: id)
        h.post(.home, to: id)
        h.post(.launch, to: id)
        h.post(.edit(memory: ["note": "unsaved"], ui: nil), to: id)
        h.post(.crash(duringLaunch: false), to: id)
        h.post(.launch, to: id)
        #expect(h.app(id).memory == h.app(id).disk)
        #expect(h.app(id).memory["note"] == "saved")
    }

    /// Kills of every kind, from a state where the app holds unsaved edits.
    enum Kill: String, CaseIterable, Sendable {
        case crash, crashSuspended, terminateSuspended, forceQuit, jetsam, fetchWatchdog, taskWatchdog, reboot
    }

    @Test("§6 any kill loses memory", arguments: Kill.allCases)
    func everyKillLosesMemory(kill: Kill) {
        var h = Harness()
        var behavior = Self.noSaving()
        behavior.minimumFetchInterval = .millis(60_000)
        behavior.fetchResult = .manual
        behavior.endsTaskOnExpiration = false
        let id = h.install(app(modes: [.fetch]), behavior)
        h.post(.launch, to: id)
        h.post(.edit(memory: ["note": "unsaved"], ui: ["screen": "editor"]), to: id)
        switch kill {
        case .crash:
            h.post(.crash(duringLaunch: false), to: id)
        case .crashSuspended:
            h.post(.home, to: id)
            h.advance(seconds: 5)
            h.post(.crash(duringLaunch: false), to: id)
        case .terminateSuspended:
            h.post(.home, to: id)
            h.advance(seconds: 5)
            h.post(.terminate, to: id)
        case .forceQuit:
            h.post(.home, to: id)
            h.post(.forceQuit, to: id)
        case .jetsam:
            h.post(.home, to: id)
            h.advance(seconds: 5)
            h.post(.memoryPressure(freeMB: nil))
        case .fetchWatchdog:
            h.post(.home, to: id)
            h.advance(seconds: 5)
            h.post(.backgroundFetch, to: id)
            h.advance(seconds: 30)
        case .taskWatchdog:
            h.post(.beginBackgroundTask(name: "never ends"), to: id)
            h.post(.home, to: id)
            h.advance(seconds: 30)
        case .reboot:
            h.post(.reboot)
        }
        #expect(h.state(id) == .notRunning)
        #expect(h.history(of: id).last?.name == "killed")
        #expect(h.app(id).memory.isEmpty)
        h.post(.launch, to: id)
        #expect(h.app(id).memory["note"] == nil)
        #expect(h.app(id).memory == h.app(id).disk)
    }

    @Test("§6 after applicationDidEnterBackground: the app records shouldSaveApplicationState → willEncodeRestorableState and its archive (ui state) is saved")
    func statePreservation() {
        var h = Harness()
        let id = h.install(app(restoration: true))
        h.post(.launch, to: id)
        h.post(.edit(memory: ["note": "draft"], ui: ["screen": "editor", "scroll": 120]), to: id)
        let home = h.post(.home, to: id)
        #expect(names(of: home) == [Sel.willResignActive, Sel.didEnterBackground, Sel.shouldSave, Sel.willEncode])
        #expect(h.app(id).restorationArchive == ["screen": "editor", "scroll": 120])
    }

    @Test("§6 killed while suspended: edit, Home, suspended after the delay, terminate, launch → disk and restoration willFinish → shouldRestore → didDecode → didFinish, memory ui = archive")
    func killedWhileSuspendedByTerminate() {
        var h = Harness()
        let id = h.install(app(restoration: true))
        h.post(.launch, to: id)
        h.post(.edit(memory: ["note": "draft"], ui: ["screen": "editor"]), to: id)
        h.post(.home, to: id)
        #expect(h.state(id) == .background)
        h.advance(seconds: 5)
        #expect(h.state(id) == .suspended)
        let archive = h.app(id).restorationArchive
        #expect(archive == ["screen": "editor"])

        let kill = h.post(.terminate, to: id)
        #expect(kill.callbacks.allSatisfy { $0.kind == .system })
        #expect(h.app(id).memory.isEmpty)

        let launch = h.post(.launch, to: id)
        #expect(names(of: launch) == [Sel.willFinish, Sel.shouldRestore, Sel.didDecode, Sel.didFinish, Sel.didBecomeActive])
        #expect(h.app(id).memory["note"] == "draft")
        #expect(h.app(id).disk["note"] == "draft")
        #expect(h.app(id).memory["ui"] == archive)
        // A launch that restored deletes the archive: the next kill-and-launch does not restore again.
        #expect(h.app(id).restorationArchive == nil)
        h.post(.crash(duringLaunch: false), to: id)
        #expect(names(of: h.post(.launch, to: id)) == [Sel.willFinish, Sel.didFinish, Sel.didBecomeActive])
    }

    @Test("§6 killed while suspended for memory (memoryPressure), launch restores")
    func killedWhileSuspendedByMemory() {
        var h = Harness()
        let id = h.install(app(restoration: true))
        h.post(.launch, to: id)
        h.post(.edit(memory: ["note": "draft"], ui: ["screen": "settings"]), to: id)
        h.post(.home, to: id)
        h.advance(seconds: 5)
        let pressure = h.post(.memoryPressure(freeMB: nil))
        #expect(killReason(pressure.callbacks) == "jetsam")
        let launch = h.post(.launch, to: id)
        #expect(names(of: launch) == [Sel.willFinish, Sel.shouldRestore, Sel.didDecode, Sel.didFinish, Sel.didBecomeActive])
        #expect(h.app(id).memory["ui"] == ["screen": "settings"])
        #expect(h.app(id).memory["note"] == "draft")
    }

    @Test("§6 killed by the watchdog while backgrounded, launch restores")
    func killedByWatchdogRestores() {
        var h = Harness()
        var behavior = AppBehavior()
        behavior.endsTaskOnExpiration = false
        let id = h.install(app(restoration: true), behavior)
        h.post(.launch, to: id)
        h.post(.edit(memory: nil, ui: ["screen": "editor"]), to: id)
        h.post(.beginBackgroundTask(name: "sync"), to: id)
        h.post(.home, to: id)
        h.advance(seconds: 30)
        #expect(killReason(h.history(of: id))?.hasPrefix("watchdog") == true)
        let launch = h.post(.launch, to: id)
        #expect(names(of: launch) == [Sel.willFinish, Sel.shouldRestore, Sel.didDecode, Sel.didFinish, Sel.didBecomeActive])
        #expect(h.app(id).memory["ui"] == ["screen": "editor"])
    }

    @Test("§6 force quit deletes the archive: the next launch does not restore")
    func forceQuitDeletesArchive() {
        var h = Harness()
        let id = h.install(app(restoration: true))
        h.post(.launch, to: id)
        h.post(.edit(memory: ["note": "draft"], ui: ["screen": "editor"]), to: id)
        h.post(.home, to: id)
        h.advance(seconds: 5)
        h.post(.forceQuit, to: id)
        #expect(h.app(id).restorationArchive == nil)
        let launch = h.post(.launch, to: id)
        #expect(names(of: launch) == [Sel.willFinish, Sel.didFinish, Sel.didBecomeActive])
        #expect(h.app(id).memory["ui"] == nil)
        #expect(h.app(id).memory["note"] == "draft")
    }

    @Test("§6 a crash during launch deletes the archive: the next launch does not restore")
    func crashDuringLaunchDeletesArchive() {
        var h = Harness()
        let id = h.install(app(restoration: true))
        h.post(.launch, to: id)
        h.post(.edit(memory: nil, ui: ["screen": "editor"]), to: id)
        h.post(.home, to: id)
        h.advance(seconds: 5)
        h.post(.terminate, to: id)
        h.post(.crash(duringLaunch: true), to: id)
        #expect(h.app(id).restorationArchive == nil)
        let launch = h.post(.launch, to: id)
        #expect(names(of: launch) == [Sel.willFinish, Sel.didFinish, Sel.didBecomeActive])
        #expect(h.app(id).memory["ui"] == nil)
    }

    @Test("§6 without stateRestoration there is no preservation and no restoration")
    func noRestorationWithoutOptIn() {
        var h = Harness()
        let id = h.install()
        h.post(.launch, to: id)
        h.post(.edit(memory: nil, ui: ["screen": "editor"]), to: id)
        let home = h.post(.home, to: id)
        #expect(names(of: home) == [Sel.willResignActive, Sel.didEnterBackground])
        #expect(h.app(id).restorationArchive == nil)
        h.advance(seconds: 5)
        h.post(.terminate, to: id)
        #expect(names(of: h.post(.launch, to: id)) == [Sel.willFinish, Sel.didFinish, Sel.didBecomeActive])
    }
}
