import AppSimCore
import AppSimHTTP
import AppSimJSON

/// Routes HTTP requests to the service and turns its answers and problems into responses (openapi.yaml).
public struct APIResponder: HTTPResponder {
    let service: AppSimService
    /// The token's bytes, made once rather than on every request.
    private let token: [UInt8]?
    let browserGuard: BrowserGuard
    /// The cluster, for a node with a node id: only then are ids checked for their owner (`nil` costs a server on its
    /// own nothing per request).
    private let nodeCluster: Cluster?

    /// - Parameters:
    ///   - allowedOrigins: sites besides the server's own whose pages may call it (`https://ci.example.com`).
    ///   - host: the address the server listens on: on a loopback one, only loopback names are served.
    public init(service: AppSimService, allowedOrigins: [String] = [], listeningOn host: String = "127.0.0.1") {
        self.service = service
        token = service.token.map { Array($0.utf8) }
        browserGuard = BrowserGuard(allowedOrigins: allowedOrigins, listeningOn: host)
        nodeCluster = service.cluster.node == nil ? nil : service.cluster
    }

    public func respond(to request: HTTPRequest, writer: HTTPResponseWriter) {
        let exchange = Exchange(
            method: request.method, writer: writer, metrics: service.metrics, crossOrigin: browserGuard.crossOriginHeaders(request))
        if let preflight = browserGuard.preflight(request) {
            exchange.send(preflight)
            return
        }
        do {
            if let response = try route(request, exchange) { exchange.send(response) }
        } catch {
            exchange.send(Self.problemResponse(error))
        }
    }

    /// One request's way back to its client, now or once its write is committed.
    struct Exchange: Sendable {
        let method: String
        let writer: HTTPResponseWriter
        let metrics: Metrics
        /// What lets a page of a site `--allowed-origin` names read the answer (CORS); empty for everyone else.
        let crossOrigin: [(name: String, value: String)]

        func send(_ response: HTTPResponse) {
            metrics.countRequest(method: method, status: response.status)
            answer(response)
        }

        /// Sends `response` with the cross-origin headers, without counting it (a wait's answer, as before).
        func answer(_ response: HTTPResponse) {
            guard !crossOrigin.isEmpty else { return writer.send(response) }
            var response = response
            response.headers += crossOrigin
            writer.send(response)
        }

        /// Answers with what `pending` did once its write is committed (the store's problem if the commit failed).
        /// The response is made now, on the requesting thread, so that the committing thread only hands it over.
        func send<Value>(_ pending: PendingWrite<Value>, _ response: (Value) -> HTTPResponse) {
            let answer = switch pending.result {
            case .success(let value): response(value)
            case .failure(let problem): APIResponder.problemResponse(problem)
            }
            pending.commit.whenSettled { committed in
                switch committed {
                case .success: send(answer)
                case .failure(let problem): send(APIResponder.problemResponse(problem))
                }
            }
        }
    }

    static func problemResponse(_ problem: Problem) -> HTTPResponse {
        var headers: [(name: String, value: String)] = [("Content-Type", "application/problem+json")]
        switch problem.status {
        case 401:
            headers.append(("WWW-Authenticate", #"Bearer realm="appsim""#))
        case 405:
            if case .array(let methods)? = problem.extra["allow"] {
                headers.append(("Allow", methods.compactMap(\.stringValue).joined(separator: ", ")))
            }
        case 503:
            headers.append(("Retry-After", "1"))
        default:
            break
        }
        return HTTPResponse(status: problem.status, headers: headers, body: problem.json.jsonBytes)
    }

    /// A 200 with JSON that is already bytes.
    static func raw(_ json: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: json)
    }

    static func json(_ value: JSONValue, status: Int = 200, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: value.jsonBytes)
    }

