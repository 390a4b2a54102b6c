import AppSimCore
import AppSimJSON
import AppSimStore

extension StoreWrite {
    /// Adds what `outcomes` did to a device, which they left as `after` (`posted` is the body of the event a client
    /// posted; timers have none), and returns what each one's commit will publish, in order, each callback rendered
    /// once for the reply and the streams.
    mutating func include(_ outcomes: [EventOutcome], to after: DeviceSimulation, posted: JSONValue? = nil) -> [EventPublication] {
        add(outcomes, to: after, posted: posted)
        var states: [String: LifecycleState] = [:]
        for instance in after.instances { states[instance.id] = instance.state }
        let foreground = after.foregroundInstance?.id
        return outcomes.map { outcome in
            EventPublication(
                device: after.device.id, eventSeq: outcome.event.seq, type: outcome.event.type, at: outcome.event.at,
                changes: outcome.changes, callbacks: outcome.callbacks.map(RenderedCallback.init),
                states: states, foreground: foreground)
        }
    }
}
