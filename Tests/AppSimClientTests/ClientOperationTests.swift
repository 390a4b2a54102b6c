import AppSimClient
import Foundation
import Testing

/// Every operation of openapi.yaml through AppSimClient, against a live server.
@Suite("Client: operations")
struct ClientOperationTests {
    @Test("health, openapi and metrics answer without a token")
    func operations() async throws {
        let server = try TestServer(token: "s3cret")
        let client = server.client(token: .some(nil))
        #expect(try await client.health().status == "ok")
        #expect(try await client.openapi().hasPrefix("openapi: 3.1"))
        #expect(try await client.metrics().contains("appsim_devices"))
    }

    @Test("createDevice with settings, getDevice, listDevices page by page, deleteDevice")
    func devices() async throws {
        let server = try TestServer()
        let client = server.client()
        let created = try await client.createDevice(DeviceSettings(
            osVersion: "15.0", memoryMB: 512, passcode: false, clock: .manual,
            limits: Device.Limits(suspendDelaySeconds: 1), labels: ["suite": "smoke"]))
        #expect(created.osVersion == "15.0")
        #expect(created.memoryMB == 512)
        #expect(created.passcode == false)
        #expect(created.clock.mode == .manual)
        #expect(created.limits.suspendDelaySeconds == 1)
        #expect(created.labels == ["suite": "smoke"])
        #expect(created.instances.isEmpty)
        #expect(try await client.getDevice(created.id) == created)

        let others = [try await client.createDevice(), try await client.createDevice()]
        var listed: [Device] = []
        var after: String?
        repeat {
            let page = try await client.listDevices(limit: 1, after: after)
            #expect(page.items.count <= 1)
            listed += page.items
            after = page.next
        } while after != nil
        #expect(Set(listed.map(\.id)) == Set([created.id] + others.map(\.id)))

        try await client.deleteDevice(created.id)
        #expect(try await problem { try await client.getDevice(created.id) }.status == 404)
    }

    @Test("install, getInstance, listInstances with filters, installBatch, uninstall")
    func instances() async throws {
        let server = try TestServer()
        let client = server.client()
        let device = try await client.createDevice(DeviceSettings(osVersion: "17.0", clock: .manual))
        let notes = try await client.install(
            device: device.id,
            info: AppInfo(bundleId: "com.example.notes", backgroundModes: [.fetch], urlSchemes: ["notes"], stateRestoration: true),
            behavior: AppBehavior(launchSeconds: 1, fetchResult: .manual, minimumFetchInterval: .seconds(900)))
        #expect(notes.device == device.id)
        #expect(notes.id.hasPrefix(device.id + "."))
        #expect(notes.state == .notRunning)
        #expect(notes.xcuiState == 1)
        #expect(notes.info.bundleId == "com.example.notes")
        #expect(notes.info.backgroundModes == [.fetch])
        #expect(notes.info.urlSchemes == ["notes"])
        #expect(notes.info.stateRestoration == true)
        #expect(notes.behavior.launchSeconds == 1)
        #expect(notes.behavior.fetchResult == .manual)
        #expect(notes.behavior.minimumFetchInterval == .seconds(900))
        #expect(notes.minimumFetchInterval == .seconds(900))
        #expect(try await client.getInstance(notes.id) == notes)

        let mail = try await client.install(device: device.id, info: AppInfo(bundleId: "com.example.mail"))
        let elsewhere = try await client.install(info: AppInfo(bundleId: "com.example.mail"))
        #expect(elsewhere.device != device.id)
        try await client.postInstanceEvent(mail.id, .launch)

        #expect(try await client.listInstances(device: device.id).items.map(\.id) == [notes.id, mail.id])
        #expect(try await client.listInstances(bundleId: "com.example.mail").items.map(\.id).sorted() == [mail.id, elsewhere.id].sorted())
        #expect(try await client.listInstances(state: .active).items.map(\.id) == [mail.id])
        let first = try await client.listInstances(limit: 1)
        #expect(first.items.count == 1)
        #expect(try await client.listInstances(limit: 5, after: first.next).items.count == 2)

        let batch = try await client.installBatch(count: 3, appsPerDevice: 2, info: AppInfo(bundleId: "com.example.load"))
        #expect(batch.count == 3)
        #expect(batch.devices == 2)
        #expect(batch.ids.count == 3)

        try await client.uninstall(mail.id)
        #expect(try await problem { try await client.getInstance(mail.id) }.type == .notFound)
        #expect(try await client.getDevice(device.id).instances == [notes.id])
    }

