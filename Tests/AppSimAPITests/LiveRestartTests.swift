import AppSimAPI
import AppSimJSON
import AppSimTestSupport
import Foundation
import Synchronization
import Testing

/// A restarted server serves every instance exactly as it was, with its whole history.
@Suite("Live: restart")
struct LiveRestartTests {
    @Test("stop, start a new server on the same database: every instance, its data and its history are as they were")
    func restartKeepsEverything() throws {
        let live = try LiveServer()
        let device = try live.createDevice(["osVersion": "15.0"])
        let notes = try live.install(["bundleId": "com.example.notes", "stateRestoration": true], device: device)
        let mail = try live.install(["bundleId": "com.example.mail"], device: device)
        try live.post(notes, ["type": "launch"])
        try live.post(notes, ["type": "edit", "memory": ["draft": "hello"], "ui": ["screen": "editor"]])
        try live.post(mail, ["type": "launch"])
        try live.postDevice(device, ["type": "advanceClock", "seconds": 10])

        let before = [try live.get("/v1/instances/\(notes)").json, try live.get("/v1/instances/\(mail)").json]
        let deviceBefore = try live.get("/v1/devices/\(device)").json
        let historyBefore = [try live.callbacks(notes), try live.callbacks(mail)]
        #expect(before[0]["state"] == "suspended")
        #expect(before[0]["data"]?["disk"] == ["draft": "hello"])

        live.stop()
        try live.start()

        #expect([try live.get("/v1/instances/\(notes)").json, try live.get("/v1/instances/\(mail)").json] == before)
        #expect(try live.get("/v1/devices/\(device)").json == deviceBefore)
        #expect([try live.callbacks(notes), try live.callbacks(mail)] == historyBefore)

        // And the story goes on where it stopped: seqs continue with no gap.
        try live.post(notes, ["type": "terminate"])
        let relaunch = try live.post(notes, ["type": "launch"])
        #expect(names(relaunch, of: notes) == [
            "application:willFinishLaunchingWithOptions:", "application:shouldRestoreApplicationState:",
            "application:didDecodeRestorableStateWithCoder:", "application:didFinishLaunchingWithOptions:",
            "applicationDidBecomeActive:",
        ])
        let seqs = try live.callbacks(notes).compactMap { $0["seq"]?.doubleValue }
        #expect(seqs == (1...seqs.count).map(Double.init))
        let after = try live.get("/v1/instances/\(notes)").json
        #expect(after["data"]?["memory"] == ["draft": "hello", "ui": ["screen": "editor"]])
    }

    @Test("a database that is not appsim's is refused at start-up with a clear message")
    func foreignDatabaseRefused() throws {
        let live = try LiveServer()
        live.stop()
        try Array("this is not a database, just text that is long enough to not be a header".utf8)
            .withUnsafeBufferPointer { buffer in
                _ = try FileWriter.write(buffer, to: live.databasePath)
            }
        do {
            try live.start()
            Issue.record("a server started on a file that is not a database")
        } catch {
            #expect("\(error)".contains("not"))
            #expect("\(error)".contains(live.databasePath))
        }
    }
}

import Foundation

enum FileWriter {
    static func write(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) throws -> Bool {
        try? FileManager.default.removeItem(atPath: path + "-wal")
        try? FileManager.default.removeItem(atPath: path + "-shm")
        return FileManager.default.createFile(atPath: path, contents: Data(buffer: bytes))
    }
}

/// A wall clock a test moves by hand.
final class HandClock: Sendable {
    private let now = Mutex(WallClock.system.millis())
    var clock: WallClock { WallClock { [self] in now.withLock { $0 } } }
    func advance(seconds: Double) { now.withLock { $0 += Int64(seconds * 1000) } }
}

@Suite("Live: timers across a restart")
struct LiveTimerRestartTests {
    @Test("a realtime timer that fell due while the server was down fires at start-up")
    func overdueTimerFiresAtStart() throws {
        let hand = HandClock()
        let live = try LiveServer(clock: hand.clock)
        let app = try live.install(["bundleId": "com.example.notes"])
        try live.post(app, ["type": "launch"])
        try live.post(app, ["type": "home"])
        #expect(try live.state(app) == "background")
        live.stop()
        hand.advance(seconds: 60)
        try live.start()
        #expect(try live.state(app) == "suspended")
        let last = try live.callbacks(app).last
        #expect(last?["name"] == "suspended")
    }
}

@Suite("Live: device cache")
struct LiveCacheTests {
    @Test("devices dropped from the memory cache come back from the store exactly as they were")
    func evictedDevicesReload() throws {
        let live = try LiveServer { $0.cacheLimit = 2 }
        var apps: [String] = []
        var seen: [String: JSONValue] = [:]
        for index in 0..<6 {
            let app = try live.install(["bundleId": .string("com.example.cached\(index)")])
            try live.post(app, ["type": "launch"])
            try live.post(app, ["type": "edit", "memory": ["n": JSONValue(index)]])
            apps.append(app)
            seen[app] = try live.get("/v1/instances/\(app)").json
        }
        for app in apps {
            #expect(try live.get("/v1/instances/\(app)").json == seen[app])
            let home = try live.post(app, ["type": "home"])
            #expect(names(home) == ["applicationWillResignActive:", "applicationDidEnterBackground:"])
            #expect(home["callbacks"]?.arrayValue?.first?["seq"] == 4)
        }
        let listed = try live.get("/v1/instances?state=background&limit=1000").json["items"]?.arrayValue ?? []
        #expect(Set(listed.compactMap { $0["id"]?.stringValue }) == Set(apps))
    }

