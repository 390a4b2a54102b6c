import AppSimHTTP
import AppSimJSON

/// The HAProxy (2.6, Debian's) configuration that puts a cluster of nodes behind one address (docs/scale-out.md):
/// `appsim haproxy-config` prints it. Its limits and timeouts are the nodes' own, taken from where the nodes take them,
/// so that the proxy refuses what a node would and waits as long as a node may take.
public struct HAProxyConfiguration: Sendable {
    /// The nodes, each with the address the proxy reaches it at (a host name is resolved while HAProxy runs).
    public var nodes: [Cluster.Peer]
    /// Where HAProxy listens: `127.0.0.1:8080`, `:8080` for every interface.
    public var bind: String
    /// The largest request body, as a node's `maxBodyBytes`.
    public var maxBodyBytes = HTTPServer.Configuration().maxBodyBytes
    /// The most connections one client address may hold open: behind the proxy every request comes from the proxy's
    /// address, so this limit moves from the nodes to the proxy.
    public var connectionsPerClient = HTTPServer.Configuration().connectionsPerAddress
    /// The most connections the proxy holds open, as a node's.
    public var connectionLimit = HTTPServer.Configuration().connectionLimit

    public init(nodes: [Cluster.Peer], bind: String) {
        self.nodes = nodes
        self.bind = bind
    }

    /// A node's own limits, which the proxy's timeouts follow.
    private static let http = HTTPServer.Configuration()
    /// A long poll waits at most this long, and a stream is silent at most a heartbeat: the proxy must wait longer
    /// before it calls a server or client gone, or it would cut every long wait short.
    private static let longestSilenceSeconds = Int(AppSimService.maxWaitSeconds) + 30

    /// An RFC 9457 problem as HAProxy sends it itself: one line of JSON, without a `'` (it is quoted in `'…'`).
    static func problem(status: Int, slug: String, title: String, detail: String, extra: JSONObject = [:]) -> String {
        let json = Problem(status: status, slug: slug, title: title, detail: detail, extra: extra).json.jsonString
        precondition(!json.contains("'"), "an HAProxy string is quoted in '…' and cannot hold one")
        return json
    }

