import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension AppSimClient {
    /// One request of the API and how its answer decodes; the static members build one per `operationId` of
    /// `openapi.yaml`. Pass it to ``AppSimClient/send(_:)`` for the answer with its body as sent, or call the
    /// typed method of the same name for the value alone.
    ///
    /// ```swift
    /// let response = try await client.send(.getInstance("d7zpma4q.1"))
    /// print(response.value.state, String(decoding: response.body, as: UTF8.self))
    /// ```
    public struct Operation<Value: Sendable>: Sendable {
        public var method: String
        /// The path below the server's URL, percent-encoded (`/v1/instances/d7zpma4q.1`).
        public var path: String
        public var query: [URLQueryItem]
        /// The JSON body, if any.
        public var body: Data?
        /// More request headers.
        public var headers: [String: String]
        /// Seconds the request may wait for the server's next byte (longer for waits).
        public var timeout: TimeInterval
        let decode: @Sendable (Data) throws -> Value

        init(
            _ method: String, _ path: String, query: [URLQueryItem] = [], body: Data? = nil, waits: TimeInterval = 0,
            decode: @escaping @Sendable (Data) throws -> Value
        ) {
            self.method = method
            self.path = path
            self.query = query
            self.body = body
            self.headers = [:]
            // A wait holds the answer back for up to `waits` seconds; allow that plus the usual time to answer.
            self.timeout = 30 + waits
            self.decode = decode
        }

        /// GET and DELETE: sending one twice does what sending it once does, so a `503` may be retried.
        public var isIdempotent: Bool { method == "GET" || method == "DELETE" }
    }
}

extension AppSimClient.Operation where Value: Decodable {
    /// An operation whose answer is JSON of `Value`'s shape.
    init(_ method: String, _ path: String, query: [URLQueryItem] = [], waits: TimeInterval = 0) {
        self.init(method, path, query: query, body: nil, waits: waits) { try JSONCoding.decode(Value.self, from: $0) }
    }

    /// An operation that sends `body` as JSON and whose answer is JSON of `Value`'s shape.
    init(_ method: String, _ path: String, json body: some Encodable) {
        // Encoding the API's own request types cannot fail: they hold JSON values, strings and numbers (infinity and
        // NaN go as text, which the server refuses).
        self.init(method, path, query: [], body: try? JSONCoding.data(body), waits: 0) {
            try JSONCoding.decode(Value.self, from: $0)
        }
    }
}

/// Percent-encodes one path segment (an id), so that no id can change the path.
func segment(_ id: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "/;?#%")
    return id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id
}

private func item(_ name: String, _ value: (some CustomStringConvertible)?) -> [URLQueryItem] {
    value.map { [URLQueryItem(name: name, value: $0.description)] } ?? []
}

