/// Tasks scheduled with BGTaskScheduler: docs/lifecycle.md, Scheduled tasks.
extension EventStep {
    /// The app's code submits a task request: pending until the system runs it, one per identifier.
    mutating func submitTask(_ i: Int, _ request: TaskRequest) throws(EventRejection) {
        let app = instances[i]
        guard device.osVersion.hasBackgroundTasks else {
            throw EventRejection(.unusable, "iOS \(device.osVersion) has no BGTaskScheduler; it came with iOS 13.0", state: app.state)
        }
        guard app.info.permitsTask(request.identifier, kind: request.kind) else {
            let permitted = app.info.taskIdentifiers.isEmpty ? "none" : app.info.taskIdentifiers.joined(separator: ", ")
            throw EventRejection(.unusable, "the app does not permit the task identifier '\(request.identifier)' (its taskIdentifiers: \(permitted))", state: app.state)
        }
        if let mode = request.kind.requiredMode, !app.info.has(mode) {
            throw EventRejection(.unusable, "an \(request.kind.rawValue) task needs the '\(mode.rawValue)' background mode, which the app does not declare", state: app.state)
        }
        guard app.state.isRunning else { throw refuse(i, "only a running app's code can submit a task request; this app \(stateText(i))") }
        // A request with the same identifier replaces its predecessor, so it is not one more.
        let pending = app.taskRequests.filter { $0.kind == request.kind && $0.identifier != request.identifier }.count
        if let limit = request.kind.pendingLimit, pending >= limit {
            var rejection = refuse(i, "BGTaskScheduler holds at most \(limit) pending \(request.kind.rawValue) request\(limit == 1 ? "" : "s") per app, and the app has \(pending)")
            rejection.code = .tooManyPendingTaskRequests
            throw rejection
        }
        instances[i].taskRequests.removeAll { $0.identifier == request.identifier }
        instances[i].taskRequests.append(request)
    }

    /// The app a `runTask` is for: the one it was posted to, or the first with a request for `identifier`.
    func taskApp(_ instanceId: String?, identifier: String) throws(EventRejection) -> Int {
        if let instanceId {
            guard let i = index(of: instanceId) else {
                throw EventRejection(.unusable, "no app \(instanceId) is installed on device \(device.id)")
            }
            return i
        }
        guard let i = instances.firstIndex(where: { $0.taskRequests.contains { $0.identifier == identifier && $0.continued == nil } }) else {
            throw EventRejection(.notAllowed, "no app on the device has a pending task request '\(identifier)'; the app submits one with submitTask")
        }
        return i
    }

    /// The system runs a scheduled task: it launches the app in the background or wakes it, and calls the task's
    /// launch handler; the app completes it after `behavior.taskSeconds` (or by `completeTask`).
    mutating func runTask(_ identifier: String, of i: Int) throws(EventRejection) {
        let app = instances[i]
        guard let request = app.taskRequests.first(where: { $0.identifier == identifier }) else {
            throw refuse(i, "the app has no pending task request '\(identifier)'; it submits one with submitTask")
        }
        guard request.continued == nil else {
            throw refuse(i, "'\(identifier)' is a continued task: it starts when submitted, or when the device has room")
        }
        guard now >= request.earliestBeginAt else {
            throw refuse(i, "the task '\(identifier)' may not begin before device time \(Seconds.describe(millis: request.earliestBeginAt)) (now \(Seconds.describe(millis: now)))")
        }
        guard !app.forceQuit else { throw refuse(i, "the user force-quit the app; the system runs none of its tasks until the user launches it") }
        guard !request.requiresExternalPower || device.batteryState == "charging" || device.batteryState == "full" else {
            throw refuse(i, "the task '\(identifier)' requires external power, and the battery is \(device.batteryState); post battery with state charging or full")
        }
        guard !app.state.isForeground else { throw refuse(i, "the system runs scheduled tasks for apps in the background, and this app \(stateText(i))") }
        guard app.work == nil else { throw refuse(i, "the app is still working on a fetch, a silent push or a task; complete it first") }
        instances[i].taskRequests.removeAll { $0.identifier == identifier }
        guard startInBackground(i, options: [:]) else { return }
        record(i, Delegate.taskLaunchHandler, notification: .some(nil), args: [
            "identifier": .string(identifier), "kind": .string(request.kind.rawValue),
        ])
        startWork(i, request.kind == .appRefresh ? .appRefresh : .processing, identifier: identifier)
    }

