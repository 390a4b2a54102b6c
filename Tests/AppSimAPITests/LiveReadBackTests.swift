import AppSimJSON
import AppSimTestSupport
import Foundation
import Glibc
import Testing

/// Whatever the server accepts, it reads back after a restart (openapi.yaml, Durability): random requests, the
/// free-form values among them (saved data, UI state, settings, push payloads) nested as deep as a request
/// may, then `kill -9` and SIGTERM; every device, instance, history and journal reads back identical. And a row
/// that cannot be read (damaged, or written by another version) hides its own device only.
@Suite("Live: what is accepted reads back")
struct LiveReadBackTests {
    typealias Seeded = SeededGenerator

    /// A value nested `depth` levels (0: a scalar), arrays and objects mixed.
    static func nested(_ depth: Int, _ random: inout Seeded) -> JSONValue {
        var value: JSONValue = Bool.random(using: &random) ? .integer(Int64.random(in: -1000...1000, using: &random)) : .string("v")
        for _ in 0..<depth {
            value = Bool.random(using: &random) ? .array([value]) : .object(["k": value])
        }
        return value
    }

    /// A value to be kept, at most as deep as one may nest, and often exactly that deep.
    static func value(_ random: inout Seeded) -> JSONValue {
        let most = JSONValue.maxValueDepth
        return nested(Bool.random(using: &random) ? most : Int.random(in: 0...most, using: &random), &random)
    }

    /// Everything a client can read, page by page: devices, instances, histories and journals.
    static func everything(_ get: (String) throws -> LiveServer.Reply) throws -> [String: JSONValue] {
        var read: [String: JSONValue] = [:]
        func pages(_ path: String, key: String) throws -> [JSONValue] {
            var items: [JSONValue] = []
            var after: String?
            for _ in 0..<1_000 {
                let reply = try get(path + (after.map { "\(path.contains("?") ? "&" : "?")after=\($0)" } ?? ""))
                #expect(reply.status == 200, "\(path): \(reply.text.prefix(300))")
                read["\(path) after \(after ?? "-")"] = reply.json
                items += reply.json["items"]?.arrayValue ?? []
                guard let next = reply.json["next"], !next.isNull else { break }
                after = next.stringValue ?? next.int64Value.map(String.init)
            }
            return items
        }
        for device in try pages("/v1/devices?limit=3", key: "devices") {
            let id = try #require(device["id"]?.stringValue)
            read[id] = try get("/v1/devices/\(id)").json
            _ = try pages("/v1/devices/\(id)/events?limit=50", key: id)
        }
        for instance in try pages("/v1/instances?limit=4", key: "instances") {
            let id = try #require(instance["id"]?.stringValue)
            read[id] = try get("/v1/instances/\(id)").json
            _ = try pages("/v1/instances/\(id)/callbacks?limit=100", key: id)
        }
        return read
    }

