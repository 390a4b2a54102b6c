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

    /// Files where a type's name is another thing's name (a field of the instance or device, a saveOn moment, an
    /// APNs payload key, ARIA's `role="alert"`), or one control's event, which `dashboardButtonsPostTypesOfTheVocabulary` checks.
    static let otherMeanings: [String: Set<String>] = [
        "forceQuit": ["Sources/AppSimAPI/DeviceSimulation+JSON.swift", "Sources/AppSimStore/Records.swift"],
        "orientation": ["Sources/AppSimAPI/DeviceSimulation+JSON.swift", "Sources/AppSimStore/Records.swift"],
        // The Device's `appSwitcher`: whether the switcher is open.
        "appSwitcher": ["Sources/AppSimAPI/DeviceSimulation+JSON.swift", "Sources/AppSimStore/Records.swift"],
        "terminate": ["Sources/AppSimAPI/AppBehavior+JSON.swift"],
        "alert": ["Sources/AppSimAPI/Dashboard/dashboard.html", "Sources/AppSimCore/EventStep+AppEvents.swift", "Sources/AppSimClient/JSON.swift", "Sources/AppSimClient/SimulatedApp.swift",
                  "Sources/AppSimClient/SimulatedDevice.swift", "Sources/appsim/AppSim+Events.swift"],
        "advanceClock": ["Sources/AppSimAPI/Dashboard/device.js"],
        "endBackgroundTask": ["Sources/AppSimAPI/Dashboard/app.js"],
        "cancelTask": ["Sources/AppSimAPI/Dashboard/app.js"],
    ].merging(dashboardButtons.map { ($0, ["Sources/AppSimAPI/Dashboard/dashboard.html"]) }) { $0.union($1) }

    /// The page's buttons for the commonest events (`data-app-event`, `data-device-event`).
    static let dashboardButtons = ["launch", "home", "terminate", "forceQuit", "crash", "lock", "unlock", "reboot", "memoryPressure"]

    @Test("no source file but the table and the Swift client spells an event type's name as a string")
    func namesAreWrittenOnce() throws {
        let sources = try FileManager.default.subpathsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path)
            .filter { $0.hasSuffix(".swift") || $0.hasSuffix(".js") || $0.hasSuffix(".html") }.map { "Sources/\($0)" }
        #expect(sources.count > 50)
        for path in sources where !Self.declaring.contains(path) {
            let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            for name in Set(Event.vocabulary.map(\.name)) where !(Self.otherMeanings[name]?.contains(path) ?? false) {
                #expect(!text.contains("\"\(name)\"") && !text.contains("'\(name)'"),
                        "\(path) spells '\(name)': derive it from Event.vocabulary (or, if the word means something else there, list it in otherMeanings)")
            }
        }
    }

    @Test("the dashboard's buttons and one-event controls post types of the vocabulary, of the scope they are posted to")
    func dashboardButtonsPostTypesOfTheVocabulary() throws {
        let dashboard = Self.root.appendingPathComponent("Sources/AppSimAPI/Dashboard")
        let page = try String(contentsOf: dashboard.appendingPathComponent("dashboard.html"), encoding: .utf8)
        let toApps = page.matches(of: /data-app-event="([A-Za-z]+)"/).map { String($0.output.1) }
        let toDevices = page.matches(of: /data-device-event="([A-Za-z]+)"/).map { String($0.output.1) }
        #expect(!toApps.isEmpty && !toDevices.isEmpty)
        #expect(Set(toApps + toDevices) == Set(Self.dashboardButtons))
        for type in toApps { #expect(Event.type(named: type, toInstance: true) != nil, "dashboard.html posts '\(type)' to an app") }
        for type in toDevices { #expect(Event.type(named: type, toInstance: false) != nil, "dashboard.html posts '\(type)' to a device") }
        let app = try String(contentsOf: dashboard.appendingPathComponent("app.js"), encoding: .utf8)
        let device = try String(contentsOf: dashboard.appendingPathComponent("device.js"), encoding: .utf8)
        #expect(app.contains("postEvent('app', { type: 'endBackgroundTask'") && Event.type(named: "endBackgroundTask", toInstance: true) != nil)
        #expect(device.contains("postEvent('device', { type: 'advanceClock'") && Event.type(named: "advanceClock", toInstance: false) != nil)
    }
}