    // MARK: Continued processing tasks (iOS 26): docs/lifecycle.md, Continued processing tasks

    /// The active app submits a continued task: it starts at once if the device has room, else it waits for room
    /// (`queue`) or is refused (`fail`).
    mutating func submitContinuedTask(
        _ i: Int, identifier: String, title: String, subtitle: String?, strategy: ContinuedTask.Strategy, requiresGPU: Bool
    ) throws(EventRejection) {
        let app = instances[i]
        guard device.osVersion >= OSVersion(26) else {
            throw EventRejection(.unusable, "iOS \(device.osVersion) has no continued processing tasks; they came with iOS 26.0", state: app.state)
        }
        guard app.info.permitsTask(identifier, kind: .continuedProcessing) else {
            let permitted = app.info.taskIdentifiers.isEmpty ? "none" : app.info.taskIdentifiers.joined(separator: ", ")
            throw EventRejection(.unusable, "the app does not permit the task identifier '\(identifier)' (its taskIdentifiers: \(permitted); an entry ending in .* permits its prefix)", state: app.state)
        }
        guard !requiresGPU || device.supportsBackgroundGPU else {
            throw EventRejection(.unusable, "the task requires the GPU in the background, which this device does not support (create it with supportsBackgroundGPU)", state: app.state)
        }
        guard app.state == .active else {
            throw refuse(i, "a continued task follows a person's action in the app, so the app must be active; it \(stateText(i))")
        }
        guard !app.taskRequests.contains(where: { $0.identifier == identifier && $0.isRunningContinued }) else {
            throw refuse(i, "the continued task '\(identifier)' is running already; complete it first")
        }
        let hasRoom = runningContinuedTasks < device.limits.continuedProcessingTasks
        if !hasRoom && strategy == .fail {
            var rejection = refuse(i, "the device runs \(device.limits.continuedProcessingTasks) continued task\(device.limits.continuedProcessingTasks == 1 ? "" : "s") at once, and has no room; with strategy queue it would wait")
            rejection.code = .unavailable
            throw rejection
        }
        instances[i].taskRequests.removeAll { $0.identifier == identifier }
        let continued = ContinuedTask(title: title, subtitle: subtitle, strategy: strategy, requiresGPU: requiresGPU, order: eventSeq)
        instances[i].taskRequests.append(TaskRequest(identifier: identifier, kind: .continuedProcessing, earliestBeginAt: now, continued: continued))
        if hasRoom { startContinuedTask(i, identifier) }
    }

    /// Whether app `i` runs a continued task, which keeps it from being suspended.
    func hasRunningContinuedTask(_ i: Int) -> Bool {
        instances[i].taskRequests.contains { $0.isRunningContinued }
    }

    /// How many continued tasks run on the device now.
    var runningContinuedTasks: Int {
        instances.reduce(0) { $0 + $1.taskRequests.filter { $0.isRunningContinued }.count }
    }

    /// Starts app `i`'s pending continued task `identifier`: its launch handler runs.
    mutating func startContinuedTask(_ i: Int, _ identifier: String) {
        guard let r = instances[i].taskRequests.firstIndex(where: { $0.identifier == identifier }),
              var continued = instances[i].taskRequests[r].continued else { return }
        continued.status = .running
        continued.startedAt = now
        continued.progressAt = now
        instances[i].taskRequests[r].continued = continued
        record(i, Delegate.taskLaunchHandler, notification: .some(nil), args: [
            "identifier": .string(identifier), "kind": .string(TaskKind.continuedProcessing.rawValue), "title": .string(continued.title),
        ])
    }

