import AppSimCore
import AppSimJSON

/// The event journal's entries (openapi.yaml (Event journal)): what was posted and what it did, rendered once when the
/// event is accepted and kept by the store as given.
extension EventOutcome {
    /// `{seq, type, at, instance, body, changes, callbacks: [{instance, seq}], result?}`. `posted` is the request's
    /// body; `nil` for the timers a realtime clock fired, which nobody posted. Callbacks are named by instance and
    /// seq, as a seq is unique only within its instance.
    /// The state changes as the device stream sends them: `[{instance, from, to}]`.
    var changesBytes: [UInt8] {
        var w = JSONWriter(capacity: 16 + changes.count * 64)
        w.beginArray()
        for change in changes { change.write(to: &w) }
        w.endArray()
        return w.bytes
    }

    func journalBytes(posted: JSONValue?) -> [UInt8] {
        var w = JSONWriter(capacity: 256 + callbacks.count * 48)
        w.beginObject()
        w.field("seq", event.seq)
        w.field("type", event.type)
        w.field("at", event.at)
        w.field("instance", event.instance)
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
        writeResult(to: &w)
        w.endObject()
        return w.bytes
    }
}
