@testable import AppSimCore
@testable import AppSimStore
import Testing

/// `Store.catchUp`: a device stored before events that only added callbacks is brought back to where they left it.
@Suite("Catching up with history")
struct HistoryCatchUpTests {
    /// A device on `clock` created at wall 1 s, with two apps installed then.
    static func device(_ clock: DeviceClock = DeviceClock()) -> DeviceSimulation {
        var device = Device(id: "dh")
        device.clock = clock
        device.wallAnchorMillis = 1_000
        var simulation = DeviceSimulation(device: device)
        for bundle in ["com.example.a", "com.example.b"] {
            _ = simulation.install(info: AppInfo(bundleId: bundle), behavior: AppBehavior(), wallMillis: 1_000)
        }
        return simulation
    }

    /// Each app's newest callback in `callbacks`.
    static func newest(_ callbacks: [CallbackRecord]) -> [String: Store.NewestHistory] {
        var newest: [String: Store.NewestHistory] = [:]
        for callback in callbacks { newest[callback.instance] = Store.NewestHistory(seq: callback.seq, event: callback.event, at: callback.at) }
        return newest
    }

    /// `stored` caught up with `callbacks`, as the store loads it.
    static func caughtUp(_ stored: DeviceSimulation, with callbacks: [CallbackRecord]) -> DeviceSimulation {
        var device = stored.device
        var instances = stored.instances
        Store.catchUp(&device, &instances, toHistory: newest(callbacks))
        return DeviceSimulation(device: device, instances: instances)
    }

    /// Applies `event` and returns its callbacks (timers' first).
    static func apply(_ event: Event, to id: String?, at wall: Int64, on simulation: inout DeviceSimulation) -> [CallbackRecord] {
        simulation.apply(event, to: id, wallMillis: wall).outcomes.flatMap(\.callbacks)
    }

    @Test("on a realtime clock at speed 1 the device's counter and clock move on to the latest event, and each app's seq and time to its newest callback")
    func realtimeAtSpeedOne() {
        var simulation = Self.device()
        let (a, b) = (simulation.instances[0].id, simulation.instances[1].id)
        _ = Self.apply(.app(.launch), to: a, at: 2_000, on: &simulation)
        let stored = simulation
        // Events that only add callbacks: the stored rows stay as they were.
        var callbacks = Self.apply(.app(.memoryWarning), to: a, at: 5_000, on: &simulation)
        callbacks += Self.apply(.device(.memoryWarning), to: nil, at: 9_500, on: &simulation)
        #expect(simulation.device.eventSeq == stored.device.eventSeq + 2)

        let restored = Self.caughtUp(stored, with: callbacks)
        #expect(restored.device == simulation.device)
        #expect(restored.instances == simulation.instances)
        #expect(restored.device.nowMillis == 9_500 - 1_000)
        #expect(restored.instance(b) == stored.instance(b), "an app the events did not reach stays as stored")
        for wall: Int64 in [9_500, 20_000] { #expect(restored.now(atWall: wall) == simulation.now(atWall: wall)) }
    }

    @Test("a manual clock, or a realtime one at another speed, keeps its stored reading: only the counters move")
    func otherClocksStay() {
        for clock in [DeviceClock(mode: .manual), DeviceClock(mode: .realtime, speed: 2)] {
            var simulation = Self.device(clock)
            let a = simulation.instances[0].id
            _ = Self.apply(.app(.launch), to: a, at: 2_000, on: &simulation)
            let stored = simulation
            let callbacks = Self.apply(.app(.memoryWarning), to: a, at: 5_000, on: &simulation)

            let restored = Self.caughtUp(stored, with: callbacks)
            #expect(restored.device.eventSeq == simulation.device.eventSeq, "\(clock)")
            #expect(restored.device.nowMillis == stored.device.nowMillis, "\(clock)")
            #expect(restored.device.wallAnchorMillis == stored.device.wallAnchorMillis, "\(clock)")
            #expect(restored.instances == simulation.instances, "\(clock)")
        }
    }

    @Test("after a wall clock set back, the device is where its latest event left it, not at its older reading")
    func wallClockSetBack() {
        var simulation = Self.device()
        let a = simulation.instances[0].id
        _ = Self.apply(.app(.launch), to: a, at: 2_000, on: &simulation)
        let stored = simulation
        let callbacks = Self.apply(.app(.memoryWarning), to: a, at: 10_000, on: &simulation)

        let restored = Self.caughtUp(stored, with: callbacks)
        // The wall clock is now 5 s: device time stands at the warning's 9 s until the wall clock passes 10 s again.
        #expect(stored.now(atWall: 5_000) == 4_000)
        #expect(simulation.now(atWall: 5_000) == 9_000)
        #expect(restored.now(atWall: 5_000) == 9_000)
        #expect(restored.device == simulation.device)
    }

    @Test("history no newer than what is stored changes nothing: not the clock, not an app's seq or time")
    func olderHistoryChangesNothing() {
        var simulation = Self.device()
        let (a, b) = (simulation.instances[0].id, simulation.instances[1].id)
        let launch = Self.apply(.app(.launch), to: a, at: 2_000, on: &simulation)
        _ = Self.apply(.app(.launch), to: b, at: 3_000, on: &simulation)
        let stored = simulation

        let restored = Self.caughtUp(stored, with: launch)
        #expect(restored.device == stored.device)
        #expect(restored.instances == stored.instances)
        #expect(Self.caughtUp(stored, with: []).device == stored.device)

        // An app's seq moves on even when its event is not the device's latest (it was written with the device).
        var device = stored.device
        var instances = stored.instances
        let warning = Store.NewestHistory(seq: stored.instance(b)!.nextSeq, event: stored.device.eventSeq, at: 7_000)
        Store.catchUp(&device, &instances, toHistory: [b: warning])
        let lagging = DeviceSimulation(device: device, instances: instances)
        #expect(lagging.instance(b)?.nextSeq == warning.seq + 1)
        #expect(lagging.instance(b)?.updatedAt == 7_000)
        #expect(lagging.device == stored.device)
    }
}