    @Test("random accepted requests with kept values nested as deep as they may: after kill -9, and after SIGTERM, every device reads back identical", arguments: [1, 2, 3])
    func acceptedRequestsReadBack(seed: UInt64) throws {
        var random = Seeded(seed: seed)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("appsim-readback-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("appsim.db").path
        var server: AppSimProcess? = try AppSimProcess(database: database)
        func send(_ method: String, _ path: String, _ json: JSONValue? = nil) throws -> LiveServer.Reply {
            let reply = try server!.request(method, path, json: json)
            #expect(reply.status < 500, "\(method) \(path) → \(reply.status) \(reply.text.prefix(300))")
            return reply
        }

        var devices: [String] = []
        var apps: [String] = []
        for number in 0..<4 {
            let created = try send("POST", "/v1/devices", ["osVersion": number % 2 == 0 ? "17.0" : "15.0", "clock": ["mode": "manual"], "labels": ["suite": "readback"]])
            let device = try #require(created.json["id"]?.stringValue, "\(created.text.prefix(300))")
            devices.append(device)
            let infos: [JSONValue] = [
                ["bundleId": "com.example.scenes", "stateRestoration": true, "scenes": ["supportsMultiple": true], "backgroundModes": ["fetch", "remote-notification"]],
                ["bundleId": "com.example.notes", "stateRestoration": true, "urlSchemes": ["notes"]],
            ]
            for info in infos {
                let installed = try send("POST", "/v1/instances", ["device": .string(device), "info": info])
                apps.append(try #require(installed.json["id"]?.stringValue))
            }
        }
        for _ in 0..<400 {
            let app = apps.randomElement(using: &random)!
            let device = String(app.split(separator: ".")[0])
            let scene = "\(app).s\(Int.random(in: 1...3, using: &random))"
            let events: [JSONValue] = [
                ["type": "launch"], ["type": "home"], ["type": "launch"], ["type": "openScene"],
                ["type": "edit", "memory": ["draft": Self.value(&random)]],
                ["type": "edit", "ui": Self.value(&random)],
                ["type": "edit", "ui": Self.value(&random), "scene": .string(scene)],
                ["type": "closeScene", "scene": .string(scene)], ["type": "disconnectScene", "scene": .string(scene)],
                ["type": "push", "payload": ["aps": ["content-available": 1], "data": Self.value(&random)]],
                ["type": "memoryWarning"], ["type": "terminate"], ["type": "forceQuit"], ["type": "crash"],
                ["type": "openURL", "url": "notes://item/1"], ["type": "lock"], ["type": "unlock"],
                ["type": "backgroundFetch"], ["type": "completeFetch", "result": "newData"],
            ]
            let deviceEvents: [JSONValue] = [
                ["type": "advanceClock", "seconds": .integer(Int64.random(in: 1...40, using: &random))],
                ["type": "settings", "changes": ["theme": Self.value(&random)]],
                ["type": "memoryPressure"], ["type": "orientation", "value": "landscapeLeft"],
            ]
            if Int.random(in: 0..<4, using: &random) == 0 {
                _ = try send("POST", "/v1/devices/\(device)/events", deviceEvents.randomElement(using: &random)!)
            } else {
                _ = try send("POST", "/v1/instances/\(app)/events", events.randomElement(using: &random)!)
            }
        }
        let before = try Self.everything { try send("GET", $0) }
        #expect(before.count > 20, "the reads found too little to compare")

        server!.stop(with: SIGKILL)
        server = try AppSimProcess(database: database)
        let afterKill = try Self.everything { try send("GET", $0) }
        #expect(afterKill == before, "what kill -9 gave back differs")
        #expect(try send("GET", "/healthz").status == 200)

        server!.stop(with: SIGTERM)
        server = try AppSimProcess(database: database)
        let afterStop = try Self.everything { try send("GET", $0) }
        #expect(afterStop == before, "what a stop gave back differs")
        // And each device still takes events.
        for device in devices { #expect(try send("POST", "/v1/devices/\(device)/events", ["type": "advanceClock", "seconds": 1]).status == 200) }
        server!.stop(with: SIGTERM)
    }

    @Test("a value to be kept that nests deeper than 32 levels is 422 naming its field, and changes nothing")
    func keptValuesHaveADepthLimit() throws {
        let live = try LiveServer()
        let device = try live.createDevice(["clock": ["mode": "manual"]])
        let app = try live.install(["bundleId": "com.example.notes", "backgroundModes": ["remote-notification"]], device: device)
        try live.post(app, ["type": "launch"])
        var random = Seeded(seed: 7)
        let tooDeep = Self.nested(JSONValue.maxValueDepth + 1, &random)
        let deepest = Self.nested(JSONValue.maxValueDepth, &random)
        let before = try live.everything()
        for (path, body, field) in [
            ("/v1/instances/\(app)/events", ["type": "edit", "memory": ["draft": tooDeep]] as JSONValue, "memory.draft"),
            ("/v1/instances/\(app)/events", ["type": "edit", "ui": tooDeep], "ui"),
            ("/v1/instances/\(app)/events", ["type": "push", "payload": ["aps": ["alert": "hi"], "x": Self.nested(JSONValue.maxValueDepth, &random)]], "payload"),
            ("/v1/devices/\(device)/events", ["type": "settings", "changes": ["theme": Self.nested(JSONValue.maxValueDepth, &random)]], "changes"),
        ] {
            let reply = try live.request("POST", path, json: body)
            ProblemReply.expect(reply, 422, "invalid-field", field: field, "\(body)".prefix(80).description)
            #expect(reply.json["detail"]?.stringValue?.contains("at most 32") == true)
        }
        // Deeper than a request may nest at all, the body is not read, and the answer says why.
        let unread = try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "edit", "ui": Self.nested(70, &random)])
        ProblemReply.expect(unread, 400, "malformed-json")
        #expect(unread.json["detail"]?.stringValue?.contains("deeper than 64 levels") == true)
        #expect(unread.json["detail"]?.stringValue?.contains("not valid JSON") == false)
        #expect(try live.everything() == before)
        #expect(try live.post(app, ["type": "edit", "memory": ["draft": deepest], "ui": deepest])["changes"] != nil)
    }

    @Test("a row that cannot be read makes its own device 503, and lists go on without it, naming it in unreadable")
    func oneUnreadableRowHidesOnlyItsDevice() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("appsim-unreadable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("appsim.db").path
        var server = try AppSimProcess(database: database)
        var devices: [String] = []
        for _ in 0..<3 {
            let device = try #require(try server.request("POST", "/v1/devices", json: ["clock": ["mode": "manual"]]).json["id"]?.stringValue)
            _ = try server.request("POST", "/v1/instances", json: ["device": .string(device), "info": ["bundleId": "com.example.notes"]])
            devices.append(device)
        }
        server.stop(with: SIGTERM)
        let damaged = devices[1]
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        sqlite.arguments = ["sqlite3", database, "UPDATE devices SET body = CAST('{\"id\": 1' AS BLOB) WHERE id = '\(damaged)'"]
        try sqlite.run()
        sqlite.waitUntilExit()
        try #require(sqlite.terminationStatus == 0)

        server = try AppSimProcess(database: database)
        let list = try server.get("/v1/devices")
        #expect(list.status == 200)
        #expect(list.json["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == devices.filter { $0 != damaged }.sorted())
        #expect(list.json["unreadable"] == [.string(damaged)])
        let instances = try server.get("/v1/instances")
        #expect(instances.status == 200)
        #expect(instances.json["items"]?.arrayValue?.count == 2)
        #expect(instances.json["unreadable"] == [.string(damaged)])
        #expect(try server.get("/v1/devices/\(damaged)").status == 503)
        #expect(try server.get("/v1/devices/\(devices[0])").status == 200)
        server.stop(with: SIGTERM)
    }
}
