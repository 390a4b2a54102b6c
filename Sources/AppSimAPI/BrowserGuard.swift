import AppSimHTTP

/// What keeps web pages a developer opens from using the server behind their back (openapi.yaml, Browsers):
/// a page may send a cross-site `POST` with `Content-Type: text/plain` without asking, and a DNS-rebinding page
/// reaches `127.0.0.1` under a name of its own. Clients that are not browsers send no `Origin` and are unaffected.
struct BrowserGuard: Sendable {
    /// Origins besides the server's own that may call it (`--allowed-origin`), as `scheme://host[:port]`, lowercased.
    let allowedOrigins: Set<String>
    /// The server listens on a loopback address, where only a loopback name or address may be the `Host`.
    let loopbackOnly: Bool

    init(allowedOrigins: [String], listeningOn host: String) {
        self.allowedOrigins = Set(allowedOrigins.map { Self.normalizedOrigin($0) })
        loopbackOnly = Self.isLoopback(host.utf8)
    }

    /// Refuses a request whose `Host` is not a loopback name while the server listens on loopback (`403`), and one
    /// sent from another site's page (`403`): the server's own pages (the dashboard) have its origin.
    func check(_ request: HTTPRequest) throws(Problem) {
        let host = request.header("host")
        if loopbackOnly, let host, !Self.namesLoopback(host) {
            throw Problem(
                status: 403, slug: "foreign-host", title: "Forbidden",
                detail: "this server listens on a loopback address and answers only requests for a loopback name (localhost, 127.0.0.1, [::1]), not '\(host)'; a page that renamed 127.0.0.1 (DNS rebinding) sends its own name")
        }
        guard let origin = request.header("origin") else { return }
        let normalized = Self.normalizedOrigin(origin)
        if let host, normalized.hasSuffix("://" + host.lowercased()), !normalized.dropLast(host.utf8.count + 3).contains("/") {
            return
        }
        if allowedOrigins.contains(normalized) { return }
        guard normalized != "null" else {
            throw Problem(
                status: 403, slug: "foreign-origin", title: "Forbidden",
                detail: "requests from pages without an origin of their own (Origin: null: a sandboxed frame, a file, a redirect) are refused; serve the page from a site and start the server with --allowed-origin naming it")
        }
        throw Problem(
            status: 403, slug: "foreign-origin", title: "Forbidden",
            detail: "requests from pages of '\(origin)' are refused: only the server's own pages may call it from a browser; start it with --allowed-origin \(normalized) to allow that site")
    }

    /// For a request from a page of a site `--allowed-origin` names, the headers that let the page read the answer
    /// (CORS: its origin, and the headers it may read); none for anyone else, the server's own pages included.
    func crossOriginHeaders(_ request: HTTPRequest) -> [(name: String, value: String)] {
        guard !allowedOrigins.isEmpty, let origin = request.header("origin"), allowedOrigins.contains(Self.normalizedOrigin(origin)) else {
            return []
        }
        return [
            ("Access-Control-Allow-Origin", origin), ("Vary", "Origin"),
            ("Access-Control-Expose-Headers", "Location, Retry-After, WWW-Authenticate, Allow"),
        ]
    }

    /// The answer to a CORS preflight (`OPTIONS` with `Access-Control-Request-Method`) from a page of a site
    /// `--allowed-origin` names: `204`, with what it may send. `nil` for any other request (an `OPTIONS` is then `405`
    /// as before).
    func preflight(_ request: HTTPRequest) -> HTTPResponse? {
        guard request.method == "OPTIONS", !allowedOrigins.isEmpty, request.header("access-control-request-method") != nil,
              let origin = request.header("origin"), allowedOrigins.contains(Self.normalizedOrigin(origin))
        else { return nil }
        return HTTPResponse(status: 204, headers: [
            ("Access-Control-Allow-Methods", "GET, POST, DELETE"),
            ("Access-Control-Allow-Headers", "Authorization, Content-Type, Last-Event-ID"),
            ("Access-Control-Max-Age", "600"),
        ])
    }

    /// Refuses a body that is not declared JSON (`415`): a browser sends `text/plain`, form and multipart bodies to any
    /// site without asking first, but JSON only after asking (a CORS preflight, which this server never grants).
    static func checkJSONBody(_ request: HTTPRequest) throws(Problem) {
        guard !request.body.isEmpty else { return }
        let declared = request.header("content-type") ?? ""
        if declared == "application/json" { return }  // what clients send; the rest is read with more care
        let mediaType = declared.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpaces.lowercased() } ?? ""
        guard mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json")) else {
            throw Problem(
                status: 415, slug: "unsupported-media-type", title: "Unsupported Media Type",
                detail: "the body must be sent as 'Content-Type: application/json'; it was sent \(declared.isEmpty ? "without a Content-Type" : "as '\(declared)'") (with curl: --json '{…}', or -H 'Content-Type: application/json' beside -d)")
        }
    }

    /// `http://Example.com:8080/` as `http://example.com:8080`, `https://example.com:443` as a browser sends it,
    /// `https://example.com`.
    static func normalizedOrigin(_ origin: String) -> String {
        var text = origin.trimmingSpaces.lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        for (scheme, port) in [("https://", ":443"), ("http://", ":80")] where text.hasPrefix(scheme) && text.hasSuffix(port) {
            text.removeLast(port.count)
        }
        return text
    }

    /// Whether a `Host` value (`localhost:8080`, `[::1]:8080`) names this machine. Read byte by byte: every request
    /// on loopback passes here.
    static func namesLoopback(_ host: String) -> Bool {
        var name = host.utf8[...]
        if name.first == UInt8(ascii: "[") {
            guard let close = name.firstIndex(of: UInt8(ascii: "]")) else { return false }
            name = name[...close]
        } else if let colon = name.firstIndex(of: UInt8(ascii: ":")) {
            name = name[..<colon]
        }
        return isLoopback(name)
    }

    /// `localhost` (and names under it, RFC 6761), `127.0.0.0/8`, `[::1]`, in any case and with a final dot.
    static func isLoopback(_ name: some Collection<UInt8>) -> Bool {
        if name.elementsEqual("127.0.0.1".utf8) || name.elementsEqual("localhost".utf8) { return true }
        var bytes = Array(name.lazy.map { $0 | (($0 >= 0x41 && $0 <= 0x5A) ? 0x20 : 0) })
        if bytes.last == UInt8(ascii: ".") { bytes.removeLast() }
        let localhost = Array("localhost".utf8)
        if bytes == localhost || bytes.count > localhost.count + 1 && bytes.suffix(localhost.count + 1).elementsEqual(".localhost".utf8) {
            return true
        }
        if bytes.elementsEqual("[::1]".utf8) || bytes.elementsEqual("::1".utf8) { return true }
        let octets = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0].elementsEqual("127".utf8)
            && octets.allSatisfy { octet in
                !octet.isEmpty && octet.count <= 3 && octet.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
                    && octet.reduce(0) { $0 * 10 + Int($1 - 0x30) } <= 255
            }
    }
}

extension StringProtocol {
    /// Without the spaces and tabs around it (RFC 9110's optional whitespace).
    var trimmingSpaces: String {
        let bytes = Array(utf8)
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
