/// Just enough URL reading to refuse what is not a URI and to route an open-URL event by its scheme.
///
/// iOS opens only what `URL(string:)` reads, so an `openURL` takes an absolute URI as RFC 3986 §3 writes it:
/// `scheme ":" hier-part ["?" query] ["#" fragment]`, ASCII, with `%` followed by two hex digits; an authority
/// (`//userinfo@host:port`) has a registered name, an IPv6 or IPvFuture literal in brackets, and a port of digits.
/// This is what OpenAPI's `format: uri` means, so that the API description and the server agree.
public enum URLParts {
    /// The longest URL an `openURL` takes, in bytes.
    public static let maxBytes = 8192

    /// The lowercased scheme of `url` (`notes` of `notes://x`), or `nil` unless `url` is an absolute URI of at most
    /// ``maxBytes`` bytes.
    public static func scheme(of url: String) -> String? {
        let bytes = Array(url.utf8)
        guard bytes.count <= maxBytes, isURI(bytes), let colon = bytes.firstIndex(of: ascii(":")) else { return nil }
        return String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
    }

    /// Whether `bytes` are an absolute URI (RFC 3986 `URI`).
    static func isURI(_ bytes: [UInt8]) -> Bool {
        guard let colon = bytes.firstIndex(of: ascii(":")), colon > 0, isAlpha(bytes[0]),
              bytes[1..<colon].allSatisfy({ isAlpha($0) || isDigit($0) || $0 == ascii("+") || $0 == ascii("-") || $0 == ascii(".") })
        else { return false }
        var rest = bytes[(colon + 1)...]
        if let hash = rest.firstIndex(of: ascii("#")) {
            guard isEncoded(rest[(hash + 1)...], allowing: ":@/?") else { return false }
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: ascii("?")) {
            guard isEncoded(rest[(question + 1)...], allowing: ":@/?") else { return false }
            rest = rest[..<question]
        }
        // hier-part: "//" authority path-abempty, or a path that does not begin with "//".
        if rest.starts(with: [ascii("/"), ascii("/")]) {
            let authority = rest.dropFirst(2)
            let end = authority.firstIndex(of: ascii("/")) ?? authority.endIndex
            guard isAuthority(authority[..<end]) else { return false }
            rest = authority[end...]
        }
        return isEncoded(rest, allowing: ":@/")
    }

    /// `[userinfo "@"] host [":" port]`.
    static func isAuthority(_ authority: ArraySlice<UInt8>) -> Bool {
        var hostPort = authority
        if let at = authority.firstIndex(of: ascii("@")) {
            guard isEncoded(authority[..<at], allowing: ":") else { return false }
            hostPort = authority[(at + 1)...]
        }
        let port: ArraySlice<UInt8>
        if hostPort.first == ascii("[") {
            guard let close = hostPort.firstIndex(of: ascii("]")), isIPLiteral(hostPort[(hostPort.startIndex + 1)..<close]) else {
                return false
            }
            port = hostPort[(close + 1)...]
        } else {
            let colon = hostPort.firstIndex(of: ascii(":")) ?? hostPort.endIndex
            guard isEncoded(hostPort[..<colon], allowing: "") else { return false }
            port = hostPort[colon...]
        }
        return port.isEmpty || (port.first == ascii(":") && port.dropFirst().allSatisfy(isDigit))
    }

    /// What a bracketed host holds: an IPv6 address, or `v` HEXDIG+ `.` followed by what an IPvFuture allows.
    static func isIPLiteral(_ literal: ArraySlice<UInt8>) -> Bool {
        if literal.first == ascii("v") || literal.first == ascii("V") {
            guard let dot = literal.firstIndex(of: ascii(".")), dot > literal.startIndex + 1,
                  literal[(literal.startIndex + 1)..<dot].allSatisfy(isHexDigit)
            else { return false }
            let tail = literal[(dot + 1)...]
            return !tail.isEmpty && tail.allSatisfy { isUnreserved($0) || isSubDelimiter($0) || $0 == ascii(":") }
        }
        return isIPv6(literal)
    }

    /// RFC 3986 `IPv6address`: eight groups of 1–4 hex digits, the last two of which may be an IPv4 address, with
    /// one `::` standing for one or more groups of zeros.
    static func isIPv6(_ address: ArraySlice<UInt8>) -> Bool {
        let text = Array(address)
        var halves: [ArraySlice<UInt8>] = []
        if let double = (0..<max(0, text.count - 1)).first(where: { text[$0] == ascii(":") && text[$0 + 1] == ascii(":") }) {
            halves = [text[..<double], text[(double + 2)...]]
        } else {
            halves = [text[...]]
        }
        var groups = 0
        for (index, half) in halves.enumerated() where !half.isEmpty {
            let parts = half.split(separator: ascii(":"), omittingEmptySubsequences: false)
            for (position, part) in parts.enumerated() {
                let isLast = index == halves.count - 1 && position == parts.count - 1
                if isLast, part.contains(ascii(".")) {
                    guard isIPv4(part) else { return false }
                    groups += 2
                } else {
                    guard (1...4).contains(part.count), part.allSatisfy(isHexDigit) else { return false }
                    groups += 1
                }
            }
        }
        return halves.count == 2 ? groups <= 7 : groups == 8
    }

    /// Four decimal octets, 0–255, without leading zeros.
    static func isIPv4(_ address: ArraySlice<UInt8>) -> Bool {
        let octets = address.split(separator: ascii("."), omittingEmptySubsequences: false)
        return octets.count == 4 && octets.allSatisfy { octet in
            (1...3).contains(octet.count) && octet.allSatisfy(isDigit) && (octet.count == 1 || octet.first != ascii("0"))
                && Int(String(decoding: octet, as: UTF8.self))! <= 255
        }
    }

    /// Whether `part` holds only unreserved characters, sub-delimiters, `%` with two hex digits, and `extra`.
    static func isEncoded(_ part: ArraySlice<UInt8>, allowing extra: String) -> Bool {
        var index = part.startIndex
        while index < part.endIndex {
            let byte = part[index]
            if byte == ascii("%") {
                guard index + 2 < part.endIndex, isHexDigit(part[index + 1]), isHexDigit(part[index + 2]) else { return false }
                index += 3
                continue
            }
            guard isUnreserved(byte) || isSubDelimiter(byte) || extra.utf8.contains(byte) else { return false }
            index += 1
        }
        return true
    }

    static func ascii(_ character: Unicode.Scalar) -> UInt8 { UInt8(ascii: character) }
    static func isAlpha(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    static func isHexDigit(_ byte: UInt8) -> Bool { isDigit(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte) }
    static func isUnreserved(_ byte: UInt8) -> Bool { isAlpha(byte) || isDigit(byte) || "-._~".utf8.contains(byte) }
    static func isSubDelimiter(_ byte: UInt8) -> Bool { "!$&'()*+,;=".utf8.contains(byte) }
}
