import AppSimCore
import AppSimJSON

/// The Callback shape of openapi.yaml (Shapes).
extension CallbackRecord {
    /// The Callback shape as JSON bytes, written directly: rendered once per callback, on the request's thread, for
    /// the reply, the history the store keeps, and the streams.
    var jsonBytes: [UInt8] {
        var w = JSONWriter(capacity: 320)
        w.beginObject()
        w.field("seq", seq)
        w.field("instance", instance)
        w.field("at", at)
        w.field("name", name)
        w.field("kind", kind.rawValue)
        w.field("notification", notification)
        w.field("state", state.rawValue)
        w.field("applicationState", applicationState.rawValue)
        w.field("args", args)
        w.field("event", event)
        // Only a scene delegate's callbacks name a scene (docs/lifecycle.md, Scenes); others keep the shape they always had.
        if let scene { w.field("scene", scene) }
        w.endObject()
        return w.bytes
    }
}

/// A callback rendered once, on the request's thread, as the reply and the streams send it.
struct RenderedCallback: Sendable {
    var instance: String
    var seq: Int64
    /// The Callback shape's JSON.
    var body: [UInt8]

    init(_ callback: CallbackRecord) {
        instance = callback.instance
        seq = callback.seq
        body = callback.jsonBytes
    }
}
