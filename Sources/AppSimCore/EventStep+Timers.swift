import AppSimJSON

/// Firing the apps' timers as the device clock moves (docs/lifecycle.md, Time).
extension EventStep {
    /// Fires, one at a time and in time order, every timer due by device time `target`, then sets the clock to it.
    mutating func fireTimers(until target: Int64) {
        let start = now
        // Each firing ends a task, a fetch or a background stretch, so this ends; the bound guards against a bug.
        for _ in 0..<100_000 {
            var next: (at: Int64, index: Int, kind: Instance.TimerKind)?
            for i in instances.indices {
                guard let timer = instances[i].dueTimers(backgroundTaskMillis: device.backgroundTaskMillis, continuedStallMillis: device.limits.continuedProcessingStallMillis).first, timer.at <= target
                else { continue }
                if next == nil || (timer.at, timer.kind, i) < (next!.at, next!.kind, next!.index) {
                    next = (timer.at, i, timer.kind)
                }
            }
            guard let next else { break }
            device.nowMillis = max(start, next.at)
            fire(next.kind, of: next.index)
        }
        device.nowMillis = max(start, target)
    }

    mutating func fire(_ kind: Instance.TimerKind, of i: Int) {
        switch kind {
        case .taskEnds:
            let current = now
            let ended = instances[i].lifecycle.tasks.filter { ($0.endsAt ?? .max) <= current }
            instances[i].lifecycle.tasks.removeAll { ($0.endsAt ?? .max) <= current }
            // The app's own code ended them (behavior.backgroundTaskSeconds): no callback, but the history says so.
            recordSystem(i, "backgroundTaskEnded", args: ["tasks": .array(ended.map(Self.described))])
            scheduleSuspensionIfIdle(i)
        case .workCompletes:
            switch instances[i].work?.kind {
            case .appRefresh?, .processing?:
                completeWork(i, taskSuccess: instances[i].behavior.taskSuccess)
            case .fetch?, .remoteNotification?, nil:
                let result = instances[i].behavior.fetchResult
                completeWork(i, result: FetchResult(rawValue: result.rawValue) ?? .newData)
            }
        case .continuedTaskEnds:
            guard let (r, _) = instances[i].firstContinuedTaskEnd(stallMillis: device.limits.continuedProcessingStallMillis) else { return }
            if instances[i].behavior.taskMillis != nil {
                // The app's code reported its progress to the end and completed (behavior.taskSeconds).
                let total = max(1, instances[i].taskRequests[r].continued?.total ?? 1)
                instances[i].taskRequests[r].continued?.total = total
                instances[i].taskRequests[r].continued?.completed = total
                completeContinuedTask(i, r, success: instances[i].behavior.taskSuccess)
            } else {
                expireContinuedTask(i, r, reason: "noProgress")
            }
        case .taskExpires:
            recordSystem(i, "backgroundTaskExpired", args: ["tasks": .array(instances[i].backgroundTasks.map(Self.described))])
            if instances[i].behavior.endsTaskOnExpiration {
                let keepsRunning = instances[i].info.keepsRunningInBackground && device.osVersion.hasMultitasking
                let work = instances[i].lifecycle.work
                // Running on for its work or its mode, it has no task time left to count.
                if work == nil, !keepsRunning, !hasRunningContinuedTask(i) {
                    suspend(i)
                } else {
                    instances[i].lifecycle = .background(since: nil, suspendAt: nil, tasks: [], work: work)
                }
            } else {
                let limit = Seconds.format(Double(device.backgroundTaskMillis) / 1000)
                kill(i, reason: "watchdog: background task not ended when background time ran out (\(limit) s)")
            }
        case .workDeadline:
            guard let work = instances[i].work else { return }
            switch work.kind {
            case .appRefresh, .processing:
                // The system calls the task's expiration handler and suspends the app; the request is gone (docs/lifecycle.md, Scheduled tasks).
                instances[i].lifecycle.work = nil
                recordSystem(i, "backgroundTaskExpired", args: [
                    "identifier": JSONValue(work.identifier), "kind": .string(work.kind.rawValue),
                ])
                if instances[i].backgroundTasks.isEmpty, !(instances[i].info.keepsRunningInBackground && device.osVersion.hasMultitasking) {
                    suspend(i)
                } else {
                    scheduleSuspensionIfIdle(i)
                }
            case .fetch, .remoteNotification:
                let what = work.kind == .fetch ? "background fetch" : "silent push"
                kill(i, reason: "watchdog: \(what) not completed within \(Seconds.format(Double(device.limits.fetchMillis) / 1000)) s")
            }
        case .suspends:
            suspend(i)
        }
    }

    /// A task as the `backgroundTaskExpired` and `backgroundTaskEnded` records name it.
    static func described(_ task: BackgroundTask) -> JSONValue {
        [
            "id": JSONValue(task.id), "name": JSONValue(task.name), "beganAt": JSONValue(task.beganAt),
            "endsAt": task.endsAt.map(JSONValue.init) ?? .null,
        ]
    }
}
