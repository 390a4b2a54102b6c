import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The server refused a request: an `application/problem+json` answer (RFC 9457), or any other answer that is not
/// a success. Nothing the request asked for was done.
///
/// ```swift
/// do {
///     try await app.post(.home)
/// } catch let problem as AppSimProblem where problem.type == .eventNotAllowed {
///     print(problem.detail, problem.state as Any, problem.allowedEvents ?? [])
/// }
/// ```
public struct AppSimProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status (`409`, `422`, …).
    public var status: Int
    /// What kind of problem (`urn:appsim:problem:event-not-allowed`, …); `about:blank` for an answer that is not a
    /// problem document (a proxy's error page, say).
    public var type: ProblemType
    /// The status's reason phrase.
    public var title: String
    /// What happened and what to do about it, for people.
    public var detail: String
    /// The request field or query parameter at fault.
    public var field: String?
    /// A refused event: the app's state then (absent for device events). A wait that timed out: the state the
    /// app is in (nil if it is gone).
    public var state: LifecycleState?
    /// A refused event: the event types the app (or device) accepts now.
    public var allowedEvents: [String]?
    /// `405`: the methods the path serves.
    public var allow: [String]?
    /// A `waitForForeground` that timed out: the instance in the device's foreground now.
    public var foreground: String?
    /// `409`: the app's limit the event would have passed, and its maximum.
    public var limit: Limit?
    /// `409 resume-past-newest`: the newest seq there is, the furthest a client may resume from.
    public var newest: Int64?
    /// `409`: why BGTaskScheduler refused a request (`tooManyPendingTaskRequests`, `unavailable`).
    public var reason: String?
    /// `421`: the node the device belongs to, when a request reached another node of a cluster.
    public var owner: String?
    /// `503 node-unavailable`, from a cluster's proxy: the node that is down.
    public var node: String?
    /// `Retry-After`, in seconds, when the server sent one (with `503`).
    public var retryAfter: Double?
    /// The answer's body, as the server sent it.
    public var body: Data

    public init(
        status: Int, type: ProblemType, title: String, detail: String, field: String? = nil,
        state: LifecycleState? = nil, allowedEvents: [String]? = nil, allow: [String]? = nil,
        foreground: String? = nil, limit: Limit? = nil, newest: Int64? = nil, reason: String? = nil, owner: String? = nil, node: String? = nil,
        retryAfter: Double? = nil, body: Data = Data()
    ) {
        self.status = status
        self.type = type
        self.title = title
        self.detail = detail
        self.field = field
        self.state = state
        self.allowedEvents = allowedEvents
        self.allow = allow
        self.foreground = foreground
        self.limit = limit
        self.newest = newest
        self.reason = reason
        self.owner = owner
        self.node = node
        self.retryAfter = retryAfter
        self.body = body
    }

    /// `true` when a cluster's proxy could not reach the node that has the device (`503 node-unavailable`), or lost it
    /// while it answered (`502` or `504 proxy-error`): the node is down or restarting, as a server on its own is
    /// unreachable then, and a retry may find it back.
    public var isNodeUnreachable: Bool {
        type == .nodeUnavailable || (type == .proxyError && (status == 502 || status == 504))
    }

    /// `true` when what was waited for did not happen in time (`408`).
    public var isWaitTimeout: Bool { type == .waitTimeout }

    public var description: String {
        "\(status) \(title): \(detail)"
    }
}

extension AppSimProblem {
    /// An app's limit that a refused event would have passed.
    public struct Limit: Sendable, Hashable, Codable {
        /// `memoryBytes` (the app's in-memory data and UI state, as JSON), `scenes` or `backgroundTasks`.
        public var name: String
        public var maximum: Int
    }

    /// The problem an answer of `status` with `body` carries.
    init(status: Int, body: Data, retryAfter: Double?) {
        let document = try? JSONCoding.decode(ProblemDocument.self, from: body)
        let title = document?.title ?? HTTPURLResponse.localizedString(forStatusCode: status).capitalized
        let text = String(decoding: body.prefix(500), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        self.init(
            status: status, type: ProblemType(rawValue: document?.type ?? "about:blank"), title: title,
            detail: document?.detail ?? (text.isEmpty ? "the server answered \(status) \(title)" : text),
            field: document?.field, state: document?.state, allowedEvents: document?.allowedEvents,
            allow: document?.allow, foreground: document?.foreground, limit: document?.limit, newest: document?.newest, reason: document?.reason,
            owner: document?.owner, node: document?.node, retryAfter: retryAfter, body: body)
    }
}

/// A problem document as the server writes it (openapi.yaml's `Problem`).
struct ProblemDocument: Codable {
    var type: String?
    var title: String?
    var status: Int?
    var detail: String?
    var field: String?
    var state: LifecycleState?
    var allowedEvents: [String]?
    var allow: [String]?
    var foreground: String?
    var limit: AppSimProblem.Limit?
    var newest: Int64?
    var reason: String?
    var owner: String?
    var node: String?
}

/// The `type` of a problem. The API's types are static members.
public struct ProblemType: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public var description: String { rawValue }

