import AppSimAPI
import AppSimStore
import ArgumentParser
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// The root command. `serve` is the default, so `appsim` and `appsim --port N` start the server as they always did;
/// the other verbs are clients of a running server (see ClientCommand.swift). The entry point is AppSimMain.
struct AppSim: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "appsim",
        abstract: "A server of simulated iOS apps: drive apps through the iOS lifecycle over HTTP and read back every callback.",
        discussion: """
            With no verb, or with serve's options only, appsim serves (`appsim --port 9000`). `appsim backup` copies \
            a database, while a server serves it or not. The other verbs talk to a running server, at --server or \
            APPSIM_URL (default \(ClientOptions.defaultServer)), with --token or APPSIM_TOKEN; each prints a short \
            line, or the server's JSON with --json.

            \(ClientOptions.exitStatus)
            """,
        version: AppSimVersion.current,
        subcommands: [
            Serve.self, Devices.self, Install.self, Launch.self, Home.self, Terminate.self, ForceQuit.self, Crash.self,
            OpenURL.self, Push.self, Tap.self, Scene.self, Tasks.self, Event.self, State.self, History.self, Wait.self,
            Clock.self, Switcher.self, HealthCheck.self, MakeBackup.self, HAProxyConfig.self,
        ],
        defaultSubcommand: Serve.self
    )
}

/// Settings that may also come from the environment (`APPSIM_*`), for containers.
struct ServeOptions: ParsableArguments {
    @Option(help: "Address to listen on (env APPSIM_HOST; default 127.0.0.1; 0.0.0.0 for every interface).")
    var host: String?

    // Numbers are parsed `.unconditional`ly here and in the verbs, so that `-1` is taken as the value it is and refused
    // with a reason, not read as an unknown option ("Missing value"). The price: a flag given right after such an
    // option is taken as its value, and refused as not a number.
    @Option(parsing: .unconditional, help: "Port to listen on; 0 picks a free one (env APPSIM_PORT; default 8080).")
    var port: Int?

    @Option(help: "SQLite database file, created if missing (env APPSIM_DB; default ./appsim.db).")
    var db: String?

    @Option(help: "normal: survives the process being killed; full: also survives power loss (env APPSIM_DURABILITY; default normal).")
    var durability: String?

    @Option(help: "Require 'Authorization: Bearer TOKEN' on /v1 requests (env APPSIM_TOKEN; default none).")
    var token: String?

    @Option(help: "A site whose pages may call this server from a browser, as scheme://host[:port]; repeat for more. The server's own dashboard always may (env APPSIM_ALLOWED_ORIGINS, comma-separated; default none).")
    var allowedOrigin: [String] = []

    @Option(parsing: .unconditional, help: "HTTP worker threads (env APPSIM_THREADS; default: the number of cores).")
    var threads: Int?

    @Option(parsing: .unconditional, help: "Most connections one client address may hold open; more from it are closed at once, so that one client cannot starve the others. Every local client is 127.0.0.1 (env APPSIM_CONNECTIONS_PER_ADDRESS; default 2500).")
    var connectionsPerAddress: Int?

    @Option(parsing: .unconditional, help: "Callbacks kept per instance, newest first; older ones are dropped (env APPSIM_HISTORY_LIMIT; default 100000).")
    var historyLimit: Int?

    @Option(parsing: .unconditional, help: "Most request writes one transaction takes; 1 commits each request alone (env APPSIM_MAX_BATCH; default 512).")
    var maxBatch: Int?

    @Option(help: "This node's id behind a proxy with other nodes: \(Cluster.nodeIdRule), such as n1. Every device it creates gets an id beginning 'ID-', and every reply says 'X-Appsim-Node: ID' (env APPSIM_NODE_ID; default none: a server on its own).")
    var nodeId: String?

    @Option(help: "Another node of the cluster, as NODE=http://HOST:PORT, which lists ask for its devices and apps; repeat for each. This node's own entry is skipped, so every node may be given the same list (env APPSIM_PEERS, comma-separated; default none).")
    var peer: [String] = []

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical (env APPSIM_LOG_LEVEL; default info).")
    var logLevel: String?