    /// The configuration file's text.
    public var text: String {
        let names = nodes.map(\.node)
        let resolves = nodes.contains { !Self.isAddressLiteral($0.host) }
        var lines: [String] = []
        func add(_ line: String = "") { lines.append(line) }

        add("# HAProxy in front of the appsim nodes \(names.joined(separator: ", ")). Made by `appsim haproxy-config`: make it again rather")
        add("# than editing it. docs/scale-out.md says why each part is as it is.")
        add("global")
        add("    # No maxconn here: HAProxy takes the most its file descriptor limit (ulimit -n) allows.")
        add("    # Nodes going down and up, on standard error (a container's log).")
        add("    log stderr format short local0 notice")
        add("    # Streams never end by themselves: a stopping HAProxy closes what is left after 25 s, within a container's")
        add("    # usual 30 s of grace; clients resume with Last-Event-ID.")
        add("    hard-stop-after 25s")
        add()
        add("defaults")
        add("    mode http")
        add("    log global")
        add("    option forwardfor")
        add("    timeout connect 1s")
        add("    # A slow client has as long to send its request as a node gives it; a long poll (at most \(Int(AppSimService.maxWaitSeconds)) s) and a")
        add("    # stream (a heartbeat every \(Watchers.heartbeatMillis / 1000) s) are silent for less than client and server timeouts allow.")
        add("    timeout http-request \(Self.http.requestTimeoutSeconds)s")
        add("    timeout http-keep-alive \(Self.http.connectionTimeoutSeconds)s")
        add("    timeout client \(Self.longestSilenceSeconds)s")
        add("    timeout server \(Self.longestSilenceSeconds)s")
        add("    timeout queue 5s")
        add("    timeout check 2s")
        add("    default-server inter 1s fall 2 rise 2")
        // HAProxy's own answers are problem JSON, as the nodes' are, not its HTML pages.
        for (status, title, detail) in [
            (400, "Bad Request", "the proxy could not read the request as HTTP/1.1"),
            (403, "Forbidden", "the proxy refused the request"),
            (408, "Request Timeout", "the request did not arrive whole within \(Self.http.requestTimeoutSeconds) s"),
            (500, "Internal Server Error", "the proxy failed to handle the request"),
            (502, "Bad Gateway", "the node closed the connection without a whole answer (it stopped, or it was marked down meanwhile); retry a read, and read back whether a write was applied before sending it again"),
            (503, "Service Unavailable", "no node could take the request; retry in a moment"),
            (504, "Gateway Timeout", "the node did not answer within \(Self.longestSilenceSeconds) s"),
        ] {
            let slug = status == 503 ? "node-unavailable" : "proxy-error"
            add("    http-error status \(status) content-type application/problem+json string '\(Self.problem(status: status, slug: slug, title: title, detail: detail))'")
        }
        if resolves {
            add()
            add("# Node addresses are host names (containers, pods): resolved while HAProxy runs, so a node that comes back")
            add("# at a new address is found again.")
            add("resolvers dns")
            add("    parse-resolv-conf")
            add("    hold valid 5s")
        }
        add()
        add("frontend appsim")
        add("    bind \(bind)")
        add("    maxconn \(connectionLimit)")
        add("    # Every request reaches a node from the proxy's address, so the nodes cannot tell clients apart: the limit on")
        add("    # one client's connections is kept here.")
        add("    stick-table type ipv6 size 100k expire 60s store conn_cur")
        add("    tcp-request connection track-sc0 src")
        add("    tcp-request connection reject if { sc_conn_cur(0) gt \(connectionsPerClient) }")
        // A node's own 413, word for word.
        add("    http-request return status 413 content-type application/problem+json string '\(String(decoding: HTTPResponse.payloadTooLarge(limit: maxBodyBytes).body, as: UTF8.self))' if { req.hdr_val(content-length) gt \(maxBodyBytes) }")
        add("    http-request return status 404 content-type application/problem+json string '\(Self.problem(status: 404, slug: "no-route", title: "Not Found", detail: "each node serves its own /metrics: scrape the nodes \(names.joined(separator: ", ")) one by one, not the proxy"))' if { path /metrics }")
        add("    # A request about a device or an app names its node first in the id (/v1/devices/n2-d4kq2abc/..., /v1/instances/n2-d4kq2abc.3/...).")
        add("    http-request set-var(txn.node) path,field(4,/),field(1,-) if { path_reg ^/v1/(devices|instances)/[a-z0-9]{1,8}- }")
        add("    http-request return status 404 content-type application/problem+json string '\(Self.problem(status: 404, slug: "not-found", title: "Not Found", detail: "the id names a node that is not in this cluster (\(names.joined(separator: ", "))), so no such device or app exists here"))' if { var(txn.node) -m found } !{ var(txn.node) -m str \(names.joined(separator: " ")) }")
        for node in names {
            add("    use_backend node_\(node) if { var(txn.node) -m str \(node) }")
        }
        add("    # Everything else (creates, installs on a new device, lists, the dashboard) goes to any healthy node.")
        add("    default_backend spread")
        for node in nodes {
            add()
            add("# Only node \(node.node) has its devices: while it is down they are 503, never answered by another node.")
            add("backend node_\(node.node)")
            add("    option httpchk GET /healthz")
            add("    http-check expect status 200")
            add("    # A node that stops answering (a container gone, not refusing) costs one request at most 2 s: one retry, and")
            add("    # the failed connection marks it down at once, before its health checks do.")
            add("    retries 1")
            add("    http-request return status 503 content-type application/problem+json hdr Retry-After 1 string '\(Self.problem(status: 503, slug: "node-unavailable", title: "Service Unavailable", detail: "node \(node.node), which has this device, is down; nothing was changed: retry once it is back", extra: ["node": .string(node.node)]))' if { nbsrv(node_\(node.node)) lt 1 }")
            add("    http-error status 503 content-type application/problem+json hdr Retry-After 1 string '\(Self.problem(status: 503, slug: "node-unavailable", title: "Service Unavailable", detail: "node \(node.node), which has this device, does not answer; retry in a moment", extra: ["node": .string(node.node)]))'")
            add("    server \(node.node) \(Self.address(node))\(resolves ? " resolvers dns init-addr last,libc,none" : "") check observe layer4 error-limit 1 on-error mark-down")
        }
        add()
        add("# Creates spread over the healthy nodes; a create a node never received is sent to another.")
        add("backend spread")
        add("    balance roundrobin")
        add("    option redispatch 1")
        add("    retries 2")
        add("    http-request return status 503 content-type application/problem+json hdr Retry-After 1 string '\(Self.problem(status: 503, slug: "node-unavailable", title: "Service Unavailable", detail: "no node of the cluster is up; retry in a moment"))' if { nbsrv(spread) lt 1 }")
        for node in nodes {
            add("    server \(node.node) \(Self.address(node))\(resolves ? " resolvers dns init-addr last,libc,none" : "") track node_\(node.node)/\(node.node)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func address(_ node: Cluster.Peer) -> String {
        node.host.contains(":") ? "[\(node.host)]:\(node.port)" : "\(node.host):\(node.port)"
    }

    /// Whether `host` is an IPv4 or IPv6 address rather than a name.
    private static func isAddressLiteral(_ host: String) -> Bool {
        host.contains(":") || host.split(separator: ".").count == 4 && host.split(separator: ".").allSatisfy { UInt8($0) != nil }
    }
}
