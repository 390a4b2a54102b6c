import AppSimJSON

/// App events and app actions: docs/lifecycle.md, What the events do, Time and Saved data, one app at a time.
extension EventStep {
    func refuse(_ index: Int, _ reason: String) -> EventRejection {
        EventRejection(.notAllowed, reason, state: instances[index].state)
    }

    func stateText(_ index: Int) -> String {
        switch instances[index].state {
        case .notRunning: "is not running"
        case .active: "is active in the foreground"
        case .inactive: "is in the foreground but inactive"
        case .background: "is running in the background"
        case .suspended: "is suspended"
        }
    }

    mutating func perform(_ event: AppEvent, on i: Int) throws(EventRejection) {
        let app = instances[i]
        let os = device.osVersion
        switch event {
        case .launch:
            try requireUnlocked(i, AppEvent.launch.type)
            // Tapping the card of the app in front closes the switcher on it (docs/lifecycle.md, The app switcher).
            if app.interruption == .appSwitcher { return dismissAppSwitcher() }
            switch app.state {
            case .notRunning: foregroundLaunch(i, options: [:], delivery: .none)
            case .background, .suspended: resumeForeground(i, delivery: .none)
            case .active, .inactive: throw refuse(i, "the app \(stateText(i)) already")
            }
            closeAppSwitcher()

        case .home:
            try requireUnlocked(i, "press Home")
            guard app.state.isForeground else { throw refuse(i, "Home leaves the foreground app, and this app \(stateText(i))") }
            closeAppSwitcher()
            leaveForeground(i)

        case .openURL(let url, let source):
            let scheme = URLParts.scheme(of: url) ?? ""
            guard app.info.urlSchemes.contains(scheme) else {
                let declared = app.info.urlSchemes.isEmpty ? "none" : app.info.urlSchemes.joined(separator: ", ")
                throw EventRejection(.unusable, "the app does not declare the URL scheme '\(scheme)' (its urlSchemes: \(declared))", state: app.state)
            }
            try requireUnlocked(i, "open a URL")
            let delivery = Delivery.openURL(url: url, sourceApplication: source)
            switch app.state {
            case .notRunning:
                var options: JSONObject = ["url": .string(url)]
                if let source { options["sourceApplication"] = .string(source) }
                foregroundLaunch(i, options: options, delivery: app.behavior.opensURLs ? delivery : .none)
            case .background, .suspended: resumeForeground(i, delivery: delivery)
            case .active: deliver(i, delivery)
            case .inactive: throw refuse(i, "the app is inactive (interrupted); dismiss the interruption first")
            }

        case .push(let payload):
            try receivePush(i, payload)

        case .tapNotification:
            guard let payload = app.shownNotification else {
                throw refuse(i, "no notification of this app is shown; post a push with an alert first")
            }
            try requireUnlocked(i, "tap a notification")
            // An app with a notification delegate hears the tap as a response, not as the push (docs/lifecycle.md, User notifications).
            let delivery: Delivery = usesUserNotifications(i) ? .notificationResponse(payload) : .push(payload)
            switch app.state {
            case .notRunning: foregroundLaunch(i, options: ["remoteNotification": payload], delivery: delivery)
            case .background, .suspended: resumeForeground(i, delivery: delivery)
            case .active, .inactive:
                // Only a notification the foreground app chose to present is shown while it is in front.
                guard usesUserNotifications(i) else { throw refuse(i, "the app \(stateText(i)); its notifications go straight to it") }
                deliver(i, delivery)
            }
            instances[i].shownNotification = nil

        case .backgroundFetch:
            guard app.info.has(.fetch) else {
                throw EventRejection(.unusable, "the app does not declare the 'fetch' background mode", state: app.state)
            }
            guard os.hasBackgroundFetch else {
                throw EventRejection(.unusable, "iOS \(os) has no background fetch; it came with iOS 7.0", state: app.state)
            }
            guard app.minimumFetchInterval != .never else {
                throw refuse(i, "the app's minimum background fetch interval is 'never'; set it with setMinimumFetchInterval or behavior.minimumFetchInterval")
            }
            guard !app.forceQuit else { throw refuse(i, "the user force-quit the app; it is not launched for fetches until the user launches it") }
            guard !app.state.isForeground else { throw refuse(i, "iOS does not fetch for the app in the foreground") }
            guard app.work == nil else { throw refuse(i, "the app is still working on a fetch or silent push; complete it first") }
            guard startInBackground(i, options: [:]) else { return }
            record(i, Delegate.performFetch)
            startWork(i, .fetch)

        case .incomingCall:
            guard app.state == .active, app.interruption == nil else { throw refuse(i, "a call interrupts the active app, and this app \(stateText(i))") }
            guard device.call == nil else { throw refuse(i, "a call is already in progress") }
            resignActive(i, because: .call)
            device.call = PhoneCall(instance: app.id, answered: false)

        case .declineCall, .answerCall:
            // On a locked device the call rings on the lock screen, where it can still be taken (docs/lifecycle.md, What the events do).
            guard device.call == PhoneCall(instance: app.id, answered: false), app.interruption == .call || device.locked else {
                throw refuse(i, "no call is ringing over this app")
            }
            if case .declineCall = event {
                device.call = nil
                if app.interruption == .call {
                    if device.locked { becomeInactive(i, interruption: .lock) } else { becomeActive(i) }
                }
            } else {
                device.call?.answered = true
                if app.state.isForeground { leaveForeground(i) }
            }

        case .endCall:
            guard device.call == PhoneCall(instance: app.id, answered: true) else {
                throw refuse(i, "no answered call came while this app was in the foreground")
            }
            device.call = nil
            // The app comes back only to an empty foreground: an app the user opened during the call stays (docs/lifecycle.md, What the events do).
            if app.state == .background || app.state == .suspended, !device.locked,
               !instances.contains(where: { $0.state.isForeground }) {
                resumeForeground(i, delivery: .none)
            }

        case .alert, .notificationCenter:
            guard app.state == .active, app.interruption == nil else { throw refuse(i, "only the active app can be interrupted, and this app \(stateText(i))") }
            resignActive(i, because: event == .alert ? .alert : .notificationCenter)

        case .dismissAlert, .dismissNotificationCenter:
            let expected: Interruption = event == .dismissAlert ? .alert : .notificationCenter
            guard app.state == .inactive, app.interruption == expected else {
                throw refuse(i, event == .dismissAlert ? "no alert is shown over this app" : "the notification center is not shown over this app")
            }
            becomeActive(i)

        case .memoryWarning:
            guard app.state.isRunning else { throw refuse(i, "only running apps get memory warnings, and this app \(stateText(i))") }
            record(i, Delegate.didReceiveMemoryWarning)

        case .forceQuit:
            // The process ends with the app's continued tasks, and the waiting ones are cancelled.
            defer { endContinuedTasks(i, cancellingWaiting: true) }
            if app.interruption == .appSwitcher {
                // The user swipes the card of the app in front away (docs/lifecycle.md, The app switcher).
                swipeAwayFromSwitcher(i)
                instances[i].forceQuit = true
                instances[i].restorationArchive = nil
                return
            }
            discardScenesForForceQuit(i)
            switch app.state {
            case .background: terminate(i, killReason: AppEvent.forceQuit.type)
            case .suspended: kill(i, reason: AppEvent.forceQuit.type)
            case .notRunning:
                throw refuse(i, "the user force-quits an app from the app switcher, in the background; this app \(stateText(i)), so there is nothing to quit")
            case .active, .inactive:
                throw refuse(i, "the user force-quits an app from the app switcher, in the background; this app \(stateText(i)) (press Home first)")
            }
            instances[i].forceQuit = true
            instances[i].restorationArchive = nil

        case .terminate:
            switch app.state {
            case .active, .inactive, .background: terminate(i, killReason: AppEvent.terminate.type)
            case .suspended: kill(i, reason: AppEvent.terminate.type)
            case .notRunning: throw refuse(i, "the app is not running")
            }

        case .crash(let duringLaunch):
            if duringLaunch {
                guard app.state == .notRunning else { throw refuse(i, "a crash during launch needs an app that is not running") }
                try requireUnlocked(i, AppEvent.launch.type)
                startProcess(i, .foreground)
                record(i, Delegate.willFinishLaunching, args: ["launchOptions": [:]])
                kill(i, reason: "crash during launch")
                instances[i].restorationArchive = nil
            } else {
                guard app.state.isAlive else { throw refuse(i, "the app is not running") }
                kill(i, reason: AppEvent.crash(duringLaunch: false).type)
            }

        case .openScene:
            try openScene(i)
        case .closeScene(let id):
            try closeScene(i, id)
        case .disconnectScene(let id):
            try disconnectScene(i, id)
        case .cancelTask(let identifier):
            expireContinuedTask(i, try runningContinuedTask(i, identifier), reason: "userCancelled")
        }
    }