    func resolved() throws -> (AppSimServer.Configuration, Logger.Level) {
        let environment = Environment()
        var configuration = AppSimServer.Configuration()
        configuration.host = host ?? environment["APPSIM_HOST"] ?? configuration.host
        configuration.port = try Self.number(port, environment["APPSIM_PORT"], "port", 0...65_535) ?? configuration.port
        configuration.databasePath = db ?? environment["APPSIM_DB"] ?? configuration.databasePath
        if let text = durability ?? environment["APPSIM_DURABILITY"] {
            guard let value = Durability(rawValue: text) else {
                throw ValidationError("durability must be 'normal' or 'full', not '\(text)'")
            }
            configuration.durability = value
        }
        // Set but empty is refused, not read as unset: a deployment that meant a token would run without one.
        configuration.token = token ?? environment.value(of: "APPSIM_TOKEN")
        if let given = configuration.token, let problem = AppSimServer.Configuration.tokenProblem(given) {
            throw ValidationError("\(token != nil ? "--token" : "APPSIM_TOKEN"): \(problem)")
        }
        configuration.allowedOrigins = allowedOrigin.isEmpty
            ? (environment["APPSIM_ALLOWED_ORIGINS"]?.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } ?? [])
            : allowedOrigin
        for origin in configuration.allowedOrigins where !(origin.hasPrefix("http://") || origin.hasPrefix("https://")) || origin.dropFirst(8).contains("/") {
            throw ValidationError("allowed origin must be a site as a browser names it, scheme://host[:port] such as https://ci.example.com, not '\(origin)'")
        }
        configuration.threads = try Self.number(threads, environment["APPSIM_THREADS"], "threads", 1...256) ?? configuration.threads
        configuration.connectionsPerAddress = try Self.number(
            connectionsPerAddress, environment["APPSIM_CONNECTIONS_PER_ADDRESS"], "connections per address", 1...10_000)
            ?? configuration.connectionsPerAddress
        configuration.historyLimit = try Self.number(
            historyLimit, environment["APPSIM_HISTORY_LIMIT"], "history limit", 1...Int(Int32.max)) ?? configuration.historyLimit
        configuration.maxBatch = try Self.number(maxBatch, environment["APPSIM_MAX_BATCH"], "max batch", 1...100_000) ?? configuration.maxBatch
        configuration.cluster = try Self.cluster(
            node: nodeId ?? environment["APPSIM_NODE_ID"], nodeFrom: nodeId != nil ? "--node-id" : "APPSIM_NODE_ID",
            peers: peer.isEmpty
                ? (environment["APPSIM_PEERS"]?.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } ?? [])
                : peer,
            peersFrom: peer.isEmpty ? "APPSIM_PEERS" : "--peer")
        let levelText = logLevel ?? environment["APPSIM_LOG_LEVEL"] ?? "info"
        guard let level = Logger.Level(rawValue: levelText) else {
            throw ValidationError("log level must be one of trace, debug, info, notice, warning, error, critical, not '\(levelText)'")
        }
        return (configuration, level)
    }
}

extension ServeOptions {
    /// The node and its peers as given; peers need a node id, and are each named once.
    static func cluster(node: String?, nodeFrom source: String = "--node-id", peers texts: [String], peersFrom peerSource: String = "--peer") throws -> Cluster {
        if let node, let problem = Cluster.nodeIdProblem(node) { throw ValidationError("\(source): \(problem)") }
        let peers = try parsedNodes(texts, from: peerSource, Cluster.peer)
        if node == nil, !peers.isEmpty {
            throw ValidationError("\(peerSource) needs a node id (--node-id or APPSIM_NODE_ID): a node without one makes ids a proxy cannot route")
        }
        return Cluster(node: node, peers: peers)
    }

    /// Nodes as `texts` give them, each named once.
    static func parsedNodes(
        _ texts: [String], from source: String, _ parse: (String) -> Result<Cluster.Peer, Cluster.PeerSyntaxError>
    ) throws -> [Cluster.Peer] {
        var nodes: [Cluster.Peer] = []
        for text in texts {
            switch parse(text) {
            case .success(let node): nodes.append(node)
            case .failure(let error): throw ValidationError("\(source): \(error.description)")
            }
        }
        if let twice = Dictionary(grouping: nodes, by: \.node).first(where: { $0.value.count > 1 })?.key {
            throw ValidationError("\(source): node \(twice) is given more than once")
        }
        return nodes
    }

    /// The option's value, else the environment's, checked against `range`; `nil` when neither is set.
    static func number(_ option: Int?, _ environment: String?, _ name: String, _ range: ClosedRange<Int>) throws -> Int? {
        guard let text = option.map(String.init) ?? environment else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw ValidationError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }
}

struct Environment {
    /// The variable's value; `nil` when it is unset or empty.
    subscript(name: String) -> String? {
        guard let string = value(of: name) else { return nil }
        return string.isEmpty ? nil : string
    }

    /// The variable's value, empty if it is set so; `nil` only when it is unset.
    func value(of name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

extension AppSim {
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve the appsim API until SIGINT or SIGTERM.")

        @OptionGroup var options: ServeOptions

        func validate() throws { _ = try options.resolved() }

        func run() throws {
            let (configuration, level) = try options.resolved()
            LoggingSystem.bootstrap { label in
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = level
                return handler
            }
            let logger = Logger(label: "appsim")
            // Block the stop signals before any thread starts, so that every thread inherits the mask and this one
            // alone receives them through sigwait.
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGINT)
            sigaddset(&signals, SIGTERM)
            pthread_sigmask(SIG_BLOCK, &signals, nil)

            let startup = StartupStop(signals: signals, logger: logger)
            let server: AppSimServer
            do {
                server = try AppSimServer(configuration: configuration, logger: logger, migrationStop: startup.migration)
            } catch {
                if error.wasStopped, let signal = startup.signal {
                    logger.notice("\(error.description)")
                    throw ExitCode(128 + signal)
                }
                logger.critical("appsim could not start: \(error.description)")
                throw ExitCode.failure
            }
            startup.served()
            print("appsim listening on http://\(configuration.host):\(server.port) with database \(configuration.databasePath) (durability \(configuration.durability.rawValue))")
            fflush(nil)
            var received: Int32 = 0
            sigwait(&signals, &received)
            logger.info(startup.signal == nil ? "received \(received == SIGINT ? "SIGINT" : "SIGTERM"); stopping" : "stopping, as asked while starting")
            server.shutdown()
            logger.info("stopped; every acknowledged change is in \(configuration.databasePath)")
        }
    }
}
