/// The device clock's timers (LIFECYCLE.md §5): task ends and expiry, fetch completion and watchdog, suspension.
extension DeviceSimulation {
    /// What falls due for an app, in the order timers due at the same moment fire.
    enum TimerKind: Int, Comparable {
        case taskEnds, workCompletes, taskExpires, workDeadline, suspends
        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    struct DueTimer {
        var at: Int64
        var kind: TimerKind
    }

    /// The device time of the app's earliest timer: `dueTimers(of: i).first?.at`, without building the list.
    func firstTimerTime(of i: Int) -> Int64? {
        let app = instances[i]
        guard app.state.isRunning else { return nil }
        var first: Int64?
        func consider(_ at: Int64) { first = min(first ?? at, at) }
        for task in app.backgroundTasks { if let end = task.endsAt { consider(end) } }
        if let work = app.work {
            if let completes = work.completesAt { consider(completes) }
            consider(work.deadline)
        }
        if app.state == .background, !app.backgroundTasks.isEmpty, let since = app.backgroundSince {
            consider(since + device.backgroundTaskMillis)
        }
        if app.state == .background, let suspendAt = app.suspendAt { consider(suspendAt) }
        return first
    }

    /// The app's timers, earliest first.
    func dueTimers(of i: Int) -> [DueTimer] {
        let app = instances[i]
        guard app.state.isRunning else { return [] }
        var timers: [DueTimer] = []
        if let end = app.backgroundTasks.compactMap(\.endsAt).min() { timers.append(DueTimer(at: end, kind: .taskEnds)) }
        if let work = app.work {
            if let completes = work.completesAt { timers.append(DueTimer(at: completes, kind: .workCompletes)) }
            timers.append(DueTimer(at: work.deadline, kind: .workDeadline))
        }
        if app.state == .background, !app.backgroundTasks.isEmpty, let since = app.backgroundSince {
            timers.append(DueTimer(at: since + device.backgroundTaskMillis, kind: .taskExpires))
        }
        if app.state == .background, let suspendAt = app.suspendAt { timers.append(DueTimer(at: suspendAt, kind: .suspends)) }
        return timers.sorted { ($0.at, $0.kind) < ($1.at, $1.kind) }
    }

    /// Fires, one at a time and in time order, every timer due by device time `target`, then sets the clock to it.
    mutating func fireTimers(until target: Int64) {
        let start = now
        // Each firing ends a task, a fetch or a background stretch, so this ends; the bound guards against a bug.
        for _ in 0..<100_000 {
            var next: (at: Int64, index: Int, kind: TimerKind)?
            for i in instances.indices {
                guard let timer = dueTimers(of: i).first, timer.at <= target else { continue }
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

    mutating func fire(_ kind: TimerKind, of i: Int) {
        switch kind {
        case .taskEnds:
            let current = now
            instances[i].backgroundTasks.removeAll { ($0.endsAt ?? .max) <= current }
            scheduleSuspensionIfIdle(i)
        case .workCompletes:
            let result = instances[i].behavior.fetchResult
            completeWork(i, result: FetchResult(rawValue: result.rawValue) ?? .newData)
        case .taskExpires:
            recordSystem(i, "backgroundTaskExpired", args: ["tasks": .array(instances[i].backgroundTasks.map(\.json))])
            if instances[i].behavior.endsTaskOnExpiration {
                instances[i].backgroundTasks = []
                instances[i].suspendAt = nil
                let keepsRunning = instances[i].info.keepsRunningInBackground && device.osVersion.hasMultitasking
                if instances[i].work == nil, !keepsRunning { suspend(i) } else { instances[i].backgroundSince = nil }
            } else {
                let limit = Seconds.format(Double(device.backgroundTaskMillis) / 1000)
                kill(i, reason: "watchdog: background task not ended when background time ran out (\(limit) s)")
            }
        case .workDeadline:
            let what = instances[i].work?.kind == .fetch ? "background fetch" : "silent push"
            kill(i, reason: "watchdog: \(what) not completed within \(Seconds.format(Double(device.limits.fetchMillis) / 1000)) s")
        case .suspends:
            suspend(i)
        }
    }
}
