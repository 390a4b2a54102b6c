extension DeviceSimulation {
    /// Applies one event in place; on a throw the caller discards this copy.
    mutating func perform(_ event: Event, to instanceId: String?, wallMillis: Int64) throws(EventRejection) -> EventOutcome {
        let before = instances
        let deviceBefore = device
        let wakesBefore = instances.indices.map { wallWake(at: $0) }
        let now = device.deviceTime(atWall: wallMillis)
        let previousNow = device.nowMillis
        device.nowMillis = now
        if device.clock.mode == .realtime { device.wallAnchorMillis = max(device.wallAnchorMillis, wallMillis) }
        device.eventSeq += 1
        step = Step(eventSeq: device.eventSeq)
        if case .timers = event {
            // Realtime timers fire at the device times they fell due, between the last step and now.
            device.nowMillis = previousNow
            fireTimers(until: now)
        }

        let targetsInstance = event.isInstanceScoped(instanceId)
        if targetsInstance {
            guard let instanceId, let index = index(of: instanceId) else {
                throw EventRejection(.unusable, "no app \(instanceId ?? "") is installed on device \(device.id)")
            }
            try performAppEvent(event, on: index)
        } else {
            try performDeviceEvent(event)
        }

        var outcome = EventOutcome(
            event: EventRecord(seq: device.eventSeq, type: event.type, at: now, instance: targetsInstance ? instanceId : nil))
        outcome.callbacks = step.callbacks
        outcome.result = step.result
        var touched: [(index: Int, before: Instance?)] = []
        for index in instances.indices {
            // Events do not install or remove apps, so each is where it was; the search is only a safeguard.
            let id = instances[index].id
            let old = index < before.count && before[index].id == id ? before[index] : before.first { $0.id == id }
            guard old != instances[index] else { continue }
            instances[index].updatedAt = device.nowMillis
            outcome.touchedInstances.append(id)
            touched.append((index, old))
            if let old, old.state != instances[index].state {
                outcome.changes.append(StateChange(instance: id, from: old.state, to: instances[index].state))
            }
        }
        noteHistoryOnlyChanges(in: &outcome, touched: touched, deviceBefore: deviceBefore)
        for index in instances.indices where wallWake(at: index) != wakeBefore(index, before, wakesBefore) {
            outcome.rewokenInstances.insert(instances[index].id)
        }
        step = Step()
        return outcome
    }

    /// The wall wake the instance at `index` had before the event: found where it was, as events neither install nor
    /// remove apps (the search is a safeguard, as in `perform`).
    private func wakeBefore(_ index: Int, _ before: [Instance], _ wakes: [Int64?]) -> Int64? {
        let id = instances[index].id
        if index < before.count, before[index].id == id { return wakes[index] }
        guard let found = before.firstIndex(where: { $0.id == id }) else { return nil }
        return wakes[found]
    }

    /// Marks what of `outcome` its callbacks alone record, so the store can leave those rows as they were and read
    /// it back from history (the newest callback of each instance): an instance whose only change is its next seq
    /// (one past its newest callback's) and `updatedAt` (that callback's time); and the device, when its only change
    /// is its event counter (every callback carries it, with the device time, which timers' callbacks do not) and its
    /// realtime clock running on at speed 1 (where an older anchor gives the same device times), whatever its
    /// instances did: each instance's row holds its own wake time.
    func noteHistoryOnlyChanges(in outcome: inout EventOutcome, touched: [(index: Int, before: Instance?)], deviceBefore: Device) {
        for (index, old) in touched {
            var current = instances[index]
            guard let old, let callback = outcome.callbacks.last(where: { $0.instance == current.id }),
                  current.nextSeq == callback.seq + 1, current.updatedAt == callback.at
            else { continue }
            current.nextSeq = old.nextSeq
            current.updatedAt = old.updatedAt
            if current == old { outcome.historyOnlyInstances.insert(current.id) }
        }
        guard !outcome.callbacks.isEmpty, device.clock.mode == .realtime, device.clock.speed == 1,
              device.nowMillis - device.wallAnchorMillis == deviceBefore.nowMillis - deviceBefore.wallAnchorMillis,
              outcome.callbacks.allSatisfy({ $0.event == device.eventSeq && $0.at == device.nowMillis })
        else { return }
        var unchanged = device
        unchanged.eventSeq = deviceBefore.eventSeq
        unchanged.nowMillis = deviceBefore.nowMillis
        unchanged.wallAnchorMillis = deviceBefore.wallAnchorMillis
        outcome.deviceIsHistoryOnly = unchanged == deviceBefore
    }

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

    mutating func performAppEvent(_ event: Event, on i: Int) throws(EventRejection) {
        let app = instances[i]
        let os = device.osVersion
        switch event {
        case .launch:
            try requireUnlocked(i, "launch")
            switch app.state {
            case .notRunning: foregroundLaunch(i, options: [:], delivery: .none)
            case .background, .suspended: resumeForeground(i, delivery: .none)
            case .active, .inactive: throw refuse(i, "the app \(stateText(i)) already")
            }

        case .home:
            guard app.state.isForeground else { throw refuse(i, "Home leaves the foreground app, and this app \(stateText(i))") }
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
            switch app.state {
            case .notRunning: foregroundLaunch(i, options: ["remoteNotification": payload], delivery: .push(payload))
            case .background, .suspended: resumeForeground(i, delivery: .push(payload))
            case .active, .inactive: throw refuse(i, "the app \(stateText(i)); its notifications go straight to it")
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
            guard device.call == PhoneCall(instance: app.id, answered: false), app.interruption == .call else {
                throw refuse(i, "no call is ringing over this app")
            }
            instances[i].interruption = nil
            if case .declineCall = event {
                device.call = nil
                becomeActive(i)
            } else {
                device.call?.answered = true
                leaveForeground(i)
            }

        case .endCall:
            guard device.call == PhoneCall(instance: app.id, answered: true) else {
                throw refuse(i, "no answered call came while this app was in the foreground")
            }
            device.call = nil
            if (app.state == .background || app.state == .suspended), !device.locked {
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
            instances[i].interruption = nil
            becomeActive(i)

        case .memoryWarning:
            guard app.state.isRunning else { throw refuse(i, "only running apps get memory warnings, and this app \(stateText(i))") }
            record(i, Delegate.didReceiveMemoryWarning)

        case .forceQuit:
            switch app.state {
            case .background: terminate(i, killReason: "forceQuit")
            case .suspended: kill(i, reason: "forceQuit")
            case .notRunning, .active, .inactive:
                throw refuse(i, "the user force-quits an app from the app switcher, in the background; this app \(stateText(i)) (press Home first)")
            }
            instances[i].forceQuit = true
            instances[i].restorationArchive = nil

        case .terminate:
            switch app.state {
            case .active, .inactive, .background: terminate(i, killReason: "terminate")
            case .suspended: kill(i, reason: "terminate")
            case .notRunning: throw refuse(i, "the app is not running")
            }

        case .crash(let duringLaunch):
            if duringLaunch {
                guard app.state == .notRunning else { throw refuse(i, "a crash during launch needs an app that is not running") }
                try requireUnlocked(i, "launch")
                startProcess(i, state: .inactive)
                record(i, Delegate.willFinishLaunching, args: ["launchOptions": [:]])
                kill(i, reason: "crash during launch")
                instances[i].restorationArchive = nil
            } else {
                guard app.state.isAlive else { throw refuse(i, "the app is not running") }
                kill(i, reason: "crash")
            }

        case .edit(let memory, let ui):
            guard app.state.isRunning else { throw refuse(i, "only a running app's code can edit its data; this app \(stateText(i))") }
            // `JSONValue?.none`, not `nil`: a bare `nil` here would be the JSON value null, and null removes.
            for (key, value) in memory ?? [:] {
                instances[i].memory[key] = value.isNull ? JSONValue?.none : value
            }
            if let ui { instances[i].memory["ui"] = ui.isNull ? JSONValue?.none : ui }

        case .beginBackgroundTask(let name):
            guard app.state.isRunning else { throw refuse(i, "only a running app can begin a background task; this app \(stateText(i))") }
            let id = beginBackgroundTask(i, name: name, endsAt: nil)
            step.result = ["taskId": JSONValue(id)]

        case .endBackgroundTask(let taskId):
            guard let position = app.backgroundTasks.firstIndex(where: { $0.id == taskId }) else {
                let running = app.backgroundTasks.map { String($0.id) }
                throw refuse(i, "no background task \(taskId) is running (running: \(running.isEmpty ? "none" : running.joined(separator: ", ")))")
            }
            instances[i].backgroundTasks.remove(at: position)
            scheduleSuspensionIfIdle(i)

        case .completeFetch(let result):
            guard app.work != nil else { throw refuse(i, "no background fetch or silent push is waiting for its completion handler") }
            completeWork(i, result: result)

        case .setMinimumFetchInterval(let interval):
            guard app.state.isRunning else { throw refuse(i, "only a running app's code can set its fetch interval; this app \(stateText(i))") }
            instances[i].minimumFetchInterval = interval

        case .lock, .unlock, .reboot, .memoryPressure, .advanceClock, .deviceNotification, .timers:
            try performDeviceEvent(event)
        }
    }

    func requireUnlocked(_ i: Int, _ what: String) throws(EventRejection) {
        guard !device.locked else { throw refuse(i, "the device is locked: the user cannot \(what); post unlock first") }
    }

    /// A remote notification, LIFECYCLE.md §4 "Push".
    mutating func receivePush(_ i: Int, _ payload: JSONValue) throws(EventRejection) {
        let app = instances[i]
        let aps = payload["aps"]
        let silent = aps?["content-available"]?.doubleValue == 1
        let visible = aps?["alert"] != nil || aps?["badge"] != nil || aps?["sound"] != nil
        switch app.state {
        case .active, .inactive:
            deliver(i, .push(payload))
        case .notRunning, .background, .suspended:
            if silent, app.info.has(.remoteNotification), device.osVersion.hasBackgroundFetch, !app.forceQuit {
                guard app.work == nil else { throw refuse(i, "the app is still working on a fetch or silent push; complete it first") }
                if visible { instances[i].shownNotification = payload }
                guard startInBackground(i, options: ["remoteNotification": payload]) else { return }
                deliver(i, .push(payload))
                startWork(i, .remoteNotification)
            } else if visible || !silent {
                instances[i].shownNotification = payload
                if device.osVersion.bannersAreAlerts, let f = instances.firstIndex(where: { $0.state == .active }) {
                    resignActive(f, because: .alert)
                }
            }
        }
    }
}
