@testable import AppSimCore
import Testing

/// LIFECYCLE.md §4 last row: events that make no sense are refused, and every event in every state is either
/// applied or refused with a reason.
@Suite("§4 Rejections")
struct RejectionTests {
    @Test("§4 Events that make no sense in a state (home when notRunning) are rejected: nothing changes, the reply says why and which events the state allows")
    func homeWhenNotRunning() {
        var h = Harness()
        let id = h.install()
        let before = h.sim
        let rejection = h.reject(.home, to: id)
        #expect(rejection.kind == .notAllowed)
        #expect(rejection.state == .notRunning)
        #expect(rejection.reason.contains("not running"))
        #expect(rejection.allowedEvents.contains("launch"))
        #expect(!rejection.allowedEvents.contains("home"))
        #expect(h.sim.instances == before.instances)
        #expect(h.sim.device == before.device)
    }

    @Test("§4 A refusal's advice fits the state: forceQuit of an app not running says there is nothing to quit, of one in the foreground to press Home first")
    func forceQuitAdvice() {
        var h = Harness()
        let id = h.install()
        let notRunning = h.reject(.forceQuit, to: id)
        #expect(notRunning.reason.contains("nothing to quit"))
        #expect(!notRunning.reason.contains("Home"), "Home is refused too when the app is not running")
        #expect(!notRunning.allowedEvents.contains("home"))
        h.post(.launch, to: id)
        #expect(h.reject(.forceQuit, to: id).reason.contains("press Home first"))
    }

    @Test("§4 Events that make no sense in a state (answerCall with no call) are rejected: nothing changes")
    func answerCallWithoutCall() {
        var h = Harness()
        let id = h.install()
        h.post(.launch, to: id)
        let before = h.sim
        let rejection = h.reject(.answerCall, to: id)
        #expect(rejection.kind == .notAllowed)
        #expect(rejection.state == .active)
        #expect(rejection.reason.contains("call"))
        #expect(rejection.allowedEvents.contains("incomingCall"))
        #expect(rejection.allowedEvents.contains("home"))
        #expect(!rejection.allowedEvents.contains("answerCall"))
        #expect(h.sim.instances == before.instances)
        #expect(h.sim.device == before.device)
        #expect(h.sim.device.eventSeq == before.device.eventSeq)
    }

    /// Samples of every app event and app action type, for an app with a URL scheme, fetch and remote-notification.
    static func samples(for instance: Instance) -> [String: [Event]] {
        [
            "launch": [.app(.launch)],
            "home": [.app(.home)],
            "openURL": [.app(.openURL(url: "notes://item/1", sourceApplication: "com.apple.mobilesafari"))],
            "push": [.app(.push(payload: Payload.alert)), .app(.push(payload: Payload.silent))],
            "tapNotification": [.app(.tapNotification)],
            "backgroundFetch": [.app(.backgroundFetch)],
            "incomingCall": [.app(.incomingCall)],
            "answerCall": [.app(.answerCall)],
            "declineCall": [.app(.declineCall)],
            "endCall": [.app(.endCall)],
            "alert": [.app(.alert)],
            "dismissAlert": [.app(.dismissAlert)],
            "notificationCenter": [.app(.notificationCenter)],
            "dismissNotificationCenter": [.app(.dismissNotificationCenter)],
            "memoryWarning": [.app(.memoryWarning)],
            "forceQuit": [.app(.forceQuit)],
            "terminate": [.app(.terminate)],
            "crash": [.app(.crash(duringLaunch: false)), .app(.crash(duringLaunch: true))],
            "openScene": [.app(.openScene)],
            "closeScene": [.app(.closeScene(scene: instance.scenes.first?.id ?? "d1.1.s1"))],
            "disconnectScene": [.app(.disconnectScene(scene: instance.scenes.first?.id ?? "d1.1.s1"))],
            "cancelTask": [.app(.cancelTask(identifier: "com.example.notes.export"))],
            "edit": [.action(.edit(memory: ["note": "x"], ui: ["screen": "list"]))],
            "beginBackgroundTask": [.action(.beginBackgroundTask(name: "upload"))],
            "endBackgroundTask": [.action(.endBackgroundTask(taskId: instance.backgroundTasks.first?.id ?? 1))],
            "completeFetch": [.action(.completeFetch(result: .newData))],
            "setMinimumFetchInterval": [.action(.setMinimumFetchInterval(.millis(3_600_000)))],
            "submitTask": [.action(.submitTask(identifier: "com.example.notes.refresh", kind: .appRefresh, earliestBeginMillis: 0, requiresExternalPower: false))],
            "completeTask": [.action(.completeTask(success: true))],
            "reportProgress": [.action(.reportProgress(identifier: "com.example.notes.export", completed: 1, total: 2))],
            "updateTitle": [.action(.updateTitle(identifier: "com.example.notes.export", title: "Exporting", subtitle: nil))],
        ]
    }

