import AppSimCore
import AppSimJSON
import AppSimStore

/// The event journal's entries (openapi.yaml (Event journal)), rendered from what the store keeps.
extension JournalEntry {
    /// The state changes as the device stream sends them: `[{instance, from, to}]`.
    var changesBytes: [UInt8] {
        var w = JSONWriter(capacity: 16 + changes.count * 64)
        w.beginArray()
        for change in changes { change.write(to: &w) }
        w.endArray()
        return w.bytes
    }

    /// `{seq, type, at, instance, body, changes, callbacks: [{instance, seq}], result?}`. `body` is what was posted;
    /// `null` for the timers a realtime clock fired, which nobody posted. Callbacks are named by instance and seq, as
    /// a seq is unique only within its instance.
    var jsonBytes: [UInt8] {
        var w = JSONWriter(capacity: 256 + callbacks.count * 48)
        w.beginObject()
        w.field("seq", seq)
        w.field("type", type)
        w.field("at", at)
        w.field("instance", instance)
        w.field("body", posted)
        w.key("changes")
        w.raw(changesBytes)
        w.key("callbacks")
        w.beginArray()
        for callback in callbacks {
            w.beginObject()
            w.field("instance", callback.instance)
            w.field("seq", callback.seq)
            w.endObject()
        }
        w.endArray()
        EventOutcome.writeResult(begunTaskId: begunTaskId, pushDelivery: pushDelivery, to: &w)
        w.endObject()
        return w.bytes
    }
}
