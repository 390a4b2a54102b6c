import AppSimClient
import Foundation
import Testing

/// Server-Sent Event streams as AsyncSequences: replay, live messages, and reconnection across a server restart.
@Suite("Client: streams")
struct ClientStreamTests {
    @Test("an instance stream replays the history after a seq, then callbacks and state changes as they are committed")
    func instanceStream() async throws {
        let server = try TestServer()
        let client = server.client()
        let device = try await client.createDevice(DeviceSettings(osVersion: "17.0", clock: .manual))
        let app = try await client.install(device: device.id, info: AppInfo(bundleId: "com.example.notes"))
        try await client.postInstanceEvent(app.id, .launch)

        var messages = client.streamInstance(app.id, after: 1).makeAsyncIterator()
        #expect(try await messages.next()?.callback?.seq == 2)
        #expect(try await messages.next()?.callback?.seq == 3)
        try await client.postInstanceEvent(app.id, .home)
        #expect(try await messages.next()?.callback?.name == "applicationWillResignActive:")
        #expect(try await messages.next()?.callback?.name == "applicationDidEnterBackground:")
        guard case .state(let change)? = try await messages.next() else {
            Issue.record("no state message after Home's callbacks")
            return
        }
        #expect(change.instance == app.id)
        #expect(change.from == .active)
        #expect(change.to == .background)
    }

    @Test("a stream reads on a thread of its own that says what it is (top -H, perf, a debugger)")
    func streamThreadIsNamed() async throws {
        let server = try TestServer()
        let client = server.client()
        let app = try await client.install(info: AppInfo(bundleId: "com.example.notes"))
        try await client.postInstanceEvent(app.id, .launch)
        var messages = client.streamInstance(app.id).makeAsyncIterator()
        #expect(try await messages.next()?.callback?.seq == 1)
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")
        let names = tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
        #expect(names.contains("appsim-stream\n"), "\(Set(names).sorted())")
    }

    @Test("an instance stream survives the server being restarted under it, with no gap and no duplicate")
    func instanceStreamAcrossRestart() async throws {
        let server = try TestServer()
        let client = server.client()
        let device = try await client.createDevice(DeviceSettings(osVersion: "17.0", clock: .manual))
        let app = try await client.install(device: device.id, info: AppInfo(bundleId: "com.example.notes"))
        try await client.postInstanceEvent(app.id, .launch)

        var callbacks = client.streamInstance(app.id).compactMap(\.callback).makeAsyncIterator()
        var seen: [Int64] = []
        for _ in 1...3 { seen += [try #require(await callbacks.next()).seq] }

        // The server goes away and comes back on the same port and database; meanwhile nothing is lost.
        server.stop()
        try server.start()
        try await client.postInstanceEvent(app.id, .home)
        try await client.postDeviceEvent(device.id, .advanceClock(seconds: 6))
        try await client.postInstanceEvent(app.id, .launch)
        let total = try await client.listCallbacks(app.id, limit: 1000).items.count
        while seen.count < total { seen += [try #require(await callbacks.next()).seq] }
        // And the stream keeps following the new server.
        try await client.postInstanceEvent(app.id, .home)
        seen += [try #require(await callbacks.next()).seq]

        #expect(seen == Array(1...Int64(total + 1)))
    }

    @Test("a device stream shows every committed event of the device once, across a restart")
    func deviceStreamAcrossRestart() async throws {
        let server = try TestServer()
        let client = server.client()
        let device = try await client.createDevice(DeviceSettings(osVersion: "17.0", clock: .manual))
        let app = try await client.install(device: device.id, info: AppInfo(bundleId: "com.example.notes"))
        var events = client.streamDevice(device.id).makeAsyncIterator()
        try await client.postInstanceEvent(app.id, .launch)
        // Live, or replayed if the stream connected after the launch was committed (then with its seq only).
        let launch = try #require(try await events.next())
        #expect(launch.event.seq == 1)
        #expect(launch.event.type == nil || launch.event.type == "launch")
        #expect(launch.callbacks.map(\.seq) == [1, 2, 3])

        server.stop()
        try server.start()
        // Events that leave callbacks, as a reconnected device stream replays only those.
        try await client.postDeviceEvent(device.id, .memoryWarning)
        try await client.postDeviceEvent(device.id, .lock)
        #expect(try await events.next()?.event.seq == 2)
        #expect(try await events.next()?.event.seq == 3)
    }

    @Test("a stream of an app that is uninstalled ends with a 404 problem")
    func uninstalledEndsTheStream() async throws {
        let server = try TestServer()
        let client = server.client()
        let app = try await client.install(info: AppInfo(bundleId: "com.example.notes"))
        try await client.postInstanceEvent(app.id, .launch)
        var messages = client.streamInstance(app.id).makeAsyncIterator()
        _ = try await messages.next()
        try await client.uninstall(app.id)
        let ended = try await problem {
            while try await messages.next() != nil {}
        }
        #expect(ended.status == 404)
    }

    @Test("a stream gives up with the transport error once the server stays away for the reconnect window")
    func givesUp() async throws {
        let server = try TestServer()
        let client = server.client(reconnectWindow: 0.5)
        let app = try await client.install(info: AppInfo(bundleId: "com.example.notes"))
        try await client.postInstanceEvent(app.id, .launch)
        var messages = client.streamInstance(app.id).makeAsyncIterator()
        _ = try await messages.next()
        server.stop()
        do {
            while try await messages.next() != nil {}
            Issue.record("the stream ended without an error")
        } catch let error as AppSimTransportError {
            #expect(error.code == .unreachable || error.code == .connectionLost)
        }
    }
}