    /// Whether appsim wrote the answer: its problem types are `urn:appsim:problem:…`. Another type (`about:blank`
    /// for a page that is no problem document) came from something else at the server's address: a proxy's
    /// `502`, or another server on that port.
    public var isAppSim: Bool { rawValue.hasPrefix("urn:appsim:problem:") }

    /// `400`: the body is not JSON.
    public static let malformedJSON: ProblemType = "urn:appsim:problem:malformed-json"
    /// `400`: a field has the wrong JSON type.
    public static let wrongType: ProblemType = "urn:appsim:problem:wrong-type"
    /// `400`: a query parameter is unusable.
    public static let badQuery: ProblemType = "urn:appsim:problem:bad-query"
    /// `400`: the request is not HTTP the server can read (a bad header or target).
    public static let malformedRequest: ProblemType = "urn:appsim:problem:malformed-request"
    /// `401`: the server has a token and the request did not carry it.
    public static let unauthorized: ProblemType = "urn:appsim:problem:unauthorized"
    /// `404`: no such device or instance.
    public static let notFound: ProblemType = "urn:appsim:problem:not-found"
    /// `404`: nothing is served at this path.
    public static let noRoute: ProblemType = "urn:appsim:problem:no-route"
    /// `405`: the path is served, the method is not.
    public static let methodNotAllowed: ProblemType = "urn:appsim:problem:method-not-allowed"
    /// `408`: what was waited for did not happen in time.
    public static let waitTimeout: ProblemType = "urn:appsim:problem:wait-timeout"
    /// `409`: the event makes no sense in the current state.
    public static let eventNotAllowed: ProblemType = "urn:appsim:problem:event-not-allowed"
    /// `409`: a resume point (`after`, `Last-Event-ID`) past the newest callback or event there is.
    public static let resumePastNewest: ProblemType = "urn:appsim:problem:resume-past-newest"
    /// `421`: the id names a device of another node of the cluster (`owner`).
    public static let misdirectedRequest: ProblemType = "urn:appsim:problem:misdirected-request"
    /// `503`, from a cluster's proxy: the node that has the device, or every node, is down (`node`).
    public static let nodeUnavailable: ProblemType = "urn:appsim:problem:node-unavailable"
    /// From a cluster's proxy: it could not read the request (`400`), the request did not arrive in time (`408`),
    /// or the node did not answer whole (`502`) or in time (`504`).
    public static let proxyError: ProblemType = "urn:appsim:problem:proxy-error"
    /// `413`: the body is over 64 KiB.
    public static let contentTooLarge: ProblemType = "urn:appsim:problem:content-too-large"
    /// `403`: a browser page of another site sent the request, or (on loopback) it named a host that is not loopback.
    public static let foreignOrigin: ProblemType = "urn:appsim:problem:foreign-origin"
    /// `403`: the server listens on loopback and the request named another host (DNS rebinding).
    public static let foreignHost: ProblemType = "urn:appsim:problem:foreign-host"
    /// `415`: the body was not sent as `application/json`.
    public static let unsupportedMediaType: ProblemType = "urn:appsim:problem:unsupported-media-type"
    /// `422`: a missing, unknown or unusable field.
    public static let invalidField: ProblemType = "urn:appsim:problem:invalid-field"
    /// `422`: the event can never apply to this app.
    public static let eventUnusable: ProblemType = "urn:appsim:problem:event-unusable"
    /// `503`: the database cannot be read or written; nothing changed.
    public static let storeUnavailable: ProblemType = "urn:appsim:problem:store-unavailable"
    /// `503`: the server stopped while the request was waiting.
    public static let shuttingDown: ProblemType = "urn:appsim:problem:shutting-down"

    /// The API's problem types.
    public static let all: [ProblemType] = [
        .malformedJSON, .wrongType, .badQuery, .malformedRequest, .unauthorized, .notFound, .noRoute, .methodNotAllowed,
        .waitTimeout, .eventNotAllowed, .resumePastNewest, .contentTooLarge, .foreignOrigin, .foreignHost,
        .unsupportedMediaType, .invalidField, .eventUnusable, .storeUnavailable, .shuttingDown, .misdirectedRequest,
        .nodeUnavailable, .proxyError,
    ]
}
