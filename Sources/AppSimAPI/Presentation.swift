import AppSimCore
import AppSimStore

/// The JSON shapes of API.md "Shapes".
extension DeviceSimulation {
    /// The Instance shape, as of device time `now`.
    func json(of instance: Instance, now: Int64) -> JSONValue {
        let remaining = instance.backgroundTimeRemaining(now: now, limit: device.backgroundTaskMillis)
        let object: JSONObject = [
            "id": .string(instance.id),
            "device": .string(instance.device),
            "info": instance.info.json,
            "behavior": instance.behavior.json,
            "state": .string(instance.state.rawValue),
            "applicationState": .string(applicationState(of: instance.id).rawValue),
            "xcuiState": JSONValue(instance.state.xcuiState),
            "launchCount": JSONValue(instance.launchCount),
            "forceQuit": .bool(instance.forceQuit),
            "backgroundTimeRemaining": remaining.map { Seconds.value(millis: $0) } ?? .null,
            "backgroundTasks": .array(instance.backgroundTasks.map(\.json)),
            "pendingNotifications": .array(instance.pendingNotifications.map(\.json)),
            "shownNotification": instance.shownNotification ?? .null,
            "minimumFetchInterval": instance.minimumFetchInterval.json,
            "data": ["memory": .object(instance.memory), "disk": .object(instance.disk)],
            "restorationArchive": instance.restorationArchive ?? .null,
            "memoryMB": JSONValue(instance.footprintMB),
            "updatedAt": JSONValue(instance.updatedAt),
        ]
        return .object(object)
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
