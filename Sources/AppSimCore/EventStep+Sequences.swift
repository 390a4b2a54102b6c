import AppSimJSON

/// The callback sequences of docs/lifecycle.md, What the events do, Time and Saved data, shared by the events that cause them.
extension EventStep {
    /// What the app is handed between its launch (or resume) and becoming active.
    enum Delivery {
        case none
        case openURL(url: String, sourceApplication: String?)
        case push(JSONValue)
        /// The user tapped a shown notification of an app with a notification delegate (docs/lifecycle.md, User notifications).
        case notificationResponse(JSONValue)
    }

    // MARK: Recording

    mutating func record(
        _ i: Int, _ name: String, kind: CallbackKind = .delegate, notification: String?? = nil,
        applicationState: ApplicationState? = nil, args: JSONValue = [:], scene: String? = nil
    ) {
        let seq = instances[i].nextSeq
        instances[i].nextSeq += 1
        callbacks.append(
            CallbackRecord(
                seq: seq, instance: instances[i].id, at: now, name: name, kind: kind,
                notification: notification ?? (kind == .delegate ? Delegate.notification(for: name) : nil),
                state: instances[i].state, applicationState: applicationState ?? instances[i].applicationState(on: device),
                args: args, event: eventSeq, scene: scene))
    }

    mutating func recordSystem(_ i: Int, _ name: String, args: JSONValue = [:]) {
        record(i, name, kind: .system, notification: .some(nil), args: args)
    }

    // MARK: Launch

    /// Where a new process starts.
    enum LaunchKind { case foreground, background }

    /// Starts the app's process: a new launch begins with memory equal to what it saved.
    mutating func startProcess(_ i: Int, _ kind: LaunchKind) {
        instances[i].launchCount += 1
        instances[i].memory = instances[i].disk
        switch kind {
        case .foreground: instances[i].lifecycle = .inactive(interruption: nil, tasks: [], work: nil)
        // Its background time counts from `applicationDidEnterBackground:`, once launched.
        case .background: instances[i].lifecycle = .background(since: nil, suspendAt: nil, tasks: [], work: nil)
        }
    }

    /// The launch callbacks shared by every kind of launch; `false` if the watchdog killed the app.
    mutating func runLaunchCallbacks(_ i: Int, options: JSONObject) -> Bool {
        guard !device.osVersion.refusesLaunch(of: instances[i].info) else {
            // UIKit asserts before any delegate method (docs/lifecycle.md, iOS 18 to 27).
            instances[i].lifecycle = .notRunning
            recordSystem(i, System.killed, args: [
                "reason": .string(KillReason.sceneLifecycleRequired),
                "message": "Application failed to launch: UIScene life cycle is required for apps built with this SDK.",
            ])
            endProcess(i)
            instances[i].restorationArchive = nil
            return false
        }
        record(i, Delegate.willFinishLaunching, args: ["launchOptions": .object(options)])
        // A scene app's sessions carry their state to their scenes instead (docs/lifecycle.md, Scenes).
        if !usesScenes(i) { restoreState(i) }
        record(i, Delegate.didFinishLaunching, args: ["launchOptions": .object(options)])
        if !instances[i].info.adoptsSceneLifecycle, let issue = device.osVersion.sceneLifecycleRuntimeIssue {
            recordSystem(i, System.runtimeIssue, args: ["message": .string(issue)])
        }
        reportDiscardedSessions(i)
        let took = instances[i].behavior.launchMillis
        guard took <= device.limits.launchMillis else {
            kill(i, reason: "watchdog: launch took \(Seconds.describe(millis: took)), limit \(Seconds.format(Double(device.limits.launchMillis) / 1000)) s")
            instances[i].restorationArchive = nil
            return false
        }
        return true
    }

