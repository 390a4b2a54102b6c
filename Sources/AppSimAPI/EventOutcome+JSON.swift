import AppSimCore
import AppSimJSON
import AppSimStore

/// The EventResult shape of openapi.yaml (Shapes).
extension EventOutcome {
    /// The EventResult shape, with the callbacks already rendered, written on the request's thread.
    func jsonBytes(callbacks rendered: [RenderedCallback]) -> [UInt8] {
        var w = JSONWriter(capacity: 256 + rendered.count * 320)
        w.beginObject()
        w.key("event")
        w.beginObject()
        w.field("seq", event.seq)
        w.field("type", event.type)
        w.field("at", event.at)
        w.endObject()
        w.key("changes")
        w.beginArray()
        for change in changes { change.write(to: &w) }
        w.endArray()
        w.key("callbacks")
        w.beginArray()
        for callback in rendered { w.raw(callback.body) }
        w.endArray()
        Self.writeResult(begunTaskId: begunTaskId, pushDelivery: pushDelivery, to: &w)
        w.endObject()
        return w.bytes
    }

    /// `result`: what an app action returned (`{taskId}`), or what became of a push (`{delivery, reason?}`).
    static func writeResult(begunTaskId: Int?, pushDelivery: PushDelivery?, to w: inout JSONWriter) {
        if let begunTaskId {
            w.key("result")
            w.beginObject()
            w.field("taskId", begunTaskId)
            w.endObject()
        } else if let pushDelivery {
            w.key("result")
            w.beginObject()
            w.field("delivery", pushDelivery.name)
            if case .dropped(let reason) = pushDelivery { w.field("reason", reason) }
            w.endObject()
        }
    }
}

extension StateChange {
    /// `{instance, from, to}`; a stream's `state` message also names the event that made the change (`event`, `at`).
    func write(to w: inout JSONWriter, event: (seq: Int64, at: Int64)? = nil) {
        w.beginObject()
        w.field("instance", instance)
        w.field("from", from.rawValue)
        w.field("to", to.rawValue)
        if let event {
            w.field("event", event.seq)
            w.field("at", event.at)
        }
        w.endObject()
    }
}