    @Test("postInstanceEvent and postDeviceEvent return what the event did, in order")
    func events() async throws {
        let server = try TestServer()
        let client = server.client()
        let device = try await client.createDevice(DeviceSettings(osVersion: "15.0", clock: .manual))
        let app = try await client.install(device: device.id, info: AppInfo(bundleId: "com.example.notes", stateRestoration: true))

        let launch = try await client.postInstanceEvent(app.id, .launch)
        #expect(launch.event.type == "launch")
        #expect(launch.changes.map(\.instance) == [app.id])
        #expect(launch.changes.map(\.from) == [.notRunning])
        #expect(launch.changes.map(\.to) == [.active])
        #expect(launch.names == [
            "application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:", "applicationDidBecomeActive:",
        ])
        #expect(seqs(launch.callbacks) == [1, 2, 3])

        try await client.postInstanceEvent(app.id, .edit(memory: ["draft": "hello"], ui: ["screen": "editor"]))
        let task = try await client.postInstanceEvent(app.id, .beginBackgroundTask(name: "upload"))
        #expect(task.taskId == 1)
        try await client.postInstanceEvent(app.id, .endBackgroundTask(taskId: 1))
        let home = try await client.postInstanceEvent(app.id, .home)
        #expect(home.names.prefix(2) == ["applicationWillResignActive:", "applicationDidEnterBackground:"])

        let advance = try await client.postDeviceEvent(device.id, .advanceClock(seconds: 6))
        #expect(advance.changes.map(\.to) == [.suspended])
        #expect(advance.callbacks.map(\.kind) == [.system])
        let suspended = try await client.getInstance(app.id)
        #expect(suspended.state == .suspended)
        #expect(suspended.data.disk == ["draft": "hello"])
        #expect(suspended.restorationArchive == ["screen": "editor"])

        try await client.postDeviceEvent(device.id, .orientation("landscapeLeft"))
        try await client.postDeviceEvent(device.id, .battery(level: 0.2, state: "unplugged"))
        #expect(try await client.getDevice(device.id).orientation == "landscapeLeft")
        let lock = try await client.postDeviceEvent(device.id, .lock)
        #expect(lock.event.type == "lock")
        #expect(try await client.getDevice(device.id).locked)
        // A device event posted to an instance applies to its device.
        try await client.postInstanceEvent(app.id, .unlock)
        #expect(try await client.getDevice(device.id).locked == false)
    }

    @Test("listCallbacks pages the history with no gap, and with wait answers as soon as a callback comes")
    func callbacks() async throws {
        let server = try TestServer()
        let client = server.client()
        let device = try await client.createDevice(DeviceSettings(osVersion: "17.0", clock: .manual))
        let app = try await client.install(device: device.id, info: AppInfo(bundleId: "com.example.notes"))
        try await client.postInstanceEvent(app.id, .launch)
        try await client.postInstanceEvent(app.id, .home)

        let first = try await client.listCallbacks(app.id, limit: 2)
        #expect(seqs(first.items) == [1, 2])
        #expect(first.next == 2)
        #expect(first.dropped == 0)
        let rest = try await client.listCallbacks(app.id, after: 2)
        #expect(seqs(rest.items) == [3, 4, 5])
        #expect(rest.next == nil)

        // Nothing comes: an empty page once the wait is over.
        #expect(try await client.listCallbacks(app.id, after: 5, wait: 0.2).items.isEmpty)
        // Something comes while the long-poll waits.
        async let waited = client.listCallbacks(app.id, after: 5, wait: 30)
        try await Task.sleep(for: .milliseconds(200))
        try await client.postDeviceEvent(device.id, .advanceClock(seconds: 6))
        #expect(try await waited.items.map(\.name) == ["suspended"])
    }

    @Test("getInstance with waitFor answers once the state is reached, and is a 408 problem with the state at the timeout")
    func waitFor() async throws {
        let server = try TestServer()
        let client = server.client()
        let device = try await client.createDevice(DeviceSettings(osVersion: "17.0", clock: .manual))
        let app = try await client.install(device: device.id, info: AppInfo(bundleId: "com.example.notes"))
        #expect(try await client.getInstance(app.id, waitFor: .notRunning, timeout: 5).state == .notRunning)

        async let launched = client.getInstance(app.id, waitFor: .active, timeout: 30)
        try await Task.sleep(for: .milliseconds(200))
        try await client.postInstanceEvent(app.id, .launch)
        #expect(try await launched.state == .active)

        let timeout = try await problem { try await client.getInstance(app.id, waitFor: .suspended, timeout: 0.2) }
        #expect(timeout.status == 408)
        #expect(timeout.isWaitTimeout)
        #expect(timeout.state == .active)
    }

    @Test("getDevice with waitForForeground answers once the app is in the foreground, 408 at the timeout, 404 for an app elsewhere")
    func waitForForeground() async throws {
        let server = try TestServer()
        let client = server.client()
        let device = try await client.createDevice(DeviceSettings(osVersion: "17.0", clock: .manual))
        let app = try await client.install(device: device.id, info: AppInfo(bundleId: "com.example.notes"))
        let elsewhere = try await client.install(info: AppInfo(bundleId: "com.example.other"))

        let timeout = try await problem { try await client.getDevice(device.id, waitForForeground: app.id, timeout: 0.2) }
        #expect(timeout.isWaitTimeout)
        #expect(timeout.foreground == nil)
        #expect(try await problem { try await client.getDevice(device.id, waitForForeground: elsewhere.id, timeout: 5) }.status == 404)

        async let foreground = client.getDevice(device.id, waitForForeground: app.id, timeout: 30)
        try await Task.sleep(for: .milliseconds(200))
        try await client.postInstanceEvent(app.id, .launch)
        #expect(try await foreground.foreground == app.id)
    }

    @Test("send returns the body as the server sent it beside the decoded value")
    func rawResponses() async throws {
        let server = try TestServer()
        let client = server.client()
        let response = try await client.send(.createDevice())
        #expect(response.status == 201)
        #expect(response.headers["location"] == "/v1/devices/\(response.value.id)")
        let parsed = try JSONDecoder().decode(Device.self, from: response.body)
        #expect(parsed == response.value)
        #expect(String(decoding: response.body, as: UTF8.self).hasPrefix("{\"id\":\"\(response.value.id)\""))
    }
}