    /// The user launches the app from not running: docs/lifecycle.md, What the events do ("Launch", "URLs").
    mutating func foregroundLaunch(_ i: Int, options: JSONObject, delivery: Delivery) {
        moveForegroundAway(except: i)
        let fits = makeRoom(for: i, footprint: instances[i].info.memoryMB)
        instances[i].forceQuit = false
        startProcess(i, .foreground)
        guard runLaunchCallbacks(i, options: options) else { return }
        if usesScenes(i) {
            // A URL reaches a connecting scene in its options, not through scene:openURLContexts: (docs/lifecycle.md, Scenes).
            var url: Delivery = .none
            if case .openURL = delivery { url = delivery }
            connectScenesAtLaunch(i, url: url)
            if case .openURL = delivery {} else { deliver(i, delivery, applicationState: .inactive) }
        } else {
            deliver(i, delivery, applicationState: .inactive)
        }
        becomeActive(i)
        if !fits { warnForegroundApp() }
    }

    /// Runs the app in the background for a fetch or silent push: launches it (notRunning) or wakes it (suspended).
    /// Returns `false` if it did not survive its launch.
    mutating func startInBackground(_ i: Int, options: JSONObject) -> Bool {
        switch instances[i].lifecycle {
        case .notRunning:
            let fits = makeRoom(for: i, footprint: instances[i].info.backgroundMemoryMB)
            startProcess(i, .background)
            guard runLaunchCallbacks(i, options: options) else { return false }
            if !fits { warnForegroundApp() }
            enterBackground(i)
            guard instances[i].state == .background else { return false }
        case .suspended(let pending):
            instances[i].lifecycle = .background(since: now, suspendAt: nil, tasks: [], work: nil)
            deliver(i, pending)
        case .background:
            break
        case .active, .inactive:
            return false
        }
        return true
    }

    // MARK: Foreground and background

    /// The app becomes active in the foreground.
    mutating func becomeActive(_ i: Int) {
        let running = instances[i].lifecycle
        instances[i].lifecycle = .active(tasks: running.tasks, work: running.work)
        announceDidBecomeActive(i)
    }

    /// An interruption makes the active app inactive.
    mutating func resignActive(_ i: Int, because interruption: Interruption) {
        becomeInactive(i, interruption: interruption)
        announceWillResignActive(i)
    }

    /// Brings a background or suspended app back: docs/lifecycle.md, What the events do ("Launch").
    mutating func resumeForeground(_ i: Int, delivery: Delivery) {
        moveForegroundAway(except: i)
        let fits = makeRoom(for: i, footprint: instances[i].info.memoryMB)
        instances[i].forceQuit = false
        let pending = instances[i].lifecycle.pending
        becomeInactive(i, interruption: nil)
        // In the foreground the watchdog does not kill the app for a fetch or silent push it has not completed.
        instances[i].lifecycle.work?.deadline = nil
        announceWillEnterForeground(i)
        deliver(i, pending)
        deliver(i, delivery, applicationState: .inactive)
        becomeActive(i)
        if !fits { warnForegroundApp() }
    }

    /// The app is in the foreground, inactive; what its process has under way runs on.
    mutating func becomeInactive(_ i: Int, interruption: Interruption?) {
        let running = instances[i].lifecycle
        instances[i].lifecycle = .inactive(interruption: interruption, tasks: running.tasks, work: running.work)
    }

    /// Any other app in the foreground leaves it as Home would, before app `i` comes forward.
    mutating func moveForegroundAway(except i: Int) {
        for other in instances.indices where other != i && instances[other].state.isForeground {
            leaveForeground(other)
        }
    }

    /// Home: docs/lifecycle.md, What the events do ("Home"), including `exitsOnSuspend` and iOS before 4.0.
    mutating func leaveForeground(_ i: Int) {
        let before = instances[i].lifecycle
        becomeInactive(i, interruption: nil)
        if case .active = before { announceWillResignActive(i) }
        if device.call == PhoneCall(instance: instances[i].id, answered: false) { device.call = nil }
        if instances[i].info.exitsOnSuspend || !device.osVersion.hasMultitasking {
            terminate(i, killReason: nil)
        } else {
            enterBackground(i)
        }
    }

