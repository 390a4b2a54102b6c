@testable import AppSimCore
import AppSimJSON
import Testing

/// One simulated device on a manual clock (time moves only by `advance`), with helpers that fail the test when an
/// event the test expects to succeed is refused, and the reverse.
struct Harness {
    var sim: DeviceSimulation
    /// Every record of every accepted event and timer, in order.
    var history: [CallbackRecord] = []

    init(os: String = "17.0", memoryMB: Int = 2048, limits: DeviceLimits = DeviceLimits()) {
        var device = Device(id: "d1")
        device.clock = DeviceClock(mode: .manual)
        device.osVersion = OSVersion(os)!
        device.memoryMB = memoryMB
        device.limits = limits
        sim = DeviceSimulation(device: device)
    }

    /// Installs an app and returns its instance id.
    mutating func install(_ info: AppInfo = AppSimCoreTests.app(), _ behavior: AppBehavior = AppBehavior()) -> String {
        sim.install(info: info, behavior: behavior, wallMillis: 0).id
    }

    /// Applies an event that must be accepted and returns its outcome; a refusal fails the test.
    @discardableResult
    mutating func post(_ event: Event, to id: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> EventOutcome {
        let applied = sim.apply(event, to: id, wallMillis: 0)
        if let timers = applied.timers { history += timers.callbacks }
        switch applied.outcome {
        case .success(let outcome):
            history += outcome.callbacks
            return outcome
        case .failure(let rejection):
            Issue.record("\(event.type) was refused: \(rejection.reason)", sourceLocation: sourceLocation)
            return EventOutcome(event: EventRecord(seq: 0, type: event.type, at: 0, instance: id))
        }
    }

    @discardableResult
    mutating func post(_ event: AppEvent, to id: String, sourceLocation: SourceLocation = #_sourceLocation) -> EventOutcome {
        post(.app(event), to: id, sourceLocation: sourceLocation)
    }

    @discardableResult
    mutating func post(_ action: AppAction, to id: String, sourceLocation: SourceLocation = #_sourceLocation) -> EventOutcome {
        post(.action(action), to: id, sourceLocation: sourceLocation)
    }

    @discardableResult
    mutating func post(_ event: DeviceEvent, sourceLocation: SourceLocation = #_sourceLocation) -> EventOutcome {
        post(.device(event), sourceLocation: sourceLocation)
    }

    /// Applies an event that must be refused and returns the rejection; acceptance fails the test.
    mutating func reject(_ event: Event, to id: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> EventRejection {
        let applied = sim.apply(event, to: id, wallMillis: 0)
        switch applied.outcome {
        case .success:
            Issue.record("\(event.type) was accepted, but it should have been refused", sourceLocation: sourceLocation)
            return EventRejection(.notAllowed, "")
        case .failure(let rejection):
            return rejection
        }
    }

    mutating func reject(_ event: AppEvent, to id: String, sourceLocation: SourceLocation = #_sourceLocation) -> EventRejection {
        reject(.app(event), to: id, sourceLocation: sourceLocation)
    }

    mutating func reject(_ action: AppAction, to id: String, sourceLocation: SourceLocation = #_sourceLocation) -> EventRejection {
        reject(.action(action), to: id, sourceLocation: sourceLocation)
    }

    mutating func reject(_ event: DeviceEvent, sourceLocation: SourceLocation = #_sourceLocation) -> EventRejection {
        reject(.device(event), sourceLocation: sourceLocation)
    }

    /// Moves the manual clock on and returns what fell due.
    @discardableResult
    mutating func advance(seconds: Double, sourceLocation: SourceLocation = #_sourceLocation) -> EventOutcome {
        post(.advanceClock(millis: Int64((seconds * 1000).rounded())), sourceLocation: sourceLocation)
    }

    func app(_ id: String) -> Instance { sim.instance(id)! }
    func state(_ id: String) -> LifecycleState { app(id).state }
    var now: Int64 { sim.device.nowMillis }

    /// `backgroundTimeRemaining` as the API reports it, in milliseconds.
    func backgroundTimeRemaining(_ id: String) -> Int64? {
        app(id).backgroundTimeRemaining(now: now, limit: sim.device.backgroundTaskMillis)
    }

    /// Every record of app `id` so far.
    func history(of id: String) -> [CallbackRecord] { history.filter { $0.instance == id } }

    /// Drives a freshly installed app from notRunning to `state` in the usual way.
    mutating func drive(_ id: String, to state: LifecycleState, sourceLocation: SourceLocation = #_sourceLocation) {
        switch state {
        case .notRunning:
            break
        case .active:
            post(.launch, to: id, sourceLocation: sourceLocation)
        case .inactive:
            post(.launch, to: id, sourceLocation: sourceLocation)
            post(.alert, to: id, sourceLocation: sourceLocation)
        case .background:
            post(.launch, to: id, sourceLocation: sourceLocation)
            post(.home, to: id, sourceLocation: sourceLocation)
        case .suspended:
            post(.launch, to: id, sourceLocation: sourceLocation)
            post(.home, to: id, sourceLocation: sourceLocation)
            advance(seconds: Double(sim.device.limits.suspendDelayMillis) / 1000, sourceLocation: sourceLocation)
        }
        #expect(self.state(id) == state, "could not drive the app to \(state)", sourceLocation: sourceLocation)
    }
}

/// An app's Info.plist-like settings.
func app(
    _ bundleId: String = "com.example.notes", modes: [BackgroundMode] = [], schemes: [String] = [],
    restoration: Bool = false, dataProtection: Bool = false, exitsOnSuspend: Bool = false,
    memoryMB: Int = 100, backgroundMemoryMB: Int? = nil
) -> AppInfo {
    var info = AppInfo(bundleId: bundleId)
    info.backgroundModes = modes
    info.urlSchemes = schemes
    info.stateRestoration = restoration
    info.dataProtection = dataProtection
    info.exitsOnSuspend = exitsOnSuspend
    info.memoryMB = memoryMB
    info.backgroundMemoryMB = backgroundMemoryMB ?? memoryMB
    return info
}

/// The records of an outcome by name, a SwiftUI phase record as `scope from→to` (`scene inactive→active`).
func phaseNames(_ outcome: EventOutcome) -> [String] {
    outcome.callbacks.map { record in
        guard record.kind == .scenePhase else { return record.name }
        return "\(record.args["scope"]?.stringValue ?? "?") \(record.args["from"]?.stringValue ?? "?")→\(record.args["to"]?.stringValue ?? "?")"
    }
}

/// The names of the records of an outcome, optionally of one app only.
func names(of outcome: EventOutcome, for id: String? = nil) -> [String] {
    names(outcome.callbacks, for: id)
}

func names(_ records: [CallbackRecord], for id: String? = nil) -> [String] {
    records.filter { id == nil || $0.instance == id }.map(\.name)
}

/// The records of `outcome` that belong to app `id`.
func records(of outcome: EventOutcome, for id: String) -> [CallbackRecord] {
    outcome.callbacks.filter { $0.instance == id }
}

/// The record named `name` in `records`, if any.
func record(_ name: String, in records: [CallbackRecord]) -> CallbackRecord? {
    records.first { $0.name == name }
}

/// The `reason` of the `killed` system record among `records`.
func killReason(_ records: [CallbackRecord]) -> String? {
    records.last { $0.name == "killed" && $0.kind == .system }?.args["reason"]?.stringValue
}

/// The selectors, as LIFECYCLE.md writes them.
enum Sel {
    static let willFinish = "application:willFinishLaunchingWithOptions:"
    static let didFinish = "application:didFinishLaunchingWithOptions:"
    static let didBecomeActive = "applicationDidBecomeActive:"
    static let willResignActive = "applicationWillResignActive:"
    static let didEnterBackground = "applicationDidEnterBackground:"
    static let willEnterForeground = "applicationWillEnterForeground:"
    static let willTerminate = "applicationWillTerminate:"
    static let memoryWarning = "applicationDidReceiveMemoryWarning:"
    static let protectedWillBecomeUnavailable = "applicationProtectedDataWillBecomeUnavailable:"
    static let protectedDidBecomeAvailable = "applicationProtectedDataDidBecomeAvailable:"
    static let shouldSave = "application:shouldSaveApplicationState:"
    static let willEncode = "application:willEncodeRestorableStateWithCoder:"
    static let shouldRestore = "application:shouldRestoreApplicationState:"
    static let didDecode = "application:didDecodeRestorableStateWithCoder:"
    static let performFetch = "application:performFetchWithCompletionHandler:"
    static let handleOpenURL = "application:handleOpenURL:"
    static let openURLSourceApplication = "application:openURL:sourceApplication:annotation:"
    static let openURLOptions = "application:openURL:options:"
    static let remoteNotification = "application:didReceiveRemoteNotification:"
    static let remoteNotificationFetch = "application:didReceiveRemoteNotification:fetchCompletionHandler:"
}

/// Payloads as APNs sends them.
enum Payload {
    static let alert: JSONValue = ["aps": ["alert": "New note shared with you"], "noteId": "n42"]
    static let silent: JSONValue = ["aps": ["content-available": 1], "sync": "notes"]
}

/// The OS versions whose profiles LIFECYCLE.md §3 distinguishes.
let osVersions = ["3.1", "4.0", "4.2", "5.0", "6.0", "7.0", "9.0", "13.0", "17.0"]
