import AppSimJSON

/// The scene life cycle: docs/lifecycle.md, Scenes. A scene app gets the scene delegate's callbacks where other apps get the
/// app delegate's four foreground and background ones, and the UIApplication notification of the app as a whole
/// right after the scene callback that changed it.
extension EventStep {
    /// Whether app `i` has the scene life cycle: it declares a scene manifest, on iOS 13 or later.
    func usesScenes(_ i: Int) -> Bool {
        instances[i].info.sceneManifest != nil && device.osVersion.hasScenes
    }

    /// Whether app `i` is a SwiftUI app: SwiftUI owns its scene delegate, and its code sees scene phases.
    func usesSwiftUI(_ i: Int) -> Bool {
        instances[i].info.ui == .swiftui
    }

    /// A scene delegate method, called once the scene's activation state has changed. A SwiftUI app records the
    /// phase change it makes instead, then its app-wide phase if that changed (docs/lifecycle.md, SwiftUI apps).
    mutating func recordScene(_ i: Int, _ s: Int, _ name: String, applicationState: ApplicationState? = nil, args: JSONValue = [:]) {
        let scene = instances[i].scenes[s].id
        guard usesSwiftUI(i) else { return record(i, name, applicationState: applicationState, args: args, scene: scene) }
        if name == Delegate.sceneWillConnect { freshScenes.insert(scene) }
        guard let (from, to) = ScenePhase.change(made: name) else { return }
        // A new scene's first phase is inactive, and that first value is not a change.
        if freshScenes.remove(scene) != nil, to == .inactive { return }
        let appBefore = appPhase(i, with: (s, from))
        recordPhase(i, scope: "scene", scene: scene, from: from, to: to, applicationState: applicationState)
        if let appBefore, let appAfter = appPhase(i), appAfter != appBefore {
            recordPhase(i, scope: "app", scene: nil, from: appBefore, to: appAfter, applicationState: applicationState)
        }
    }

    private mutating func recordPhase(
        _ i: Int, scope: String, scene: String?, from: ScenePhase, to: ScenePhase, applicationState: ApplicationState?
    ) {
        record(i, ScenePhase.recordName, kind: .scenePhase, notification: .some(nil), applicationState: applicationState, args: [
            "scope": .string(scope), "scene": JSONValue(scene), "from": .string(from.rawValue), "to": .string(to.rawValue),
        ], scene: scene)
    }

    /// The app-wide phase a SwiftUI `App` sees: active if a scene is, else inactive if one is in the foreground, else
    /// background; nil while no scene is connected. `replacing` reads scene `s` as having phase `phase`.
    func appPhase(_ i: Int, with replacing: (s: Int, phase: ScenePhase)? = nil) -> ScenePhase? {
        var phases: [ScenePhase] = []
        for (s, scene) in instances[i].scenes.enumerated() {
            if let replacing, replacing.s == s { phases.append(replacing.phase) }
            else if let phase = ScenePhase(scene.activationState) { phases.append(phase) }
        }
        if phases.contains(.active) { return .active }
        if phases.contains(.inactive) { return .inactive }
        return phases.isEmpty ? nil : .background
    }

    /// The UIApplication notification of What the events do for the app as a whole, recorded as a notification (docs/lifecycle.md, Scenes).
    mutating func recordAppNotification(_ i: Int, for delegateMethod: String) {
        guard let name = Delegate.notification(for: delegateMethod) else { return }
        record(i, name, kind: .notification, notification: .some(name))
    }

    /// A new scene with a new session, not yet connected.
    mutating func newScene(_ i: Int) -> Int {
        let number = instances[i].nextSceneNumber
        instances[i].nextSceneNumber += 1
        let id = "\(instances[i].id).s\(number)"
        instances[i].scenes.append(SceneSession(id: id, session: "\(id).session"))
        return instances[i].scenes.count - 1
    }