    /// `applicationDidEnterBackground:` and what follows it: saving, state preservation, background task, suspension.
    mutating func enterBackground(_ i: Int) {
        let running = instances[i].lifecycle
        instances[i].lifecycle = .background(since: now, suspendAt: nil, tasks: running.tasks, work: running.work)
        // A scene app launched in the background has no scene to send there: nothing of its code runs (docs/lifecycle.md, Scenes).
        let ran = announceDidEnterBackground(i)
        let took = instances[i].behavior.backgroundMillis
        guard !ran || took <= device.limits.backgroundMillis else {
            kill(i, reason: "watchdog: applicationDidEnterBackground: took \(Seconds.describe(millis: took)), limit \(Seconds.format(Double(device.limits.backgroundMillis) / 1000)) s")
            return
        }
        if instances[i].behavior.saves(on: .background) { save(i) }
        preserveState(i)
        if instances[i].behavior.backgroundTaskMillis > 0 {
            beginBackgroundTask(i, name: "behavior.backgroundTaskSeconds", endsAt: now + instances[i].behavior.backgroundTaskMillis)
        }
        scheduleSuspensionIfIdle(i)
    }

    /// Suspends the app after the suspend delay unless a task, a fetch or a running background mode keeps it going.
    mutating func scheduleSuspensionIfIdle(_ i: Int) {
        guard case .background(let since, let suspendAt, let tasks, let work) = instances[i].lifecycle else { return }
        let keepsRunning = instances[i].info.keepsRunningInBackground && device.osVersion.hasMultitasking
        let idle = tasks.isEmpty && work == nil && !keepsRunning && !hasRunningContinuedTask(i)
        instances[i].lifecycle = .background(
            since: since, suspendAt: idle ? suspendAt ?? now + device.limits.suspendDelayMillis : nil, tasks: tasks, work: work)
    }

    @discardableResult
    mutating func beginBackgroundTask(_ i: Int, name: String?, endsAt: Int64?) -> Int {
        let id = instances[i].nextTaskId
        instances[i].nextTaskId += 1
        instances[i].lifecycle.tasks.append(BackgroundTask(id: id, name: name, beganAt: now, endsAt: endsAt))
        // The task time is shared by the app's tasks: it counts from the first, or from entering the background.
        if case .background(let since, _, let tasks, let work) = instances[i].lifecycle {
            instances[i].lifecycle = .background(since: since ?? now, suspendAt: nil, tasks: tasks, work: work)
        }
        return id
    }

    mutating func suspend(_ i: Int) {
        instances[i].lifecycle = .suspended(pending: [])
        recordSystem(i, "suspended")
    }

    // MARK: Ending

    /// `applicationWillTerminate:` (saving if the app saves on terminate), then not running.
    /// `killReason` names a termination the system caused; `nil` is the app exiting by itself (`exitsOnSuspend`).
    mutating func terminate(_ i: Int, killReason: String?) {
        instances[i].lifecycle = .notRunning
        record(i, Delegate.willTerminate, applicationState: .background)
        let took = instances[i].behavior.terminateMillis
        if took > device.limits.terminateMillis {
            recordSystem(i, "killed", args: ["reason": .string("watchdog: applicationWillTerminate: took \(Seconds.describe(millis: took)), limit \(Seconds.format(Double(device.limits.terminateMillis) / 1000)) s")])
        } else {
            if instances[i].behavior.saves(on: .terminate) { save(i) }
            if let killReason { recordSystem(i, "killed", args: ["reason": .string(killReason)]) }
        }
        endProcess(i)
    }

    /// The system ends the app with no callback; what it held in memory is lost.
    mutating func kill(_ i: Int, reason: String) {
        instances[i].lifecycle = .notRunning
        recordSystem(i, System.killed, args: ["reason": .string(reason)])
        endProcess(i)
    }

