@testable import AppSimCore
import Testing

/// LIFECYCLE.md §2: devices, instances, info and behavior.
@Suite("§2 Who is who")
struct DeviceAndInstanceTests {
    @Test("§2 a device holds installed apps, a clock, a memory size, an OS version (default 26.0 since §13; it was 17.0) and lock state")
    func deviceDefaults() throws {
        var device = Device(id: "d7")
        device.wallAnchorMillis = 1_000
        device.createdAtWallMillis = 1_000
        #expect(device.osVersion == OSVersion(26))
        #expect(device.osVersion.description == "26.0")
        #expect(device.clock.mode == .realtime)
        #expect(device.memoryMB == 2048)
        #expect(device.locked == false)

        var sim = DeviceSimulation(device: device)
        let first = sim.install(info: AppInfo(bundleId: "com.example.notes"), behavior: AppBehavior(), wallMillis: 1_000)
        let second = sim.install(info: AppInfo(bundleId: "com.example.mail"), behavior: AppBehavior(), wallMillis: 1_000)
        #expect(sim.instances.map(\.id) == [first.id, second.id])
        // API.md: an instance id begins with its device's id and a dot.
        #expect(first.id.hasPrefix("d7."))
        #expect(second.id.hasPrefix("d7."))
        #expect(first.id != second.id)
        #expect(first.state == .notRunning)
        #expect(first.device == "d7")
    }

    @Test("§2 an instance's info is fixed at install: bundleId, backgroundModes, exitsOnSuspend, urlSchemes, stateRestoration, dataProtection, memoryMB, backgroundMemoryMB")
    func infoFields() throws {
        // Every field set (reading them from an install request is tested with the API's request decoding).
        let info = app(modes: [.audio, .fetch, .remoteNotification], schemes: ["notes"], restoration: true, dataProtection: true,
                       exitsOnSuspend: true, memoryMB: 300, backgroundMemoryMB: 80)

        var h = Harness()
        let id = h.install(info)
        h.post(.launch, to: id)
        h.post(.home, to: id)
        #expect(h.app(id).info == info)
    }

    @Test("§2 behavior defaults are a well-behaved app: launch 0.2 s, background 0.1 s, saves on background and terminate, no task, ends tasks on expiration, fetch newData in 1 s, opens URLs, fetch interval never")
    func behaviorDefaults() throws {
        // An install request without a behavior gets the same (tested with the API's request decoding).
        let behavior = AppBehavior()
        #expect(behavior.launchMillis == 200)
        #expect(behavior.backgroundMillis == 100)
        #expect(behavior.saveOn == [.background, .terminate])
        #expect(behavior.backgroundTaskMillis == 0)
        #expect(behavior.endsTaskOnExpiration)
        #expect(behavior.fetchResult == .newData)
        #expect(behavior.fetchMillis == 1_000)
        #expect(behavior.opensURLs)
        #expect(behavior.minimumFetchInterval == .never)
    }

    @Test("§2 behavior decides the callbacks: the same event gives different callbacks for different behaviors")
    func behaviorDecidesCallbacks() {
        var h = Harness()
        var refuses = AppBehavior()
        refuses.opensURLs = false
        let opens = h.install(app("com.example.notes", schemes: ["notes"]))
        let declines = h.install(app("com.example.mail", schemes: ["mail"]), refuses)
        let opened = h.post(.openURL(url: "notes://1", sourceApplication: nil), to: opens)
        h.post(.home, to: opens)
        let declined = h.post(.openURL(url: "mail://1", sourceApplication: nil), to: declines)
        #expect(names(of: opened, for: opens).contains(Sel.openURLOptions))
        #expect(!names(of: declined, for: declines).contains(Sel.openURLOptions))
    }
}