    mutating func perform(_ action: AppAction, on i: Int) throws(EventRejection) {
        let app = instances[i]
        switch action {
        case .edit(let memory, let ui, let sceneId):
            guard app.state.isRunning else { throw refuse(i, "only a running app's code can edit its data; this app \(stateText(i))") }
            var target = usesScenes(i) ? instances[i].scenes.firstIndex { $0.activationState != .unattached } : nil
            if let sceneId {
                guard usesScenes(i) else { throw EventRejection(.unusable, "the app has no scenes (info.scenes)", state: app.state) }
                target = try scene(i, sceneId)
                guard instances[i].scenes[target!].activationState != .unattached else { throw refuse(i, "the scene \(sceneId) is not connected") }
            }
            // `JSONValue?.none`, not `nil`: a bare `nil` here would be the JSON value null, and null removes.
            for (key, value) in memory ?? [:] {
                instances[i].memory[key] = value.isNull ? JSONValue?.none : value
            }
            if let ui {
                let value = ui.isNull ? JSONValue?.none : ui
                if let target { instances[i].scenes[target].ui = value }
                // `memory.ui` is the app's UI state: its first scene's, in a scene app.
                if target == nil || target == instances[i].scenes.firstIndex(where: { $0.activationState != .unattached }) {
                    instances[i].memory["ui"] = value
                }
            }
            let size = instances[i].memoryBytes
            if size > AppLimit.memoryBytes.maximum {
                throw EventRejection(
                    .notAllowed,
                    "the app's in-memory data and UI state would be \(size) bytes of JSON, over appsim's limit of \(AppLimit.memoryBytes.maximum) per app; remove some with edit (a key set to null is removed) before adding more",
                    state: app.state, limit: .memoryBytes)
            }

        case .beginBackgroundTask(let name):
            guard app.state.isRunning else { throw refuse(i, "only a running app can begin a background task; this app \(stateText(i))") }
            guard app.backgroundTasks.count < AppLimit.backgroundTasks.maximum else {
                throw EventRejection(
                    .notAllowed,
                    "the app has \(app.backgroundTasks.count) background tasks running, appsim's limit per app; end one (endBackgroundTask) first",
                    state: app.state, limit: .backgroundTasks)
            }
            begunTaskId = beginBackgroundTask(i, name: name, endsAt: nil)

        case .endBackgroundTask(let taskId):
            guard let position = app.backgroundTasks.firstIndex(where: { $0.id == taskId }) else {
                let running = app.backgroundTasks.map { String($0.id) }
                throw refuse(i, "no background task \(taskId) is running (running: \(running.isEmpty ? "none" : running.joined(separator: ", ")))")
            }
            instances[i].lifecycle.tasks.remove(at: position)
            scheduleSuspensionIfIdle(i)

        case .completeFetch(let result):
            guard let work = app.work, work.kind == .fetch || work.kind == .remoteNotification else {
                throw refuse(i, "no background fetch or silent push is waiting for its completion handler")
            }
            completeWork(i, result: result)

        case .setMinimumFetchInterval(let interval):
            guard app.state.isRunning else { throw refuse(i, "only a running app's code can set its fetch interval; this app \(stateText(i))") }
            instances[i].minimumFetchInterval = interval

        case .submitTask(let identifier, let kind, let earliestBegin, let requiresExternalPower):
            try submitTask(i, TaskRequest(
                identifier: identifier, kind: kind, earliestBeginAt: now + earliestBegin, requiresExternalPower: requiresExternalPower))

        case .completeTask(let success, let identifier):
            if let identifier {
                completeContinuedTask(i, try runningContinuedTask(i, identifier), success: success)
            } else if let work = app.work, work.kind == .appRefresh || work.kind == .processing {
                completeWork(i, taskSuccess: success)
            } else {
                let running = app.taskRequests.indices.filter { app.taskRequests[$0].isRunningContinued }
                guard running.count == 1 else {
                    throw refuse(i, running.isEmpty
                        ? "no scheduled task is running; the system starts one with runTask"
                        : "the app runs more than one continued task; name it with identifier")
                }
                completeContinuedTask(i, running[0], success: success)
            }
        case .submitContinuedTask(let identifier, let title, let subtitle, let strategy, let requiresGPU):
            try submitContinuedTask(i, identifier: identifier, title: title, subtitle: subtitle, strategy: strategy, requiresGPU: requiresGPU)
        case .reportProgress(let identifier, let completed, let total):
            try reportProgress(i, identifier, completed: completed, total: total)
        case .updateTitle(let identifier, let title, let subtitle):
            try updateTitle(i, identifier, title: title, subtitle: subtitle)
        }
    }

