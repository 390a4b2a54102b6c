import AppSimCore
import AppSimHTTP

/// The browser dashboard: `GET /` and the files under `/ui/`, embedded at build time from `Dashboard/` (plain HTML,
/// CSS and JavaScript, no build step). The files hold no data, so they need no token; the page asks for one when the
/// API answers 401 and sends it with its own requests.
enum Dashboard {
    /// One embedded file and its media type.
    struct Asset: Sendable {
        let body: [UInt8]
        let contentType: String

        init(_ body: [UInt8], _ contentType: String) {
            self.body = body
            self.contentType = contentType
        }
    }

    static let page = Asset(PackageResources.dashboard_html, "text/html; charset=utf-8")

    /// The files under `/ui/`, by name; `events.json` is the event vocabulary, which the event forms are made from. The script is ES modules: the page loads `dashboard.js`, which imports the
    /// others by relative path (`./api.js` is `/ui/api.js`); a module added to `Dashboard/` needs its line here.
    static let files: [String: Asset] = [
        "dashboard.css": Asset(PackageResources.dashboard_css, "text/css; charset=utf-8"),
        "icon.svg": Asset(PackageResources.icon_svg, "image/svg+xml"),
        "dashboard.js": script(PackageResources.dashboard_js),
        "helpers.js": script(PackageResources.helpers_js),
        "api.js": script(PackageResources.api_js),
        "streams.js": script(PackageResources.streams_js),
        "events.js": script(PackageResources.events_js),
        "diagram.js": script(PackageResources.diagram_js),
        "view.js": script(PackageResources.view_js),
        "devices.js": script(PackageResources.devices_js),
        "device.js": script(PackageResources.device_js),
        "app.js": script(PackageResources.app_js),
        "posting.js": script(PackageResources.posting_js),
        "events.json": Asset(EventType.vocabularyBytes, "application/json"),
    ]

    /// A JavaScript module of the page's.
    private static func script(_ body: [UInt8]) -> Asset {
        Asset(body, "text/javascript; charset=utf-8")
    }

    /// Everything the page loads or calls is on this server, so nothing else is allowed: no other host, no inline
    /// script or style, no plugins, no framing (clickjacking).
    static let contentSecurityPolicy =
        "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'"

    /// `asset` as a response. `no-cache` with no validator: the browser fetches the files again on each load, so a
    /// rebuilt server's page never runs an older script. They are small and served from memory; an `ETag` would save
    /// little, and the transport would give its `304` a `Content-Length` of 0, which RFC 9110 §8.6 forbids.
    static func response(_ asset: Asset) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [
            ("Content-Type", asset.contentType),
            ("Cache-Control", "no-cache"),
            ("Content-Security-Policy", contentSecurityPolicy),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
        ], body: asset.body)
    }

    /// `/ui` and `/ui/`: the page is at `/`.
    static let redirect = HTTPResponse(status: 308, headers: [("Location", "/")])
}
