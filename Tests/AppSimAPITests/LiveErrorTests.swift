import AppSimJSON
import AppSimTestSupport
import Testing

/// Bad input gets problem JSON with the right 4xx and changes nothing.
@Suite("Live: errors")
struct LiveErrorTests {
    func expectProblem(_ reply: LiveServer.Reply, _ status: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(reply.status == status, "\(reply.text)", sourceLocation: sourceLocation)
        #expect(reply.headers["content-type"] == "application/problem+json", sourceLocation: sourceLocation)
        #expect(reply.json["status"] == JSONValue(status), sourceLocation: sourceLocation)
        #expect(reply.json["detail"]?.stringValue?.isEmpty == false, sourceLocation: sourceLocation)
    }

    @Test("409 for Home on an app that is not running, with its state and the events it allows")
    func homeWhenNotRunning() throws {
        let live = try LiveServer()
        let app = try live.install(["bundleId": "com.example.notes"])
        let reply = try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "home"])
        expectProblem(reply, 409)
        #expect(reply.json["state"] == "notRunning")
        let allowed = reply.json["allowedEvents"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(allowed.contains("launch"))
        #expect(!allowed.contains("home"))
        #expect(try live.callbacks(app).isEmpty)
    }

    @Test("400 for malformed JSON and for wrong field types")
    func badRequests() throws {
        let live = try LiveServer()
        let app = try live.install(["bundleId": "com.example.notes"])
        let malformed = try TestClient.raw(live, "POST", "/v1/instances/\(app)/events", body: "{\"type\": ")
        expectProblem(malformed, 400)
        let wrongType = try live.request("POST", "/v1/instances", json: ["info": ["bundleId": 42]])
        expectProblem(wrongType, 400)
        #expect(wrongType.json["field"] == "info.bundleId")
        let notObject = try live.request("POST", "/v1/instances/\(app)/events", json: ["launch"])
        expectProblem(notObject, 400)
    }

    @Test("400 for a query parameter the operation does not take, naming it: a misspelt waitfor does not answer at once as if waited; nothing changes")
    func unknownQueryParameters() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        let app = try live.install(["bundleId": "com.example.notes"], device: device)
        for (method, path, field) in [
            ("GET", "/v1/instances/\(app)?waitfor=active&timeout=3", "waitfor"),
            ("GET", "/v1/instances?afterr=3&limit=2", "afterr"),
            ("GET", "/v1/instances/\(app)?waitForForeground=\(app)", "waitForForeground"),
            ("GET", "/v1/devices?limt=2", "limt"),
            ("GET", "/v1/devices/\(device)?waitFor=active", "waitFor"),
            ("GET", "/v1/devices/\(device)/events?wait=3", "wait"),
            ("GET", "/v1/instances/\(app)/callbacks?timeout=3", "timeout"),
            ("GET", "/v1/instances/\(app)/stream?limit=3", "limit"),
            ("GET", "/v1/devices/\(device)/stream?wait=3", "wait"),
            ("POST", "/v1/instances/\(app)/events?dryRun=1", "dryRun"),
            ("POST", "/v1/devices/\(device)/events?dryRun=1", "dryRun"),
            ("DELETE", "/v1/instances/\(app)?force=1", "force"),
            ("DELETE", "/v1/devices/\(device)?force=1", "force"),
        ] {
            let body: JSONValue? = method == "POST" ? ["type": path.contains("instances") ? "launch" : "lock"] : nil
            let reply = try live.request(method, path, json: body)
            expectProblem(reply, 400)
            #expect(reply.json["type"] == "urn:appsim:problem:bad-query", "\(method) \(path)")
            #expect(reply.json["field"] == JSONValue.string(field), "\(method) \(path): \(reply.text)")
        }
        // Nothing was applied or removed.
        #expect(try live.callbacks(app).isEmpty)
        #expect(try live.get("/v1/instances/\(app)").status == 200)
        #expect(try live.get("/v1/devices/\(device)/events").json["items"]?.arrayValue?.isEmpty == true)
        // What an operation takes is still taken, and an empty query is no query.
        #expect(try live.get("/v1/instances/\(app)?").status == 200)
        #expect(try live.get("/v1/instances?device=\(device)&state=notRunning&limit=5").status == 200)
    }

    @Test("422 for unknown event types, bad fields, undeclared URL schemes and bad push payloads")
    func unusable() throws {
        let live = try LiveServer()
        let app = try live.install(["bundleId": "com.example.notes", "urlSchemes": ["notes"]])
        expectProblem(try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "fly"]), 422)
        let badMode = try live.request("POST", "/v1/instances", json: ["info": ["bundleId": "com.x", "backgroundModes": ["teleport"]]])
        expectProblem(badMode, 422)
        #expect(badMode.json["field"] == "info.backgroundModes")
        let typo = try live.request("POST", "/v1/instances", json: ["info": ["bundleId": "com.x", "exitOnSuspend": true]])
        expectProblem(typo, 422)
        #expect(typo.json["field"] == "info.exitOnSuspend")
        expectProblem(try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "openURL", "url": "maps://x"]), 422)
        expectProblem(try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "push", "payload": ["alert": "no aps"]]), 422)
        let big = String(repeating: "x", count: 5000)
        expectProblem(try live.request("POST", "/v1/instances/\(app)/events", json: ["type": "push", "payload": ["aps": ["alert": .string(big)]]]), 422)
        expectProblem(try live.request("POST", "/v1/devices/\(app.split(separator: ".")[0])/events", json: ["type": "launch"]), 422)
        #expect(try live.state(app) == "notRunning")
    }

    @Test("404 for unknown ids and paths, 405 for wrong methods")
    func notFound() throws {
        let live = try LiveServer()
        expectProblem(try live.get("/v1/instances/dnope.1"), 404)
        expectProblem(try live.request("POST", "/v1/instances/dnope.1/events", json: ["type": "launch"]), 404)
        expectProblem(try live.get("/v1/devices/dnope"), 404)
        expectProblem(try live.get("/v2/things"), 404)
        let wrongMethod = try live.request("PUT", "/v1/instances")
        expectProblem(wrongMethod, 405)
        #expect(wrongMethod.headers["allow"] == "GET, POST")
    }

    @Test("413 for a body over 64 KiB")
    func bodyTooLarge() throws {
        let live = try LiveServer()
        let app = try live.install(["bundleId": "com.example.notes"])
        let huge = JSONValue.object(["type": "edit", "memory": ["blob": .string(String(repeating: "y", count: 70_000))]])
        expectProblem(try live.request("POST", "/v1/instances/\(app)/events", json: huge), 413)
    }

    @Test("400 for bad query parameters")
    func badQueries() throws {
        let live = try LiveServer()
        let app = try live.install(["bundleId": "com.example.notes"])
        expectProblem(try live.get("/v1/instances?limit=0"), 400)
        expectProblem(try live.get("/v1/instances?state=sleeping"), 400)
        expectProblem(try live.get("/v1/instances/\(app)/callbacks?after=-1"), 400)
    }

    @Test("401 without the token when the server has one; health needs none")
    func token() throws {
        let live = try LiveServer(token: "s3cret")
        let missing = try live.get("/v1/instances")
        expectProblem(missing, 401)
        #expect(missing.headers["www-authenticate"] == #"Bearer realm="appsim""#)
        expectProblem(try live.request("GET", "/v1/instances", headers: [("Authorization", "Bearer wrong")]), 401)
        expectProblem(try live.request("GET", "/v1/instances", headers: [("Authorization", "Basic s3cret")]), 401)
        #expect(try live.request("GET", "/v1/instances", headers: [("Authorization", "Bearer s3cret")]).status == 200)
        // The scheme is case-insensitive (RFC 9110); the token is not.
        #expect(try live.request("GET", "/v1/instances", headers: [("Authorization", "bearer s3cret")]).status == 200)
        expectProblem(try live.request("GET", "/v1/instances", headers: [("Authorization", "Bearer S3CRET")]), 401)
        #expect(try live.get("/healthz").status == 200)
    }
}

/// Requests whose body is not a JSON value (malformed on purpose).
enum TestClient {
    static func raw(_ live: LiveServer, _ method: String, _ path: String, body: String) throws -> LiveServer.Reply {
        let response = try TestHTTPClient.request(port: live.port, method, path, body: Array(body.utf8))
        return LiveServer.Reply(status: response.status, headers: response.headers, body: response.body)
    }
}