    @Test("devices dropped from the cache while writes that only add callbacks are pending come back with them")
    func evictionDuringHistoryOnlyWrites() throws {
        // More devices than the cache holds, posted to at once: devices are dropped and loaded again while memory
        // warnings are still being committed. A device loaded without its pending callbacks would number its next
        // ones again (and its commit would fail).
        let live = try LiveServer { $0.cacheLimit = 1 }
        let apps = try (0..<4).map { index in
            let app = try live.install(["bundleId": .string("com.example.warned\(index)")])
            try live.post(app, ["type": "launch"])
            return app
        }
        let failures = Mutex<[String]>([])
        let port = live.port
        let warning = JSONValue.object(["type": "memoryWarning"]).jsonBytes
        // Four clients per app, each on a thread of its own, so a device is asked for again while its previous
        // write is still pending.
        let done = DispatchGroup()
        for client in 0..<(apps.count * 4) {
            let app = apps[client % apps.count]
            done.enter()
            Thread {
                defer { done.leave() }
                for _ in 0..<10 {
                    do {
                        let reply = try TestHTTPClient.request(
                            port: port, "POST", "/v1/instances/\(app)/events",
                            headers: [("Content-Type", "application/json")], body: warning)
                        if reply.status != 200 {
                            failures.withLock { $0.append("\(app): \(reply.status) \(String(decoding: reply.body, as: UTF8.self))") }
                        }
                    } catch {
                        failures.withLock { $0.append("\(app): \(error)") }
                    }
                }
            }.start()
        }
        done.wait()
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0.prefix(3) })")
        for app in apps {
            let history = try live.callbacks(app)
            #expect(history.compactMap { $0["seq"]?.doubleValue }.map { Int($0) } == Array(1...history.count))
            #expect(history.filter { $0["name"] == "applicationDidReceiveMemoryWarning:" }.count == 40)
            // One event per device: launch, then the warnings, numbered without a gap.
            let events = history.compactMap { $0["event"]?.doubleValue }.map { Int($0) }
            #expect(Array(Set(events)).sorted() == Array(1...41), "\(app)")
            let device = String(app.prefix { $0 != "." })
            #expect(try live.get("/v1/devices/\(device)").json["eventSeq"] == 41)
        }
    }
}

@Suite("Live: instances as shown")
struct LiveShownInstanceTests {
    @Test("GET /v1/instances/{id} shows every change at once, and background time running down between changes")
    func showsChangesAndTime() throws {
        let hand = HandClock()
        let live = try LiveServer(clock: hand.clock)
        let device = try live.createDevice(["clock": ["mode": "realtime", "speed": 1], "limits": ["backgroundTaskSeconds": 30]])
        let app = try live.install(["bundleId": "com.example.shown"], device: device)
        let other = try live.install(["bundleId": "com.example.other"], device: device)
        func shown(_ id: String) throws -> JSONValue { try live.get("/v1/instances/\(id)").json }

        #expect(try shown(app)["launchCount"] == 0)
        #expect(try shown(app)["state"] == "notRunning")
        try live.post(app, ["type": "launch"])
        #expect(try shown(app)["state"] == "active")
        #expect(try shown(app)["launchCount"] == 1)
        try live.post(app, ["type": "edit", "memory": ["draft": "x"]])
        #expect(try shown(app)["data"]?["memory"] == ["draft": "x"])
        try live.post(app, ["type": "beginBackgroundTask", "name": "upload"])
        #expect(try shown(app)["backgroundTimeRemaining"] == .null)

        // An event on another app of the device changes this one's applicationState and state.
        #expect(try shown(other)["state"] == "notRunning")
        try live.post(other, ["type": "launch"])
        let moved = try shown(app)
        #expect(moved["state"] == "background")
        #expect(moved["backgroundTimeRemaining"] == 30)
        hand.advance(seconds: 4)
        #expect(try shown(app)["backgroundTimeRemaining"] == 26)
        hand.advance(seconds: 6)
        #expect(try shown(app)["backgroundTimeRemaining"] == 20)

        // A device event shows on its instances: locking sends the foreground app to the background.
        #expect(try shown(other)["applicationState"] == "active")
        try live.postDevice(device, ["type": "lock"])
        #expect(try shown(other)["applicationState"] != "active")
        try live.postDevice(device, ["type": "unlock"])
        #expect(try shown(other)["applicationState"] == "active")
        try live.post(other, ["type": "edit", "memory": ["n": 1]])
        #expect(try shown(other)["data"]?["memory"] == ["n": 1])
        #expect(try live.request("DELETE", "/v1/devices/\(device)").status == 204)
        #expect(try live.get("/v1/instances/\(app)").status == 404)
    }
}
