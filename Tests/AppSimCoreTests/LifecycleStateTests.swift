@testable import AppSimCore
import Testing

/// LIFECYCLE.md §1: states, applicationState and xcuiState.
@Suite("§1 States")
struct LifecycleStateTests {
    @Test(
        "§1 state is one of notRunning, inactive, active, background, suspended; applicationState and xcuiState follow it",
        arguments: [
            (LifecycleState.notRunning, ApplicationState.background, 1),
            (.inactive, .inactive, 4),
            (.active, .active, 4),
            (.background, .background, 3),
            (.suspended, .background, 2),
        ])
    func reportedStates(state: LifecycleState, applicationState: ApplicationState, xcuiState: Int) {
        var h = Harness()
        let id = h.install()
        h.drive(id, to: state)
        #expect(h.state(id) == state)
        #expect(h.sim.applicationState(of: id) == applicationState)
        #expect(h.app(id).state.xcuiState == xcuiState)
    }

    @Test("§1 the five states are exactly notRunning, inactive, active, background, suspended; xcuiState never 0")
    func fiveStates() {
        #expect(LifecycleState.allCases.map(\.rawValue) == ["notRunning", "inactive", "active", "background", "suspended"])
        #expect(LifecycleState.allCases.allSatisfy { (1...4).contains($0.xcuiState) })
    }

    @Test("§1 applicationState while a launch callback runs: inactive for a foreground launch")
    func launchCallbacksReadInactiveInForegroundLaunch() {
        var h = Harness()
        let id = h.install()
        let outcome = h.post(.launch, to: id)
        let launch = outcome.callbacks.filter { $0.name == Sel.willFinish || $0.name == Sel.didFinish }
        #expect(launch.count == 2)
        #expect(launch.allSatisfy { $0.applicationState == .inactive })
    }

    @Test("§1 applicationState while a launch callback runs: background for a background launch")
    func launchCallbacksReadBackgroundInBackgroundLaunch() {
        var h = Harness()
        var behavior = AppBehavior()
        behavior.minimumFetchInterval = .millis(60_000)
        let id = h.install(app(modes: [.fetch]), behavior)
        let outcome = h.post(.backgroundFetch, to: id)
        let launch = outcome.callbacks.filter { $0.name == Sel.willFinish || $0.name == Sel.didFinish }
        #expect(launch.count == 2)
        #expect(launch.allSatisfy { $0.applicationState == .background })
    }

    @Test("§1 a device shows at most one app in the foreground: launching a second app sends the first to the background")
    func oneForegroundApp() {
        var h = Harness()
        let first = h.install(app("com.example.notes", schemes: ["notes"]))
        let second = h.install(app("com.example.mail"))
        h.post(.launch, to: first)
        let outcome = h.post(.launch, to: second)
        #expect(names(of: outcome, for: first) == [Sel.willResignActive, Sel.didEnterBackground])
        #expect(h.state(first) == .background)
        #expect(h.state(second) == .active)

        // A URL to the first app brings it forward and sends the second away.
        let url = h.post(.openURL(url: "notes://item/1", sourceApplication: nil), to: first)
        #expect(h.state(first) == .active)
        #expect(h.state(second) == .background)
        #expect(url.changes.contains(StateChange(instance: second, from: .active, to: .background)))
        #expect(h.sim.instances.filter { $0.state.isForeground }.count == 1)
    }
}
