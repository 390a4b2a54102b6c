import AppSimJSON
import Testing

/// API.md "Never `500` for anything a client sent": hostile and malformed requests over real HTTP each get a 4xx
/// problem, and none of them changes anything.
@Suite("Live: never 500")
struct LiveNeverServerErrorTests {
    struct Probe {
        var method: String
        var path: String
        var body: [UInt8]? = nil
        var contentType: String? = "application/json"
        var label: String { "\(method) \(path.prefix(80)) \(String(decoding: (body ?? []).prefix(60), as: UTF8.self))" }
    }

    /// A server with two devices on manual clocks (so that nothing moves between two reads), an app with a history and
    /// an app that is running, to aim the probes at.
    struct Target {
        let live: LiveServer
        let device: String
        let app: String
        let running: String

        init() throws {
            live = try LiveServer()
            device = try live.createDevice(["osVersion": "15.0"])
            app = try live.install(["bundleId": "com.example.notes", "urlSchemes": ["notes"]], device: device)
            running = try live.install(["bundleId": "com.example.radio", "backgroundModes": ["audio"]], device: try live.createDevice())
            try live.post(app, ["type": "launch"])
            try live.post(app, ["type": "home"])
            try live.post(running, ["type": "launch"])
            try live.post(running, ["type": "beginBackgroundTask"])
        }

        /// Sends every probe and expects a 4xx problem each time, and that the server's state did not move.
        func expectEveryProbeRefused(_ probes: [Probe], sourceLocation: SourceLocation = #_sourceLocation) throws {
            let before = try live.everything()
            for probe in probes {
                let reply = try probe.body.map { try live.raw(probe.method, probe.path, body: $0, contentType: probe.contentType) }
                    ?? live.request(probe.method, probe.path)
                ProblemReply.expectClientError(reply, probe.label, sourceLocation: sourceLocation)
            }
            #expect(try live.everything() == before, "a refused request changed something", sourceLocation: sourceLocation)
            let metrics = try live.get("/metrics").text
            #expect(!metrics.contains("status=\"5"), "\(metrics)", sourceLocation: sourceLocation)
            // And the server still serves.
            #expect(try live.get("/v1/instances/\(app)").status == 200, sourceLocation: sourceLocation)
            #expect(try live.get("/healthz").status == 200, sourceLocation: sourceLocation)
        }