    /// The index of app `i`'s running continued task `identifier`, or a refusal.
    func runningContinuedTask(_ i: Int, _ identifier: String) throws(EventRejection) -> Int {
        guard let r = instances[i].taskRequests.firstIndex(where: { $0.identifier == identifier && $0.isRunningContinued }) else {
            throw refuse(i, "the app runs no continued task '\(identifier)'")
        }
        return r
    }

    /// The app reports progress: the Live Activity shows it, and the task is not stalled.
    mutating func reportProgress(_ i: Int, _ identifier: String, completed: Int64, total: Int64) throws(EventRejection) {
        guard instances[i].state.isRunning else { throw refuse(i, "only a running app's code reports progress; this app \(stateText(i))") }
        let r = try runningContinuedTask(i, identifier)
        instances[i].taskRequests[r].continued?.completed = completed
        instances[i].taskRequests[r].continued?.total = total
        let current = now
        instances[i].taskRequests[r].continued?.progressAt = current
    }

    mutating func updateTitle(_ i: Int, _ identifier: String, title: String, subtitle: String?) throws(EventRejection) {
        guard instances[i].state.isRunning else { throw refuse(i, "only a running app's code changes the title; this app \(stateText(i))") }
        guard let r = instances[i].taskRequests.firstIndex(where: { $0.identifier == identifier && $0.continued != nil }) else {
            throw refuse(i, "the app has no continued task '\(identifier)'")
        }
        instances[i].taskRequests[r].continued?.title = title
        instances[i].taskRequests[r].continued?.subtitle = subtitle
    }

    /// The app calls `setTaskCompleted(success:)` for its running continued task `r`.
    mutating func completeContinuedTask(_ i: Int, _ r: Int, success: Bool) {
        let request = instances[i].taskRequests.remove(at: r)
        recordSystem(i, "setTaskCompleted", args: [
            "identifier": .string(request.identifier), "kind": .string(TaskKind.continuedProcessing.rawValue), "success": .bool(success),
        ])
        continuedTaskEnded(i)
    }

    /// The task expires (`userCancelled`, `noProgress`): its expiration handler, then it completes unsuccessfully.
    mutating func expireContinuedTask(_ i: Int, _ r: Int, reason: String) {
        let identifier = instances[i].taskRequests[r].identifier
        recordSystem(i, "backgroundTaskExpired", args: ["identifier": .string(identifier), "reason": .string(reason)])
        completeContinuedTask(i, r, success: false)
    }

    /// A continued task ended: the app may be suspended, and the room it held goes to the oldest waiting task of a
    /// running app.
    mutating func continuedTaskEnded(_ i: Int) {
        scheduleSuspensionIfIdle(i)
        startWaitingContinuedTasks()
    }

    /// Starts waiting continued tasks of running apps, in submission order, while the device has room.
    mutating func startWaitingContinuedTasks() {
        while runningContinuedTasks < device.limits.continuedProcessingTasks {
            var next: (i: Int, identifier: String, order: Int64)?
            for i in instances.indices where instances[i].state.isRunning {
                for request in instances[i].taskRequests where request.continued?.status == .pending {
                    if let order = request.continued?.order, next == nil || order < next!.order { next = (i, request.identifier, order) }
                }
            }
            guard let next else { return }
            startContinuedTask(next.i, next.identifier)
        }
    }

    /// The process ended: its running continued tasks end with it, with no callback; a force quit also cancels the
    /// app's waiting ones.
    mutating func endContinuedTasks(_ i: Int, cancellingWaiting: Bool) {
        let before = instances[i].taskRequests.count
        instances[i].taskRequests.removeAll { $0.isRunningContinued || (cancellingWaiting && $0.continued != nil) }
        if instances[i].taskRequests.count != before { startWaitingContinuedTasks() }
    }
}
