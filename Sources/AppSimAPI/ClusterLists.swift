import AppSimCore
import AppSimHTTP
import AppSimJSON
import Dispatch
import Foundation
import Logging
import Synchronization

/// Lists that cover every node (docs/scale-out.md): the node a list reaches through the proxy adds its peers' pages
/// to its own and answers one page, in the one order ids have across the cluster.
///
/// Each peer is asked for the same page with `scope=node`, which a peer answers from its own store alone, so a list
/// never asks further than one hop. The peers are asked on threads of their own, never on an HTTP worker: a worker
/// that waited for a peer could not answer that peer's own `scope=node` request, and two nodes listing at once would
/// wait for each other. A peer that does not answer in time, or answers other than 200, is named in the page's
/// `unavailableNodes`, and its items are missing from that page only.
final class ClusterLists: Sendable {
    /// How long a list waits for its peers, all together. A peer's page is one indexed read: a peer this slow is
    /// as good as down, and a list through the proxy should not wait as long as the proxy's own timeouts.
    static let peerTimeoutMillis = 3_000
    /// Threads that wait for peers; more lists wait in line.
    static let threads = 4

    private struct State: ~Copyable {
        var jobs: [@Sendable () -> Void] = []
        var running = true
    }

    let cluster: Cluster
    private let token: String?
    private let logger: Logger
    private let state = Mutex(State())
    private let wakeup = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)

    init(cluster: Cluster, token: String?, logger: Logger) {
        self.cluster = cluster
        self.token = token
        self.logger = logger
        guard !cluster.peers.isEmpty else { return }
        for _ in 0..<Self.threads {
            let thread = Thread { [self] in run() }
            thread.start()
            thread.name = "appsim-peers"
        }
    }

    /// Whether lists ask other nodes.
    var asksPeers: Bool { !cluster.peers.isEmpty }

    /// Which list, and the order of its ids across nodes: the store's order on every node.
    enum List: String, Sendable {
        case devices, instances

        /// Whether `a` comes before `b`: devices by id, bytewise as SQLite compares them; instances by device,
        /// then install number.
        func precedes(_ a: String, _ b: String) -> Bool {
            switch self {
            case .devices:
                return a.utf8.lexicographicallyPrecedes(b.utf8)
            case .instances:
                let (positionA, positionB) = (Instance.listPosition(of: a), Instance.listPosition(of: b))
                if positionA.device != positionB.device { return positionA.device.utf8.lexicographicallyPrecedes(positionB.device.utf8) }
                return positionA.number < positionB.number
            }
        }
    }

    /// Answers a list: `local` is this node's page (already made), `query` the client's query parameters, which
    /// each peer gets too, or only `onlyNode` when the list is of one node's device. Returns at once; `answer` is
    /// called from a peers thread with the merged page.
    func list(
        _ list: List, query: [(name: String, value: String)], limit: Int, local: [UInt8], onlyNode: Substring?,
        answer: @escaping @Sendable ([UInt8]) -> Void
    ) {
        let peers = cluster.peers.filter { peer in onlyNode.map { peer.node == $0 } ?? true }
        if peers.isEmpty { return answer(local) }
        let target = "/v1/\(list.rawValue)?" + (query + [("scope", "node")])
            .map { "\($0.name)=\(Self.percentEncoded($0.value))" }.joined(separator: "&")
        let headers = token.map { [("Authorization", "Bearer \($0)")] } ?? []
        let job: @Sendable () -> Void = { [self] in
            let replies = HTTPFetch.get(
                peers.map { HTTPFetch.Request(host: $0.host, port: $0.port, target: target, headers: headers) },
                timeoutMillis: Self.peerTimeoutMillis)
            var pages: [NodePage] = []
            var unavailable: [String] = []
            if let page = NodePage(local) { pages.append(page) }
            for (peer, reply) in zip(peers, replies) {
                switch reply {
                case .success(let reply) where reply.status == 200:
                    if let page = NodePage(reply.body) { pages.append(page); continue }
                    logger.warning("node \(peer.node) answered a list with a body that is not a page; the list names it unavailable")
                case .success(let reply):
                    logger.warning("node \(peer.node) answered a list with \(reply.status); the list names it unavailable: \(String(decoding: reply.body.prefix(300), as: UTF8.self))")
                case .failure(let failure):
                    logger.warning("node \(peer.node) did not answer a list; the list names it unavailable: \(failure.description)")
                }
                unavailable.append(peer.node)
            }
            answer(Self.merged(pages, list: list, limit: limit, unavailable: unavailable))
        }
        let queued = state.withLock { state -> Bool in
            guard state.running else { return false }
            state.jobs.append(job)
            return true
        }
        if queued { wakeup.signal() } else { job() }
    }

    /// One node's page as it answered it.
    struct NodePage {
        var items: [(id: String, json: JSONValue)]
        var next: String?
        var unreadable: [String]

        init?(_ bytes: [UInt8]) {
            guard case .object(let page)? = try? JSONValue.parse(bytes), case .array(let items)? = page["items"] else { return nil }
            var parsed: [(id: String, json: JSONValue)] = []
            for item in items {
                guard case .object(let object) = item, let id = object["id"]?.stringValue else { return nil }
                parsed.append((id, item))
            }
            self.items = parsed
            next = page["next"]?.stringValue
            unreadable = page["unreadable"].flatMap { value -> [String]? in
                guard case .array(let ids) = value else { return nil }
                return ids.compactMap(\.stringValue)
            } ?? []
        }
    }

    /// The page of the cluster: every node's items in the list's order, up to `limit`. A node with more to give
    /// (its `next`) has given everything up to its `next` only, so the page ends there at the latest, wherever
    /// the other nodes' items go on: nothing is skipped, and nothing comes twice on the following page.
    static func merged(_ pages: [NodePage], list: List, limit: Int, unavailable: [String]) -> [UInt8] {
        let frontier = pages.compactMap(\.next).min(by: list.precedes)
        let items = pages.flatMap(\.items)
            .filter { item in frontier.map { !list.precedes($0, item.id) } ?? true }
            .sorted { list.precedes($0.id, $1.id) }
        let page = items.prefix(limit)
        let next = items.count > limit ? page.last?.id : frontier
        let unreadable = pages.flatMap(\.unreadable)
        return Page.jsonBytes(page.map(\.json.jsonBytes)) { w in
            w.field("next", next)
            if !unreadable.isEmpty { w.field("unreadable", strings: unreadable) }
            if !unavailable.isEmpty { w.field("unavailableNodes", strings: unavailable.sorted()) }
        }
    }

    /// `value` as a query parameter's value: everything but RFC 3986's unreserved characters percent-encoded.
    static func percentEncoded(_ value: String) -> String {
        var encoded = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return encoded
    }

    /// Runs what is queued, then, once stopping, what is left. Lists that wait for peers end within the peers'
    /// timeout, so stopping takes at most that long.
    func stop() {
        let wasRunning = state.withLock { state -> Bool in
            defer { state.running = false }
            return state.running
        }
        guard wasRunning, asksPeers else { return }
        for _ in 0..<Self.threads { wakeup.signal() }
        for _ in 0..<Self.threads { stopped.wait() }
    }

    private func run() {
        while true {
            wakeup.wait()
            let (job, running) = state.withLock { state -> ((@Sendable () -> Void)?, Bool) in
                (state.jobs.isEmpty ? nil : state.jobs.removeFirst(), state.running)
            }
            if let job {
                job()
                continue
            }
            if !running {
                stopped.signal()
                return
            }
        }
    }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
