import AppSimClient
import ArgumentParser
import Foundation

/// `key=value` arguments that build a JSON object: `seconds=6`, `memory.draft=hello`, `info.urlSchemes='["notes"]'`.
///
/// A dotted key reaches into nested objects. A value that parses as JSON (`6`, `true`, `null`, `"6"`, `{"a":1}`,
/// `[1]`) is that JSON; any other value is text, so URLs and names need no quotes.
enum Assignments {
    static let help = "key=value: a dotted key sets a nested field; a value is JSON when it parses as JSON, else text."

    static func object(_ assignments: [String], into object: [String: JSON] = [:]) throws -> [String: JSON] {
        var object = object
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw ValidationError("'\(assignment)' is not key=value")
            }
            let path = assignment[..<equals].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard !path.contains(where: \.isEmpty) else { throw ValidationError("'\(assignment)' has an empty key") }
            set(value(String(assignment[assignment.index(after: equals)...])), at: path[...], in: &object)
        }
        return object
    }

    /// `text` as JSON when it is JSON, else as a string.
    static func value(_ text: String) -> JSON {
        (try? JSONDecoder().decode(JSON.self, from: Data(text.utf8))) ?? .string(text)
    }

    private static func set(_ value: JSON, at path: ArraySlice<String>, in object: inout [String: JSON]) {
        guard let key = path.first else { return }
        if path.count == 1 {
            object[key] = value
        } else {
            var inner = object[key]?.objectValue ?? [:]
            set(value, at: path.dropFirst(), in: &inner)
            object[key] = .object(inner)
        }
    }

    /// A JSON object read from a file (`-` for standard input).
    static func objectFile(_ path: String, option: String) throws -> [String: JSON] {
        let data: Data
        do {
            data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ValidationError("\(option): cannot read \(path): \(error.localizedDescription)")
        }
        guard let object = (try? JSONDecoder().decode(JSON.self, from: data))?.objectValue else {
            throw ValidationError("\(option): \(path) is not a JSON object")
        }
        return object
    }
}
