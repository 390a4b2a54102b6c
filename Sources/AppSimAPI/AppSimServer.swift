import AppSimHTTP
import AppSimStore
import Logging

/// appsim as it runs: the store opened, the service loaded, HTTP served. What `appsim serve` and the live tests start.
public final class AppSimServer: Sendable {
    public struct Configuration: Sendable {
        public var host = "127.0.0.1"
        public var port = 8080
        public var databasePath = "./appsim.db"
        public var durability = Durability.normal
        /// When set, every `/v1` request needs `Authorization: Bearer <token>`; see ``tokenProblem(_:)``.
        public var token: String?
        /// Sites besides the server's own whose pages may call it from a browser (`https://ci.example.com`).
        public var allowedOrigins: [String] = []
        public var threads = HTTPServer.Configuration.coreCount
        public var maxBodyBytes = 65_536
        /// The most connections one client address may hold open; see ``HTTPServer/Configuration/connectionsPerAddress``.
        public var connectionsPerAddress = HTTPServer.Configuration().connectionsPerAddress
        /// How many of the newest callbacks each instance keeps.
        public var historyLimit = 100_000
        /// How long a write waits for another process holding the database's lock before answering 503.
        public var busyTimeoutMillis: Int32 = 5_000
        /// Caps the database file in pages, as a full disk would; for fault tests.
        public var maxPageCount: Int?
        /// How many devices are kept in memory; idle ones beyond it are dropped and reloaded from the store on use.
        public var cacheLimit = 200_000
        /// The most request writes one transaction takes (group commit); 1 is one transaction per request.
        public var maxBatch = 512
        /// The most stored instances one page of `GET /v1/instances` looks through, so that a filter few instances
        /// match holds a worker for milliseconds, not for a scan of every instance: such a page may hold fewer than
        /// its `limit`, with `next` to go on.
        public var instancesExaminedPerPage = 5_000
        /// This node's id and its peers, behind a proxy with other nodes; none for a server on its own.
        public var cluster = Cluster()

        public init() {}

        /// Why `token` cannot be a token, or `nil`: an empty one would turn authentication off without a word, and
        /// one with spaces or control characters cannot be sent in `Authorization: Bearer …` as it is.
        public static func tokenProblem(_ token: String) -> String? {
            if token.isEmpty { return "the token is empty, which would turn authentication off; give a token, or no --token and no APPSIM_TOKEN" }
            guard token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
                return "the token must be printable ASCII without spaces (it is sent as 'Authorization: Bearer TOKEN'), such as the output of 'openssl rand -hex 32'"
            }
            return nil
        }
    }

    /// Why the server could not start, in words that say what to do.
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
        /// Starting was stopped (``MigrationStop``) while the database was brought up to date: nothing changed.
        public var wasStopped = false
    }

    public let service: AppSimService
    private let http: HTTPServer
    public let configuration: Configuration

    /// The port served, also when port 0 asked for any free one.
    public var port: Int { http.port }

    /// Opens the database (bringing one of an earlier appsim up to date first, which `migrationStop` can stop) and
    /// serves.
    public convenience init(
        configuration: Configuration, clock: WallClock = .system, logger: Logger = Logger(label: "appsim"),
        migrationStop: MigrationStop? = nil
    ) throws(StartError) {
        // Before the store: a server that cannot start creates no database.
        if let token = configuration.token, let problem = Configuration.tokenProblem(token) {
            throw StartError(description: problem)
        }
        let store: Store
        do {
            store = try Store(
                path: configuration.databasePath, durability: configuration.durability, historyLimit: configuration.historyLimit,
                busyTimeoutMillis: configuration.busyTimeoutMillis, maxPageCount: configuration.maxPageCount,
                reportFault: { message in logger.error("\(message)") },
                reportMigration: { message in logger.notice("\(message)") }, migrationStop: migrationStop)
        } catch {
            throw StartError(description: "cannot use the database: \(error.message)", wasStopped: error.isStopped)
        }
        do {
            try self.init(configuration: configuration, store: store, clock: clock, logger: logger)
        } catch {
            // The service's threads may hold the store a moment longer than this process lives.
            store.releaseLock()
            throw error
        }
    }

    /// As the public `init`, on a store the caller opened at `configuration.databasePath` (tests open one on a
    /// failing disk).
    init(configuration: Configuration, store: Store, clock: WallClock, logger: Logger) throws(StartError) {
        self.configuration = configuration
        if let token = configuration.token, let problem = Configuration.tokenProblem(token) {
            throw StartError(description: problem)
        }
        if let node = configuration.cluster.node {
            if let problem = Cluster.nodeIdProblem(node) { throw StartError(description: problem) }
            // The proxy routes a device by the node its id begins with: another node's devices here would be unreachable.
            let foreign: String?
            do { foreign = try store.deviceOfAnotherNode(than: node) } catch {
                throw StartError(description: "cannot use the database: \(error.message)")
            }
            if let foreign, let owner = Cluster.node(of: foreign) {
                throw StartError(description: "the database \(configuration.databasePath) holds device \(foreign) of node \(owner), so it is node \(owner)'s: start it with --node-id \(owner), or give node \(node) a database of its own")
            }
        }
        do {
            service = try AppSimService(
                store: store, clock: clock, logger: logger, token: configuration.token, cacheLimit: configuration.cacheLimit,
                maxBatch: configuration.maxBatch, instancesExaminedPerPage: configuration.instancesExaminedPerPage,
                cluster: configuration.cluster)
        } catch {
            throw StartError(description: "cannot use the database: \(error.message)")
        }
        var httpConfiguration = HTTPServer.Configuration()
        httpConfiguration.host = configuration.host
        httpConfiguration.port = configuration.port
        httpConfiguration.threads = configuration.threads
        httpConfiguration.maxBodyBytes = configuration.maxBodyBytes
        httpConfiguration.connectionsPerAddress = configuration.connectionsPerAddress
        httpConfiguration.commonHeaders = [("Server", AppSimVersion.serverHeader)]
            + (configuration.cluster.node.map { [(Cluster.nodeHeader, $0)] } ?? [])
        // libmicrohttpd's messages are about single connections (one refused over the per-address limit, one that
        // sent a malformed request): at debug level, a flood of bad clients does not flood the log.
        httpConfiguration.log = { [logger] message in logger.debug("\(message)", source: "libmicrohttpd") }
        do {
            http = try HTTPServer(configuration: httpConfiguration, responder: APIResponder(
                service: service, allowedOrigins: configuration.allowedOrigins, listeningOn: configuration.host))
        } catch {
            service.shutdown()
            throw StartError(description: error.description)
        }
    }

    /// Stops gracefully, in the reverse order of starting, each layer finishing what it accepted before the one
    /// below it goes: HTTP stops taking requests (a request that was not taken is answered `503` and nothing of it
    /// is done); the service commits every write it queued and answers each as usual, ends waits and streams the
    /// way they normally end, and stops its timers; then HTTP sends those last answers and closes. Idempotent.
    public func shutdown() {
        http.stopAccepting()
        service.shutdown()
        http.shutdown()
    }
}
