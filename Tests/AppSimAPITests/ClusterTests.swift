@testable import AppSimAPI
import AppSimJSON
import AppSimTestSupport
import Foundation
import Testing

@Suite("Cluster: node ids, peers, merged lists, the HAProxy configuration")
struct ClusterTests {
    @Test("a node id is 1 to 8 of a-z and 0-9; an id names the node it begins with, an id of a server on its own names none")
    func nodeIds() {
        for good in ["n1", "0", "abcdefgh", "z9"] { #expect(Cluster.nodeIdProblem(good) == nil, "\(good)") }
        for bad in ["", "N1", "n-1", "abcdefghi", "n_1", "nö"] { #expect(Cluster.nodeIdProblem(bad) != nil, "\(bad)") }
        #expect(Cluster.node(of: "n2-d4kq2abc") == "n2")
        #expect(Cluster.node(of: "n2-d4kq2abc.3") == "n2")
        #expect(Cluster.node(of: "d4kq2abc.3") == nil)
        #expect(Cluster.node(of: "Bad-x") == nil)
        let node = Cluster(node: "n1")
        for _ in 0..<100 { #expect(node.newDeviceId().wholeMatch(of: /n1-d[a-z0-9]{7}/) != nil) }
        #expect(Cluster().newDeviceId().wholeMatch(of: /d[a-z0-9]{7}/) != nil)
    }

    @Test("another node's device is 421 naming its owner; this node's and unprefixed ids pass; a server on its own checks nothing")
    func owners() {
        let node = Cluster(node: "n1", peers: [.init(node: "n2", host: "127.0.0.1", port: 8082)])
        #expect(throws: Never.self) { try node.checkOwner(of: "n1-dabc", "device") }
        #expect(throws: Never.self) { try node.checkOwner(of: "dabc.1", "instance") }
        do {
            try node.checkOwner(of: "n2-dabc.1", "instance")
            Issue.record("no 421")
        } catch {
            #expect(error.status == 421 && error.slug == "misdirected-request" && error.extra["owner"] == "n2")
        }
        #expect(throws: Never.self) { try Cluster().checkOwner(of: "n2-dabc", "device") }
    }

    @Test("a peer is NODE=http://HOST:PORT; the node's own entry is skipped; anything else is refused with the form to use")
    func peers() throws {
        #expect(try Cluster.peer("n2=http://10.0.0.2:8080").get() == .init(node: "n2", host: "10.0.0.2", port: 8080))
        #expect(try Cluster.peer("n3=appsim-3.appsim:9000/").get() == .init(node: "n3", host: "appsim-3.appsim", port: 9000))
        #expect(try Cluster.peer("n4=http://[::1]:8084").get() == .init(node: "n4", host: "::1", port: 8084))
        for bad in ["n2", "N2=http://h:1", "n2=http://h", "n2=http://h:0", "n2=http://:80", "n2=http://h:80/x", "n2=http://host name:80"] {
            guard case .failure(let error) = Cluster.peer(bad) else { Issue.record("\(bad) was taken"); continue }
            #expect(error.description.contains("NODE=http://HOST:PORT"), "\(bad): \(error)")
        }
        guard case .failure(let error) = Cluster.proxiedNode("n1=host") else { Issue.record("n1=host was taken"); return }
        #expect(error.description.contains("ID=HOST:PORT"), "\(error)")
        let cluster = Cluster(node: "n1", peers: [.init(node: "n1", host: "a", port: 1), .init(node: "n2", host: "b", port: 2)])
        #expect(cluster.peers.map(\.node) == ["n2"])
    }

    static func page(_ ids: [String], next: String?, unreadable: [String] = []) -> ClusterLists.NodePage {
        var object: JSONObject = ["items": .array(ids.map { .object(["id": .string($0)]) }), "next": next.map(JSONValue.string) ?? .null]
        if !unreadable.isEmpty { object["unreadable"] = .array(unreadable.map(JSONValue.string)) }
        return ClusterLists.NodePage(JSONValue.object(object).jsonBytes)!
    }

    static func merged(_ pages: [ClusterLists.NodePage], _ list: ClusterLists.List, limit: Int, unavailable: [String] = []) throws -> (ids: [String], page: JSONValue) {
        let page = try JSONValue.parse(ClusterLists.merged(pages, list: list, limit: limit, unavailable: unavailable))
        return (page["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? [], page)
    }

    @Test("a merged page is every node's items in one order up to the limit, and ends where a node with more stopped")
    func mergedPages() throws {
        // Node n1 has more after n1-b: nothing past it is on the page, wherever the other nodes' items go on.
        var (ids, page) = try Self.merged([Self.page(["n1-a", "n1-b"], next: "n1-b"), Self.page(["n2-a"], next: nil)], .devices, limit: 2)
        #expect(ids == ["n1-a", "n1-b"] && page["next"] == "n1-b")
        (ids, page) = try Self.merged([Self.page(["n1-c"], next: nil), Self.page(["n2-a", "n2-b"], next: nil)], .devices, limit: 2)
        #expect(ids == ["n1-c", "n2-a"] && page["next"] == "n2-a")
        (ids, page) = try Self.merged([Self.page([], next: nil), Self.page(["n2-b"], next: nil)], .devices, limit: 2, unavailable: ["n3"])
        #expect(ids == ["n2-b"] && page["next"] == .null && page["unavailableNodes"] == .array(["n3"]))
        // A node that looked through its share without a match still bounds the page (a filtered instance list).
        (ids, page) = try Self.merged([Self.page([], next: "n1-d.4"), Self.page(["n2-a.1"], next: nil)], .instances, limit: 10)
        #expect(ids.isEmpty && page["next"] == "n1-d.4")
        // Instances go by device, then install number: .10 after .9.
        (ids, _) = try Self.merged([Self.page(["n1-a.9", "n1-a.10"], next: nil), Self.page(["n1-a.2"], next: nil)], .instances, limit: 10)
        #expect(ids == ["n1-a.2", "n1-a.9", "n1-a.10"])
        (_, page) = try Self.merged([Self.page(["n1-a"], next: nil, unreadable: ["n1-x"])], .devices, limit: 10)
        #expect(page["unreadable"] == .array(["n1-x"]) && page["unavailableNodes"] == nil)
    }

    @Test("paging a merged list of random nodes' pages visits every item once, in order, whatever the limit")
    func mergedPagingIsComplete() throws {
        var generator = SeededGenerator(seed: 7)
        for round in 0..<50 {
            let nodes = (1...3).map { node in
                (0..<Int.random(in: 0...12, using: &generator)).map { "n\(node)-d\(String(format: "%03d", $0))" }.sorted()
            }
            let everything = nodes.flatMap { $0 }.sorted()
            let limit = Int.random(in: 1...5, using: &generator)
            var after: String?
            var seen: [String] = []
            for _ in 0...everything.count + 1 {
                // Each node answers as a node does: up to `limit` after the cursor, `next` when it has more.
                let pages = nodes.map { ids in
                    let rest = ids.filter { after == nil || $0 > after! }
                    return Self.page(Array(rest.prefix(limit)), next: rest.count > limit ? rest[limit - 1] : nil)
                }
                let (ids, page) = try Self.merged(pages, .devices, limit: limit)
                seen += ids
                after = page["next"]?.stringValue
                if after == nil { break }
            }
            #expect(seen == everything, "round \(round), limit \(limit)")
        }
    }

    @Test("query values reach the peers percent-encoded")
    func encoding() {
        #expect(ClusterLists.percentEncoded("com.example.notes") == "com.example.notes")
        #expect(ClusterLists.percentEncoded("a b&c=d/é") == "a%20b%26c%3Dd%2F%C3%A9")
    }

    @Test("the HAProxy configuration is valid for HAProxy, routes each node's ids to it alone and keeps the nodes' limits")
    func haproxyConfiguration() throws {
        let nodes = [Cluster.Peer(node: "n1", host: "127.0.0.1", port: 8081), Cluster.Peer(node: "n2", host: "appsim-2.appsim", port: 8080)]
        let text = HAProxyConfiguration(nodes: nodes, bind: "127.0.0.1:8080").text
        for line in [
            "    use_backend node_n1 if { var(txn.node) -m str n1 }", "    use_backend node_n2 if { var(txn.node) -m str n2 }",
            "    server n2 appsim-2.appsim:8080 resolvers dns init-addr last,libc,none check observe layer4 error-limit 1 on-error mark-down", "    default_backend spread",
            "    tcp-request connection reject if { sc_conn_cur(0) gt 2500 }", "    timeout server 330s",
        ] {
            #expect(text.contains(line + "\n"), "\(line)")
        }
        #expect(text.contains("gt 65536 }"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("haproxy-\(UUID().uuidString).cfg")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let haproxy = ["/usr/sbin/haproxy", "/usr/bin/haproxy"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let path = try #require(haproxy, "haproxy is not installed (scripts/setup installs it)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-c", "-q", "-f", file.path]
        let output = Pipe()
        process.standardError = output
        process.standardOutput = output
        try process.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "haproxy -c: \(said)")
    }
}
