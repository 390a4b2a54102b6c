/// What posting an event to a device did: the timers that fell due before it (as an event of their own), then the
/// event's outcome, or why it was refused.
public struct EventAttempt: Sendable {
    public var timers: EventOutcome?
    public var outcome: Result<EventOutcome, EventRejection>

    /// What happened, in order: the timers' outcome, then the event's if it was accepted.
    public var outcomes: [EventOutcome] {
        var outcomes = timers.map { [$0] } ?? []
        if case .success(let outcome) = outcome { outcomes.append(outcome) }
        return outcomes
    }
}
