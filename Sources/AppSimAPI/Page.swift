import AppSimJSON

/// The pages of openapi.yaml: `{"items": [...], "next": …}`, and a history page's `dropped` after `next`.
enum Page {
    /// A page of `items`, each already JSON; `finish` writes `next` and whatever follows it.
    static func jsonBytes(_ items: some Collection<[UInt8]>, finish: (inout JSONWriter) -> Void) -> [UInt8] {
        var w = JSONWriter(capacity: 64 + items.reduce(0) { $0 + $1.count + 1 })
        w.beginObject()
        w.key("items")
        w.beginArray()
        for item in items { w.raw(item) }
        w.endArray()
        finish(&w)
        w.endObject()
        return w.bytes
    }
}
