import AppSimJSON
import Testing

/// Bad `POST /v1/devices` bodies over real HTTP: the right 4xx as problem JSON with its type and title, the field at
/// fault, and no device created (API.md "Errors").
@Suite("Live: bad device bodies")
struct LiveDeviceCreateErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var body: String
        var status: Int
        var slug: String
        var field: String?
        var contentType: String? = "application/json"
        var testDescription: String { "\(body.prefix(60)) → \(status)" }

        static func wrongType(_ body: String, _ field: String?) -> Case { Case(body: body, status: 400, slug: "wrong-type", field: field) }
        static func invalid(_ body: String, _ field: String) -> Case { Case(body: body, status: 422, slug: "invalid-field", field: field) }
        static func malformed(_ body: String, contentType: String? = "application/json") -> Case {
            Case(body: body, status: 400, slug: "malformed-json", field: nil, contentType: contentType)
        }
    }

    static let wrongTypes: [Case] = [
        .wrongType(#"{"osVersion": 17}"#, "osVersion"),
        .wrongType(#"{"memoryMB": "lots"}"#, "memoryMB"),
        .wrongType(#"{"memoryMB": true}"#, "memoryMB"),
        .wrongType(#"{"passcode": "yes"}"#, "passcode"),
        .wrongType(#"{"clock": "manual"}"#, "clock"),
        .wrongType(#"{"clock": {"mode": 1}}"#, "clock.mode"),
        .wrongType(#"{"clock": {"speed": "fast"}}"#, "clock.speed"),
        .wrongType(#"{"limits": []}"#, "limits"),
        .wrongType(#"{"limits": {"launchSeconds": "5"}}"#, "limits.launchSeconds"),
        .wrongType(#"{"labels": []}"#, "labels"),
        .wrongType(#"{"labels": {"team": 5}}"#, "labels.team"),
        .wrongType("[]", nil),
        .wrongType("null", nil),
        .wrongType(#""17.0""#, nil),
        .wrongType("17", nil),
    ]

    static let unknownVersions: [Case] = [
        "banana", "0.1", "100.0", "17.0.0.1", "", " 17.0", "17.0 ", "17.x", "17.", ".17", "17..0", "-1", "+17", "17.00000",
        "١٧.٠", "17.0\\u0000",
    ].map { .invalid(#"{"osVersion": "\#($0)"}"#, "osVersion") }

    static let unusable: [Case] = [
        .invalid(#"{"memoryMB": 8}"#, "memoryMB"),
        .invalid(#"{"memoryMB": 1.5}"#, "memoryMB"),
        .invalid(#"{"memoryMB": 2000000}"#, "memoryMB"),
        .invalid(#"{"clock": {"mode": "warp"}}"#, "clock.mode"),
        .invalid(#"{"clock": {"speed": 0}}"#, "clock.speed"),
        .invalid(#"{"clock": {"speed": -1}}"#, "clock.speed"),
        .invalid(#"{"clock": {"speed": 10001}}"#, "clock.speed"),
        .invalid(#"{"limits": {"launchSeconds": -1}}"#, "limits.launchSeconds"),
        .invalid(#"{"limits": {"fetchSeconds": 86401}}"#, "limits.fetchSeconds"),
        .invalid(#"{"colour": "red"}"#, "colour"),
        .invalid(#"{"osversion": "17.0"}"#, "osversion"),
        .invalid(#"{"clock": {"mode": "manual", "rate": 2}}"#, "clock.rate"),
        .invalid(#"{"limits": {"bogus": 1}}"#, "limits.bogus"),
    ]

    static let notJSON: [Case] = [
        .malformed("osVersion=17.0"),
        Case(body: "osVersion=17.0", status: 415, slug: "unsupported-media-type", field: nil, contentType: "application/x-www-form-urlencoded"),
        Case(body: "<device><osVersion>17.0</osVersion></device>", status: 415, slug: "unsupported-media-type", field: nil, contentType: "application/xml"),
        .malformed("{"),
        .malformed(#"{"osVersion": "17.0",}"#),
        .malformed("{'osVersion': '17.0'}"),
        .malformed(#"{"osVersion": "17.0"} {}"#),
        .malformed(#"{"memoryMB": NaN}"#),
        .malformed(#"{"memoryMB": 1e999}"#),
        .malformed(#"{"labels": {"a": "\ud800"}}"#),
        .malformed("\u{FEFF}{}"),
    ]

    static func check(_ cases: [Case]) throws {
        let live = try LiveServer()
        let before = try live.get("/v1/devices?limit=1000").json
        for item in cases {
            let reply = try live.raw("POST", "/v1/devices", body: Array(item.body.utf8), contentType: item.contentType)
            ProblemReply.expect(reply, item.status, item.slug, field: item.field, item.body)
            #expect(item.field != nil || reply.json["field"] == nil, "\(item.body) names a field: \(reply.text)")
            #expect(reply.headers["location"] == nil)
        }
        #expect(try live.get("/v1/devices?limit=1000").json == before, "a refused body created a device")
        #expect(try live.get("/metrics").text.contains("\nappsim_devices 0\n"))
    }

    @Test("wrong JSON types: 400 wrong-type, naming the field (none for the body itself)")
    func wrongTypes() throws { try Self.check(Self.wrongTypes) }

    @Test("an osVersion that is not MAJOR[.MINOR[.PATCH]] with a major version of 1 to 99: 422 invalid-field osVersion")
    func unknownVersions() throws { try Self.check(Self.unknownVersions) }

    @Test("values out of range and unknown fields (typos): 422 invalid-field, naming the field")
    func unusableValues() throws { try Self.check(Self.unusable) }

    @Test("bodies that are not JSON are 400 malformed-json when declared JSON, and 415 when declared anything else")
    func notJSON() throws {
        try Self.check(Self.notJSON)
        // Bytes that are not UTF-8 inside a string.
        let live = try LiveServer()
        let reply = try live.raw("POST", "/v1/devices", body: Array(#"{"labels": {"a": ""#.utf8) + [0xFF, 0xFE] + Array(#""}}"#.utf8))
        ProblemReply.expect(reply, 400, "malformed-json", "invalid UTF-8")
        #expect(try live.get("/v1/devices").json["items"] == [])
    }

    @Test("every field is optional: an empty body, with or without a content type, or {} makes a default device")
    func emptyBodies() throws {
        let live = try LiveServer()
        for (body, contentType) in [("", nil), ("", "application/json"), ("{}", "application/json")] as [(String, String?)] {
            let reply = try live.raw("POST", "/v1/devices", body: Array(body.utf8), contentType: contentType)
            #expect(reply.status == 201, "\(body) → \(reply.text)")
            #expect(reply.json["osVersion"] == "26.0")
            #expect(reply.json["memoryMB"] == 2048)
            #expect(reply.json["passcode"] == true)
            #expect(reply.json["clock"] == ["mode": "realtime", "speed": 1])
        }
        #expect(try live.get("/v1/devices").json["items"]?.arrayCount == 3)
    }

    @Test("device events with a missing or empty body or a missing required field: 400 or 422, and the device is unchanged")
    func missingFieldsInDeviceEvents() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        let before = try live.get("/v1/devices/\(device)").json
        let empty = try live.raw("POST", "/v1/devices/\(device)/events", body: [])
        ProblemReply.expect(empty, 400, "malformed-json", "empty body")
        for (body, field) in [
            ("{}", "type"), (#"{"type": null}"#, "type"), (#"{"type": "advanceClock"}"#, "seconds"),
            (#"{"type": "orientation"}"#, "value"), (#"{"type": "locale"}"#, "value"), (#"{"type": "screenMode"}"#, "value"),
        ] {
            let reply = try live.raw("POST", "/v1/devices/\(device)/events", body: Array(body.utf8))
            ProblemReply.expect(reply, 422, "invalid-field", field: field, body)
        }
        #expect(try live.get("/v1/devices/\(device)").json == before)
    }
}
