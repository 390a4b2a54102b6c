import AppSimCore
import AppSimStore

/// The JSON shapes of API.md "Shapes".
extension DeviceSimulation {
    /// The Instance shape, as of device time `now`, written straight to bytes (the hot path of every GET).
    func jsonBytes(of instance: Instance, now: Int64) -> [UInt8] {
        var w = JSONWriter(capacity: 1_024)
        write(instance, now: now, to: &w)
        return w.bytes
    }

    /// The Instance shape as a value, for the few places that look into it.
    func json(of instance: Instance, now: Int64) -> JSONValue {
        (try? JSONValue.parse(jsonBytes(of: instance, now: now))) ?? .null
    }

    func write(_ instance: Instance, now: Int64, to w: inout JSONWriter) {
        let remaining = instance.backgroundTimeRemaining(now: now, limit: device.backgroundTaskMillis)
        w.beginObject()
        w.field("id", instance.id)
        w.field("device", instance.device)
        w.key("info")
        instance.info.write(to: &w)
        w.key("behavior")
        instance.behavior.write(to: &w)
        w.field("state", instance.state.rawValue)
        w.field("applicationState", applicationState(of: instance.id).rawValue)
        w.field("xcuiState", instance.state.xcuiState)
        w.field("launchCount", instance.launchCount)
        w.field("forceQuit", instance.forceQuit)
        w.key("backgroundTimeRemaining")
        if let remaining { w.number(Double(remaining) / 1000) } else { w.null() }
        w.key("backgroundTasks")
        w.beginArray()
        for task in instance.backgroundTasks { task.write(to: &w) }
        w.endArray()
        w.key("pendingNotifications")
        w.beginArray()
        for item in instance.pendingNotifications { item.write(to: &w) }
        w.endArray()
        w.field("shownNotification", instance.shownNotification)
        w.field("minimumFetchInterval", instance.minimumFetchInterval.json)
        w.key("data")
        w.beginObject()
        w.field("memory", JSONValue.object(instance.memory))
        w.field("disk", JSONValue.object(instance.disk))
        w.endObject()
        w.field("restorationArchive", instance.restorationArchive)
        w.field("memoryMB", instance.footprintMB)
        w.field("updatedAt", instance.updatedAt)
        w.endObject()
    }

    /// The Device shape, as of device time `now`.
    func deviceJSON(now: Int64) -> JSONValue {
        [
            "id": .string(device.id),
            "osVersion": .string(device.osVersion.description),
            "memoryMB": JSONValue(device.memoryMB),
            "usedMemoryMB": JSONValue(instances.reduce(0) { $0 + $1.footprintMB }),
            "passcode": .bool(device.passcode),
            "clock": device.clock.json,
            "limits": device.limitsJSON,
            "labels": .object(JSONObject(sortedStrings: device.labels)),
            "locked": .bool(device.locked),
            "orientation": .string(device.orientation),
            "time": JSONValue(now),
            "foreground": JSONValue(instances.first { $0.state.isForeground }?.id),
            "call": device.call.map { ["instance": .string($0.instance), "answered": .bool($0.answered)] } ?? .null,
            "instances": .array(instances.map { .string($0.id) }),
            "eventSeq": JSONValue(device.eventSeq),
        ]
    }
}

extension JSONObject {
    init(sortedStrings: [String: String]) {
        self.init()
        for key in sortedStrings.keys.sorted() { self[key] = .string(sortedStrings[key]!) }
    }
}

extension EventOutcome {
    /// The EventResult shape, with the callbacks already rendered (as stored).
    func jsonBytes(callbacks rendered: [StoredCallback]) -> [UInt8] {
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
        for change in changes {
            w.beginObject()
            w.field("instance", change.instance)
            w.field("from", change.from.rawValue)
            w.field("to", change.to.rawValue)
            w.endObject()
        }
        w.endArray()
        w.key("callbacks")
        w.beginArray()
        for callback in rendered { w.raw(callback.body) }
        w.endArray()
        if let result { w.field("result", result) }
        w.endObject()
        return w.bytes
    }
}
