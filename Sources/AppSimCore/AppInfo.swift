/// A background mode an app declares in its Info.plist (`UIBackgroundModes`).
public enum BackgroundMode: String, Sendable, Codable, CaseIterable, Comparable {
    case audio, location, voip, fetch
    case remoteNotification = "remote-notification"

    /// Modes that keep a backgrounded app running instead of letting it be suspended.
    public var keepsRunning: Bool { self == .audio || self == .location || self == .voip }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What an app declares about itself, fixed at install (LIFECYCLE.md §2).
public struct AppInfo: Sendable, Codable, Equatable {
    public var bundleId: String
    public var backgroundModes: [BackgroundMode] = []
    public var exitsOnSuspend = false
    public var urlSchemes: [String] = []
    public var stateRestoration = false
    public var dataProtection = false
    /// Footprint while in the foreground.
    public var memoryMB = 100
    /// Footprint once in the background (and while suspended).
    public var backgroundMemoryMB = 100

    public init(bundleId: String) { self.bundleId = bundleId }

    public func has(_ mode: BackgroundMode) -> Bool { backgroundModes.contains(mode) }

    public var keepsRunningInBackground: Bool { backgroundModes.contains { $0.keepsRunning } }

    static let fields: Set<String> = [
        "bundleId", "backgroundModes", "exitsOnSuspend", "urlSchemes", "stateRestoration", "dataProtection",
        "memoryMB", "backgroundMemoryMB",
    ]

    /// Reads and validates `info` of an install request.
    public init(json: JSONValue, path: String = "info") throws(FieldError) {
        let reader = try FieldReader(json, path: path)
        try reader.allowOnly(Self.fields)
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
        memoryMB = try reader.integer("memoryMB", in: 1...65_536) ?? 100
        backgroundMemoryMB = try reader.integer("backgroundMemoryMB", in: 1...65_536) ?? memoryMB
    }

    static func isValidBundleId(_ id: String) -> Bool {
        guard !id.isEmpty, id.utf8.count <= 155, !id.hasPrefix("."), !id.hasSuffix(".") else { return false }
        return id.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == ".") }
    }

    static func isValidScheme(_ scheme: String) -> Bool {
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return scheme.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == ".")
        }
    }

    /// The `info` shape, written to `w`.
    public func write(to w: inout JSONWriter) {
        w.beginObject()
        w.field("bundleId", bundleId)
        w.field("backgroundModes", strings: backgroundModes.map(\.rawValue))
        w.field("exitsOnSuspend", exitsOnSuspend)
        w.field("urlSchemes", strings: urlSchemes)
        w.field("stateRestoration", stateRestoration)
        w.field("dataProtection", dataProtection)
        w.field("memoryMB", memoryMB)
        w.field("backgroundMemoryMB", backgroundMemoryMB)
        w.endObject()
    }

    public var json: JSONValue { JSONWriter.value { write(to: &$0) } }
}
