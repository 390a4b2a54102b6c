import AppSimCore
import AppSimJSON
import AppSimStore

/// An error reply: RFC 9457 problem JSON with the status it carries, and what the client can do about it.
public struct Problem: Error, Sendable {
    public var status: Int
    /// A short, stable slug naming the kind of problem (`event-not-allowed`); the `type` URI ends with it.
    public var slug: String
    public var title: String
    public var detail: String
    /// Members beyond the standard ones (`state`, `allowedEvents`, `field`).
    public var extra: JSONObject = [:]
    /// The store could not read one device's rows (``StoreError/isUnreadableRecord``): a list goes on without it.
    var isUnreadableRecord = false

    public init(status: Int, slug: String, title: String, detail: String, extra: JSONObject = [:]) {
        self.status = status
        self.slug = slug
        self.title = title
        self.detail = detail
        self.extra = extra
    }

    public var json: JSONValue {
        var object: JSONObject = [
            "type": .string("urn:appsim:problem:\(slug)"), "title": .string(title), "status": JSONValue(status),
            "detail": .string(detail),
        ]
        for (key, value) in extra { object[key] = value }
        return .object(object)
    }

    static func notFound(_ what: String, _ id: String) -> Problem {
        Problem(status: 404, slug: "not-found", title: "Not Found", detail: "no \(what) '\(id)' exists; list them with GET /v1/\(what == "device" ? "devices" : "instances")")
    }

    static func notFound(_ what: String, _ id: String, on device: String) -> Problem {
        Problem(status: 404, slug: "not-found", title: "Not Found", detail: "no \(what) '\(id)' is on device '\(device)'; list its apps with GET /v1/instances?device=\(device)")
    }

    /// The server is stopping and answers what still waits.
    static let shuttingDown = Problem(
        status: 503, slug: "shutting-down", title: "Service Unavailable",
        detail: "the server is stopping; retry against the restarted server")

    static func badJSON(_ error: JSONSyntaxError) -> Problem {
        if error.isTooDeep {
            return Problem(
                status: 400, slug: "malformed-json", title: "Bad Request",
                detail: "the body nests arrays and objects deeper than \(JSONValue.maxRequestDepth) levels (at byte \(error.offset)), which appsim does not read; a value it keeps may nest \(JSONValue.maxValueDepth)")
        }
        return Problem(status: 400, slug: "malformed-json", title: "Bad Request", detail: "the body is not valid JSON: \(error.description)")
    }

    static func field(_ error: FieldError) -> Problem {
        let status = error.kind == .wrongType ? 400 : 422
        return Problem(
            status: status, slug: status == 400 ? "wrong-type" : "invalid-field",
            title: status == 400 ? "Bad Request" : "Unprocessable Content", detail: error.message,
            extra: error.path.isEmpty ? [:] : ["field": .string(error.path)])
    }

    static func rejection(_ rejection: EventRejection) -> Problem {
        var extra: JSONObject = ["allowedEvents": .array(rejection.allowedEvents.map { .string($0) })]
        if let state = rejection.state { extra["state"] = .string(state.rawValue) }
        if let limit = rejection.limit { extra["limit"] = ["name": .string(limit.rawValue), "maximum": JSONValue(limit.maximum)] }
        if let code = rejection.code { extra["reason"] = .string(code.rawValue) }
        switch rejection.kind {
        case .notAllowed:
            return Problem(status: 409, slug: "event-not-allowed", title: "Conflict", detail: rejection.reason, extra: extra)
        case .unusable:
            return Problem(status: 422, slug: "event-unusable", title: "Unprocessable Content", detail: rejection.reason, extra: extra)
        }
    }

    static func store(_ error: StoreError) -> Problem {
        var problem = Problem(
            status: 503, slug: "store-unavailable", title: "Service Unavailable",
            detail: "nothing was changed: \(error.message)")
        problem.isUnreadableRecord = error.isUnreadableRecord
        return problem
    }

    /// What `/healthz` answers when a write would fail: why, and what to do (nothing was asked to change).
    static func unhealthy(_ error: StoreError) -> Problem {
        Problem(status: 503, slug: "store-unavailable", title: "Service Unavailable", detail: error.message)
    }

    static func badQuery(_ name: String, _ message: String) -> Problem {
        Problem(status: 400, slug: "bad-query", title: "Bad Request", detail: "query parameter '\(name)' \(message)", extra: ["field": .string(name)])
    }
}
