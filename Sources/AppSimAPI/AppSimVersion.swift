/// appsim's version, written in one place: openapi.yaml's `info.version`, which the server embeds. `appsim --version`,
/// `/healthz` and the `Server` header of every answer appsim makes say it (libmicrohttpd's own, such as its 431 for
/// a head too large, carry none), and a generated client's package takes it from the spec.
public enum AppSimVersion {
    public static let current: String = version(in: PackageResources.openapi_yaml) ?? "unknown"

    /// The `  version: "X"` line of the document's `info` (the first line indented by two spaces that names one).
    static func version(in yaml: [UInt8]) -> String? {
        let text = String(decoding: yaml, as: UTF8.self)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) where line.hasPrefix("  version: ") {
            let value = line.dropFirst("  version: ".count).trimmingCharacters(in: "\"'")
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// What the `Server` header says: `appsim/1.1.0`.
    public static var serverHeader: String { "appsim/\(current)" }
}

extension Substring {
    fileprivate func trimmingCharacters(in quotes: String) -> String {
        var text = self
        while let first = text.first, quotes.contains(first) { text = text.dropFirst() }
        while let last = text.last, quotes.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
