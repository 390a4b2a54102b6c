/// Tasks scheduled with BGTaskScheduler: docs/lifecycle.md, Scheduled tasks.
extension EventStep {
    /// The app's code submits a task request: pending until the system runs it, one per identifier.
    mutating func submitTask(_ i: Int, _ request: TaskRequest) throws(EventRejection) {
        let app = instances[i]
        guard device.osVersion.hasBackgroundTasks else {
            throw EventRejection(.unusable, "iOS \(device.osVersion) has no BGTaskScheduler; it came with iOS 13.0", state: app.state)
        }
        guard app.info.taskIdentifiers.contains(request.identifier) else {
            let permitted = app.info.taskIdentifiers.isEmpty ? "none" : app.info.taskIdentifiers.joined(separator: ", ")
            throw EventRejection(.unusable, "the app does not permit the task identifier '\(request.identifier)' (its taskIdentifiers: \(permitted))", state: app.state)
        }
        guard app.info.has(request.kind.requiredMode) else {
            throw EventRejection(.unusable, "an \(request.kind.rawValue) task needs the '\(request.kind.requiredMode.rawValue)' background mode, which the app does not declare", state: app.state)
        }
        guard app.state.isRunning else { throw refuse(i, "only a running app's code can submit a task request; this app \(stateText(i))") }
        // A request with the same identifier replaces its predecessor, so it is not one more.
        let pending = app.taskRequests.filter { $0.kind == request.kind && $0.identifier != request.identifier }.count
        guard pending < request.kind.pendingLimit else {
            var rejection = refuse(i, "BGTaskScheduler holds at most \(request.kind.pendingLimit) pending \(request.kind.rawValue) request\(request.kind.pendingLimit == 1 ? "" : "s") per app, and the app has \(pending)")
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
        guard let i = instances.firstIndex(where: { $0.taskRequests.contains { $0.identifier == identifier } }) else {
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
}