    /// Connects scene `s` to its session: `scene:willConnectToSession:options:`, with the session's saved activity
    /// (handed back once, as the app's restoration archive is) and a URL that opened the app.
    mutating func connect(_ i: Int, scene s: Int, url: Delivery = .none) {
        var options: JSONObject = [:]
        if case .openURL(let url, let source) = url {
            var context: JSONObject = ["url": .string(url)]
            if let source { context["sourceApplication"] = .string(source) }
            options["URLContexts"] = [.object(context)]
        }
        let activity = instances[i].scenes[s].stateRestorationActivity
        options["stateRestorationActivity"] = activity ?? .null
        instances[i].scenes[s].activationState = .foregroundInactive
        instances[i].scenes[s].ui = activity
        instances[i].scenes[s].stateRestorationActivity = nil
        if s == instances[i].scenes.firstIndex(where: { $0.activationState != .unattached }), let activity {
            instances[i].memory["ui"] = activity
        }
        recordScene(i, s, Delegate.sceneWillConnect, args: ["session": .string(instances[i].scenes[s].session), "options": .object(options)])
    }

    /// A foreground launch connects the app's sessions (a new one, after its configuration call, if it has none)
    /// and brings their scenes to the foreground.
    mutating func connectScenesAtLaunch(_ i: Int, url: Delivery) {
        if instances[i].scenes.isEmpty {
            let s = newScene(i)
            recordConfiguration(i, s)
        }
        for s in instances[i].scenes.indices {
            connect(i, scene: s, url: s == 0 ? url : .none)
            recordScene(i, s, Delegate.sceneWillEnterForeground, applicationState: .inactive)
        }
    }

    /// `application:configurationForConnectingSceneSession:options:` for a new session; SwiftUI configures its
    /// scenes itself.
    mutating func recordConfiguration(_ i: Int, _ s: Int) {
        guard !usesSwiftUI(i) else { return }
        record(i, Delegate.configurationForConnecting, args: ["session": .string(instances[i].scenes[s].session)])
    }

    /// Sessions discarded while the app could not be told, reported right after a launch's didFinish.
    mutating func reportDiscardedSessions(_ i: Int) {
        guard usesScenes(i), !instances[i].discardedSessions.isEmpty else { return }
        record(i, Delegate.didDiscardSceneSessions, args: ["sessions": .array(instances[i].discardedSessions.map { .string($0) })])
        instances[i].discardedSessions = []
    }

    // MARK: The four transitions

    /// `applicationDidBecomeActive:`, or the newest foreground scene's `sceneDidBecomeActive:` and the app's
    /// notification.
    mutating func announceDidBecomeActive(_ i: Int) {
        guard usesScenes(i) else { return record(i, Delegate.didBecomeActive) }
        guard let s = instances[i].scenes.lastIndex(where: { $0.activationState.isForeground }) else { return }
        instances[i].scenes[s].activationState = .foregroundActive
        recordScene(i, s, Delegate.sceneDidBecomeActive)
        recordAppNotification(i, for: Delegate.didBecomeActive)
    }

    /// `applicationWillResignActive:`, or the active scene's `sceneWillResignActive:` and the app's notification.
    mutating func announceWillResignActive(_ i: Int) {
        guard usesScenes(i) else { return record(i, Delegate.willResignActive, applicationState: .active) }
        for s in instances[i].scenes.indices where instances[i].scenes[s].activationState == .foregroundActive {
            instances[i].scenes[s].activationState = .foregroundInactive
            recordScene(i, s, Delegate.sceneWillResignActive, applicationState: .active)
        }
        recordAppNotification(i, for: Delegate.willResignActive)
    }

    /// `applicationWillEnterForeground:`, or each scene's return: connecting those the system had disconnected (or a
    /// first one, after a background launch), then `sceneWillEnterForeground:`, with the app's notification after
    /// the first.
    mutating func announceWillEnterForeground(_ i: Int) {
        guard usesScenes(i) else { return record(i, Delegate.willEnterForeground, applicationState: .background) }
        if instances[i].scenes.isEmpty { _ = newScene(i) }
        var first = true
        for s in instances[i].scenes.indices {
            if instances[i].scenes[s].activationState == .unattached { connect(i, scene: s) }
            instances[i].scenes[s].activationState = .foregroundInactive
            recordScene(i, s, Delegate.sceneWillEnterForeground, applicationState: .background)
            if first { recordAppNotification(i, for: Delegate.willEnterForeground) }
            first = false
        }
    }

    /// `applicationDidEnterBackground:`, or each foreground scene's `sceneDidEnterBackground:` with the app's
    /// notification after the last. Returns whether any of the app's code ran.
    @discardableResult
    mutating func announceDidEnterBackground(_ i: Int) -> Bool {
        guard usesScenes(i) else {
            record(i, Delegate.didEnterBackground)
            return true
        }
        let leaving = instances[i].scenes.indices.filter { instances[i].scenes[$0].activationState.isForeground }
        for s in leaving {
            instances[i].scenes[s].activationState = .background
            recordScene(i, s, Delegate.sceneDidEnterBackground)
        }
        if !leaving.isEmpty { recordAppNotification(i, for: Delegate.didEnterBackground) }
        return !leaving.isEmpty
    }

