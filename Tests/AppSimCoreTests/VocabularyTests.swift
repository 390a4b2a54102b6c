@testable import AppSimCore
import AppSimJSON
import Testing

/// The event vocabulary (`Event.vocabulary`): each type makes events of its own name and scope, and `allowedEvents`
/// can try every one of them on an app that has what their fields name.
@Suite("Event vocabulary")
struct VocabularyTests {
    /// A scene app on iOS 17, launched, with a scene, a background task, a pending task request and a URL scheme:
    /// something for every field that names something of the app's.
    static func richApp() -> (Harness, String) {
        var h = Harness(os: "17.0")
        var info = app(modes: [.fetch, .processing], schemes: ["notes"])
        info.scenes = SceneManifest(supportsMultiple: true)
        info.taskIdentifiers = ["com.example.refresh"]
        let id = h.install(info)
        h.post(.launch, to: id)
        h.post(.beginBackgroundTask(name: "upload"), to: id)
        h.post(.submitTask(identifier: "com.example.refresh", kind: .appRefresh, earliestBeginMillis: 0, requiresExternalPower: false), to: id)
        return (h, id)
    }

    @Test("every type makes events of its own name and scope, and can be tried on an app that has what its fields name")
    func everyTypeHasSamples() {
        let (h, id) = Self.richApp()
        let instance = h.app(id)
        #expect(!instance.scenes.isEmpty && !instance.backgroundTasks.isEmpty && !instance.taskRequests.isEmpty)
        for type in Event.vocabulary {
            let samples = type.samples(for: type.isAppScoped || type.fields.contains { $0.reference != nil } ? instance : nil)
            #expect(!samples.isEmpty, "\(type.name): no sample; give each required field a sample, an example, choices or a reference")
            for sample in samples {
                #expect(sample.type == type.name, "\(type.name) makes a '\(sample.type)' event: its case's name in Event+Vocabulary.swift differs")
                #expect(sample.isAppScoped == type.isAppScoped, "\(type.name)")
            }
        }
    }

    @Test("a field that tells forms apart gives a sample of each form, and they are different events for allowedEvents")
    func formsAreTriedApart() {
        for type in Event.vocabulary where type.fields.contains(where: \.tellsFormsApart) {
            let samples = type.samples(for: nil)
            #expect(samples.count == 2, "\(type.name)")
            if samples.count == 2 { #expect(!DeviceSimulation.isForm(of: samples[0], samples[1]), "\(type.name)") }
        }
    }

    @Test("names are unique within a scope; a name in two scopes (memoryWarning) is an app event posted to an app and a device event posted to a device")
    func namesAndLookup() {
        for scope in EventType.Scope.allCases {
            let names = Event.names(scope)
            #expect(Set(names).count == names.count, "\(scope)")
        }
        for type in Event.vocabulary {
            let toDevice = Event.type(named: type.name, toInstance: false)
            let toInstance = Event.type(named: type.name, toInstance: true)
            #expect((toDevice != nil) == Event.names(.deviceEvent).contains(type.name), "\(type.name)")
            // Posted to an instance, a name is first an app event or action, and a device event only if it is neither.
            let expected: EventType.Scope = Event.names(.appEvent).contains(type.name) ? .appEvent
                : Event.names(.appAction).contains(type.name) ? .appAction : .deviceEvent
            #expect(toInstance?.scope == expected, "\(type.name)")
        }
        #expect(Event.type(named: "memoryWarning", toInstance: true)?.scope == .appEvent)
        #expect(Event.type(named: "memoryWarning", toInstance: false)?.scope == .deviceEvent)
        #expect(Event.type(named: "timers", toInstance: false) == nil, "the realtime clock's timers are not posted")
        #expect(Event.namesForInstances.count == Set(Event.vocabulary.map(\.name)).count)
    }

    @Test("allowedEvents on the rich app lists types from the vocabulary only, in its order")
    func allowedEventsComeFromTheVocabulary() {
        let (h, id) = Self.richApp()
        let allowed = h.sim.allowedEvents(for: id, wallMillis: 0)
        let order = Event.namesForInstances
        #expect(allowed.allSatisfy(order.contains))
        #expect(allowed.contains("closeScene") && allowed.contains("endBackgroundTask") && allowed.contains("submitTask"))
        let positions = allowed.compactMap { order.firstIndex(of: $0) }
        #expect(positions == positions.sorted(), "\(allowed)")
    }

    @Test("a field's default is what an absent or null field reads as")
    func defaults() throws {
        let crash = try #require(Event.type(named: "crash", toInstance: true))
        #expect(try crash.event(from: ["type": "crash"]) == .app(.crash(duringLaunch: false)))
        #expect(try crash.event(from: ["type": "crash", "duringLaunch": nil]) == .app(.crash(duringLaunch: false)))
        let complete = try #require(Event.type(named: "completeTask", toInstance: true))
        #expect(try complete.event(from: ["type": "completeTask"]) == .action(.completeTask(success: true)))
    }

    @Test("fields that are each valid but do not go together are a problem naming the field")
    func rules() throws {
        let submit = try #require(Event.type(named: "submitTask", toInstance: true))
        #expect(throws: EventFieldProblem.self) {
            try submit.event(from: ["type": "submitTask", "identifier": "x", "kind": "appRefresh", "requiresExternalPower": true])
        }
        let battery = try #require(Event.type(named: "battery", toInstance: false))
        do {
            _ = try battery.event(from: ["type": "battery"])
            Issue.record("a battery event with neither level nor state was made")
        } catch {
            #expect(error.field == "level")
        }
        #expect(try battery.event(from: ["type": "battery", "state": "full", "level": 1]) ==
            .device(.notification(DeviceNotification(kind: .battery, value: ["level": .number(1), "state": "full"]))))
    }
}