    @Test(
        "§4 §9 §11 full table: in every state, every app event and action (those of scenes and scheduled tasks too, for an app with and without scenes) is applied or refused with a reason and allowedEvents that omit it and list all the state accepts",
        arguments: LifecycleState.allCases, [false, true])
    func fullTable(state: LifecycleState, scenes: Bool) throws {
        var h = Harness()
        var behavior = AppBehavior()
        behavior.minimumFetchInterval = .millis(900_000)
        var info = app(modes: [.fetch, .remoteNotification], schemes: ["notes"])
        info.taskIdentifiers = ["com.example.notes.refresh"]
        if scenes { info.scenes = SceneManifest(supportsMultiple: true) }
        let id = h.install(info, behavior)
        h.drive(id, to: state)
        let start = h.sim
        let samples = Self.samples(for: h.app(id))
        let types = Event.appEventTypes + Event.appActionTypes
        #expect(Set(samples.keys) == Set(types), "every app event and action type has a sample")

        var accepted: Set<String> = []
        var rejections: [(type: String, rejection: EventRejection)] = []
        for type in types {
            for event in samples[type] ?? [] {
                #expect(event.type == type)
                var trial = start
                let applied = trial.apply(event, to: id, wallMillis: 0)
                switch applied.outcome {
                case .success(let outcome):
                    accepted.insert(type)
                    let after = try #require(trial.instance(id))
                    #expect(LifecycleState.allCases.contains(after.state))
                    #expect(trial.instances.filter { $0.state.isForeground }.count <= 1)
                    #expect(outcome.event.type == type)
                case .failure(let rejection):
                    #expect(!rejection.reason.isEmpty, "\(type) in \(state)")
                    #expect(trial.instances == start.instances, "a refused \(type) changed nothing")
                    #expect(trial.device == start.device)
                    if rejection.kind == .notAllowed { #expect(rejection.state == state) }
                    rejections.append((type, rejection))
                }
            }
        }
        #expect(!accepted.isEmpty)
        for (type, rejection) in rejections {
            let allowed = Set(rejection.allowedEvents)
            if accepted.contains(type) {
                // Another sample of the same type was accepted (crash during launch vs. crash).
                #expect(allowed.contains(type), "\(type) in \(state)")
            } else {
                #expect(!allowed.contains(type), "\(type) in \(state): allowedEvents \(rejection.allowedEvents)")
            }
            #expect(accepted.isSubset(of: allowed), "\(type) in \(state): allowed \(allowed.sorted()), accepted \(accepted.sorted())")
        }
    }

    @Test("§4 allowedEvents of a refused device event lists the device events the device accepts")
    func deviceRejection() {
        var h = Harness()
        let rejection = h.reject(.unlock)
        #expect(rejection.kind == .notAllowed)
        #expect(rejection.state == nil)
        #expect(rejection.allowedEvents.contains("lock"))
        #expect(rejection.allowedEvents.contains("advanceClock"))
        #expect(!rejection.allowedEvents.contains("unlock"))
    }
}
