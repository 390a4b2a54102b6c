import AppSimClient
import ArgumentParser
import Foundation

/// A verb that talks to a running server through AppSimClient. `run()` does the work; `execute()` turns its outcome
/// into the exit status scripts rely on.
protocol ClientCommand: AsyncParsableCommand, Sendable {
    var client: ClientOptions { get }
}

/// How a client verb ends (documented in `appsim --help` and the README).
enum ClientExit: Int32 {
    case done = 0
    /// The server refused the request; its problem's detail is on standard error.
    case refused = 1
    case usage = 2
    case unreachable = 3
    case waitTimedOut = 4
}

/// A wait that ended without what it waited for (the CLI's own, when the library answers `false`).
/// Refuses infinity and NaN, which parse as numbers but are none the server can take (JSON has no such number).
func requireFinite(_ value: Double?, _ name: String) throws {
    if let value, !value.isFinite { throw ValidationError("\(name) must be a finite number, not \(value)") }
}

struct WaitTimedOut: Error, CustomStringConvertible {
    var description: String
}

extension ClientCommand {
    /// Runs the verb and exits with its status.
    func execute() async -> Never {
        var command = self
        do {
            try await command.run()
            ClientOutput.flush()
            Foundation.exit(ClientExit.done.rawValue)
        } catch let problem as AppSimProblem where !problem.type.isAppSim {
            // Something else answered at the server's address (a proxy whose appsim is down, another server): not a
            // refusal by appsim, and its page is no JSON to print. Its text goes on one line, tags and all.
            let page = problem.detail.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            let detail = "\(client.serverURL.absoluteString) answered \(problem.status) \(problem.title), which is not an answer of appsim's (a proxy, or another server on that port)\(page.isEmpty ? "" : ": " + page.prefix(160))"
            if client.json { ClientOutput.json(Self.problemDocument(title: problem.title, status: problem.status, detail: detail)) }
            ClientOutput.error("appsim: \(detail)")
            Foundation.exit(ClientExit.unreachable.rawValue)
        } catch is DecodingError {
            let detail = "\(client.serverURL.absoluteString) answered with something that is not appsim's JSON (a proxy, or another server on that port)"
            if client.json { ClientOutput.json(Self.problemDocument(title: "Not appsim", status: nil, detail: detail)) }
            ClientOutput.error("appsim: \(detail)")
            Foundation.exit(ClientExit.unreachable.rawValue)
        } catch let problem as AppSimProblem where problem.isNodeUnreachable {
            // Through a cluster's proxy, the node that has the device is down: unreachable, as a server on its own.
            if client.json, !problem.body.isEmpty { ClientOutput.json(problem.body) }
            ClientOutput.error("appsim: \(problem.detail) (\(problem.status) \(problem.title))")
            Foundation.exit(ClientExit.unreachable.rawValue)
        } catch let problem as AppSimProblem {
            if client.json, !problem.body.isEmpty { ClientOutput.json(problem.body) }
            // The field at fault and iOS's own reason, where the server named them, for scripts that read the line.
            let named = [problem.field.map { "field \($0)" }, problem.reason.map { "reason \($0)" }].compactMap { $0 }
            ClientOutput.error("appsim: \(problem.detail) (\(problem.status) \(problem.title)\(named.isEmpty ? "" : "; " + named.joined(separator: ", ")))")
            Foundation.exit((problem.isWaitTimeout ? ClientExit.waitTimedOut : .refused).rawValue)
        } catch let error as AppSimTransportError where error.code == .invalidResponse {
            // A success whose body is not what appsim sends: another server answered.
            let detail = "\(client.serverURL.absoluteString) answered with something that is not appsim's answer (a proxy, or another server on that port)"
            if client.json { ClientOutput.json(Self.problemDocument(title: "Not appsim", status: nil, detail: detail)) }
            ClientOutput.error("appsim: \(detail)")
            Foundation.exit(ClientExit.unreachable.rawValue)
        } catch let error as AppSimTransportError {
            let detail = "\(error.code) at \(client.serverURL.absoluteString): \(error.reason)"
            if client.json { ClientOutput.json(Self.problemDocument(title: "Server Unreachable", status: nil, detail: detail)) }
            ClientOutput.error("appsim: \(detail)")
            Foundation.exit(ClientExit.unreachable.rawValue)
        } catch let timeout as WaitTimedOut {
            ClientOutput.error("appsim: \(timeout.description)")
            Foundation.exit(ClientExit.waitTimedOut.rawValue)
        } catch {
            if AppSim.exitCode(for: error) == .validationFailure {
                ClientOutput.error(AppSim.fullMessage(for: error))
                Foundation.exit(ClientExit.usage.rawValue)
            }
            AppSim.exit(withError: error)
        }
    }
}

extension ClientCommand {
    /// What `--json` prints when no answer of appsim's came: an RFC 9457 problem of type `about:blank`, so that
    /// standard output is JSON whatever happened.
    static func problemDocument(title: String, status: Int?, detail: String) -> Data {
        var document: [String: Any] = ["type": "about:blank", "title": title, "detail": detail]
        if let status { document["status"] = status }
        return (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
    }
}

/// The options every client verb takes.
struct ClientOptions: ParsableArguments, Sendable {
    static let defaultServer = "http://127.0.0.1:8080"

    static let exitStatus = """
        Exit status: 0 done; 1 the server refused (its problem's detail on standard error); 2 usage error; \
        3 server unreachable; 4 wait timed out.
        """

    @Option(help: "The server's URL (env APPSIM_URL; default \(ClientOptions.defaultServer)).")
    var server: String?

    @Option(help: "Send 'Authorization: Bearer TOKEN' (env APPSIM_TOKEN; default none).")
    var token: String?

    @Flag(help: "Print the server's JSON instead of a short line.")
    var json = false

    func validate() throws {
        guard URL(string: serverText)?.host != nil else {
            throw ValidationError("--server must be a URL such as \(Self.defaultServer), not '\(serverText)'")
        }
    }

    private var serverText: String {
        let text = server ?? Environment()["APPSIM_URL"] ?? Self.defaultServer
        // `localhost:8080` is a URL whose scheme is "localhost"; whoever typed it meant http.
        return text.contains("://") ? text : "http://" + text
    }

    var serverURL: URL { URL(string: serverText) ?? URL(string: Self.defaultServer)! }

    /// A client of the server these options name. Streams keep reconnecting for five minutes, long enough for a
    /// server to be rebuilt and restarted.
    /// A client of the chosen server; `retryLimit` 0 reports a `503` at once instead of waiting it out.
    func makeClient(retryLimit: Int = 5) -> AppSimClient {
        AppSimClient(url: serverURL, token: token ?? Environment()["APPSIM_TOKEN"], retryLimit: retryLimit, reconnectWindow: 300)
    }
}
