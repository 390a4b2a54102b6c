import AppSimJSON
import Foundation

/// The repository's openapi.yaml, as the tests that hold code to it read it.
public enum OpenAPIDocument {
    /// The repository's root.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// openapi.yaml as JSON, read by PyYAML (scripts/setup installs it).
    public static func load() throws -> JSONValue {
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", "import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)",
                            root.appendingPathComponent("openapi.yaml").path]
        let output = Pipe()
        python.standardOutput = output
        try python.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        python.waitUntilExit()
        guard python.terminationStatus == 0 else { throw CocoaError(.fileReadCorruptFile) }
        return try JSONValue.parse(Array(data), maxDepth: 256)
    }

    /// The schema `schema` refers to, when it is a `$ref` to a component; `schema` itself otherwise.
    public static func resolve(_ schema: JSONValue, in document: JSONValue) -> JSONValue {
        guard let ref = schema["$ref"]?.stringValue, ref.hasPrefix("#/") else { return schema }
        var value: JSONValue? = document
        for part in ref.dropFirst(2).split(separator: "/") { value = value?[String(part)] }
        return value.map { resolve($0, in: document) } ?? schema
    }
}
