import Foundation
import AppSimJSON
import Testing

/// API.md "Lists": pages of `{items, next}`, followed over HTTP with `after=next` until `next` is null.
@Suite("Live: paging")
struct LivePagingTests {
    /// Requests `path` (which has a query already) page by page, passing each page's `next` as `after`, until `next`
    /// is null; returns the pages. Fails if a page is empty but says there is more, or if it never ends.
    static func follow(_ live: LiveServer, _ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [JSONValue] {
        var pages: [JSONValue] = []
        var query = ""
        for _ in 0..<100 {
            // The next page's cursor replaces the one the path started after: a parameter is given once.
            let start = query.isEmpty ? path : path.replacingOccurrences(of: #"after=[0-9]+&?"#, with: "", options: .regularExpression)
            let reply = try live.get(start + query)
            try #require(reply.status == 200, "\(path + query) answered \(reply.status): \(reply.text)", sourceLocation: sourceLocation)
            pages.append(reply.json)
            let next = try #require(reply.json["next"], "no next in \(reply.text)", sourceLocation: sourceLocation)
            switch next {
            case .null:
                return pages
            case .string(let cursor):
                query = "&after=\(cursor)"
            case .number(let seq):
                query = "&after=\(Int(seq))"
            case .integer(let seq):
                query = "&after=\(seq)"
            default:
                Issue.record("next is \(next.jsonString)", sourceLocation: sourceLocation)
                return pages
            }
            try #require(reply.json["items"]?.arrayCount ?? 0 > 0, "a page with no items says there is more", sourceLocation: sourceLocation)
        }
        Issue.record("\(path): still a next after 100 pages", sourceLocation: sourceLocation)
        return pages
    }

    static func items(_ pages: [JSONValue]) -> [JSONValue] { pages.flatMap { $0["items"]?.arrayValue ?? [] } }
    static func ids(_ pages: [JSONValue]) -> [String] { items(pages).compactMap { $0["id"]?.stringValue } }
    static func sizes(_ pages: [JSONValue]) -> [Int] { pages.map { $0["items"]?.arrayCount ?? -1 } }

    @Test("devices: next links followed until null give every device once, in id order; next is the page's last id")
    func devices() throws {
        let live = try LiveServer()
        var created: [String] = []
        for _ in 0..<7 { created.append(try live.createDevice()) }
        let pages = try Self.follow(live, "/v1/devices?limit=3")
        #expect(Self.sizes(pages) == [3, 3, 1])
        #expect(Self.ids(pages) == created.sorted())
        for page in pages.dropLast() {
            #expect(page["next"] == page["items"]?.arrayValue?.last?["id"])
        }
        // A page that holds exactly what is left has no next; so do one-item pages at the end.
        #expect(Self.sizes(try Self.follow(live, "/v1/devices?limit=7")) == [7])
        #expect(Self.ids(try Self.follow(live, "/v1/devices?limit=1")) == created.sorted())
        #expect(try live.get("/v1/devices?after=\(created.sorted().last!)").json == ["items": [], "next": nil])
    }

    @Test("instances: next links give every instance once, by device then install order, with and without filters")
    func instances() throws {
        let live = try LiveServer()
        var byDevice: [String: [String]] = [:]
        for _ in 0..<3 {
            let device = try live.createDevice()
            for name in ["a", "b", "c"] {
                byDevice[device, default: []].append(try live.install(["bundleId": .string("com.example.\(name)")], device: device))
            }
            try live.post(byDevice[device]![1], ["type": "launch"])
        }
        let all = byDevice.keys.sorted().flatMap { byDevice[$0]! }
        let pages = try Self.follow(live, "/v1/instances?limit=2")
        #expect(Self.sizes(pages) == [2, 2, 2, 2, 1])
        #expect(Self.ids(pages) == all)
        for page in pages.dropLast() {
            #expect(page["next"] == page["items"]?.arrayValue?.last?["id"])
        }
        #expect(Self.ids(try Self.follow(live, "/v1/instances?limit=9")) == all)
        // Filters page the same way: one app per device matches each.
        let bundle = try Self.follow(live, "/v1/instances?bundleId=com.example.b&limit=1")
        #expect(Self.ids(bundle) == byDevice.keys.sorted().map { byDevice[$0]![1] })
        let active = try Self.follow(live, "/v1/instances?state=active&limit=2")
        #expect(Self.ids(active) == byDevice.keys.sorted().map { byDevice[$0]![1] })
        let idle = try Self.follow(live, "/v1/instances?state=notRunning&limit=4")
        #expect(Self.sizes(idle) == [4, 2])
        #expect(Self.ids(idle) == all.filter { id in !byDevice.values.contains { $0[1] == id } })
        let device = byDevice.keys.sorted()[1]
        #expect(Self.ids(try Self.follow(live, "/v1/instances?device=\(device)&limit=2")) == byDevice[device]!)
    }

    @Test("callbacks: next links give the whole history once, in seq order; next is the page's last seq")
    func callbacks() throws {
        let live = try LiveServer()
        let device = try live.createDevice()
        let app = try live.install(["bundleId": "com.example.notes"], device: device)
        try live.post(app, ["type": "launch"])
        try live.post(app, ["type": "home"])
        try live.postDevice(device, ["type": "advanceClock", "seconds": 6])
        try live.post(app, ["type": "launch"])  // 3 + 2 + 1 (suspended) + 2 = 8 callbacks
        let whole = try live.get("/v1/instances/\(app)/callbacks?limit=1000").json["items"]?.arrayValue ?? []
        #expect(whole.compactMap { $0["seq"]?.doubleValue } == (1...8).map(Double.init))

        let pages = try Self.follow(live, "/v1/instances/\(app)/callbacks?limit=3")
        #expect(Self.sizes(pages) == [3, 3, 2])
        #expect(Self.items(pages) == whole)
        for page in pages.dropLast() {
            #expect(page["next"] == page["items"]?.arrayValue?.last?["seq"])
        }
        #expect(Self.sizes(try Self.follow(live, "/v1/instances/\(app)/callbacks?limit=4")) == [4, 4])
        #expect(Self.items(try Self.follow(live, "/v1/instances/\(app)/callbacks?limit=1")) == whole)
        // Starting after a seq gives the rest.
        #expect(Self.items(try Self.follow(live, "/v1/instances/\(app)/callbacks?after=5&limit=2")) == Array(whole.dropFirst(5)))
        let beyond = try live.get("/v1/instances/\(app)/callbacks?after=8").json
        #expect(beyond["items"] == [])
        #expect(beyond["next"] == .null)
    }
}
