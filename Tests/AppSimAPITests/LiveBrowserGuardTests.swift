@testable import AppSimAPI
import AppSimJSON
import AppSimTestSupport
import Testing

/// What a web page a developer opens cannot make the server do (openapi.yaml, Browsers), and what a request must
/// say plainly: the body's type, one value per query parameter, a resume point that exists, seconds in decimal.
@Suite("Live: browsers, and requests that must say what they mean")
struct LiveBrowserGuardTests {
    @Test("a body that is not declared JSON is 415 and changes nothing: text/plain, a form, none; application/json and +json are taken")
    func bodiesMustBeDeclaredJSON() throws {
        let live = try LiveServer()
        let before = try live.everything()
        for contentType in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", nil] {
            for path in ["/v1/devices", "/v1/instances/batch", "/v1/instances"] {
                let reply = try live.raw("POST", path, body: Array(#"{"count": 1, "info": {"bundleId": "a.b"}}"#.utf8), contentType: contentType)
                ProblemReply.expect(reply, 415, "unsupported-media-type", "\(path) \(contentType ?? "none")")
            }
        }
        #expect(try live.everything() == before)
        #expect(try live.raw("POST", "/v1/devices", body: Array("{}".utf8), contentType: "application/json; charset=utf-8").status == 201)
        #expect(try live.raw("POST", "/v1/devices", body: Array("{}".utf8), contentType: "application/merge-patch+json").status == 201)
        // An empty body needs no type: POST /v1/devices with nothing creates a default device, as before.
        #expect(try live.raw("POST", "/v1/devices", body: [], contentType: nil).status == 201)
    }

    @Test("a request from another site's page is 403, reads too; the server's own pages and clients without Origin are served; --allowed-origin lets a site in")
    func foreignOrigins() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        for origin in ["http://evil.example", "null", "http://127.0.0.1:1", "https://127.0.0.1:\(live.port)x"] {
            let write = try live.request("POST", "/v1/devices", json: [:], headers: [("Origin", origin)])
            ProblemReply.expect(write, 403, "foreign-origin", origin)
            ProblemReply.expect(try live.request("GET", "/v1/devices/\(device)", headers: [("Origin", origin)]), 403, "foreign-origin", origin)
        }
        #expect(try live.get("/v1/devices").json["items"]?.arrayValue?.count == 1)
        // The dashboard's own requests carry the server's origin.
        let own = try live.request(
            "POST", "/v1/devices", json: [:], headers: [("Host", "127.0.0.1:\(live.port)"), ("Origin", "http://127.0.0.1:\(live.port)")])
        #expect(own.status == 201)

        let allowing = try LiveServer(tune: { $0.allowedOrigins = ["https://ci.example.com:443"] })
        let created = try allowing.request("POST", "/v1/devices", json: [:], headers: [("Origin", "https://ci.example.com")])
        #expect(created.status == 201)
        ProblemReply.expect(try allowing.request("POST", "/v1/devices", json: [:], headers: [("Origin", "https://evil.example")]), 403, "foreign-origin")
        // The allowed site's pages can read the answers (CORS), and their preflight is granted; others get neither.
        #expect(created.headers["access-control-allow-origin"] == "https://ci.example.com")
        #expect(created.headers["vary"] == "Origin")
        let preflight = try allowing.request(
            "OPTIONS", "/v1/devices",
            headers: [("Origin", "https://ci.example.com"), ("Access-Control-Request-Method", "POST"), ("Access-Control-Request-Headers", "content-type")])
        #expect(preflight.status == 204)
        #expect(preflight.headers["access-control-allow-headers"]?.contains("Content-Type") == true)
        #expect(preflight.headers["access-control-allow-methods"]?.contains("POST") == true)
        #expect(try allowing.request("OPTIONS", "/v1/devices", headers: [("Origin", "https://evil.example"), ("Access-Control-Request-Method", "POST")]).status == 403)
        #expect(try allowing.request("OPTIONS", "/v1/devices").status == 405)
        #expect(try allowing.get("/v1/devices").headers["access-control-allow-origin"] == nil)
        let stream = try SSEClient(port: allowing.port, path: "/v1/devices/\(try allowing.createDevice())/stream", headers: [("Origin", "https://ci.example.com")])
        #expect(stream.read(until: { $0.contains(": streaming") }))
        #expect(stream.headers["access-control-allow-origin"] == "https://ci.example.com")
        // A page without an origin of its own is told so, not to allow "null".
        let null = try live.request("GET", "/v1/devices", headers: [("Origin", "null")])
        #expect(null.json["detail"]?.stringValue?.contains("--allowed-origin null") == false)
    }

    @Test("on a loopback address a Host that is not a loopback name is 403 (DNS rebinding); localhost, 127.0.0.1 and [::1] are served")
    func foreignHosts() throws {
        let live = try LiveServer()
        for host in ["evil.example", "evil.example:\(0)", "127.0.0.1.evil.example", "10.0.0.1"] {
            let reply = try live.request("GET", "/v1/devices", headers: [("Host", host)])
            ProblemReply.expect(reply, 403, "foreign-host", host)
        }
        for host in ["localhost:\(live.port)", "127.0.0.1", "[::1]:\(live.port)", "LOCALHOST", "app.localhost"] {
            #expect(try live.request("GET", "/v1/devices", headers: [("Host", host)]).status == 200, "\(host)")
        }
        // Listening on every interface, the server has no one name to expect.
        let everywhere = try LiveServer(tune: { $0.host = "0.0.0.0" })
        #expect(try everywhere.request("GET", "/v1/devices", headers: [("Host", "appsim.internal:8080")]).status == 200)
    }