    /// What the ended process held is gone: its memory, its scenes (their sessions stay), and a call still ringing
    /// over it.
    mutating func endProcess(_ i: Int) {
        instances[i].memory = [:]
        endContinuedTasks(i, cancellingWaiting: false)
        for s in instances[i].scenes.indices {
            instances[i].scenes[s].activationState = .unattached
            instances[i].scenes[s].ui = nil
        }
        if device.call == PhoneCall(instance: instances[i].id, answered: false) { device.call = nil }
    }

    // MARK: Data and restoration (docs/lifecycle.md, Saved data)

    /// Saving copies the user's data (memory without its `ui` state) to disk.
    mutating func save(_ i: Int) {
        var saved = instances[i].memory
        saved["ui"] = nil
        instances[i].disk = saved
    }

    var restorationExists: Bool { device.osVersion.hasStateRestoration }

    mutating func preserveState(_ i: Int) {
        guard instances[i].info.stateRestoration, restorationExists else { return }
        guard !usesScenes(i) else { return preserveSceneActivities(i) }
        record(i, Delegate.shouldSaveApplicationState, args: ["coder": "NSCoder"])
        record(i, Delegate.willEncodeRestorableState, args: ["coder": "NSCoder"])
        // The archive is the UI state: an app with none keeps none (docs/lifecycle.md, What the events do), and has nothing to restore.
        instances[i].restorationArchive = instances[i].memory["ui"]
    }

    /// A launch after the system ended the app restores its archive, once.
    mutating func restoreState(_ i: Int) {
        guard instances[i].info.stateRestoration, restorationExists, let archive = instances[i].restorationArchive else { return }
        record(i, Delegate.shouldRestoreApplicationState, args: ["coder": "NSCoder"])
        record(i, Delegate.didDecodeRestorableState, args: ["coder": "NSCoder"])
        instances[i].memory["ui"] = archive
        instances[i].restorationArchive = nil
    }

    // MARK: Deliveries

    mutating func deliver(_ i: Int, _ delivery: Delivery, applicationState: ApplicationState? = nil) {
        let os = device.osVersion
        switch delivery {
        case .none:
            break
        case .openURL(let url, _) where usesScenes(i):
            // A scene app hears a URL through its scene, not the app delegate (docs/lifecycle.md, Scenes).
            let scene = instances[i].scenes.last { $0.activationState.isForeground } ?? instances[i].scenes.last
            record(i, Delegate.sceneOpenURLContexts, applicationState: applicationState,
                   args: ["URLContexts": [["url": .string(url)]]], scene: scene?.id)
        case .openURL(let url, let source):
            let selector = os.openURLSelector
            var args: JSONObject = ["url": .string(url)]
            switch selector {
            case "application:openURL:options:":
                args["options"] = source.map { ["UIApplicationOpenURLOptionsSourceApplicationKey": .string($0)] } ?? [:]
            case "application:openURL:sourceApplication:annotation:":
                args["sourceApplication"] = JSONValue(source)
                args["annotation"] = .null
            default:
                break
            }
            record(i, selector, applicationState: applicationState, args: .object(args))
        case .push(let payload):
            record(i, os.remoteNotificationSelector, applicationState: applicationState, args: ["userInfo": payload])
        case .notificationResponse(let payload):
            record(i, Delegate.didReceiveNotificationResponse, notification: .some(nil), applicationState: applicationState, args: [
                "response": ["actionIdentifier": "com.apple.UNNotificationDefaultActionIdentifier", "userInfo": payload],
            ])
        }
    }

    /// Queued notifications, delivered when the app next runs code (docs/lifecycle.md, Notifications that wait).
    mutating func deliver(_ i: Int, _ pending: [PendingNotification]) {
        for item in pending {
            record(i, item.name, kind: item.kind, notification: .some(item.notification), args: item.args)
        }
    }

    /// Posts a notification to a running app at once, or queues it (coalesced by type) for a suspended one.
    mutating func post(_ i: Int, type: String, name: String, kind: CallbackKind, notification: String?, args: JSONValue) {
        switch instances[i].lifecycle {
        case .active, .inactive, .background:
            record(i, name, kind: kind, notification: .some(notification), args: args)
        case .suspended(var pending):
            pending.removeAll { $0.type == type }
            pending.append(PendingNotification(type: type, name: name, kind: kind, notification: notification, args: args, postedAt: now))
            instances[i].lifecycle = .suspended(pending: pending)
        case .notRunning:
            break
        }
    }

