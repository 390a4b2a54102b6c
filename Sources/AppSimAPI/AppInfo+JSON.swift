import AppSimCore
import AppSimJSON

/// The `info` of openapi.yaml (Shapes): read from an install request, written in the Instance shape.
extension AppInfo {
    /// The fields of `info`, in the order `write(to:)` writes them: all a request may give, and all a reply shows
    /// when each holds something (ShapeRoundTripTests holds the reader and the writer to it).
    static let wireFields = [
        "bundleId", "backgroundModes", "exitsOnSuspend", "urlSchemes", "stateRestoration", "dataProtection",
        "memoryMB", "backgroundMemoryMB", "taskIdentifiers", "userNotifications", "scenes", "sdkVersion", "ui",
    ]

    /// Reads and validates `info` of an install request.
    init(json: JSONValue, path: String = "info") throws(FieldError) {
        let reader = try FieldReader(json, path: path)
        try reader.allowOnly(Self.wireFields)
        let bundleId = try reader.requiredString("bundleId")
        guard Self.isValidBundleId(bundleId) else {
            throw reader.invalid("bundleId", "must be a reverse-DNS name of letters, digits, '-' and '.', such as 'com.example.notes', not '\(bundleId)'")
        }
        self.init(bundleId: bundleId)
        if let modes = try reader.stringArray("backgroundModes") {
            var parsed: [BackgroundMode] = []
            for mode in modes {
                guard let value = BackgroundMode(rawValue: mode) else {
                    let known = BackgroundMode.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                    throw reader.invalid("backgroundModes", "has '\(mode)'; the modes are \(known)")
                }
                if !parsed.contains(value) { parsed.append(value) }
            }
            backgroundModes = parsed.sorted()
        }
        exitsOnSuspend = try reader.bool("exitsOnSuspend") ?? false
        if let schemes = try reader.stringArray("urlSchemes") {
            for scheme in schemes where !Self.isValidScheme(scheme) {
                throw reader.invalid("urlSchemes", "has '\(scheme)', which is not a URL scheme (a letter, then letters, digits, '+', '-' or '.')")
            }
            urlSchemes = schemes.map { $0.lowercased() }
        }
        stateRestoration = try reader.bool("stateRestoration") ?? false
        dataProtection = try reader.bool("dataProtection") ?? false
        memoryMB = try reader.integer("memoryMB", in: Self.memoryMBRange) ?? 100
        backgroundMemoryMB = try reader.integer("backgroundMemoryMB", in: Self.memoryMBRange) ?? memoryMB
        if let identifiers = try reader.stringArray("taskIdentifiers") {
            for identifier in identifiers where identifier.isEmpty || identifier.utf8.count > 255 {
                throw reader.invalid("taskIdentifiers", "has '\(identifier)'; an identifier is 1 to 255 bytes, such as 'com.example.notes.refresh'")
            }
            taskIdentifiers = identifiers.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        }
        userNotifications = try reader.bool("userNotifications") ?? false
        if let manifest = try reader.object("scenes") {
            try manifest.allowOnly(SceneManifest.wireFields)
            scenes = SceneManifest(supportsMultiple: try manifest.bool("supportsMultiple") ?? false)
        }
        if let text = try reader.string("sdkVersion") {
            // MAJOR[.MINOR] with no leading zeros, as openapi.yaml's pattern says.
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count <= 2, parts.allSatisfy({ $0 == "0" || !$0.hasPrefix("0") }), parts[0] != "0",
                  let version = OSVersion(text) else {
                throw reader.invalid("sdkVersion", "must be an iOS SDK version such as \"26.0\" or \"27\", not \"\(text)\"")
            }
            sdkVersion = version
        }
        ui = try reader.choice("ui", AppUI.self, among: AppUI.allCases) ?? .uikit
        // A SwiftUI app has one window unless it says otherwise (docs/lifecycle.md, SwiftUI apps).
        if ui == .swiftui, scenes == nil { scenes = SceneManifest(supportsMultiple: false) }
    }

    /// The `info` shape, written to `w`.
    func write(to w: inout JSONWriter) {
        w.beginObject()
        w.field("bundleId", bundleId)
        w.field("backgroundModes", strings: backgroundModes.map(\.rawValue))
        w.field("exitsOnSuspend", exitsOnSuspend)
        w.field("urlSchemes", strings: urlSchemes)
        w.field("stateRestoration", stateRestoration)
        w.field("dataProtection", dataProtection)
        w.field("memoryMB", memoryMB)
        w.field("backgroundMemoryMB", backgroundMemoryMB)
        // Declared by apps that schedule BGTaskScheduler tasks (docs/lifecycle.md, Scheduled tasks); others show the shape they always had.
        if !taskIdentifiers.isEmpty { w.field("taskIdentifiers", strings: taskIdentifiers) }
        if userNotifications { w.field("userNotifications", true) }
        if let scenes {
            w.key("scenes")
            w.beginObject()
            w.field("supportsMultiple", scenes.supportsMultiple)
            w.endObject()
        }
        w.field("sdkVersion", sdkVersion.description)
        w.field("ui", ui.rawValue)
        w.endObject()
    }
}

extension SceneManifest {
    /// The fields of `info.scenes`, read and written with the info.
    static let wireFields = ["supportsMultiple"]
}