/// Seconds as the query takes them: whole numbers without a fraction.
/// Seconds as the server reads them: decimal digits with a fraction of at most milliseconds, never an exponent
/// (`String(0.00001)` is `1e-05`).
private func seconds(_ value: TimeInterval) -> String {
    if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
    var text = String(format: "%.3f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}

// MARK: Operations

extension AppSimClient.Operation where Value == Health {
    /// `GET /healthz`: whether the server can write its store (`503` otherwise). Needs no token.
    public static func health() -> Self { Self("GET", "/healthz") }
}

extension AppSimClient.Operation where Value == String {
    /// `GET /openapi.yaml`: the API description the server implements.
    public static func openapi() -> Self {
        Self("GET", "/openapi.yaml") { String(decoding: $0, as: UTF8.self) }
    }

    /// `GET /metrics`: Prometheus metrics, as text.
    public static func metrics() -> Self {
        Self("GET", "/metrics") { String(decoding: $0, as: UTF8.self) }
    }
}

extension AppSimClient.Operation where Value == Device {
    /// `POST /v1/devices`: creates a device.
    public static func createDevice(_ settings: DeviceSettings = DeviceSettings()) -> Self {
        Self("POST", "/v1/devices", json: settings)
    }

    /// `GET /v1/devices/{deviceId}`: the device now; with `waitForForeground`, once that instance is in its
    /// foreground (`408` after `timeout` seconds, at most 300).
    public static func getDevice(_ id: String, waitForForeground instance: String? = nil, timeout: TimeInterval? = nil) -> Self {
        let waits = instance == nil ? nil : timeout ?? 30
        return Self(
            "GET", "/v1/devices/\(segment(id))",
            query: item("waitForForeground", instance) + item("timeout", waits.map(seconds)), waits: waits ?? 0)
    }
}

extension AppSimClient.Operation where Value == DevicePage {
    /// `GET /v1/devices`: a page of devices in id order, after the cursor `after`.
    public static func listDevices(limit: Int? = nil, after: String? = nil, scope: ListScope? = nil) -> Self {
        Self("GET", "/v1/devices", query: item("limit", limit) + item("after", after) + item("scope", scope?.rawValue))
    }
}

extension AppSimClient.Operation where Value == AppSimClient.NoContent {
    /// `DELETE /v1/devices/{deviceId}`: removes the device with its apps, their data and history.
    public static func deleteDevice(_ id: String) -> Self {
        Self("DELETE", "/v1/devices/\(segment(id))") { _ in AppSimClient.NoContent() }
    }

    /// `DELETE /v1/instances/{instanceId}`: uninstalls the app; its data and history go.
    public static func uninstall(_ id: String) -> Self {
        Self("DELETE", "/v1/instances/\(segment(id))") { _ in AppSimClient.NoContent() }
    }
}

extension AppSimClient.Operation where Value == EventResult {
    /// `POST /v1/devices/{deviceId}/events`: a device event, applied to every app of the device.
    public static func postDeviceEvent(_ id: String, _ event: AppSimEvent) -> Self {
        Self("POST", "/v1/devices/\(segment(id))/events", json: event)
    }

    /// `POST /v1/instances/{instanceId}/events`: an app event or app action, or a device event for the app's device.
    public static func postInstanceEvent(_ id: String, _ event: AppSimEvent) -> Self {
        Self("POST", "/v1/instances/\(segment(id))/events", json: event)
    }
}

/// The body of `POST /v1/instances`.
private struct InstallBody: Encodable {
    var device: String?
    var info: AppInfo
    var behavior: AppBehavior?
}

/// The body of `POST /v1/instances/batch`.
private struct BatchBody: Encodable {
    var count: Int
    var appsPerDevice: Int?
    var info: AppInfo
    var behavior: AppBehavior?
}

extension AppSimClient.Operation where Value == Instance {
    /// Installs an app, not running: `POST /v1/devices/{deviceId}/instances` on `device`, which names the device in
    /// the path for a cluster's proxy to route; `POST /v1/instances` on a new default device without one.
    public static func install(device: String? = nil, info: AppInfo, behavior: AppBehavior? = nil) -> Self {
        guard let device else { return Self("POST", "/v1/instances", json: InstallBody(device: nil, info: info, behavior: behavior)) }
        return Self("POST", "/v1/devices/\(segment(device))/instances", json: InstallBody(device: nil, info: info, behavior: behavior))
    }

    /// `GET /v1/instances/{instanceId}`: the instance now; with `waitFor`, once an event leaves it in that state
    /// (`408` after `timeout` seconds, at most 300).
    public static func getInstance(_ id: String, waitFor state: LifecycleState? = nil, timeout: TimeInterval? = nil) -> Self {
        let waits = state == nil ? nil : timeout ?? 30
        return Self(
            "GET", "/v1/instances/\(segment(id))",
            query: item("waitFor", state?.rawValue) + item("timeout", waits.map(seconds)), waits: waits ?? 0)
    }
}

extension AppSimClient.Operation where Value == InstancePage {
    /// `GET /v1/instances`: a page of instances, filtered by device, state and bundle id when given.
    public static func listInstances(
        device: String? = nil, state: LifecycleState? = nil, bundleId: String? = nil, limit: Int? = nil, after: String? = nil,
        scope: ListScope? = nil
    ) -> Self {
        Self(
            "GET", "/v1/instances",
            query: item("device", device) + item("state", state?.rawValue) + item("bundleId", bundleId)
                + item("limit", limit) + item("after", after) + item("scope", scope?.rawValue))
    }
}

/// What a list covers on a node of a cluster: every node (the default), or the node asked alone.
public enum ListScope: String, Sendable, Hashable, Codable, CaseIterable {
    case cluster, node
}

extension AppSimClient.Operation where Value == BatchResult {
    /// `POST /v1/instances/batch`: installs `count` copies of one app on new default devices, in one commit.
    public static func installBatch(count: Int, appsPerDevice: Int? = nil, info: AppInfo, behavior: AppBehavior? = nil) -> Self {
        Self("POST", "/v1/instances/batch", json: BatchBody(count: count, appsPerDevice: appsPerDevice, info: info, behavior: behavior))
    }

    /// `POST /v1/devices/{deviceId}/instances/batch`: installs `count` copies of one app on `device`, in one commit.
    public static func installBatch(onDevice device: String, count: Int, info: AppInfo, behavior: AppBehavior? = nil) -> Self {
        Self("POST", "/v1/devices/\(segment(device))/instances/batch", json: BatchBody(count: count, appsPerDevice: nil, info: info, behavior: behavior))
    }
}

extension AppSimClient.Operation where Value == CallbackPage {
    /// `GET /v1/instances/{instanceId}/callbacks`: the callbacks after seq `after`, oldest first. With `wait`, and
    /// none after `after` yet, the answer waits up to that many seconds (at most 300) for the next one and is an
    /// empty page if none comes.
    public static func listCallbacks(_ id: String, after: Int64 = 0, limit: Int? = nil, wait: TimeInterval? = nil) -> Self {
        Self(
            "GET", "/v1/instances/\(segment(id))/callbacks",
            query: item("after", after) + item("limit", limit) + item("wait", wait.map(seconds)), waits: wait ?? 0)
    }
}

extension AppSimClient.Operation where Value == JournalPage {
    /// `GET /v1/devices/{deviceId}/events`: a page of the device's event journal, oldest first, after event seq
    /// `after`.
    public static func listDeviceEvents(_ id: String, after: Int64 = 0, limit: Int? = nil) -> Self {
        Self("GET", "/v1/devices/\(segment(id))/events", query: item("after", after) + item("limit", limit))
    }
}
