import AppSimAPI
import AppSimHTTP
import Foundation
import Testing

/// What the verbs do when something other than appsim answers at the server's address, and what `serve` refuses
/// to start with.
@Suite("CLI: answers that are not appsim's, and tokens that are no tokens")
struct CommandLineNotAppSimTests {
    /// A proxy whose appsim is down: every answer a 502 HTML page.
    struct BadGateway: HTTPResponder {
        func respond(to request: HTTPRequest, writer: HTTPResponseWriter) {
            writer.send(HTTPResponse(
                status: 502, headers: [("Content-Type", "text/html")],
                body: Array("<html><body><h1>502 Bad Gateway</h1></body></html>".utf8)))
        }
    }

    /// Another server answering 200 with a page of its own.
    struct SomeWebsite: HTTPResponder {
        func respond(to request: HTTPRequest, writer: HTTPResponseWriter) {
            writer.send(HTTPResponse(status: 200, headers: [("Content-Type", "text/html")], body: Array("<html>hello</html>".utf8)))
        }
    }

    @Test("with --json standard output is JSON whatever answers: a proxy's HTML 502 is an about:blank problem, exit 3, not 1")
    func proxyPageIsNotARefusal() async throws {
        for responder in [BadGateway() as any HTTPResponder, SomeWebsite()] {
            var configuration = HTTPServer.Configuration(port: 0)
            configuration.logsErrors = false
            let proxy = try HTTPServer(configuration: configuration, responder: responder)
            defer { proxy.shutdown() }
            let url = URL(string: "http://127.0.0.1:\(proxy.port)")!
            for arguments in [["state", "d1.1", "--json"], ["device", "list", "--json"], ["launch", "d1.1", "--json"]] {
                let result = try await AppSimCommand.run(arguments, server: url)
                #expect(result.status == 3, "\(arguments): \(result)")
                let document = try JSONSerialization.jsonObject(with: result.data) as? [String: Any]
                #expect(document?["type"] as? String == "about:blank", "\(arguments): \(result)")
                #expect(result.error.contains("not an answer of appsim's") || result.error.contains("not appsim's answer"), "\(result)")
                #expect(result.error.split(separator: "\n").count == 1, "one line: \(result.error)")
            }
            let plain = try await AppSimCommand.run(["state", "d1.1"], server: url)
            #expect(plain.status == 3)
            #expect(plain.output.isEmpty)
        }
        // Nothing listening: also JSON on standard output with --json.
        let nobody = try await AppSimCommand.run(["state", "d1.1", "--json"], server: URL(string: "http://127.0.0.1:9")!)
        #expect(nobody.status == 3)
        #expect((try JSONSerialization.jsonObject(with: nobody.data) as? [String: Any])?["title"] as? String == "Server Unreachable")
    }

    @Test("serve refuses an empty token, one of spaces, and one with spaces inside, from --token or APPSIM_TOKEN, before creating any database")
    func serveRefusesTokensThatAreNone() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("appsim-token-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("appsim.db").path
        for (arguments, environment) in [
            (["--token", ""], [String: String]()), (["--token", "   "], [:]), (["--token", "two words"], [:]),
            ([], ["APPSIM_TOKEN": ""]), ([], ["APPSIM_TOKEN": "  "]),
        ] {
            let result = try await AppSimCommand.run(["serve", "--port", "0", "--db", database] + arguments, environment: environment)
            #expect(result.status != 0, "\(arguments) \(environment): \(result)")
            #expect(result.error.contains("token"), "\(result)")
            #expect(!FileManager.default.fileExists(atPath: database))
        }
    }
}