@Suite("Client: event journal")
struct ClientJournalTests {
    @Test("listDeviceEvents pages the journal; appsim device events and appsim history print it and what was dropped; an instance stream says what was dropped")
    func journal() async throws {
        let server = try TestServer(tune: { $0.historyLimit = 4 })
        let client = server.client()
        let device = try await client.createDevice(DeviceSettings(osVersion: "17.0", clock: .manual))
        let app = try await client.install(device: device.id, info: AppInfo(bundleId: "com.example.notes"))
        try await client.postInstanceEvent(app.id, .launch)
        let first = try await client.listDeviceEvents(device.id)
        #expect(first.items.map(\.type) == ["launch"])
        #expect(first.items.first?.instance == app.id)
        #expect(first.items.first?.changes.first?.to == .active)
        #expect(first.items.first?.callbacks.first == JournalEntry.CallbackReference(instance: app.id, seq: 1))
        #expect(first.dropped == 0)
        for _ in 0..<4 { try await client.postInstanceEvent(app.id, .memoryWarning) }
        // History keeps callbacks 4–7 (the limit is 4): launch's are gone, and so is its entry.
        let page = try await client.listDeviceEvents(device.id, limit: 2)
        #expect(page.items.map(\.seq) == [2, 3])
        #expect(page.next == 3)
        #expect(page.dropped == 1)
        let rest = try await client.listDeviceEvents(device.id, after: 3)
        #expect(rest.items.map(\.seq) == [4, 5])
        #expect(rest.next == nil)

        let printed = try await AppSimCommand.run(["device", "events", device.id], server: server.url)
        #expect(printed.status == 0)
        #expect(printed.lines.first == "(1 oldest events are no longer kept)")
        #expect(printed.lines.dropFirst().allSatisfy { $0.contains("memoryWarning \(app.id); 1 callback") })
        #expect(printed.lines.count == 5)
        let history = try await AppSimCommand.run(["history", app.id], server: server.url)
        #expect(history.lines.first == "(3 oldest callbacks are no longer kept)")
        #expect(history.lines.count == 5, "the notice, then callbacks 4–7")
        #expect(try await AppSimCommand.run(["history", app.id, "--after", "4"], server: server.url).lines.count == 3, "no notice after the dropped ones")

        var messages: [InstanceStreamMessage] = []
        for try await message in client.streamInstance(app.id, after: 1) {
            messages.append(message)
            if message.callback?.seq == 7 { break }
        }
        #expect(messages.first == .dropped(3))
        #expect(messages.compactMap(\.callback).map(\.seq) == [4, 5, 6, 7])
    }
}

