@testable import AppSimAPI
import AppSimCore
import AppSimJSON
import AppSimTestSupport
import Testing

/// The browser dashboard over real HTTP: its files, how they are served, and that they need nothing from elsewhere.
/// (scripts/browser-check drives it in a browser.)
@Suite("Live: dashboard")
struct LiveDashboardTests {
    @Test("GET / serves the dashboard's HTML, not cached stale, same-origin only by policy, and needs no token")
    func page() throws {
        let live = try LiveServer(token: "s3cret")
        let reply = try live.get("/")
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"] == "text/html; charset=utf-8")
        #expect(reply.headers["cache-control"] == "no-cache")
        #expect(reply.headers["x-content-type-options"] == "nosniff")
        #expect(reply.headers["referrer-policy"] == "no-referrer")
        let policy = reply.headers["content-security-policy"] ?? ""
        #expect(policy.hasPrefix("default-src 'self';"))
        #expect(policy.contains("frame-ancestors 'none'"))
        #expect(reply.text.hasPrefix("<!doctype html>"))
        #expect(reply.text.contains(#"<script type="module" src="/ui/dashboard.js"></script>"#))
        // The page is public; what it shows is not.
        #expect(try live.get("/v1/devices").status == 401)
    }

    @Test("every file the page loads is served from /ui/ with its type, and no file refers to another host")
    func files() throws {
        let live = try LiveServer(token: "s3cret")
        let page = try live.get("/").text
        // Every src and href but the in-page link that skips to the app.
        let referenced = Set(page.matches(of: /(?:src|href)="([^"#][^"]*)"/).map { String($0.output.1) })
        #expect(referenced == ["/ui/icon.svg", "/ui/dashboard.css", "/ui/dashboard.js"])
        #expect(Self.otherHosts(in: page) == [])
        let types = ["/ui/icon.svg": "image/svg+xml", "/ui/dashboard.css": "text/css; charset=utf-8",
                     "/ui/dashboard.js": "text/javascript; charset=utf-8"]
        for (path, type) in types {
            let reply = try live.get(path)
            #expect(reply.status == 200, "\(path)")
            #expect(reply.headers["content-type"] == type, "\(path)")
            #expect(reply.headers["cache-control"] == "no-cache", "\(path)")
            #expect(reply.headers["content-security-policy"]?.hasPrefix("default-src 'self';") == true, "\(path)")
            #expect(!reply.body.isEmpty, "\(path)")
            #expect(Self.otherHosts(in: reply.text) == [], "\(path)")
        }
    }

    @Test("every module dashboard.js imports, and theirs, is served from /ui/ as JavaScript and refers to no other host")
    func modules() throws {
        let live = try LiveServer(token: "s3cret")
        var found: Set<String> = ["dashboard.js"]
        var toRead = ["dashboard.js"]
        while let name = toRead.popLast() {
            let reply = try live.get("/ui/\(name)")
            #expect(reply.status == 200, "\(name)")
            #expect(reply.headers["content-type"] == "text/javascript; charset=utf-8", "\(name)")
            #expect(reply.headers["cache-control"] == "no-cache", "\(name)")
            #expect(reply.headers["content-security-policy"]?.hasPrefix("default-src 'self';") == true, "\(name)")
            #expect(Self.otherHosts(in: reply.text) == [], "\(name)")
            // Imports are relative to /ui/ (`./api.js`) or absolute in it (`/ui/api.js`): same origin, as the policy says.
            for match in reply.text.matches(of: /^import [^;]* from '(\.\/|\/ui\/)([a-z]+\.js)';$/.anchorsMatchLineEndings()) {
                let module = String(match.output.2)
                if found.insert(module).inserted { toRead.append(module) }
            }
        }
        #expect(found == ["dashboard.js", "helpers.js", "api.js", "streams.js", "events.js", "diagram.js", "view.js",
                          "devices.js", "device.js", "app.js", "posting.js"])
        // openapi.yaml names every file served under /ui/, the modules with the style and the icon.
        let spec = try live.get("/openapi.yaml").text
        let listed = try #require(spec.firstMatch(of: /enum: \[(dashboard\.js[^\]]*)\]/)).output.1
        let names = Set(listed.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\n" }).map(String.init))
        #expect(names == found.union(["dashboard.css", "icon.svg", "events.json"]))
    }

    @Test("the page offers every event type the server takes, app and device events alike, from the vocabulary it serves")
    func everyEventType() throws {
        let live = try LiveServer()
        let reply = try live.get("/ui/events.json")
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"] == "application/json")
        let types = try #require(reply.json["types"]?.arrayValue)
        let served = types.compactMap { type in type["name"]?.stringValue.map { "\($0)/\(type["scope"]?.stringValue ?? "")" } }
        let declared = Event.vocabulary.map { "\($0.name)/\($0.scope.rawValue)" }
        #expect(served == declared)
        for type in Event.appEventTypes + Event.appActionTypes + Event.deviceEventTypes {
            #expect(served.contains { $0.hasPrefix("\(type)/") }, "/ui/events.json has no '\(type)'")
        }
        // The forms are made from it: events.js holds no list of types of its own.
        let script = try live.get("/ui/events.js").text
        #expect(script.contains("events.json"))
        for type in Event.namesForInstances where type.count > 5 {
            #expect(!script.contains("'\(type)'"), "events.js names '\(type)': the forms should come from events.json")
        }
    }

    @Test("the page's forms offer every field of an install request's info and behavior, and every setting and limit of a create request")
    func everyRequestField() throws {
        let live = try LiveServer()
        let page = try live.get("/").text
        // Each form's inputs, their tags by their names.
        var forms: [String: [String: String]] = [:]
        for form in page.matches(of: /<form id="([^"]+)"[\s\S]*?<\/form>/) {
            for input in form.output.0.matches(of: /<(?:input|select|textarea)[^>]*\bname="([^"]+)"[^>]*>/) {
                forms[String(form.output.1), default: [:]][String(input.output.1)] = String(input.output.0)
            }
        }
        let install = forms["install-form"] ?? [:]
        for field in AppInfo.wireFields + SceneManifest.wireFields + AppBehavior.wireFields {
            #expect(install[field] != nil, "the dashboard's install form (dashboard.html) has no input named '\(field)'")
        }
        let device = forms["device-form"] ?? [:]
        // The clock and the limits are groups of inputs; the clock's mode is clockMode.
        let settings = Device.wireFields.filter { $0 != "clock" && $0 != "limits" }
        for field in settings + DeviceClock.wireFields.map({ $0 == "mode" ? "clockMode" : $0 }) {
            #expect(device[field] != nil, "the dashboard's device form (dashboard.html) has no input named '\(field)'")
        }
        // devices.js sends the inputs marked data-limit as the limits.
        let limits = device.filter { $0.value.contains(" data-limit") }.keys
        #expect(Set(limits) == Set(DeviceLimits.wireFields), "the dashboard's device form marks other limits than a create request takes")
    }

    @Test("/ui leads to /; an unknown file is 404 problem JSON; only GET is served")
    func routes() throws {
        let live = try LiveServer()
        for path in ["/ui", "/ui/"] {
            let reply = try live.get(path)
            #expect(reply.status == 308, "\(path)")
            #expect(reply.headers["location"] == "/", "\(path)")
        }
        let missing = try live.get("/ui/nothing.js")
        #expect(missing.status == 404)
        #expect(missing.headers["content-type"] == "application/problem+json")
        let post = try live.request("POST", "/", json: [:])
        #expect(post.status == 405)
        #expect(post.headers["allow"] == "GET")
        #expect(try live.request("DELETE", "/ui/dashboard.js").status == 405)
    }

    /// The URLs of other hosts in `text`: absolute (`https://…`) or scheme-relative (`//host.tld/…`). The SVG
    /// namespace is a name, never fetched, and is the one allowed.
    static func otherHosts(in text: String) -> [String] {
        text.matches(of: /(?:[A-Za-z][A-Za-z0-9+.-]*:)?\/\/[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+[^\s"'`)<>]*/)
            .map { String($0.output) }
            .filter { $0 != "http://www.w3.org/2000/svg" }
    }

    @Test("the check for other hosts finds them")
    func otherHostsAreFound() {
        #expect(Self.otherHosts(in: #"<script src="https://cdn.example.com/x.js">"#) == ["https://cdn.example.com/x.js"])
        #expect(Self.otherHosts(in: "@import url(//fonts.example.org/a.css);") == ["//fonts.example.org/a.css"])
        #expect(Self.otherHosts(in: "fetch('/v1/devices'); // a comment; notes://item/1") == [])
        #expect(Self.otherHosts(in: #"<svg xmlns="http://www.w3.org/2000/svg">"#) == [])
    }

    @Test("the page names a SwiftUI scene's phase as the Core derives it from its activation state (helpers.js SCENE_PHASES)")
    func scenePhasesAgree() throws {
        let helpers = try String(contentsOf: OpenAPIDocument.root.appendingPathComponent("Sources/AppSimAPI/Dashboard/helpers.js"), encoding: .utf8)
        let line = try #require(helpers.split(separator: "\n").first { $0.hasPrefix("export const SCENE_PHASES") })
        for state in SceneActivationState.allCases {
            let expected = ScenePhase(state)?.rawValue ?? "not connected"
            #expect(line.contains("\(state.rawValue): '\(expected)'"), "SCENE_PHASES names \(state.rawValue) otherwise than the Core's \(expected)")
        }
    }
}
