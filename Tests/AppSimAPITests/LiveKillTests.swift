import AppSimJSON
import AppSimTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

/// LIFECYCLE.md §6: "a server restart (even `kill -9`) loses nothing that a reply acknowledged, and every instance is
/// exactly where it was", checked on the real `appsim serve` binary killed with SIGKILL.
@Suite("§6 Live: kill -9", .serialized)
struct LiveKillTests {
    /// Everything a client can read back about the server's state.
    struct Snapshot: Equatable {
        var devices: [String: JSONValue] = [:]
        var instances: [String: JSONValue] = [:]
        var histories: [String: [JSONValue]] = [:]
        var instanceList: JSONValue = .null
        var deviceList: JSONValue = .null
    }

    /// The real server over one database, killed and restarted by the test.
    final class Server {
        let directory: URL
        let database: String
        var process: AppSimProcess

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("appsim-kill-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            database = directory.appendingPathComponent("appsim.db").path
            process = try AppSimProcess(database: database)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        func kill() {
            process.stop(with: SIGKILL)
            #expect(process.process.terminationReason == .uncaughtSignal)
        }

        func restart() throws {
            process = try AppSimProcess(database: database)
        }

        /// Sends a request that must be acknowledged with `status`, and returns its JSON.
        @discardableResult
        func acknowledged(_ method: String, _ path: String, _ json: JSONValue? = nil, status: Int = 200,
                          sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
            let reply = try process.request(method, path, json: json)
            try #require(reply.status == status, "\(method) \(path) \(json?.jsonString ?? "") answered \(reply.status): \(reply.text)",
                         sourceLocation: sourceLocation)
            return reply.json
        }

        func install(_ info: JSONValue, on device: String, behavior: JSONValue = [:]) throws -> String {
            let reply = try acknowledged("POST", "/v1/instances", ["device": .string(device), "info": info, "behavior": behavior], status: 201)
            return try #require(reply["id"]?.stringValue)
        }

        @discardableResult
        func event(_ instance: String, _ event: JSONValue) throws -> JSONValue {
            try acknowledged("POST", "/v1/instances/\(instance)/events", event)
        }

        @discardableResult
        func deviceEvent(_ device: String, _ event: JSONValue) throws -> JSONValue {
            try acknowledged("POST", "/v1/devices/\(device)/events", event)
        }

        func history(_ instance: String) throws -> [JSONValue] {
            var items: [JSONValue] = []
            var after = 0
            while true {
                let page = try acknowledged("GET", "/v1/instances/\(instance)/callbacks?after=\(after)&limit=1000")
                items += page["items"]?.arrayValue ?? []
                guard let next = page["next"]?.doubleValue else { return items }
                after = Int(next)
            }
        }

        func snapshot(devices: [String], instances: [String]) throws -> Snapshot {
            var snapshot = Snapshot()
            for device in devices { snapshot.devices[device] = try acknowledged("GET", "/v1/devices/\(device)") }
            for instance in instances {
                snapshot.instances[instance] = try acknowledged("GET", "/v1/instances/\(instance)")
                snapshot.histories[instance] = try history(instance)
            }
            snapshot.instanceList = try acknowledged("GET", "/v1/instances?limit=1000")
            snapshot.deviceList = try acknowledged("GET", "/v1/devices?limit=1000")
            return snapshot
        }
    }