    @Test("a query parameter given twice is 400 naming it; timeouts are decimal seconds only")
    func ambiguousQueries() throws {
        let live = try LiveServer()
        let app = try live.install(["bundleId": "com.example.notes"])
        ProblemReply.expect(try live.get("/v1/devices?limit=2&limit=1"), 400, "bad-query", field: "limit")
        ProblemReply.expect(try live.get("/v1/instances?state=active&state=active"), 400, "bad-query", field: "state")
        for timeout in ["0x1p3", "1e1", "+5", "-0", ".5", "5.", "inf", "nan", "1_0", " 5"] {
            let reply = try live.get("/v1/instances/\(app)?waitFor=active&timeout=\(timeout.replacingOccurrences(of: " ", with: "%20"))")
            ProblemReply.expect(reply, 400, "bad-query", field: "timeout", timeout)
            ProblemReply.expect(try live.get("/v1/instances/\(app)/callbacks?wait=\(timeout.replacingOccurrences(of: " ", with: "%20"))"), 400, "bad-query", field: "wait", timeout)
        }
        #expect(try live.get("/v1/instances/\(app)?waitFor=notRunning&timeout=0.25").status == 200)
        #expect(try live.get("/v1/instances/\(app)?waitFor=notRunning&timeout=300").status == 200)
    }

    @Test("a resume point past the newest entry is 409 naming the newest: callbacks, their long-poll, the journal and both streams")
    func resumePointsPastTheNewest() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        let app = try live.install(["bundleId": "com.example.notes"], device: device)
        try live.post(app, ["type": "launch"])  // callbacks 1-3, event 1
        for path in ["/v1/instances/\(app)/callbacks?after=4", "/v1/instances/\(app)/callbacks?after=1000&wait=1", "/v1/instances/\(app)/stream?after=4"] {
            let reply = try live.get(path)
            ProblemReply.expect(reply, 409, "resume-past-newest", field: "after", path)
            #expect(reply.json["detail"]?.stringValue?.contains("newest callback of the history of \(app), 3") == true, "\(reply.text)")
            #expect(reply.json["newest"] == 3)
        }
        ProblemReply.expect(try live.request("GET", "/v1/instances/\(app)/stream", headers: [("Last-Event-ID", "1000")]), 409, "resume-past-newest", field: "after")
        for path in ["/v1/devices/\(device)/events?after=2", "/v1/devices/\(device)/stream?after=2"] {
            let reply = try live.get(path)
            ProblemReply.expect(reply, 409, "resume-past-newest", field: "after", path)
            #expect(reply.json["detail"]?.stringValue?.contains("newest event of the journal of \(device), 1") == true, "\(reply.text)")
            #expect(reply.json["newest"] == 1)
        }
        ProblemReply.expect(try live.request("GET", "/v1/devices/\(device)/stream", headers: [("Last-Event-ID", "9")]), 409, "resume-past-newest", field: "after")
        // The newest itself is where a client waiting for what comes next stands.
        #expect(try live.get("/v1/instances/\(app)/callbacks?after=3").status == 200)
        #expect(try live.get("/v1/devices/\(device)/events?after=1").status == 200)
    }

    @Test("Authorization may end in spaces after the token (RFC 9110 strips them)")
    func tokenWithTrailingSpace() throws {
        let live = try LiveServer(token: "secret")
        #expect(try live.request("GET", "/v1/devices", headers: [("Authorization", "Bearer secret")]).status == 200)
        let padded = try TestHTTPClient.raw(port: live.port, Array("GET /v1/devices HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer secret \t\r\nConnection: close\r\n\r\n".utf8))
        #expect(String(decoding: padded.prefix(15), as: UTF8.self) == "HTTP/1.1 200 OK")
        ProblemReply.expect(try live.request("GET", "/v1/devices", headers: [("Authorization", "Bearer secre")]), 401, "unauthorized")
    }

    @Test("a header that holds a NUL byte is 400, wherever it is: libmicrohttpd would hand over the header cut short at it")
    func nulInAHeader() throws {
        let live = try LiveServer(token: "secret")
        func send(_ head: String) throws -> String {
            let reply = try TestHTTPClient.raw(port: live.port, Array("GET /v1/devices HTTP/1.1\r\nHost: 127.0.0.1\r\n\(head)Connection: close\r\n\r\n".utf8))
            return String(decoding: reply, as: UTF8.self)
        }
        for head in [
            "Authorization: Bearer secret\0junk\r\n", "Authorization: Bearer secret\0\r\n", "Authorization: Bearer secret\0\0x\r\n",
            "X-Note: a\0b\r\nAuthorization: Bearer secret\r\n",
        ] {
            let reply = try send(head)
            #expect(reply.hasPrefix("HTTP/1.1 400"), "\(head.debugDescription): \(reply.prefix(200))")
            #expect(reply.contains("application/problem+json") && reply.contains("NUL"), "\(reply)")
        }
        #expect(try send("Authorization: Bearer secret\r\nX-Empty:\r\n").hasPrefix("HTTP/1.1 200"))
        let bareLineEnds = try TestHTTPClient.raw(port: live.port, Array("GET /v1/devices HTTP/1.1\nHost: 127.0.0.1\nAuthorization: Bearer secret\nConnection: close\n\n".utf8))
        #expect(String(decoding: bareLineEnds.prefix(15), as: UTF8.self) == "HTTP/1.1 200 OK")
    }

    @Test("a server does not start with an empty token or one of spaces")
    func tokensThatAreNone() throws {
        for token in ["", " ", "a b", "tab\there"] {
            #expect(throws: AppSimServer.StartError.self) { _ = try LiveServer(token: token) }
        }
    }
}
