import AppSimCore
import AppSimJSON

/// History and journal entries as schemas up to 7 kept them, in the API's JSON (the Callback shape, and the journal
/// entry as served): read once, by the migration to the store's own format (`Store.moveHistoryToRecords`).
enum LegacyJSON {
    /// A callback from its Callback JSON.
    static func callback(_ bytes: [UInt8]) throws -> CallbackRecord {
        let r = try Records.Reader(bytes)
        return CallbackRecord(
            seq: try r.int("seq"), instance: try r.string("instance"), at: try r.int("at"), name: try r.string("name"),
            kind: try r.choice("kind", CallbackKind.self), notification: try r.optionalString("notification"),
            state: try r.choice("state", LifecycleState.self),
            applicationState: try r.choice("applicationState", ApplicationState.self),
            args: r.object["args"] ?? .null, event: try r.int("event"), scene: try r.optionalString("scene"))
    }

    /// A journal entry from its JSON as served: `{seq, type, at, instance, body, changes, callbacks, result?}`.
    static func entry(_ bytes: [UInt8]) throws -> JournalEntry {
        let r = try Records.Reader(bytes)
        var entry = JournalEntry(
            seq: try r.int("seq"), type: try r.string("type"), at: try r.int("at"), instance: try r.optionalString("instance"),
            posted: r.value("body"),
            changes: try r.objects("changes").map { change in
                StateChange(
                    instance: try change.string("instance"), from: try change.choice("from", LifecycleState.self),
                    to: try change.choice("to", LifecycleState.self))
            },
            callbacks: try r.objects("callbacks").map { CallbackReference(instance: try $0.string("instance"), seq: try $0.int("seq")) })
        if let result = try r.optionalObject("result") {
            if result.value("taskId") != nil {
                entry.begunTaskId = Int(try result.int("taskId"))
            } else {
                let name = try result.string("delivery")
                guard let delivery = PushDelivery(name: name, reason: try result.optionalString("reason")) else {
                    throw Records.Malformed(description: "a push delivered as '\(name)'")
                }
                entry.pushDelivery = delivery
            }
        }
        return entry
    }
}
