// AppSimClient: the Swift client of appsim. Why it is built on URLSession: AppSimClient.docc/AppSimClient.md.

import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A client of an appsim server: one typed `async` call per operation of the API (`openapi.yaml`), named after its
/// `operationId`, and streams as `AsyncSequence`s.
///
/// ```swift
/// let client = AppSimClient(url: URL(string: "http://ci-appsim:8080")!, token: "secret")
/// let device = try await client.createDevice(DeviceSettings(clock: .manual))
/// let app = try await client.install(device: device.id, info: AppInfo(bundleId: "com.example.notes"))
/// let launch = try await client.postInstanceEvent(app.id, .launch)
/// print(launch.names)   // ["application:willFinishLaunchingWithOptions:", …, "applicationDidBecomeActive:"]
/// ```
///
/// For tests, ``Simulator`` wraps it in XCUIApplication's words (`launch()`, `wait(for:timeout:)`).
///
/// Errors: the server's refusals are ``AppSimProblem`` (status, type, detail, state, allowed events); no usable
/// answer is ``AppSimTransportError``. Reads and deletes answered `503` (the store is briefly unavailable, or the
/// server is stopping) are retried after the server's `Retry-After`, up to ``retryLimit`` times; a wait goes on
/// with the time left across a `503` or a restart (``sendWaiting(timeout:_:isOver:)``); events and other writes are
/// never retried, since the caller alone knows whether posting one twice is right.
///
/// HTTP goes through Foundation's URLSession, and nothing else: no package to build in a test target's CI, and
/// streaming that works on Linux through a data task's delegate (there is no `URLSession.bytes(for:)` there).
///
/// The client is `Sendable`; share one across tasks.
public final class AppSimClient: Sendable {
    /// The server's base URL (`http://127.0.0.1:8080`).
    public let url: URL
    /// Sent as `Authorization: Bearer TOKEN` when set (a server started with `--token` needs it on `/v1`).
    public let token: String?
    /// How many times a read or delete answered `503` is sent again.
    public let retryLimit: Int
    /// How long a stream keeps trying to reconnect to a server that does not answer, in seconds, before it throws.
    public let reconnectWindow: TimeInterval

    let transport = HTTPTransport()

    /// `appsim serve`'s default address.
    public static let defaultURL = URL(string: "http://127.0.0.1:8080")!

    /// The longest wait the server takes in one request, in seconds; longer waits are made of several.
    public static let maximumWait: TimeInterval = 300

    /// A client of the server at `url`, sending `token` when set; see ``retryLimit`` and ``reconnectWindow``.
    public init(url: URL = AppSimClient.defaultURL, token: String? = nil, retryLimit: Int = 5, reconnectWindow: TimeInterval = 60) {
        self.url = url
        self.token = token
        self.retryLimit = max(0, retryLimit)
        self.reconnectWindow = max(0, reconnectWindow)
    }

    /// Sends one operation and returns its decoded answer with the answer's status, headers and body as the server
    /// sent them (which `appsim --json` prints).
    ///
    /// - Throws: ``AppSimProblem`` when the server refuses (any status but 2xx), ``AppSimTransportError`` when no
    ///   usable answer comes.
    public func send<Value>(_ operation: Operation<Value>) async throws -> Response<Value> {
        try await send(operation, retryLimit: retryLimit)
    }

    /// ``send(_:)``, retrying a `503` of an idempotent operation at most `retryLimit` times.
    func send<Value>(_ operation: Operation<Value>, retryLimit: Int) async throws -> Response<Value> {
        let request = urlRequest(for: operation)
        var retries = 0
        while true {
            let (body, head) = try await transport.data(for: request)
            let status = head.statusCode
            if (200..<300).contains(status) {
                do {
                    return Response(value: try operation.decode(body), status: status, headers: Self.headers(of: head), body: body)
                } catch {
                    throw AppSimTransportError(
                        code: .invalidResponse, url: request.url,
                        reason: "the \(status) answer's body is not what \(operation.method) \(operation.path) returns: \(error)")
                }
            }
            let retryAfter = (head.value(forHTTPHeaderField: "Retry-After")).flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            let problem = AppSimProblem(status: status, body: body, retryAfter: retryAfter)
            guard status == 503, operation.isIdempotent, retries < retryLimit else { throw problem }
            retries += 1
            try await Task.sleep(for: .seconds(min(max(retryAfter ?? 1, 0.05), 30)))
        }
    }

    func urlRequest<Value>(for operation: Operation<Value>) -> URLRequest {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false) ?? URLComponents()
        let base = components.percentEncodedPath.hasSuffix("/") ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        components.percentEncodedPath = base + operation.path
        components.queryItems = operation.query.isEmpty ? nil : operation.query
        var request = URLRequest(url: components.url ?? url)
        request.httpMethod = operation.method
        request.timeoutInterval = operation.timeout
        if let body = operation.body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        request.setValue("application/json, application/problem+json", forHTTPHeaderField: "Accept")
        for (name, value) in operation.headers { request.setValue(value, forHTTPHeaderField: name) }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        return request
    }

    static func headers(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return headers
    }
}

extension AppSimClient {
    /// A decoded answer with what the server sent.
    public struct Response<Value: Sendable>: Sendable {
        /// The decoded body.
        public var value: Value
        /// The HTTP status.
        public var status: Int
        /// The headers, names lowercased.
        public var headers: [String: String]
        /// The body exactly as the server sent it.
        public var body: Data
    }

    /// The empty body of a `204 No Content` answer.
    public struct NoContent: Sendable, Hashable {
        public init() {}
    }
}