    /// With state restoration, each scene sent to the background saves its activity (the scenes' counterpart of an app's restoration archive).
    mutating func preserveSceneActivities(_ i: Int) {
        for s in instances[i].scenes.indices where instances[i].scenes[s].activationState == .background {
            instances[i].scenes[s].stateRestorationActivity = instances[i].scenes[s].ui
            recordScene(i, s, Delegate.stateRestorationActivity,
                        args: ["activity": instances[i].scenes[s].ui ?? .null])
        }
    }

    // MARK: Scene events

    /// The index of the scene `id` of app `i`, or a refusal naming the app's scenes.
    func scene(_ i: Int, _ id: String) throws(EventRejection) -> Int {
        guard let s = instances[i].scenes.firstIndex(where: { $0.id == id }) else {
            let ids = instances[i].scenes.map(\.id)
            throw EventRejection(.unusable, "the app has no scene '\(id)' (its scenes: \(ids.isEmpty ? "none" : ids.joined(separator: ", ")))",
                                 state: instances[i].state)
        }
        return s
    }

    /// The user opens another window of the app (iPad): the active scene resigns and stays beside the new one.
    mutating func openScene(_ i: Int) throws(EventRejection) {
        guard usesScenes(i), instances[i].info.sceneManifest?.supportsMultiple == true else {
            throw EventRejection(.unusable, "the app does not support multiple scenes (info.scenes.supportsMultiple)", state: instances[i].state)
        }
        try requireUnlocked(i, "open a window")
        guard instances[i].state == .active else { throw refuse(i, "the user opens another window of the active app, and this app \(stateText(i))") }
        guard instances[i].scenes.count < AppLimit.scenes.maximum else {
            throw EventRejection(
                .notAllowed,
                "the app has \(instances[i].scenes.count) scene sessions, appsim's limit per app; close one (closeScene) first",
                state: instances[i].state, limit: .scenes)
        }
        for s in instances[i].scenes.indices where instances[i].scenes[s].activationState == .foregroundActive {
            instances[i].scenes[s].activationState = .foregroundInactive
            recordScene(i, s, Delegate.sceneWillResignActive, applicationState: .active)
        }
        // Sessions the system disconnected stay as they are; the new window gets a session of its own.
        let s = newScene(i)
        recordConfiguration(i, s)
        connect(i, scene: s)
        recordScene(i, s, Delegate.sceneWillEnterForeground)
        instances[i].scenes[s].activationState = .foregroundActive
        recordScene(i, s, Delegate.sceneDidBecomeActive)
    }

    /// The user closes a window (swipes the scene away): as force quit, for that scene alone; the app ends only
    /// with its last scene.
    mutating func closeScene(_ i: Int, _ id: String) throws(EventRejection) {
        let s = try scene(i, id)
        let scene = instances[i].scenes[s]
        guard usesScenes(i), scene.activationState != .unattached else { throw refuse(i, "the scene \(id) is not connected") }
        let connected = instances[i].scenes.filter { $0.activationState != .unattached }.count
        if scene.activationState == .foregroundActive {
            instances[i].scenes[s].activationState = .foregroundInactive
            recordScene(i, s, Delegate.sceneWillResignActive, applicationState: .active)
        }
        if instances[i].scenes[s].activationState == .foregroundInactive {
            instances[i].scenes[s].activationState = .background
            recordScene(i, s, Delegate.sceneDidEnterBackground)
        }
        // Closing the last connected scene ends the app as force quit does, which discards every session: those the
        // system had disconnected too, or the next launch would reconnect them.
        let last = connected == 1
        let sessions = last ? instances[i].scenes.map(\.session) : [scene.session]
        if instances[i].state == .suspended {
            // A suspended app runs no code: the sessions are discarded, and the app hears of it at its next launch.
            instances[i].discardedSessions += sessions
        } else {
            recordScene(i, s, Delegate.sceneDidDisconnect)
            record(i, Delegate.didDiscardSceneSessions, args: ["sessions": .array(sessions.map { .string($0) })])
        }
        if last {
            instances[i].scenes = []
            let reason = AppEvent.closeScene(scene: id).type
            if instances[i].state == .suspended { kill(i, reason: reason) } else { terminate(i, killReason: reason) }
            instances[i].forceQuit = true
            instances[i].restorationArchive = nil
            return
        }
        instances[i].scenes.remove(at: s)
        if instances[i].state.isForeground {
            let foreground = instances[i].scenes.indices.filter { instances[i].scenes[$0].activationState.isForeground }
            if foreground.isEmpty {
                // No window of the app is on screen any more: it leaves the foreground.
                instances[i].lifecycle = .background(since: now, suspendAt: nil, tasks: instances[i].lifecycle.tasks, work: instances[i].lifecycle.work)
                recordAppNotification(i, for: Delegate.didEnterBackground)
                scheduleSuspensionIfIdle(i)
            } else if !foreground.contains(where: { instances[i].scenes[$0].activationState == .foregroundActive }), instances[i].state == .active {
                let next = foreground.last!
                instances[i].scenes[next].activationState = .foregroundActive
                recordScene(i, next, Delegate.sceneDidBecomeActive)
            }
        }
    }

