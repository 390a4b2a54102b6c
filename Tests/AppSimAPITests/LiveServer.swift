@testable import AppSimAPI
import AppSimCore
import AppSimJSON
import AppSimStore
import AppSimTestSupport
import Foundation
import Glibc
import Logging
import Testing

/// A real appsim server on an ephemeral port with its own database file, for live tests over real HTTP.
final class LiveServer {
    let directory: URL
    let databasePath: String
    private(set) var server: AppSimServer?
    /// The wall clock the server reads; tests that move time across a restart set their own.
    var clock: WallClock = .system

    let historyLimit: Int

    let tune: @Sendable (inout AppSimServer.Configuration) -> Void
    /// Opens the store at the database's path, when a test needs one the public options cannot make (a failing disk).
    var openStore: (@Sendable (String) throws -> Store)?

    init(
        token: String? = nil, clock: WallClock = .system, historyLimit: Int = 100_000,
        tune: @escaping @Sendable (inout AppSimServer.Configuration) -> Void = { _ in },
        openStore: (@Sendable (String) throws -> Store)? = nil
    ) throws {
        self.clock = clock
        self.historyLimit = historyLimit
        self.openStore = openStore
        self.tune = tune
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("appsim-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        databasePath = directory.appendingPathComponent("appsim.db").path
        try start(token: token)
    }

    /// Starts a server on port 0 over this database (again, after `stop`).
    func start(token: String? = nil) throws {
        var configuration = AppSimServer.Configuration()
        configuration.port = 0
        configuration.databasePath = databasePath
        configuration.token = token
        configuration.threads = 2
        configuration.historyLimit = historyLimit
        tune(&configuration)
        var logger = Logger(label: "appsim-test")
        logger.logLevel = .critical  // faults are provoked on purpose; their log lines are noise here
        if let openStore {
            server = try AppSimServer(configuration: configuration, store: openStore(databasePath), clock: clock, logger: logger)
        } else {
            server = try AppSimServer(configuration: configuration, clock: clock, logger: logger)
        }
    }

    /// Stops the server and returns once it has let go of its database, so that another can open it at once.
    func stop() {
        server?.shutdown()
        server = nil
        waitForRelease()
    }

    /// Waits until nothing holds the database's lock (see `DatabaseLock`): a store closes once the threads that used
    /// it have ended, which can be moments after the server stopped.
    private func waitForRelease() {
        let lock = open(databasePath + "-lock", O_RDONLY | O_CLOEXEC)
        guard lock >= 0 else { return }
        defer { close(lock) }
        let deadline = ContinuousClock.now + .seconds(30)
        while flock(lock, LOCK_EX | LOCK_NB) != 0, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.005) }
        flock(lock, LOCK_UN)
    }

    deinit {
        server?.shutdown()
        try? FileManager.default.removeItem(at: directory)
    }

    var port: Int { server!.port }

    // MARK: Requests

    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var json: JSONValue { (try? JSONValue.parse(body)) ?? .null }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    func request(_ method: String, _ path: String, json: JSONValue? = nil, headers: [(String, String)] = []) throws -> Reply {
        let body = json?.jsonBytes ?? []
        let response = try TestHTTPClient.request(
            port: port, method, path, headers: headers + (json == nil ? [] : [("Content-Type", "application/json")]), body: body)
        return Reply(status: response.status, headers: response.headers, body: response.body)
    }

    func get(_ path: String) throws -> Reply { try request("GET", path) }

    /// Installs an app (on `device`, or a new iOS 17.0 device with the other defaults) and returns its id.
    func install(_ info: JSONValue, behavior: JSONValue? = nil, device: String? = nil) throws -> String {
        var body: JSONObject = ["info": info]
        if let behavior { body["behavior"] = behavior }
        body["device"] = .string(try device ?? createDevice(["osVersion": "17.0"], clock: nil))
        let reply = try request("POST", "/v1/instances", json: .object(body))
        try #require(reply.status == 201, "install answered \(reply.status): \(reply.text)")
        let id = try #require(reply.json["id"]?.stringValue)
        #expect(reply.headers["location"] == "/v1/instances/\(id)")
        return id
    }

    /// Creates a device with iOS 17.0 and a manual clock (time moves only by advanceClock) unless told otherwise.
    func createDevice(_ settings: JSONObject = [:], clock: JSONValue? = ["mode": "manual"]) throws -> String {
        var body = settings
        if body["osVersion"] == nil { body["osVersion"] = "17.0" }
        if body["clock"] == nil, let clock { body["clock"] = clock }
        let reply = try request("POST", "/v1/devices", json: .object(body))
        try #require(reply.status == 201, "device create answered \(reply.status): \(reply.text)")
        let id = try #require(reply.json["id"]?.stringValue)
        #expect(reply.headers["location"] == "/v1/devices/\(id)")
        return id
    }

    /// Posts an event to an instance; requires 200 and returns the EventResult.
    @discardableResult
    func post(_ instance: String, _ event: JSONValue) throws -> JSONValue {
        let reply = try request("POST", "/v1/instances/\(instance)/events", json: event)
        try #require(reply.status == 200, "\(event.jsonString) answered \(reply.status): \(reply.text)")
        return reply.json
    }

    @discardableResult
    func postDevice(_ device: String, _ event: JSONValue) throws -> JSONValue {
        let reply = try request("POST", "/v1/devices/\(device)/events", json: event)
        try #require(reply.status == 200, "\(event.jsonString) answered \(reply.status): \(reply.text)")
        return reply.json
    }

    func state(_ instance: String) throws -> String? {
        try get("/v1/instances/\(instance)").json["state"]?.stringValue
    }

    /// Every callback of an instance, following `next` through the pages.
    func callbacks(_ instance: String) throws -> [JSONValue] {
        var items: [JSONValue] = []
        var after: Int64 = 0
        while true {
            let reply = try get("/v1/instances/\(instance)/callbacks?after=\(after)&limit=1000")
            try #require(reply.status == 200)
            guard case .array(let page) = reply.json["items"] else { break }
            items += page
            guard let next = reply.json["next"]?.doubleValue else { break }
            after = Int64(next)
        }
        return items
    }

    func callbackNames(_ instance: String) throws -> [String] {
        try callbacks(instance).compactMap { $0["name"]?.stringValue }
    }
}

/// The names of the callbacks in an EventResult.
func names(_ result: JSONValue) -> [String] {
    guard case .array(let callbacks) = result["callbacks"] else { return [] }
    return callbacks.compactMap { $0["name"]?.stringValue }
}

/// The names of the callbacks in an EventResult that one instance received.
func names(_ result: JSONValue, of instance: String) -> [String] {
    guard case .array(let callbacks) = result["callbacks"] else { return [] }
    return callbacks.filter { $0["instance"] == .string(instance) }.compactMap { $0["name"]?.stringValue }
}
