@testable import AppSimAPI
import AppSimJSON
import AppSimTestSupport
import Foundation
import Testing

/// The server's version, written once (openapi.yaml's `info.version`), as `/healthz` and every response say it.
@Suite("Live: version")
struct LiveVersionTests {
    @Test("the version is openapi.yaml's info.version, a MAJOR.MINOR.PATCH")
    func versionIsTheSpecs() throws {
        let spec = try OpenAPIVocabularyTests.spec()
        #expect(AppSimVersion.current == spec["info"]?["version"]?.stringValue)
        #expect(AppSimVersion.current.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+/) != nil, "\(AppSimVersion.current)")
        #expect(AppSimVersion.version(in: Array("openapi: 3.1.0\ninfo:\n  title: x\n  version: '2.3.4'\n".utf8)) == "2.3.4")
    }

    @Test("/healthz names the version, and appsim's answers carry Server: appsim/VERSION, its transport's refusals too")
    func healthAndServerHeader() throws {
        let live = try LiveServer()
        let health = try live.get("/healthz")
        #expect(health.status == 200)
        #expect(health.json == ["status": "ok", "version": .string(AppSimVersion.current)])
        let expected = "appsim/\(AppSimVersion.current)"
        #expect(health.headers["server"] == expected)
        #expect(try live.get("/v1/instances/nobody.1").headers["server"] == expected)
        #expect(try live.get("/").headers["server"] == expected)
        // A request libmicrohttpd's callbacks refuse before routing: a header hiding a NUL byte.
        let refused = String(decoding: try TestHTTPClient.raw(
            port: live.port, Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: a\0b\r\nConnection: close\r\n\r\n".utf8)), as: UTF8.self)
        #expect(refused.hasPrefix("HTTP/1.1 400"), "\(refused.prefix(80))")
        #expect(refused.contains("\r\nServer: \(expected)\r\n"), "\(refused.prefix(300))")
    }
}