        /// Every route that takes a body.
        var bodyRoutes: [String] {
            ["/v1/devices", "/v1/instances", "/v1/instances/batch", "/v1/instances/\(app)/events", "/v1/devices/\(device)/events"]
        }
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("deeply nested JSON, as the whole body or inside a field, is 400 on every route that takes a body")
    func deeplyNested() throws {
        let target = try Target()
        let arrays = String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000)
        let objects = String(repeating: #"{"a":"#, count: 2_000) + "1" + String(repeating: "}", count: 2_000)
        let unclosed = String(repeating: "[", count: 60_000)
        let inside = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        var probes: [Probe] = []
        for route in target.bodyRoutes {
            for body in [arrays, objects, unclosed] { probes.append(Probe(method: "POST", path: route, body: Self.bytes(body))) }
        }
        for body in [
            #"{"type": "edit", "memory": {"deep": \#(inside)}}"#, #"{"type": "push", "payload": {"aps": \#(inside)}}"#,
            #"{"type": "edit", "ui": \#(inside)}"#,
        ] {
            probes.append(Probe(method: "POST", path: "/v1/instances/\(target.app)/events", body: Self.bytes(body)))
        }
        probes.append(Probe(method: "POST", path: "/v1/devices", body: Self.bytes(#"{"labels": {"a": \#(inside)}}"#)))
        probes.append(Probe(method: "POST", path: "/v1/instances", body: Self.bytes(#"{"info": {"bundleId": \#(inside)}}"#)))
        try target.expectEveryProbeRefused(probes)
    }

    @Test("bad percent-encoding in paths never reaches an instance or a device it does not name")
    func badPercentEncodingInPaths() throws {
        let target = try Target()
        let (app, device) = (target.app, target.device)
        var probes: [Probe] = []
        for path in [
            "/v1/instances/%", "/v1/instances/%zz", "/v1/instances/%E0%A4", "/v1/instances/%ff%fe/callbacks",
            "/v1/instances/\(app)%", "/v1/instances/\(app)%2", "/v1/instances/\(app)%zz/callbacks", "/v1/devices/%",
            "/v1/devices/%G0", "/v1/devices/\(device)%", "/v1/devices/%25", "/v1/%ff", "/%", "/v1/instances/\(app)/%ff",
            "/v1/devices/\(device)/stream%", "/v1/instances/%2F..%2F..%2Fetc%2Fpasswd",
            // A NUL must not cut the path short and land on the id before it.
            "/v1/instances/\(app)%00", "/v1/instances/\(app)%00zzz", "/v1/instances/\(app)%00/callbacks",
            "/v1/devices/\(device)%00", "/v1/devices/%00", "/v1/instances/%00",
        ] {
            probes.append(Probe(method: "GET", path: path))
            probes.append(Probe(method: "DELETE", path: path))
        }
        for path in [
            "/v1/instances/\(app)%zz/events", "/v1/instances/\(app)%/events", "/v1/devices/\(device)%E0/events",
            "/v1/instances/\(app)%00/events", "/v1/devices/\(device)%00/events",
        ] {
            probes.append(Probe(method: "POST", path: path, body: Self.bytes(#"{"type": "launch"}"#)))
        }
        probes.append(Probe(method: "POST", path: "/v1/devices/%00", body: Self.bytes("{}")))
        probes.append(Probe(method: "POST", path: "/v1/instances/%00", body: Self.bytes(#"{"info": {"bundleId": "com.x"}}"#)))
        try target.expectEveryProbeRefused(probes)
    }

    @Test("bad query parameters (encoding, numbers, states, waits) are 400")
    func badQueries() throws {
        let target = try Target()
        let (app, device) = (target.app, target.device)
        var probes: [Probe] = []
        for query in [
            "limit=%zz", "limit=%", "limit=1e3", "limit=99999999999999999999999", "limit=-1", "limit=", "limit=0x10",
            "state=%ff", "state=%00", "state=ACTIVE", "state=" + String(repeating: "a", count: 8_000),
        ] {
            probes.append(Probe(method: "GET", path: "/v1/instances?\(query)"))
        }
        for query in ["limit=%zz", "limit=1001"] { probes.append(Probe(method: "GET", path: "/v1/devices?\(query)")) }
        for query in [
            "after=%ff", "after=99999999999999999999", "after=1e3", "after=-1", "limit=%", "wait=1e309", "wait=nan",
            "wait=-inf", "wait=301", "wait=%zz",
        ] {
            probes.append(Probe(method: "GET", path: "/v1/instances/\(app)/callbacks?\(query)"))
        }
        for query in ["waitFor=%ff", "waitFor=active&timeout=inf", "waitFor=active&timeout=1e400", "waitFor=active&timeout=nan"] {
            probes.append(Probe(method: "GET", path: "/v1/instances/\(app)?\(query)"))
        }
        probes.append(Probe(method: "GET", path: "/v1/devices/\(device)?waitForForeground=\(app)&timeout=nan"))
        probes.append(Probe(method: "GET", path: "/v1/instances/\(app)/stream?after=%zz"))
        probes.append(Probe(method: "GET", path: "/v1/devices/\(device)/stream?after=-5"))
        try target.expectEveryProbeRefused(probes)
    }

    @Test("numbers too large, too small, fractional or out of range for any field are 4xx")
    func hugeNumbers() throws {
        let target = try Target()
        let (app, running, device) = (target.app, target.running, target.device)
        var probes: [Probe] = []
        for body in [
            #"{"memoryMB": 1e308}"#, #"{"memoryMB": 1e309}"#, #"{"memoryMB": -1e308}"#, #"{"memoryMB": 99999999999999999999999999}"#,
            #"{"memoryMB": 5e-324}"#, #"{"clock": {"speed": 1e308}}"#, #"{"limits": {"launchSeconds": 1e300}}"#,
            #"{"limits": {"suspendDelaySeconds": -1e-300}}"#,
        ] {
            probes.append(Probe(method: "POST", path: "/v1/devices", body: Self.bytes(body)))
        }
        for body in [
            #"{"info": {"bundleId": "com.x", "memoryMB": 1e300}}"#, #"{"info": {"bundleId": "com.x", "backgroundMemoryMB": -1e300}}"#,
            #"{"device": "\#(device)", "info": {"bundleId": "com.x"}, "behavior": {"launchSeconds": 1e308}}"#,
            #"{"device": "\#(device)", "info": {"bundleId": "com.x"}, "behavior": {"minimumFetchInterval": 1e308}}"#,
        ] {
            probes.append(Probe(method: "POST", path: "/v1/instances", body: Self.bytes(body)))
        }
        probes.append(Probe(method: "POST", path: "/v1/instances/batch", body: Self.bytes(#"{"count": 1e300, "info": {"bundleId": "com.x"}}"#)))
        probes.append(Probe(method: "POST", path: "/v1/instances/batch", body: Self.bytes(#"{"count": 2, "appsPerDevice": 1e300, "info": {"bundleId": "com.x"}}"#)))
        for body in [
            #"{"type": "advanceClock", "seconds": 1e308}"#, #"{"type": "advanceClock", "seconds": 1e-9}"#,
            #"{"type": "advanceClock", "seconds": -1e308}"#, #"{"type": "memoryPressure", "freeMB": 1e20}"#,
            #"{"type": "memoryPressure", "freeMB": 0.5}"#, #"{"type": "battery", "level": 1e308}"#,
        ] {
            probes.append(Probe(method: "POST", path: "/v1/devices/\(device)/events", body: Self.bytes(body)))
        }
        for body in [
            #"{"type": "endBackgroundTask", "taskId": 1e20}"#, #"{"type": "endBackgroundTask", "taskId": -1e20}"#,
            #"{"type": "endBackgroundTask", "taskId": 1.5}"#, #"{"type": "endBackgroundTask", "taskId": 9007199254740993}"#,
            #"{"type": "setMinimumFetchInterval", "seconds": 1e300}"#, #"{"type": "completeFetch", "result": 1e5}"#,
        ] {
            probes.append(Probe(method: "POST", path: "/v1/instances/\(running)/events", body: Self.bytes(body)))
        }
        probes.append(Probe(method: "POST", path: "/v1/instances/\(app)/events", body: Self.bytes(#"{"type": "crash", "duringLaunch": 1e308}"#)))
        try target.expectEveryProbeRefused(probes)
    }

    @Test("overlong strings in fields, ids, paths and queries are 4xx (413 past the body limit)")
    func overlongStrings() throws {
        let target = try Target()
        let (app, device) = (target.app, target.device)
        let long = String(repeating: "x", count: 60_000)
        let digits = String(repeating: "1", count: 60_000)
        var probes: [Probe] = [
            Probe(method: "POST", path: "/v1/instances", body: Self.bytes(#"{"device": "\#(device)", "info": {"bundleId": "\#(long)"}}"#)),
            Probe(method: "POST", path: "/v1/instances", body: Self.bytes(#"{"device": "\#(long)", "info": {"bundleId": "com.x"}}"#)),
            Probe(method: "POST", path: "/v1/instances", body: Self.bytes(#"{"device": "\#(device)", "info": {"bundleId": "com.x", "urlSchemes": ["1\#(long)"]}}"#)),
            Probe(method: "POST", path: "/v1/instances", body: Self.bytes(#"{"device": "\#(device)", "info": {"bundleId": "com.x", "\#(long)": 1}}"#)),
            Probe(method: "POST", path: "/v1/devices", body: Self.bytes(#"{"osVersion": "\#(digits)"}"#)),
            Probe(method: "POST", path: "/v1/devices", body: Self.bytes(#"{"osVersion": "17.\#(digits)"}"#)),
            Probe(method: "POST", path: "/v1/devices", body: Self.bytes(#"{"\#(long)": 1}"#)),
            Probe(method: "POST", path: "/v1/devices", body: Self.bytes(#"{"labels": {"a": "\#(long)\#(long)"}}"#)),
            Probe(method: "POST", path: "/v1/instances/\(app)/events", body: Self.bytes(#"{"type": "\#(long)"}"#)),
            Probe(method: "POST", path: "/v1/instances/\(app)/events", body: Self.bytes(#"{"type": "launch", "\#(long)": true}"#)),
            Probe(method: "POST", path: "/v1/instances/\(app)/events", body: Self.bytes(#"{"type": "openURL", "url": "\#(long)"}"#)),
            Probe(method: "POST", path: "/v1/instances/\(app)/events", body: Self.bytes(#"{"type": "openURL", "url": "maps://\#(long)"}"#)),
            Probe(method: "POST", path: "/v1/instances/\(app)/events", body: Self.bytes(#"{"type": "push", "payload": {"aps": {"alert": "\#(long)"}}}"#)),
            Probe(method: "POST", path: "/v1/devices/\(device)/events", body: Self.bytes(#"{"type": "orientation", "value": "\#(long)"}"#)),
        ]
        let longId = String(repeating: "d", count: 8_000)
        for path in ["/v1/instances/\(longId)", "/v1/instances/\(longId).1/callbacks", "/v1/devices/\(longId)", "/v1/\(longId)"] {
            probes.append(Probe(method: "GET", path: path))
        }
        probes.append(Probe(method: "POST", path: "/v1/instances/\(device).\(String(repeating: "9", count: 8_000))/events",
                            body: Self.bytes(#"{"type": "launch"}"#)))
        try target.expectEveryProbeRefused(probes)
    }

    @Test("a request line or headers past the 16 KiB connection pool are refused by the transport (414 or 431), changing nothing")
    func requestHeadPastThePool() throws {
        let target = try Target()
        let live = target.live
        let before = try live.everything()
        let longPath = "/v1/instances/" + String(repeating: "d", count: 20_000)
        let longHeader = [("X-Padding", String(repeating: "p", count: 20_000))]
        for reply in [try live.get(longPath), try live.request("GET", "/v1/instances/\(target.app)", headers: longHeader)] {
            #expect([414, 431].contains(reply.status), "\(reply.status)")
        }
        #expect(try live.everything() == before)
        #expect(try live.get("/v1/instances/\(target.app)").status == 200)
    }

    @Test("bodies that are not JSON under any content type, and methods a route does not serve, are 4xx")
    func wrongContentTypesAndMethods() throws {
        let target = try Target()
        let (app, device) = (target.app, target.device)
        var probes: [Probe] = []
        let notJSON: [(String?, [UInt8])] = [
            ("text/plain", Self.bytes("launch")),
            ("application/x-www-form-urlencoded", Self.bytes("type=launch")),
            ("multipart/form-data; boundary=XyZ", Self.bytes("--XyZ\r\nContent-Disposition: form-data; name=\"type\"\r\n\r\nlaunch\r\n--XyZ--\r\n")),
            ("application/xml", Self.bytes("<event type=\"launch\"/>")),
            ("application/json; charset=utf-16", Array(#"{"type":"launch"}"#.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })),
            ("application/octet-stream", [0x00, 0xFF, 0x7B, 0x22, 0xC3, 0x28, 0x00]),
            ("application/json", Self.bytes("{\"type\": \"la\u{0}unch\"}")),
            (nil, Self.bytes("type=launch")),
        ]
        for route in ["/v1/instances/\(app)/events", "/v1/devices/\(device)/events", "/v1/instances", "/v1/devices"] {
            for (contentType, body) in notJSON { probes.append(Probe(method: "POST", path: route, body: body, contentType: contentType)) }
        }
        for (method, path) in [
            ("PATCH", "/v1/devices"), ("PUT", "/v1/devices/\(device)"), ("OPTIONS", "/v1/instances"), ("TRACE", "/v1/instances/\(app)"),
            ("GET", "/v1/instances/\(app)/events"), ("DELETE", "/v1/instances/\(app)/callbacks"), ("POST", "/v1/instances/\(app)"),
            ("POST", "/healthz"), ("DELETE", "/metrics"), ("PUT", "/openapi.yaml"), ("POST", "/v1/instances/\(app)/stream"),
            ("BREW", "/v1/devices"),
        ] {
            probes.append(Probe(method: method, path: path, body: method == "GET" ? nil : Self.bytes(#"{"type": "launch"}"#)))
        }
        try target.expectEveryProbeRefused(probes)
    }
}
