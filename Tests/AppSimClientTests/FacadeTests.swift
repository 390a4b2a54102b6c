import AppSimClient
import Foundation
import Testing

/// Simulator, SimulatedDevice and SimulatedApp: XCUIApplication's words over appsim.
@Suite("Client: the XCUIApplication-shaped façade")
struct FacadeTests {
    @Test("install, launch, pressHome, advanceClock: the app is suspended, and its callbacks say how it got there")
    func homeAndSuspend() async throws {
        let server = try TestServer()
        let simulator = server.simulator
        let device = try await simulator.createDevice(osVersion: "15.0", clock: .manual)
        let app = try await simulator.install(bundleId: "com.example.notes", on: device)
        #expect(app.device == device)
        #expect(try await app.state == .notRunning)
        try await app.launch()
        #expect(try await app.state == .runningForeground)
        #expect(try await app.lifecycleState == .active)
        try await app.post(.edit(memory: ["draft": "hello"]))
        #expect(try await device.pressHome() != nil)
        #expect(try await app.state == .runningBackground)
        try await device.advanceClock(by: 6)
        #expect(try await app.state == .runningBackgroundSuspended)
        #expect(try await app.snapshot().data.disk["draft"] == "hello")
        #expect(try await app.callbacks().map(\.name) == [
            "application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:",
            "applicationDidBecomeActive:", "applicationWillResignActive:", "applicationDidEnterBackground:", "suspended",
        ])
        #expect(try await app.callbacks(after: 5).map(\.name) == ["suspended"])
        // Home with nothing in the foreground changes nothing.
        #expect(try await device.pressHome() == nil)
    }

    @Test("wait(for:timeout:) is true once the app gets there, false at the timeout, as XCUIApplication's")
    func waits() async throws {
        let server = try TestServer()
        let simulator = server.simulator
        // A realtime clock 100 times faster: the 5 s suspend delay passes in 50 ms of wall time.
        let device = try await simulator.createDevice(clock: DeviceSettings.Clock(mode: .realtime, speed: 100))
        let app = try await device.install(bundleId: "com.example.notes")
        #expect(try await app.wait(for: .notRunning, timeout: 1))
        #expect(try await app.wait(for: .runningForeground, timeout: 0.2) == false)
        try await app.launch()
        #expect(try await app.wait(for: .runningForeground, timeout: 5))
        #expect(try await device.waitForForeground(app, timeout: 5))
        try await device.pressHome()
        #expect(try await app.wait(for: .runningBackgroundSuspended, timeout: 10))
        #expect(try await app.wait(forLifecycleState: .active, timeout: 0.2) == false)
        #expect(try await app.wait(for: .unknown, timeout: 0.2) == false)
    }

    @Test("a wait the server's stop cut short goes on against the restarted server with the time left: true once the app gets there, and at the timeout a 408 naming the whole wait")
    func waitsAcrossARestart() async throws {
        let server = try TestServer()
        let device = try await server.simulator.createDevice(osVersion: "17.0", clock: .manual)
        let app = try await device.install(bundleId: "com.example.notes")
        let client = server.client()
        let reached = Task { try await app.wait(for: .runningForeground, timeout: 60) }
        let timedOut = Task { try await problem { try await client.getInstance(app.id, waitFor: .suspended, timeout: 4) } }
        try await Task.sleep(for: .milliseconds(300))  // both waits are at the server
        server.stop()
        try server.start()
        try await app.launch()
        #expect(try await reached.value)
        let timeout = try await timedOut.value
        #expect(timeout.status == 408)
        #expect(timeout.state == .active)
        #expect(timeout.detail.contains("within 4 s"), "\(timeout.detail)")
    }

    @Test("activate launches an app, brings back one in the background, and does nothing to one in the foreground")
    func activate() async throws {
        let server = try TestServer()
        let device = try await server.simulator.createDevice(osVersion: "17.0", clock: .manual)
        let app = try await device.install(bundleId: "com.example.notes")
        #expect(try await app.activate()?.changes.map(\.to) == [.active])
        #expect(try await app.activate() == nil)
        try await device.pressHome()
        #expect(try await app.activate()?.names == ["applicationWillEnterForeground:", "applicationDidBecomeActive:"])
        #expect(try await app.state == .runningForeground)
    }

    @Test("terminate, forceQuit and crash end the app; launch refused in the foreground is a 409 problem")
    func ending() async throws {
        let server = try TestServer()
        let device = try await server.simulator.createDevice(osVersion: "17.0", clock: .manual)
        let app = try await device.install(bundleId: "com.example.notes")
        try await app.launch()
        #expect(try await problem { try await app.launch() }.status == 409)
        #expect(try await app.terminate().names == ["applicationWillTerminate:", "killed"])
        #expect(try await app.state == .notRunning)
        try await app.launch()
        try await app.crash()
        #expect(try await app.state == .notRunning)
        try await app.launch()
        try await device.pressHome()
        try await app.forceQuit()
        #expect(try await app.snapshot().forceQuit)
    }

    @Test("lock and unlock, push, openURL by scheme as simctl does, and any event through post")
    func deviceButtons() async throws {
        let server = try TestServer()
        let simulator = server.simulator
        let device = try await simulator.createDevice(osVersion: "17.0", clock: .manual)
        let notes = try await device.install(AppInfo(bundleId: "com.example.notes", urlSchemes: ["notes"]))
        let mail = try await device.install(bundleId: "com.example.mail")
        try await notes.launch()
        try await device.lock()
        #expect(try await device.snapshot().locked)
        #expect(try await notes.state == .runningBackground)
        try await device.unlock()
        #expect(try await notes.state == .runningForeground)

        let pushed = try await notes.push(["aps": ["alert": "Hello"]])
        #expect(pushed.callbacks.first?.args["userInfo"] == ["aps": ["alert": "Hello"]])
        #expect(pushed.pushDelivery == .delivered)
        let silent = try await mail.push(["aps": ["content-available": 1]])
        #expect(silent.pushDelivery == .dropped)
        #expect(silent.pushDropReason?.contains("remote-notification") == true)
        try await device.push(["aps": ["alert": "Mail"]], to: "com.example.mail")
        #expect(try await mail.snapshot().shownNotification == ["aps": ["alert": "Mail"]])
        #expect(try await problem { try await device.push(["aps": [:]], to: "com.example.none") }.status == 404)
        #expect(try await problem { try await device.push(["aps": [:]]) }.status == 422)
        let targeted = try await device.push(["Simulator Target Bundle": "com.example.mail", "aps": ["badge": 2]])
        #expect(targeted.callbacks.isEmpty)
        #expect(try await mail.snapshot().shownNotification == ["aps": ["badge": 2]])

        let opened = try await device.openURL("notes://item/1")
        #expect(opened.names.contains("application:openURL:options:"))
        #expect(try await problem { try await device.openURL("mail://x") }.status == 422)

        try await notes.post(.incomingCall)
        #expect(try await notes.lifecycleState == .inactive)
        try await notes.post(.declineCall)
        #expect(try await device.foregroundApp() == notes)
        #expect(try await device.apps() == [notes, mail])
        #expect(try await device.post(.memoryWarning).names == ["applicationDidReceiveMemoryWarning:"])
    }

    @Test("an app's stream and a device's events, devices(), app(_:), uninstall and delete")
    func streamsAndHousekeeping() async throws {
        let server = try TestServer()
        let simulator = server.simulator
        let device = try await simulator.createDevice(osVersion: "17.0", clock: .manual)
        let app = try await simulator.install(bundleId: "com.example.notes", on: device)
        try await app.launch()
        var callbacks = app.stream().compactMap(\.callback).makeAsyncIterator()
        #expect(try await callbacks.next()?.seq == 1)
        var events = device.events().makeAsyncIterator()
        #expect(try await events.next()?.event.seq == 1)
        #expect(try await app.nextCallbacks(after: 3, timeout: 0.1).isEmpty)
        try await device.pressHome()
        #expect(try await app.nextCallbacks(after: 3, timeout: 5).map(\.seq) == [4, 5])

        #expect(simulator.app(app.id) == app)
        #expect(simulator.app(app.id).device == device)
        #expect(try await simulator.devices().contains(device))
        #expect(await simulator.isHealthy())
        try await app.uninstall()
        #expect(try await device.apps().isEmpty)
        try await device.delete()
        #expect(try await simulator.devices().contains(device) == false)
    }
}