    /// Answers `request`: returns the response, or `nil` when the service answers through `exchange` once committed.
    func route(_ request: HTTPRequest, _ exchange: Exchange) throws(Problem) -> HTTPResponse? {
        // Split before decoding: an id with an encoded "/" must stay one segment, not reach another route.
        let parts = request.pathSegments
        let method = request.method
        try browserGuard.check(request)
        try Self.checkQueryRepeats(request)

        switch parts.count {
        case 0:
            try allow(method, ["GET"])
            return Dashboard.response(Dashboard.page)
        case 1 where parts[0] == "ui":
            try allow(method, ["GET"])
            return Dashboard.redirect
        case 2 where parts[0] == "ui":
            try allow(method, ["GET"])
            guard let file = Dashboard.files[parts[1]] else { throw notFound(request) }
            return Dashboard.response(file)
        case 1 where parts[0] == "healthz":
            try allow(method, ["GET"])
            try service.health()
            return Self.json(["status": "ok", "version": .string(AppSimVersion.current)])
        case 1 where parts[0] == "openapi.yaml":
            try allow(method, ["GET"])
            return HTTPResponse(status: 200, headers: [("Content-Type", "application/yaml")], body: PackageResources.openapi_yaml)
        case 1 where parts[0] == "metrics":
            try allow(method, ["GET"])
            let counts = try service.counts()
            let text = service.metrics.render(
                devices: counts.devices, states: counts.states, commits: service.committer.statistics,
                logRestarts: service.store.logRestartStatistics)
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4")], body: Array(text.utf8))
        default:
            break
        }

        guard parts.first == "v1", parts.count >= 2 else { throw notFound(request) }
        try authorize(request)
        // Every request about a device names it in its path, first thing: another node's is refused before anything.
        if let nodeCluster, parts.count >= 3, parts[1] == "devices" || (parts[1] == "instances" && parts[2] != "batch") {
            try nodeCluster.checkOwner(of: parts[2], parts[1] == "devices" ? "device" : "instance")
        }
        switch (parts[1], parts.count) {
        case ("devices", 2):
            try allow(method, ["GET", "POST"])
            try takesQuery(request, method == "GET" ? ["after", "limit", "scope"] : [])
            if method == "POST" {
                let now = service.clock.millis()
                let device = try decoded(try body(request, emptyIsObject: true)) { json throws(FieldError) in
                    try Device(id: "", json: json, wallMillis: now)
                }
                exchange.send(try service.createDevice(device), Self.created)
                return nil
            }
            let limit = try limit(request)
            let page = try service.listDevices(after: request.queryArgument("after"), limit: limit)
            return try clusterList(.devices, request, exchange, limit: limit, local: page, onlyNode: nil)
        case ("devices", 3):
            try allow(method, ["GET", "DELETE"])
            try takesQuery(request, method == "GET" ? ["timeout", "waitForForeground"] : [])
            if method == "DELETE" {
                exchange.send(try service.deleteDevice(parts[2])) { HTTPResponse(status: 204) }
                return nil
            }
            // A timeout is checked even without a wait: a client's mistake is refused, never ignored.
            let timeout = try AppSimService.waitMillis(request.queryArgument("timeout"), name: "timeout")
            if let wanted = request.queryArgument("waitForForeground") {
                try service.waitForForeground(parts[2], instance: wanted, timeoutMillis: timeout, client: Self.waitingClient(exchange))
                return nil
            }
            return Self.json(try service.device(parts[2]))
        case ("devices", 4) where parts[3] == "stream":
            try allow(method, ["GET"])
            try takesQuery(request, ["after"])
            try service.streamDevice(parts[2], after: try lastEventId(request)) { Self.eventStream(exchange, of: "device " + parts[2]) }
            return nil
        case ("devices", 4) where parts[3] == "instances":
            try allow(method, ["POST"])
            try takesQuery(request, [])
            var install = try decoded(try body(request), InstallRequest.init(json:))
            if install.device != nil {
                throw Problem.field(FieldError(.invalidValue, "device", "the path names the device ('\(parts[2])'); leave 'device' out of the body"))
            }
            install.device = parts[2]
            install.deviceInPath = true
            exchange.send(try service.install(install), Self.installed)
            return nil
        case ("devices", 5) where parts[3] == "instances" && parts[4] == "batch":
            try allow(method, ["POST"])
            try takesQuery(request, [])
            let batch = try decoded(try body(request), BatchInstallRequest.init(json:))
            if batch.appsPerDevice != nil {
                throw Problem.field(FieldError(.invalidValue, "appsPerDevice", "every copy goes on device '\(parts[2])' of the path; leave 'appsPerDevice' out"))
            }
            exchange.send(try service.installBatch(batch, onDevice: parts[2]), Self.installed)
            return nil
        case ("devices", 4) where parts[3] == "events":
            try allow(method, ["GET", "POST"])
            try takesQuery(request, method == "GET" ? ["after", "limit"] : [])
            if method == "GET" {
                return Self.raw(try service.journal(device: parts[2], after: try seqQuery(request, "after", what: "an event seq"), limit: try limit(request)))
            }
            try post(request, device: parts[2], instance: nil, exchange)
            return nil
        case ("instances", 2):
            try allow(method, ["GET", "POST"])
            try takesQuery(request, method == "GET" ? ["device", "bundleId", "state", "after", "limit", "scope"] : [])
            if method == "POST" {
                let install = try decoded(try body(request), InstallRequest.init(json:))
                exchange.send(try service.install(install), Self.installed)
                return nil
            }
            var filter = AppSimService.InstanceFilter()
            filter.device = request.queryArgument("device")
            filter.bundleId = request.queryArgument("bundleId")
            filter.state = try lifecycleState(request, "state")
            let limit = try limit(request)
            let page = try service.listInstances(filter: filter, after: request.queryArgument("after"), limit: limit)
            return try clusterList(.instances, request, exchange, limit: limit, local: page, onlyNode: filter.device.flatMap(Cluster.node(of:)))
        case ("instances", 3) where parts[2] == "batch":
            try allow(method, ["POST"])
            try takesQuery(request, [])
            let batch = try decoded(try body(request), BatchInstallRequest.init(json:))
            exchange.send(try service.installBatch(batch), Self.installed)
            return nil
        case ("instances", 3):
            try allow(method, ["GET", "DELETE"])
            try takesQuery(request, method == "GET" ? ["waitFor", "timeout"] : [])
            if method == "DELETE" {
                exchange.send(try service.uninstall(parts[2])) { HTTPResponse(status: 204) }
                return nil
            }
            let wanted = try lifecycleState(request, "waitFor")
            let timeout = try AppSimService.waitMillis(request.queryArgument("timeout"), name: "timeout")
            if let wanted {
                try service.waitForState(parts[2], state: wanted, timeoutMillis: timeout, client: Self.waitingClient(exchange))
                return nil
            }
            return Self.raw(try service.instanceBytes(parts[2]))
        case ("instances", 4) where parts[3] == "stream":
            try allow(method, ["GET"])
            try takesQuery(request, ["after"])
            try service.streamInstance(parts[2], after: try lastEventId(request)) { Self.eventStream(exchange, of: parts[2]) }
            return nil
        case ("instances", 4) where parts[3] == "events":
            try allow(method, ["POST"])
            try takesQuery(request, [])
            try post(request, device: AppSimService.deviceId(ofInstance: parts[2]), instance: parts[2], exchange)
            return nil
        case ("instances", 4) where parts[3] == "callbacks":
            try allow(method, ["GET"])
            try takesQuery(request, ["after", "limit", "wait"])
            let after = try seqQuery(request, "after", what: "a callback seq")
            if let wait = request.queryArgument("wait") {
                let timeout = try AppSimService.waitMillis(wait, name: "wait")
                try service.waitForCallbacks(parts[2], after: after, limit: try limit(request), timeoutMillis: timeout, client: Self.waitingClient(exchange))
                return nil
            }
            return Self.raw(try service.callbacks(instance: parts[2], after: after, limit: try limit(request)))
        default:
            throw notFound(request)
        }
    }

