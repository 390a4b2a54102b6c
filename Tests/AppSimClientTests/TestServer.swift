import AppSimAPI
import AppSimClient
import Foundation
import Logging
import Testing

/// A real appsim server in this process, on a port the system picks, with its own database file. `stop()` and
/// `start()` restart it on the same port and database, as a restarted server would come back.
final class TestServer: @unchecked Sendable {
    // @unchecked: tests call start and stop from one task at a time; the server itself is Sendable.
    let directory: URL
    let databasePath: String
    let token: String?
    private let tune: @Sendable (inout AppSimServer.Configuration) -> Void
    private(set) var server: AppSimServer?
    private(set) var port = 0

    init(token: String? = nil, tune: @escaping @Sendable (inout AppSimServer.Configuration) -> Void = { _ in }) throws {
        self.token = token
        self.tune = tune
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("appsim-client-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        databasePath = directory.appendingPathComponent("appsim.db").path
        try start()
    }

    deinit {
        server?.shutdown()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Starts the server: on a free port the first time, on the same port after `stop()`.
    func start() throws {
        var configuration = AppSimServer.Configuration()
        configuration.port = port
        configuration.databasePath = databasePath
        configuration.token = token
        configuration.threads = 2
        tune(&configuration)
        var logger = Logger(label: "appsim-client-test")
        logger.logLevel = .critical
        let server = try AppSimServer(configuration: configuration, logger: logger)
        self.server = server
        port = server.port
    }

    func stop() {
        server?.shutdown()
        server = nil
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// A client of this server, with its token unless told otherwise.
    func client(token: String?? = .none, retryLimit: Int = 5, reconnectWindow: TimeInterval = 60) -> AppSimClient {
        AppSimClient(url: url, token: token ?? self.token, retryLimit: retryLimit, reconnectWindow: reconnectWindow)
    }

    var simulator: Simulator { Simulator(client: client()) }
}

/// Fails the test unless `body` throws an ``AppSimProblem``; returns it.
func problem(_ body: () async throws -> some Any) async throws -> AppSimProblem {
    do {
        _ = try await body()
    } catch let problem as AppSimProblem {
        return problem
    }
    throw NoProblem()
}

struct NoProblem: Error, CustomStringConvertible {
    var description: String { "the call succeeded; a problem was expected" }
}

/// The seqs of some callbacks.
func seqs(_ callbacks: [Callback]) -> [Int64] { callbacks.map(\.seq) }
