/// An app's timers on the device clock (docs/lifecycle.md, Time): task ends and expiry, fetch completion and watchdog,
/// suspension. Only a running app has any.
extension Instance {
    /// What falls due for an app, in the order timers due at the same moment fire.
    enum TimerKind: Int, Comparable {
        case taskEnds, workCompletes, continuedTaskEnds, taskExpires, workDeadline, suspends
        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    struct DueTimer {
        var at: Int64
        var kind: TimerKind
    }

    /// The device time of the app's earliest timer: `dueTimers(…).first?.at`, without building the list.
    /// `backgroundTaskMillis` is the device's background task time.
    func firstTimerTime(backgroundTaskMillis: Int64, continuedStallMillis: Int64) -> Int64? {
        var first: Int64?
        func consider(_ at: Int64) { first = min(first ?? at, at) }
        if state.isRunning, let end = firstContinuedTaskEnd(stallMillis: continuedStallMillis) { consider(end.at) }
        switch lifecycle {
        case .notRunning, .suspended:
            return nil
        case .active(let tasks, let work), .inactive(_, let tasks, let work):
            considerRunning(tasks, work, consider)
        case .background(let since, let suspendAt, let tasks, let work):
            considerRunning(tasks, work, consider)
            if !tasks.isEmpty, let since { consider(since + backgroundTaskMillis) }
            if let suspendAt { consider(suspendAt) }
        }
        return first
    }

    /// The app's timers, earliest first.
    func dueTimers(backgroundTaskMillis: Int64, continuedStallMillis: Int64) -> [DueTimer] {
        var timers: [DueTimer] = []
        if state.isRunning, let end = firstContinuedTaskEnd(stallMillis: continuedStallMillis) {
            timers.append(DueTimer(at: end.at, kind: .continuedTaskEnds))
        }
        func runningTimers(_ tasks: [BackgroundTask], _ work: BackgroundWork?) {
            if let end = tasks.compactMap(\.endsAt).min() { timers.append(DueTimer(at: end, kind: .taskEnds)) }
            if let work {
                if let completes = work.completesAt { timers.append(DueTimer(at: completes, kind: .workCompletes)) }
                if let deadline = work.deadline { timers.append(DueTimer(at: deadline, kind: .workDeadline)) }
            }
        }
        switch lifecycle {
        case .notRunning, .suspended:
            return []
        case .active(let tasks, let work), .inactive(_, let tasks, let work):
            runningTimers(tasks, work)
        case .background(let since, let suspendAt, let tasks, let work):
            runningTimers(tasks, work)
            if !tasks.isEmpty, let since { timers.append(DueTimer(at: since + backgroundTaskMillis, kind: .taskExpires)) }
            if let suspendAt { timers.append(DueTimer(at: suspendAt, kind: .suspends)) }
        }
        return timers.sorted { ($0.at, $0.kind) < ($1.at, $1.kind) }
    }

    /// Task ends and the work's completion and deadline: the timers an app has wherever it runs.
    private func considerRunning(_ tasks: [BackgroundTask], _ work: BackgroundWork?, _ consider: (Int64) -> Void) {
        for task in tasks { if let end = task.endsAt { consider(end) } }
        if let work {
            if let completes = work.completesAt { consider(completes) }
            if let deadline = work.deadline { consider(deadline) }
        }
    }

    /// The running continued task that ends by itself first, and when: it completes after `behavior.taskSeconds`
    /// (its code keeping it from stalling), or, with `taskSeconds: "manual"`, stalls when no progress came for
    /// `stallMillis`.
    func firstContinuedTaskEnd(stallMillis: Int64) -> (index: Int, at: Int64)? {
        var first: (index: Int, at: Int64)?
        for (index, request) in taskRequests.enumerated() {
            guard let continued = request.continued, continued.status == .running else { continue }
            let at = behavior.taskMillis.map { (continued.startedAt ?? 0) + $0 } ?? (continued.progressAt ?? 0) + stallMillis
            if first == nil || at < first!.at { first = (index, at) }
        }
        return first
    }
}