    /// Answers a list with this node's `local` page, or, where the list covers the cluster (its peers, unless
    /// `scope=node`), through ``ClusterLists`` once the peers answered (`nil`). `onlyNode`: the one node whose
    /// items can match (a list of one device's apps).
    func clusterList(
        _ list: ClusterLists.List, _ request: HTTPRequest, _ exchange: Exchange, limit: Int, local: [UInt8], onlyNode: Substring?
    ) throws(Problem) -> HTTPResponse? {
        switch request.queryArgument("scope") {
        case nil, "cluster": break
        case "node": return Self.raw(local)
        case let other?: throw Problem.badQuery("scope", "must be 'cluster' (every node, the default) or 'node' (this node only), not '\(other)'")
        }
        let lists = service.clusterLists
        // A list of one of this node's devices is this node's alone.
        let ofThisNode = onlyNode.map { String($0) } == lists.cluster.node && onlyNode != nil
        guard lists.asksPeers, !ofThisNode else { return Self.raw(local) }
        let query = request.query.sorted { $0.key < $1.key }.filter { $0.key != "scope" }.map { (name: $0.key, value: $0.value) }
        lists.list(list, query: query, limit: limit, local: local, onlyNode: onlyNode) { page in exchange.send(Self.raw(page)) }
        return nil
    }

    /// Refuses a query parameter given twice: taking either value would guess what the client meant.
    static func checkQueryRepeats(_ request: HTTPRequest) throws(Problem) {
        guard !request.hasNoQuery, let name = request.repeatedQueryName else { return }
        throw Problem.badQuery(name, "is given more than once; give it once")
    }

    /// Refuses a query parameter the operation does not take, as a body's unknown field is refused: a misspelt
    /// `waitfor` ignored would answer at once, and the test that sent it would go on as if it had waited.
    func takesQuery(_ request: HTTPRequest, _ names: [String]) throws(Problem) {
        guard !request.hasNoQuery, let unknown = request.query.keys.sorted().first(where: { !names.contains($0) }) else { return }
        let taken = names.isEmpty ? "takes no query parameters" : "takes \(names.sorted().joined(separator: ", "))"
        throw Problem.badQuery(unknown, "is not one this operation knows: \(request.method) \(request.path) \(taken)")
    }

