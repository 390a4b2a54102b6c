import AppSimJSON
import AppSimTestSupport
import Testing

/// What every error reply must be (API.md "Errors"): problem JSON with the status, its title and its type.
enum ProblemReply {
    /// The titles the server gives each status (the reason phrases of RFC 9110).
    static let titles = [
        400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout",
        409: "Conflict", 413: "Content Too Large", 415: "Unsupported Media Type", 422: "Unprocessable Content", 503: "Service Unavailable",
    ]

    /// Expects `reply` to be a `status` problem of type `urn:appsim:problem:<slug>`, naming `field` when given.
    static func expect(
        _ reply: LiveServer.Reply, _ status: Int, _ slug: String, field: String? = nil, _ comment: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let what = "\(comment) → \(reply.status) \(reply.text.prefix(300))"
        #expect(reply.status == status, "\(what)", sourceLocation: sourceLocation)
        #expect(reply.headers["content-type"] == "application/problem+json", "\(what)", sourceLocation: sourceLocation)
        #expect(reply.json["type"] == .string("urn:appsim:problem:\(slug)"), "\(what)", sourceLocation: sourceLocation)
        #expect(reply.json["title"] == titles[status].map { .string($0) }, "\(what)", sourceLocation: sourceLocation)
        #expect(reply.json["status"] == JSONValue(status), "\(what)", sourceLocation: sourceLocation)
        #expect(reply.json["detail"]?.stringValue?.isEmpty == false, "\(what)", sourceLocation: sourceLocation)
        if let field { #expect(reply.json["field"] == .string(field), "\(what)", sourceLocation: sourceLocation) }
    }

    /// Expects `reply` to be some 4xx problem (never a 5xx, never an answer that is not problem JSON).
    static func expectClientError(_ reply: LiveServer.Reply, _ comment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let what = "\(comment) → \(reply.status) \(reply.text.prefix(300))"
        #expect((400..<500).contains(reply.status), "\(what)", sourceLocation: sourceLocation)
        #expect(reply.headers["content-type"] == "application/problem+json", "\(what)", sourceLocation: sourceLocation)
        #expect(reply.json["status"] == JSONValue(reply.status), "\(what)", sourceLocation: sourceLocation)
        #expect(reply.json["title"] == titles[reply.status].map { .string($0) }, "\(what)", sourceLocation: sourceLocation)
        #expect(reply.json["type"]?.stringValue?.hasPrefix("urn:appsim:problem:") == true, "\(what)", sourceLocation: sourceLocation)
        #expect(reply.json["detail"]?.stringValue?.isEmpty == false, "\(what)", sourceLocation: sourceLocation)
    }
}

extension LiveServer {
    /// Everything a client can read of the server's state: every device, every instance and every history.
    /// Meant for servers whose devices all have manual clocks, so that it stands still between two reads.
    func everything() throws -> JSONValue {
        let devices = try get("/v1/devices?limit=1000").json
        let instances = try get("/v1/instances?limit=1000").json
        var histories = JSONObject()
        for instance in instances["items"]?.arrayValue ?? [] {
            guard let id = instance["id"]?.stringValue else { continue }
            histories[id] = try get("/v1/instances/\(id)/callbacks?limit=1000").json
        }
        return ["devices": devices, "instances": instances, "histories": .object(histories)]
    }

    /// Sends `body` as it is, with `contentType` when given (and no Content-Type at all when not).
    func raw(_ method: String, _ path: String, body: [UInt8], contentType: String? = "application/json") throws -> Reply {
        let response = try TestHTTPClient.request(
            port: port, method, path, headers: contentType.map { [("Content-Type", $0)] } ?? [], body: body,
            declaresJSON: false)
        return Reply(status: response.status, headers: response.headers, body: response.body)
    }
}
