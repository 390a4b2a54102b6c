/// Where a server stands among the nodes behind one proxy (docs/scale-out.md): its node id, which begins every
/// device id it creates, so that the proxy routes by the path alone; and its peers, which a list asks for their part.
/// A server without a node id is one on its own: ids and behaviour are as they always were.
public struct Cluster: Sendable {
    /// This node's id (`n1`); `nil` for a server on its own.
    public var node: String?
    /// The other nodes, which a list through the proxy covers too.
    public var peers: [Peer] = []

    public struct Peer: Sendable, Equatable {
        public var node: String
        public var host: String
        public var port: Int

        public init(node: String, host: String, port: Int) {
            self.node = node
            self.host = host
            self.port = port
        }
    }

    public init(node: String? = nil, peers: [Peer] = []) {
        self.node = node
        // A node may be given the whole cluster's list, itself in it, so that every node gets the same settings.
        self.peers = peers.filter { $0.node != node }
    }

    /// The header naming the node that answered, on every reply of a node.
    public static let nodeHeader = "X-Appsim-Node"

    /// What a node id must be: short, and of characters that end no path segment and need no encoding.
    public static let nodeIdRule = "1 to 8 characters of a-z and 0-9"

    /// Why `id` cannot be a node id, or `nil`.
    public static func nodeIdProblem(_ id: String) -> String? {
        guard (1...8).contains(id.utf8.count), id.utf8.allSatisfy(isNodeIdByte) else {
            return "a node id is \(nodeIdRule), not '\(id)'"
        }
        return nil
    }

    private static func isNodeIdByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// A peer as `--peer` gives it: `n2=http://10.0.0.2:8080` (`http://` may be left out).
    public static func peer(_ text: String) -> Result<Peer, PeerSyntaxError> {
        node(text, usage: "give a peer as NODE=http://HOST:PORT, such as n2=http://10.0.0.2:8080, not '\(text)'")
    }

    /// A node as `appsim haproxy-config --node` gives it: `n2=10.0.0.2:8080`.
    public static func proxiedNode(_ text: String) -> Result<Peer, PeerSyntaxError> {
        node(text, usage: "give a node as ID=HOST:PORT, such as n2=10.0.0.2:8080, not '\(text)'")
    }

    private static func node(_ text: String, usage: String) -> Result<Peer, PeerSyntaxError> {
        guard let equals = text.firstIndex(of: "=") else { return .failure(PeerSyntaxError(description: usage)) }
        let node = String(text[..<equals])
        if let problem = nodeIdProblem(node) { return .failure(PeerSyntaxError(description: "\(problem): \(usage)")) }
        var address = text[text.index(after: equals)...]
        if address.hasPrefix("http://") { address = address.dropFirst("http://".count) }
        if address.hasSuffix("/") { address = address.dropLast() }
        // `[::1]:8080`: the port follows the last colon.
        guard let colon = address.lastIndex(of: ":"), let port = Int(address[address.index(after: colon)...]),
              (1...65_535).contains(port), colon > address.startIndex
        else {
            return .failure(PeerSyntaxError(description: usage))
        }
        var host = address[..<colon]
        let bracketed = host.hasPrefix("[") && host.hasSuffix("]")
        if bracketed { host = host.dropFirst().dropLast() }
        // A host name or an IPv4 address; an IPv6 address in brackets.
        let allowed: (Character) -> Bool = bracketed
            ? { $0.isHexDigit || $0 == ":" || $0 == "." }
            : { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" || $0 == "." }
        guard !host.isEmpty, host.allSatisfy(allowed) else { return .failure(PeerSyntaxError(description: usage)) }
        return .success(Peer(node: node, host: String(host), port: port))
    }

    public struct PeerSyntaxError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The node an id was created on: `n2` of `n2-d4kq2abc` and of `n2-d4kq2abc.3`; `nil` for an id a server
    /// without a node id made (`d4kq2abc`).
    public static func node(of id: some StringProtocol) -> Substring? {
        guard let dash = id.firstIndex(of: "-") else { return nil }
        let node = Substring(id[..<dash])
        return nodeIdProblem(String(node)) == nil ? node : nil
    }

    /// A new device's id: `n1-d4kq2abc` on node `n1`, `d4kq2abc` on a server on its own.
    func newDeviceId() -> String {
        let alphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")
        var generator = SystemRandomNumberGenerator()
        let id = "d" + String((0..<7).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] })
        return node.map { "\($0)-\(id)" } ?? id
    }

    /// Refuses a request about a device of another node (`421`, naming the owner): answering `404` would tell a
    /// client that reached the wrong node that its device is gone.
    func checkOwner(of id: some StringProtocol, _ what: String) throws(Problem) {
        guard let node, let owner = Self.node(of: id), owner != node else { return }
        let known = peers.contains { $0.node == owner }
        throw Problem(
            status: 421, slug: "misdirected-request", title: "Misdirected Request",
            detail: "\(what) '\(id)' belongs to node \(owner), and this is node \(node): send requests about it through the cluster's proxy, which routes by the node its id begins with"
                + (known ? "" : " (node \(owner) is not one of this node's peers)"),
            extra: ["owner": .string(String(owner))])
    }
}
