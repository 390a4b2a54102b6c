import AppSimCore
import AppSimJSON
import AppSimStore

extension StoreWrite {
    /// Adds what `outcomes` did to a device that went from `before` to `after`, each callback rendered once as the
    /// Callback JSON that its history keeps and the reply and streams send, and each event as its journal entry
    /// (`posted` is the body of the event a client posted; timers have none); returns what each one's commit will
    /// publish, in order.
    mutating func include(
        _ outcomes: [EventOutcome], from before: DeviceSimulation, to after: DeviceSimulation, posted: JSONValue? = nil
    ) -> [EventPublication] {
        var first = callbacks.count
        add(outcomes, from: before, to: after, historyBody: { $0.jsonBytes })
        for outcome in outcomes {
            let isTimers = outcome.event.type == DeviceEvent.timers.type
            events.append(StoredEvent(
                device: after.device.id, seq: outcome.event.seq, type: outcome.event.type, at: outcome.event.at,
                changes: outcome.changesBytes, entry: outcome.journalBytes(posted: isTimers ? nil : posted)))
        }
        var states: [String: LifecycleState] = [:]
        for instance in after.instances { states[instance.id] = instance.state }
        let foreground = after.foregroundInstance?.id
        return outcomes.map { outcome in
            defer { first += outcome.callbacks.count }
            return EventPublication(
                device: after.device.id, eventSeq: outcome.event.seq, type: outcome.event.type, at: outcome.event.at,
                changes: outcome.changes, callbacks: Array(callbacks[first..<first + outcome.callbacks.count]),
                states: states, foreground: foreground)
        }
    }
}