    /// Whether the app has a `UNUserNotificationCenter` delegate: it declares one, on iOS 10 or later (docs/lifecycle.md, User notifications).
    func usesUserNotifications(_ i: Int) -> Bool {
        instances[i].info.userNotifications && device.osVersion.hasUserNotifications
    }

    /// Events that need the user past the lock screen are refused while the device is locked (docs/lifecycle.md, What the events do).
    func requireUnlocked(_ i: Int, _ what: String) throws(EventRejection) {
        guard !device.locked else { throw refuse(i, "the device is locked: the user cannot \(what); post unlock first") }
    }

    /// A remote notification, docs/lifecycle.md, What the events do ("Pushes"), and what became of it (docs/lifecycle.md, What the events do).
    mutating func receivePush(_ i: Int, _ payload: JSONValue) throws(EventRejection) {
        let app = instances[i]
        let aps = payload["aps"]
        let silent = aps?["content-available"]?.doubleValue == 1
        let visible = aps?["alert"] != nil || aps?["badge"] != nil || aps?["sound"] != nil
        switch app.state {
        case .active, .inactive:
            if usesUserNotifications(i), visible {
                // The notification delegate decides whether it is presented; a silent part reaches the app first (docs/lifecycle.md, User notifications).
                if silent { deliver(i, .push(payload)) }
                record(i, Delegate.willPresentNotification, notification: .some(nil), args: [
                    "notification": ["userInfo": payload],
                    "options": .array(app.behavior.presentationOptions.map { .string($0.rawValue) }),
                ])
                if !app.behavior.presentationOptions.isEmpty { instances[i].shownNotification = payload }
            } else {
                deliver(i, .push(payload))
            }
            pushDelivery = .delivered
        case .notRunning, .background, .suspended:
            if silent, app.info.has(.remoteNotification), device.osVersion.hasBackgroundFetch, !app.forceQuit {
                guard app.work == nil else { throw refuse(i, "the app is still working on a fetch or silent push; complete it first") }
                if let budget = device.limits.backgroundPushesPerHour {
                    // The budget counts the last hour of device time (docs/lifecycle.md, iOS 18 to 27).
                    let hourAgo = now - 3_600_000
                    instances[i].silentPushTimes.removeAll { $0 <= hourAgo }
                    guard instances[i].silentPushTimes.count < budget else {
                        pushDelivery = .dropped(reason: PushDelivery.throttled)
                        return
                    }
                    instances[i].silentPushTimes.append(now)
                }
                if visible { instances[i].shownNotification = payload }
                pushDelivery = switch app.state {
                case .notRunning: .launched
                case .suspended: .woken
                case .background, .active, .inactive: .delivered
                }
                guard startInBackground(i, options: ["remoteNotification": payload]) else {
                    if device.osVersion.refusesLaunch(of: app.info) { pushDelivery = .dropped(reason: KillReason.sceneLifecycleRequired) }
                    return
                }
                deliver(i, .push(payload))
                startWork(i, .remoteNotification)
            } else if visible || !silent {
                instances[i].shownNotification = payload
                pushDelivery = .shown
                if device.osVersion.bannersAreAlerts, let f = instances.firstIndex(where: { $0.state == .active }) {
                    resignActive(f, because: .alert)
                }
            } else {
                pushDelivery = .dropped(reason: silentPushDropReason(app))
            }
        }
    }

    /// Why a silent push without an alert can neither wake the app nor be shown.
    func silentPushDropReason(_ app: Instance) -> String {
        if !app.info.has(.remoteNotification) {
            "a silent push wakes only an app with the 'remote-notification' background mode, and it has nothing to show"
        } else if !device.osVersion.hasBackgroundFetch {
            "iOS \(device.osVersion) does not wake apps for silent pushes (iOS 7.0 does), and it has nothing to show"
        } else {
            "the user force-quit the app, so silent pushes do not wake it until the user launches it, and it has nothing to show"
        }
    }
}