    func notFound(_ request: HTTPRequest) -> Problem {
        Problem(status: 404, slug: "no-route", title: "Not Found",
                detail: "nothing is served at \(request.path); the API is described at GET /openapi.yaml")
    }

    func allow(_ method: String, _ allowed: [String]) throws(Problem) {
        guard allowed.contains(method) else {
            throw Problem(status: 405, slug: "method-not-allowed", title: "Method Not Allowed",
                          detail: "\(method) is not served here; use \(allowed.joined(separator: " or "))",
                          extra: ["allow": .array(allowed.map { .string($0) })])
        }
    }

    func authorize(_ request: HTTPRequest) throws(Problem) {
        guard let token else { return }
        guard let given = Self.bearerToken(request.header("authorization")), Self.isSameToken(given, token) else {
            throw Problem(status: 401, slug: "unauthorized", title: "Unauthorized",
                          detail: "this server needs 'Authorization: Bearer <token>' with the token it was started with (--token or APPSIM_TOKEN)")
        }
    }

    /// The lifecycle state named by query parameter `name`; `nil` when it is absent, `400` when it names none.
    func lifecycleState(_ request: HTTPRequest, _ name: String) throws(Problem) -> LifecycleState? {
        guard let text = request.queryArgument(name) else { return nil }
        guard let state = LifecycleState(rawValue: text) else {
            throw Problem.badQuery(name, "must be one of \(LifecycleState.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text)'")
        }
        return state
    }

    /// The token of an `Authorization: Bearer TOKEN` header; the scheme is case-insensitive (RFC 9110).
    static func bearerToken(_ header: String?) -> Substring? {
        guard let header, let space = header.firstIndex(of: " "),
              header[..<space].lowercased() == "bearer"
        else { return nil }
        // A field's value has no whitespace around it (RFC 9110 §5.5): spaces and tabs after the token are not part of it.
        let token = header[header.index(after: space)...].drop(while: { $0 == " " || $0 == "\t" })
        return token.prefix(token.count - token.reversed().prefix(while: { $0 == " " || $0 == "\t" }).count)
    }

    /// Whether `given` is `token`, in a time that depends on the given token's length only: comparing byte by byte
    /// and stopping at the first difference would let a client find the token one byte at a time by timing replies.
    static func isSameToken(_ given: Substring, _ token: [UInt8]) -> Bool {
        var difference = given.utf8.count == token.count ? 0 : 1
        guard !token.isEmpty else { return difference == 0 }
        for (index, byte) in given.utf8.enumerated() {
            difference |= Int(byte ^ token[index % token.count])
        }
        return difference == 0
    }

    func body(_ request: HTTPRequest, emptyIsObject: Bool = false) throws(Problem) -> JSONValue {
        try BrowserGuard.checkJSONBody(request)
        if request.body.isEmpty {
            if emptyIsObject { return .object([:]) }
            throw Problem(status: 400, slug: "malformed-json", title: "Bad Request", detail: "the request needs a JSON body")
        }
        do { return try JSONValue.parse(request.body) } catch { throw Problem.badJSON(error) }
    }

    /// A seq in the query (`after`): a whole number ≥ 0; 0 when absent.
    func seqQuery(_ request: HTTPRequest, _ name: String, what: String) throws(Problem) -> Int64 {
        guard let text = request.queryArgument(name) else { return 0 }
        guard let value = Int64(text), value >= 0 else {
            throw Problem.badQuery(name, "must be \(what) (a whole number ≥ 0), not '\(text)'")
        }
        return value
    }

    /// Where a stream resumes: the `Last-Event-ID` header, or `?after=SEQ`. Both are checked when both are sent, so
    /// that a wrong `after` is refused even though the header wins.
    func lastEventId(_ request: HTTPRequest) throws(Problem) -> Int64? {
        func seq(_ text: String?) throws(Problem) -> Int64? {
            guard let text else { return nil }
            guard let value = Int64(text), value >= 0 else {
                throw Problem.badQuery("after", "(or Last-Event-ID) must be a seq, a whole number ≥ 0, not '\(text)'")
            }
            return value
        }
        let header = try seq(request.header("last-event-id"))
        let query = try seq(request.queryArgument("after"))
        return header ?? query
    }

    func limit(_ request: HTTPRequest) throws(Problem) -> Int {
        guard let text = request.queryArgument("limit") else { return 100 }
        guard let value = Int(text), (1...1000).contains(value) else {
            throw Problem.badQuery("limit", "must be a whole number from 1 to 1000, not '\(text)'")
        }
        return value
    }
}
