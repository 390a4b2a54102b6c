import AppSimCore
import Foundation
import Testing

/// The event vocabulary is written once (docs/architecture.md, Adding an event type): no other source file spells an
/// event type's name, except where the same word means something else.
@Suite("The event vocabulary is declared once")
struct VocabularyDeclaredOnceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The table, and the Swift client's types until they are generated from openapi.yaml.
    static let declaring: Set<String> = ["Sources/AppSimCore/Event+Vocabulary.swift", "Sources/AppSimClient/AppSimEvent.swift"]

    /// Files where a type's name is another thing's name: a field of the instance or device, a saveOn moment, an
    /// APNs payload key, one button's event.
    static let otherMeanings: [String: Set<String>] = [
        "forceQuit": ["Sources/AppSimAPI/DeviceSimulation+JSON.swift", "Sources/AppSimStore/Records.swift"],
        "orientation": ["Sources/AppSimAPI/DeviceSimulation+JSON.swift", "Sources/AppSimStore/Records.swift"],
        "terminate": ["Sources/AppSimAPI/AppBehavior+JSON.swift"],
        "alert": ["Sources/AppSimCore/EventStep+AppEvents.swift", "Sources/AppSimClient/JSON.swift", "Sources/AppSimClient/SimulatedApp.swift",
                  "Sources/AppSimClient/SimulatedDevice.swift", "Sources/appsim/AppSim+Events.swift"],
        "advanceClock": ["Sources/AppSimAPI/Dashboard/device.js"],
        "endBackgroundTask": ["Sources/AppSimAPI/Dashboard/app.js"],
    ]

    @Test("no source file but the table and the Swift client spells an event type's name as a string")
    func namesAreWrittenOnce() throws {
        let sources = try FileManager.default.subpathsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path)
            .filter { $0.hasSuffix(".swift") || $0.hasSuffix(".js") }.map { "Sources/\($0)" }
        #expect(sources.count > 50)
        for path in sources where !Self.declaring.contains(path) {
            let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            for name in Set(Event.vocabulary.map(\.name)) where !(Self.otherMeanings[name]?.contains(path) ?? false) {
                #expect(!text.contains("\"\(name)\"") && !text.contains("'\(name)'"),
                        "\(path) spells '\(name)': derive it from Event.vocabulary (or, if the word means something else there, list it in otherMeanings)")
            }
        }
    }
}