    /// The system reclaims a background scene: `sceneDidDisconnect:`; the session stays, and the next return
    /// connects it again. A suspended app is not told.
    mutating func disconnectScene(_ i: Int, _ id: String) throws(EventRejection) {
        let s = try scene(i, id)
        guard instances[i].scenes[s].activationState == .background else {
            let state = instances[i].scenes[s].activationState.rawValue
            throw refuse(i, "the system disconnects only a background scene, and \(id) is \(state)")
        }
        disconnect(i, scene: s)
    }

    mutating func disconnect(_ i: Int, scene s: Int) {
        instances[i].scenes[s].activationState = .unattached
        instances[i].scenes[s].ui = nil
        if instances[i].state.isRunning { recordScene(i, s, Delegate.sceneDidDisconnect) }
    }

    /// Force quit of a scene app: its scenes disconnect and their sessions are discarded — told to a running app
    /// before `applicationWillTerminate:`, to a suspended one at its next launch.
    mutating func discardScenesForForceQuit(_ i: Int) {
        guard usesScenes(i), !instances[i].scenes.isEmpty else { return }
        let sessions = instances[i].scenes.map(\.session)
        if instances[i].state.isRunning {
            for s in instances[i].scenes.indices where instances[i].scenes[s].activationState != .unattached {
                recordScene(i, s, Delegate.sceneDidDisconnect)
            }
            record(i, Delegate.didDiscardSceneSessions, args: ["sessions": .array(sessions.map { .string($0) })])
        } else {
            instances[i].discardedSessions += sessions
        }
        instances[i].scenes = []
    }

    /// The app in front, shown in the open switcher, is swiped away: an app-delegate app gets
    /// `applicationDidEnterBackground:` then `applicationWillTerminate:`; a scene app its scenes' `sceneDidDisconnect:`
    /// and `application:didDiscardSceneSessions:` with no `sceneDidEnterBackground:`; a SwiftUI app its phases to
    /// background, then `applicationWillTerminate:`. Its sessions go, as with any force quit.
    mutating func swipeAwayFromSwitcher(_ i: Int) {
        if usesSwiftUI(i) && usesScenes(i) {
            for s in instances[i].scenes.indices where instances[i].scenes[s].activationState.isForeground {
                instances[i].scenes[s].activationState = .background
                recordScene(i, s, Delegate.sceneDidEnterBackground)
            }
            instances[i].scenes = []
        } else if usesScenes(i) {
            discardScenesForForceQuit(i)
        } else {
            instances[i].lifecycle = .background(since: now, suspendAt: nil, tasks: instances[i].lifecycle.tasks, work: instances[i].lifecycle.work)
            record(i, Delegate.didEnterBackground)
        }
        terminate(i, killReason: AppEvent.forceQuit.type)
    }

    /// Memory pressure reclaims the background scenes of apps running in the background first, largest app first.
    mutating func reclaimBackgroundScenes() {
        let apps = instances.indices
            .filter { usesScenes($0) && instances[$0].state == .background }
            .sorted { (instances[$0].footprintMB, -instances[$0].number) > (instances[$1].footprintMB, -instances[$1].number) }
        for i in apps {
            for s in instances[i].scenes.indices where instances[i].scenes[s].activationState == .background {
                disconnect(i, scene: s)
            }
        }
    }
}
