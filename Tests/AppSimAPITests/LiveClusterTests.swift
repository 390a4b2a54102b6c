import AppSimJSON
import AppSimTestSupport
import Foundation
import Glibc
import Testing

/// Three real nodes behind a real HAProxy on loopback, started and restarted by `scripts/cluster` as a user runs it
/// (docs/scale-out.md).
@Suite("Live: a cluster of three nodes behind HAProxy", .serialized)
struct LiveClusterTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct StartFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// A running cluster in a folder of its own; `down` when done.
    final class Cluster {
        let directory: URL
        let port: Int

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("appsim-cluster-\(UUID().uuidString)")
            port = try Self.freePorts(4)
            let (status, output) = Self.script(["up", "--nodes", "3", "--port", String(port), "--dir", directory.path, "--binary", BuiltBinary.appsim])
            try #require(status == 0, "scripts/cluster up failed: \(output)")
        }

        deinit {
            _ = Self.script(["down", "--dir", directory.path])
            try? FileManager.default.removeItem(at: directory)
        }

        func nodePort(_ node: String) -> Int { port + Int(node.dropFirst())! }

        /// The pid in the node's lock file.
        func pid(_ node: String) throws -> Int32 {
            let text = try String(contentsOf: directory.appendingPathComponent("\(node)/appsim.db-lock"), encoding: .utf8)
            return try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), "no pid in \(node)'s lock file: '\(text)'")
        }

        func restart(_ node: String) throws {
            let (status, output) = Self.script(["restart-node", node, "--dir", directory.path])
            try #require(status == 0, "scripts/cluster restart-node failed: \(output)")
        }

        @discardableResult
        static func script(_ arguments: [String]) -> (Int32, String) {
            let process = Process()
            process.executableURL = LiveClusterTests.root.appendingPathComponent("scripts/cluster")
            process.arguments = arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            do { try process.run() } catch { return (-1, "\(error)") }
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }

        /// A port P with P…P+count-1 free on loopback.
        static func freePorts(_ count: Int) throws -> Int {
            for _ in 0..<200 {
                let base = Int.random(in: 20_000...55_000)
                if (base..<base + count).allSatisfy(isFree) { return base }
            }
            throw StartFailure(description: "no \(count) free ports in a row on loopback")
        }

        static func isFree(_ port: Int) -> Bool {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            } == 0
        }
    }

    static func request(_ port: Int, _ method: String, _ target: String, _ body: String? = nil) throws -> TestHTTPClient.Response {
        try TestHTTPClient.request(port: port, method, target, body: body.map { Array($0.utf8) } ?? [])
    }

    static func json(_ response: TestHTTPClient.Response) throws -> JSONValue { try JSONValue.parse(response.body) }

    static func node(of id: String) -> String { String(id.prefix { $0 != "-" }) }

    /// Every item of a list through the proxy, page by page.
    static func all(_ port: Int, _ path: String, limit: Int) throws -> (ids: [String], pages: [JSONValue]) {
        var ids: [String] = []
        var pages: [JSONValue] = []
        var after: String?
        repeat {
            let response = try request(port, "GET", "\(path)?limit=\(limit)" + (after.map { "&after=\($0)" } ?? ""))
            try #require(response.status == 200, "\(path): \(response.status) \(response.text)")
            let page = try json(response)
            pages.append(page)
            ids += (page["items"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
            after = page["next"]?.stringValue
        } while after != nil
        return (ids, pages)
    }

    @Test("creates spread over the nodes and carry their node's id; every request, long poll and stream about a device reaches its node; lists cover every node in one order, paged without gaps or duplicates")
    func routesByTheIdsNode() throws {
        let cluster = try Cluster()
        let proxy = cluster.port
        var devices: [String] = []
        for _ in 0..<9 {
            let response = try Self.request(proxy, "POST", "/v1/devices", #"{"clock": {"mode": "manual"}}"#)
            try #require(response.status == 201, "\(response.text)")
            let id = try #require(try Self.json(response)["id"]?.stringValue)
            #expect(id.wholeMatch(of: /n[123]-d[a-z0-9]{7}/) != nil, "\(id)")
            #expect(response.headers["x-appsim-node"] == Self.node(of: id), "\(response.headers)")
            devices.append(id)
        }
        #expect(Set(devices.map(Self.node)) == ["n1", "n2", "n3"], "creates were not spread: \(devices)")

        var apps: [String] = []
        for device in devices {
            let owner = Self.node(of: device)
            let installed = try Self.request(proxy, "POST", "/v1/devices/\(device)/instances", #"{"info": {"bundleId": "com.example.notes"}}"#)
            #expect(installed.status == 201 && installed.headers["x-appsim-node"] == owner, "\(installed.status) \(installed.text)")
            let app = try #require(try Self.json(installed)["id"]?.stringValue)
            #expect(app.hasPrefix(device + "."))
            apps.append(app)
            for (method, target, body) in [
                ("POST", "/v1/instances/\(app)/events", #"{"type": "launch"}"#), ("GET", "/v1/instances/\(app)", nil),
                ("GET", "/v1/instances/\(app)/callbacks", nil), ("GET", "/v1/devices/\(device)", nil),
                ("GET", "/v1/devices/\(device)/events", nil), ("POST", "/v1/devices/\(device)/events", #"{"type": "advanceClock", "seconds": 1}"#),
            ] {
                let response = try Self.request(proxy, method, target, body)
                #expect(response.status == 200, "\(method) \(target): \(response.status) \(response.text)")
                #expect(response.headers["x-appsim-node"] == owner, "\(method) \(target) was answered by \(response.headers["x-appsim-node"] ?? "nobody")")
            }
            // Asked directly, another node refuses it, naming its owner.
            let other = owner == "n1" ? "n2" : "n1"
            let misdirected = try Self.request(cluster.nodePort(other), "GET", "/v1/instances/\(app)")
            #expect(misdirected.status == 421 && misdirected.headers["x-appsim-node"] == other, "\(misdirected.status) \(misdirected.text)")
            #expect(try Self.json(misdirected)["owner"]?.stringValue == owner)
        }

        // A long poll and a stream through the proxy, each answered by the app's node when an event comes.
        let app = apps[0]
        let owner = Self.node(of: app)
        let newest = try Self.json(try Self.request(proxy, "GET", "/v1/instances/\(app)/callbacks"))["items"]?.arrayValue?.count ?? 0
        let poll = try TestHTTPClient(port: proxy)
        try poll.send("GET", "/v1/instances/\(app)/callbacks?after=\(newest)&wait=20")
        let stream = try TestHTTPClient(port: proxy)
        try stream.send("GET", "/v1/instances/\(app)/stream?after=\(newest)")
        let head = try stream.readResponseHead()
        #expect(head.status == 200 && head.headers["x-appsim-node"] == owner && head.headers["content-type"] == "text/event-stream", "\(head)")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try Self.request(proxy, "POST", "/v1/instances/\(app)/events", #"{"type": "home"}"#).status == 200)
        let waited = try poll.readResponse()
        #expect(waited.status == 200 && waited.headers["x-appsim-node"] == owner, "\(waited.status) \(waited.text)")
        #expect((try Self.json(waited)["items"]?.arrayValue ?? []).contains { $0["name"]?.stringValue == "applicationDidEnterBackground:" }, "\(waited.text)")
        var streamed = ""
        while !streamed.contains("applicationDidEnterBackground:"), let chunk = try stream.readChunk() {
            streamed += String(decoding: chunk, as: UTF8.self)
        }
        #expect(streamed.contains("applicationDidEnterBackground:"), "\(streamed)")
        stream.disconnect()

        // Lists through the proxy: every node's items, in the one order of their ids, without gaps or duplicates.
        for limit in [2, 4, 100] {
            let listedDevices = try Self.all(proxy, "/v1/devices", limit: limit)
            #expect(listedDevices.ids == devices.sorted(), "limit \(limit): \(listedDevices.ids)")
            let listedApps = try Self.all(proxy, "/v1/instances", limit: limit)
            #expect(listedApps.ids == apps.sorted(), "limit \(limit): \(listedApps.ids)")
            #expect(listedDevices.pages.allSatisfy { $0["unavailableNodes"] == nil })
        }
        // One device's apps, from its node only; a node's own list with scope=node.
        let filtered = try Self.json(try Self.request(proxy, "GET", "/v1/instances?device=\(devices[4])"))
        #expect(filtered["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == [apps[4]])
        let own = try Self.all(cluster.nodePort("n3"), "/v1/devices", limit: 100).ids
        #expect(own == devices.sorted(), "a node's list covers the cluster too")
        let local = try Self.json(try Self.request(cluster.nodePort("n3"), "GET", "/v1/devices?scope=node"))
        #expect(local["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == devices.filter { $0.hasPrefix("n3-") }.sorted())
    }

    @Test("kill -9 of a node: its ids are 503 problem JSON within seconds, the other nodes serve, creates avoid it and lists name it; after restart-node its devices are whole")
    func aNodeDownAndBack() throws {
        let cluster = try Cluster()
        let proxy = cluster.port
        var devices: [String: String] = [:]  // node → a device of it
        var histories: [String: Int] = [:]  // app → callbacks
        while devices.count < 3 {
            let created = try Self.json(try Self.request(proxy, "POST", "/v1/devices", "{}"))
            let device = try #require(created["id"]?.stringValue)
            guard devices[Self.node(of: device)] == nil else { continue }
            devices[Self.node(of: device)] = device
            let app = try #require(try Self.json(try Self.request(proxy, "POST", "/v1/devices/\(device)/instances", #"{"info": {"bundleId": "com.example.notes"}}"#))["id"]?.stringValue)
            for event in ["launch", "home", "launch"] {
                #expect(try Self.request(proxy, "POST", "/v1/instances/\(app)/events", #"{"type": "\#(event)"}"#).status == 200)
            }
            histories[app] = try Self.json(try Self.request(proxy, "GET", "/v1/instances/\(app)/callbacks"))["items"]?.arrayValue?.count
        }

        let victim = try #require(devices["n2"])
        #expect(kill(try cluster.pid("n2"), SIGKILL) == 0)
        let killed = Date()
        var response = try Self.request(proxy, "GET", "/v1/devices/\(victim)")
        while response.status != 503, Date().timeIntervalSince(killed) < 10 {
            Thread.sleep(forTimeInterval: 0.1)
            response = try Self.request(proxy, "GET", "/v1/devices/\(victim)")
        }
        #expect(response.status == 503 && response.headers["content-type"] == "application/problem+json", "\(response.status) \(response.text)")
        #expect(try Self.json(response)["node"]?.stringValue == "n2", "\(response.text)")
        #expect(Date().timeIntervalSince(killed) < 10)
        // Wait until HAProxy's checks have marked it down (two failed checks a second apart), then creates avoid it.
        Thread.sleep(forTimeInterval: 3)
        for node in ["n1", "n3"] {
            let alive = try Self.request(proxy, "GET", "/v1/devices/\(devices[node]!)")
            #expect(alive.status == 200 && alive.headers["x-appsim-node"] == node, "\(alive.status) \(alive.text)")
        }
        for _ in 0..<6 {
            let created = try Self.request(proxy, "POST", "/v1/devices", "{}")
            #expect(created.status == 201, "\(created.status) \(created.text)")
            #expect(created.headers["x-appsim-node"] != "n2" && created.headers["x-appsim-node"] != nil)
        }
        let page = try Self.json(try Self.request(proxy, "GET", "/v1/devices"))
        #expect(page["unavailableNodes"] == .array([.string("n2")]), "\(page["unavailableNodes"] ?? .null)")
        let ids = page["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        #expect(ids.contains(devices["n1"]!) && ids.contains(devices["n3"]!) && !ids.contains(victim))

        try cluster.restart("n2")
        let back = try Self.request(proxy, "GET", "/v1/devices/\(victim)")
        #expect(back.status == 200 && back.headers["x-appsim-node"] == "n2", "\(back.status) \(back.text)")
        for (app, count) in histories {
            let history = try Self.json(try Self.request(proxy, "GET", "/v1/instances/\(app)/callbacks"))
            #expect(history["items"]?.arrayValue?.count == count, "\(app)")
            #expect(try Self.json(try Self.request(proxy, "GET", "/v1/instances/\(app)"))["state"]?.stringValue == "active", "\(app)")
        }
        #expect(try Self.json(try Self.request(proxy, "GET", "/v1/devices"))["unavailableNodes"] == nil)
    }
}