@Suite("Client: BGTaskScheduler")
struct ClientTaskTests {
    @Test("submitTask, runTask and completeTask through the client; the instance lists its pending requests and the task it runs, the device its task limits and battery state")
    func scheduledTask() async throws {
        let server = try TestServer()
        let client = server.client()
        let device = try await client.createDevice(DeviceSettings(clock: .manual, limits: Device.Limits(appRefreshTaskSeconds: 45)))
        #expect(device.limits.appRefreshTaskSeconds == 45)
        #expect(device.limits.processingTaskSeconds == 300)
        #expect(device.batteryState == "unknown")
        var behavior = AppBehavior()
        behavior.taskSeconds = .string("manual")
        let app = try await client.install(
            device: device.id,
            info: AppInfo(fields: [
                "bundleId": "com.example.news", "backgroundModes": ["fetch"], "taskIdentifiers": ["com.example.news.refresh"],
            ]),
            behavior: behavior)
        #expect(app.info.taskIdentifiers == ["com.example.news.refresh"])
        try await client.postInstanceEvent(app.id, .launch)
        try await client.postInstanceEvent(app.id, .submitTask("com.example.news.refresh", earliestBeginSeconds: 0))
        #expect(try await client.getInstance(app.id).taskRequests?.map(\.identifier) == ["com.example.news.refresh"])
        try await client.postInstanceEvent(app.id, .home)
        let run = try await client.postDeviceEvent(device.id, .runTask("com.example.news.refresh"))
        #expect(run.names == ["BGTaskScheduler launchHandler"])
        let running = try await client.getInstance(app.id)
        #expect(running.taskRequests == [])
        #expect(running.runningTask?.identifier == "com.example.news.refresh")
        #expect(running.runningTask?.kind == "appRefresh")
        #expect(running.runningTask?.expiresAt == running.runningTask.map { $0.startedAt + 45_000 })
        let done = try await client.postInstanceEvent(app.id, .completeTask(success: true))
        #expect(done.names == ["setTaskCompleted"])
    }
}

@Suite("Client: scenes")
struct ClientSceneTests {
    @Test("a scene app's scenes and the scene of each callback; openScene and closeScene")
    func scenes() async throws {
        let server = try TestServer()
        let client = server.client()
        var info = AppInfo(bundleId: "com.example.notes")
        info.scenes = SceneManifest(supportsMultiple: true)
        let app = try await client.install(info: info)
        #expect(app.info.scenes == SceneManifest(supportsMultiple: true))
        let launch = try await client.postInstanceEvent(app.id, .launch)
        #expect(launch.callbacks.first { $0.name == "sceneDidBecomeActive:" }?.scene == "\(app.id).s1")
        try await client.postInstanceEvent(app.id, .openScene)
        #expect(try await client.getInstance(app.id).scenes?.map(\.activationState) == ["foregroundInactive", "foregroundActive"])
        try await client.postInstanceEvent(app.id, .edit(ui: ["tab": 2], scene: "\(app.id).s2"))
        let close = try await client.postInstanceEvent(app.id, .closeScene("\(app.id).s2"))
        #expect(close.names.contains("application:didDiscardSceneSessions:"))
        #expect(try await client.getInstance(app.id).scenes?.map(\.id) == ["\(app.id).s1"])
    }
}
