@testable import AppSimCore
import Testing

/// `URLParts`: an `openURL` takes an absolute URI (RFC 3986) as OpenAPI's `format: uri` means it, and is routed by
/// its scheme. The verdicts are those of the JSON Schema validator schemathesis checks the API with.
@Suite("URLParts")
struct URLPartsTests {
    @Test("URIs: the scheme, lowercased", arguments: [
        ("notes://item/1", "notes"), ("NOTES:x", "notes"), ("a+b.c-d:x", "a+b.c-d"), ("notes:", "notes"),
        ("notes://user:pw@host:80/p?q#f", "notes"), ("notes:/a//b", "notes"), ("notes://", "notes"), ("notes:///x", "notes"),
        ("notes:?q", "notes"), ("notes:#f?/", "notes"), ("notes:x:y@z", "notes"), ("notes://h%20st/", "notes"),
        ("a:%41", "a"), ("notes://h:/", "notes"), ("notes://:80/", "notes"), ("notes://h@/", "notes"),
        ("notes://1.2.3.999/", "notes"), ("notes://h:99999999999/", "notes"), ("notes:!$&'()*+,;=-._~", "notes"),
        ("notes://[::1]/x", "notes"), ("notes://[::]/", "notes"), ("notes://[1:2:3:4:5:6:7:8]/", "notes"),
        ("notes://[1:2:3:4:5:6:7::]/", "notes"), ("notes://[::ffff:1.2.3.4]/", "notes"), ("notes://[::1.2.3.4]/", "notes"),
        ("notes://[1:2:3:4:5:6:1.2.3.4]:8/", "notes"), ("notes://[v1.x]/", "notes"), ("notes://[V1f.a:b]/", "notes"),
    ])
    func uri(url: String, scheme: String) {
        #expect(URLParts.scheme(of: url) == scheme)
    }

    @Test("not URIs: nil", arguments: [
        "", ":x", "1a:x", "no scheme here", "a:b c", "a:%zz", "a:b%4", "notes:ä", "notes:x\n", "notes:#f#g", "notes:a{b}",
        "notes:a|b", "notes:a\\b", "notes:a^b", "notes:a`b", "notes:a\"b", "notes:a<b>", "notes:[x]", "notes://h/[x]",
        "notes://h?q[]", "notes:x#a[b", "notes://ho st/", "notes://a@b@c/", "notes://host:8a/", "notes://h:80:81/",
        "notes://[::1", "notes://[]/", "notes://[::1]x/", "notes://[vz.x]/", "notes://[v1.]/", "notes://[v.a]/",
        "notes://[1:2:3:4:5:6:7:8:9]/", "notes://[1:2:3:4:5:6:7:8::]/", "notes://[1::2::3]/", "notes://[1:::2]/",
        "notes://[::ffff:1.2.3.256]/", "notes://[::ffff:1.2.3.04]/", "notes://[1.2.3.4]/", "notes://[1.2.3.4::]/",
        "notes://[1:2:3:4:5:6::1.2.3.4]/", "notes://[12345::]/", "notes://[fe80::1%25eth0]/",
    ])
    func notURI(url: String) {
        #expect(URLParts.scheme(of: url) == nil, "\(url.debugDescription)")
    }

    @Test("at most 8192 bytes")
    func length() {
        let longest = "notes:" + String(repeating: "x", count: URLParts.maxBytes - 6)
        #expect(URLParts.scheme(of: longest) == "notes")
        #expect(URLParts.scheme(of: longest + "x") == nil)
    }
}