    // MARK: Background work (docs/lifecycle.md, Time)

    mutating func startWork(_ i: Int, _ kind: BackgroundWork.Kind, identifier: String? = nil) {
        let behavior = instances[i].behavior
        let completesAt: Int64?
        let deadline: Int64
        switch kind {
        case .fetch, .remoteNotification:
            completesAt = behavior.fetchResult == .manual ? nil : now + behavior.fetchMillis
            deadline = now + device.limits.fetchMillis
        case .appRefresh, .processing:
            completesAt = behavior.taskMillis.map { now + $0 }
            deadline = now + (kind == .appRefresh ? device.limits.appRefreshTaskMillis : device.limits.processingTaskMillis)
        }
        instances[i].lifecycle.work = BackgroundWork(
            kind: kind, identifier: identifier, startedAt: now, completesAt: completesAt, deadline: deadline)
        instances[i].lifecycle.suspendAt = nil
    }

    mutating func completeWork(_ i: Int, result: FetchResult) {
        guard let work = instances[i].lifecycle.work else { return }
        instances[i].lifecycle.work = nil
        recordSystem(i, "fetchCompleted", args: ["kind": .string(work.kind.rawValue), "result": .string(result.rawValue)])
        scheduleSuspensionIfIdle(i)
    }

    /// The app calls `setTaskCompleted(success:)` for the scheduled task it runs (docs/lifecycle.md, Scheduled tasks).
    mutating func completeWork(_ i: Int, taskSuccess success: Bool) {
        guard let work = instances[i].lifecycle.work else { return }
        instances[i].lifecycle.work = nil
        recordSystem(i, "setTaskCompleted", args: [
            "identifier": JSONValue(work.identifier), "kind": .string(work.kind.rawValue), "success": .bool(success),
        ])
        scheduleSuspensionIfIdle(i)
    }

    // MARK: Memory (docs/lifecycle.md, What the events do)

    var usedMemoryMB: Int { instances.reduce(0) { $0 + $1.footprintMB } }

    /// Frees memory so that app `i` fits with `footprint`, before it launches or resumes. Returns `false` when it
    /// still does not fit once every app that may be killed was: it launches or resumes anyway (docs/lifecycle.md, What the events do).
    mutating func makeRoom(for i: Int, footprint: Int) -> Bool {
        let needed = usedMemoryMB - instances[i].footprintMB + footprint - device.memoryMB
        guard needed > 0 else { return true }
        return freeMemory(needed, sparing: i) >= needed
    }

    /// The memory is overcommitted: the foreground app, if one runs, is warned (docs/lifecycle.md, What the events do).
    mutating func warnForegroundApp() {
        guard let f = instances.firstIndex(where: { $0.state.isForeground }) else { return }
        record(f, Delegate.didReceiveMemoryWarning)
    }

    /// Kills apps for memory: suspended apps first, largest first, with no callback; then background-running
    /// apps, largest first, with `applicationWillTerminate:`. Never the foreground app. Returns the MB freed.
    mutating func freeMemory(_ needed: Int?, sparing spared: Int?) -> Int {
        var freed = 0
        func victims(_ state: LifecycleState) -> [Int] {
            instances.indices
                .filter { $0 != spared && instances[$0].state == state }
                .sorted { (instances[$0].footprintMB, -instances[$0].number) > (instances[$1].footprintMB, -instances[$1].number) }
        }
        for victim in victims(.suspended) {
            if let needed, freed >= needed { return freed }
            freed += instances[victim].footprintMB
            kill(victim, reason: "jetsam")
        }
        guard let needed else { return freed }
        for victim in victims(.background) {
            if freed >= needed { return freed }
            freed += instances[victim].footprintMB
            terminate(victim, killReason: "jetsam")
        }
        return freed
    }
}