    @Test("§6 a server restart (even kill -9) loses nothing that a reply acknowledged, and every instance is exactly where it was")
    func killNineLosesNothingAcknowledged() throws {
        let server = try Server()
        var acknowledged: [JSONValue] = []  // every EventResult the server sent

        // A device in every kind of stored state: suspended with an archive, a pending notification and a shown push;
        // running in the background with a task; in the foreground with a call ringing; force-quit.
        let phone = try #require(try server.acknowledged("POST", "/v1/devices", [
            "osVersion": "15.0", "memoryMB": 1500, "clock": ["mode": "manual"], "labels": ["suite": "kill"],
            "limits": ["suspendDelaySeconds": 3, "fetchSeconds": 20],
        ], status: 201)["id"]?.stringValue)
        let notes = try server.install(["bundleId": "com.example.notes", "stateRestoration": true, "dataProtection": true], on: phone)
        let radio = try server.install(["bundleId": "com.example.radio", "backgroundModes": ["audio"], "memoryMB": 300], on: phone)
        let mail = try server.install(["bundleId": "com.example.mail"], on: phone)
        let swiped = try server.install(["bundleId": "com.example.swiped"], on: phone)
        let removed = try server.install(["bundleId": "com.example.removed"], on: phone)
        let script: [(app: String, event: JSONValue)] = [
            (notes, ["type": "launch"]), (notes, ["type": "edit", "memory": ["draft": "kept"], "ui": ["screen": "editor"]]),
            (swiped, ["type": "launch"]), (swiped, ["type": "home"]), (swiped, ["type": "forceQuit"]),
            (removed, ["type": "launch"]), (removed, ["type": "incomingCall"]), (removed, ["type": "declineCall"]),
            (radio, ["type": "launch"]), (radio, ["type": "edit", "memory": ["station": "jazz"]]),
            (radio, ["type": "advanceClock", "seconds": 4]),
            (radio, ["type": "beginBackgroundTask", "name": "stream"]),
            (mail, ["type": "launch"]),
            (notes, ["type": "push", "payload": ["aps": ["alert": "New note"], "noteId": "n1"]]),
        ]
        for step in script { acknowledged.append(try server.event(step.app, step.event)) }
        acknowledged.append(try server.deviceEvent(phone, ["type": "orientation", "value": "landscapeLeft"]))
        acknowledged.append(try server.event(mail, ["type": "incomingCall"]))
        try server.acknowledged("DELETE", "/v1/instances/\(removed)", status: 204)
        // A second device, old and locked; and a third, deleted.
        let old = try #require(try server.acknowledged("POST", "/v1/devices", ["osVersion": "4.2", "clock": ["mode": "manual"]], status: 201)["id"]?.stringValue)
        let game = try server.install(["bundleId": "com.example.game", "urlSchemes": ["game"]], on: old)
        acknowledged.append(try server.event(game, ["type": "openURL", "url": "game://level/3"]))
        acknowledged.append(try server.deviceEvent(old, ["type": "lock"]))
        let gone = try #require(try server.acknowledged("POST", "/v1/devices", ["clock": ["mode": "manual"]], status: 201)["id"]?.stringValue)
        let goneApp = try server.install(["bundleId": "com.example.gone"], on: gone)
        acknowledged.append(try server.event(goneApp, ["type": "launch"]))
        try server.acknowledged("DELETE", "/v1/devices/\(gone)", status: 204)

        let devices = [phone, old]
        let instances = [notes, radio, mail, swiped, game]
        let before = try server.snapshot(devices: devices, instances: instances)
        // The scene is what it was meant to be, so that the comparison below covers each kind of state.
        #expect(before.instances[notes]?["state"] == "suspended")
        #expect(before.instances[notes]?["restorationArchive"] == ["screen": "editor"])
        #expect(before.instances[notes]?["pendingNotifications"]?.arrayCount == 1)
        #expect(before.instances[notes]?["shownNotification"] != .null)
        #expect(before.instances[radio]?["backgroundTasks"]?.arrayCount == 1)
        #expect(before.instances[radio]?["state"] == "background")
        #expect(before.instances[mail]?["state"] == "inactive")
        #expect(before.instances[swiped]?["forceQuit"] == true)
        #expect(before.devices[phone]?["call"] == ["instance": .string(mail), "answered": false])
        #expect(before.devices[old]?["locked"] == true)
        #expect(before.instanceList["items"]?.arrayCount == instances.count)

        server.kill()
        try server.restart()

        let after = try server.snapshot(devices: devices, instances: instances)
        #expect(after.devices == before.devices)
        #expect(after.instances == before.instances)
        #expect(after.histories == before.histories)
        #expect(after.instanceList == before.instanceList)
        #expect(after.deviceList == before.deviceList)
        // Every callback of every acknowledged reply is stored as it was sent.
        for result in acknowledged {
            for callback in result["callbacks"]?.arrayValue ?? [] {
                guard let instance = callback["instance"]?.stringValue, let seq = callback["seq"]?.doubleValue,
                      let history = after.histories[instance] else { continue }  // removed and gone are checked below
                #expect(history.indices.contains(Int(seq) - 1) && history[Int(seq) - 1] == callback, "lost: \(callback.jsonString)")
            }
        }
        // What was deleted stays deleted.
        #expect(try server.process.get("/v1/instances/\(removed)").status == 404)
        #expect(try server.process.get("/v1/devices/\(gone)").status == 404)
        #expect(try server.process.get("/v1/instances/\(goneApp)/callbacks").status == 404)

        // The story goes on where it stopped: the call, the seqs, the saved data and the archive.
        let answer = try server.event(mail, ["type": "answerCall"])
        #expect(answer["event"]?["seq"] == .number((before.devices[phone]?["eventSeq"]?.doubleValue ?? 0) + 1))
        let relaunch = try server.event(notes, ["type": "launch"])
        #expect(names(relaunch, of: notes) == [
            "applicationWillEnterForeground:", "UIDeviceOrientationDidChangeNotification", "applicationDidBecomeActive:",
        ])
        #expect(relaunch["callbacks"]?.arrayValue?.first { $0["instance"] == .string(notes) }?["seq"]
                == JSONValue((before.histories[notes]?.count ?? 0) + 1))
        // Killed while suspended (terminate), notes restores its archive and starts from what it saved.
        try server.event(notes, ["type": "home"])
        try server.deviceEvent(phone, ["type": "advanceClock", "seconds": 3])
        try server.event(notes, ["type": "terminate"])
        let restored = try server.event(notes, ["type": "launch"])
        #expect(names(restored, of: notes).contains("application:didDecodeRestorableStateWithCoder:"))
        #expect(try server.acknowledged("GET", "/v1/instances/\(notes)")["data"]?["memory"] == ["draft": "kept", "ui": ["screen": "editor"]])
    }

    /// What one client was told: the replies to its events, in order.
    final class ClientLog: Sendable {
        private let replies = Mutex<[JSONValue]>([])
        private let edits = Mutex(0)

        func append(_ reply: JSONValue, edit: Int?) {
            replies.withLock { $0.append(reply) }
            if let edit { edits.withLock { $0 = edit } }
        }

        var all: [JSONValue] { replies.withLock { $0 } }
        var lastEdit: Int { edits.withLock { $0 } }
    }

    @Test("§6 kill -9 while clients are posting: every acknowledged event is stored with all its callbacks, seqs have no gap, and state matches history")
    func killNineUnderLoad() throws {
        let server = try Server()
        let clients = 4
        var apps: [String] = []
        for index in 0..<clients {
            let device = try #require(try server.acknowledged("POST", "/v1/devices", ["clock": ["mode": "manual"]], status: 201)["id"]?.stringValue)
            apps.append(try server.install(["bundleId": .string("com.example.load\(index)")], on: device))
        }
        let logs = apps.map { _ in ClientLog() }
        let port = server.process.port
        // Each client drives its own app around launch → edit → Home until the server goes away.
        let workers = zip(apps, logs).map { app, log in
            Waiting<Int> {
                var n = 0
                while true {
                    n += 1
                    let steps: [(event: JSONValue, edit: Int?)] = [
                        (["type": "launch"], nil), (["type": "edit", "memory": ["n": JSONValue(n)]], n), (["type": "home"], nil),
                    ]
                    for step in steps {
                        guard let response = try? TestHTTPClient.request(
                            port: port, "POST", "/v1/instances/\(app)/events", headers: [("Content-Type", "application/json")],
                            body: step.event.jsonBytes),
                            response.status == 200
                        else { return n }
                        log.append(try JSONValue.parse(response.body), edit: step.edit)
                    }
                }
            }
        }
        // Kill once every client has had a good number of events acknowledged, while they keep posting.
        let deadline = Date().addingTimeInterval(60)
        while logs.contains(where: { $0.all.count < 30 }), Date() < deadline { usleep(1_000) }
        try #require(logs.allSatisfy { $0.all.count >= 30 }, "the clients did not get 30 events acknowledged each within 60 s")
        server.kill()
        // Every client has seen its server go away before the new one starts (it could get the same port).
        for worker in workers { _ = try worker.result(timeout: 30) }
        try server.restart()

        for (app, log) in zip(apps, logs) {
            let history = try server.history(app)
            #expect(history.compactMap { $0["seq"]?.doubleValue } == (0..<history.count).map { Double($0 + 1) }, "seqs of \(app)")
            for reply in log.all {
                for callback in reply["callbacks"]?.arrayValue ?? [] {
                    let seq = Int(callback["seq"]?.doubleValue ?? 0)
                    #expect(history.indices.contains(seq - 1) && history[seq - 1] == callback, "\(app) lost \(callback.jsonString)")
                }
            }
            let instance = try server.acknowledged("GET", "/v1/instances/\(app)")
            #expect(instance["state"] == history.last?["state"])
            // The last acknowledged edit is there, or the one after it, which was in flight when the server died.
            let stored = Int(instance["data"]?["memory"]?["n"]?.doubleValue ?? 0)
            #expect(stored == log.lastEdit || stored == log.lastEdit + 1, "\(app) holds n = \(stored), acknowledged \(log.lastEdit)")
        }
    }
}
