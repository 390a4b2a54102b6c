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
        Self.write(instance.info, to: &w)
        w.key("behavior")
        Self.write(instance.behavior, to: &w)
        w.field("state", instance.state.rawValue)
        w.field("applicationState", applicationState(of: instance.id).rawValue)
        w.field("xcuiState", instance.state.xcuiState)
        w.field("launchCount", instance.launchCount)
        w.field("forceQuit", instance.forceQuit)
        w.key("backgroundTimeRemaining")
        if let remaining { w.number(Double(remaining) / 1000) } else { w.null() }
        w.key("backgroundTasks")
        w.beginArray()
        for task in instance.backgroundTasks {
            w.beginObject()
            w.field("id", task.id)
            w.field("name", task.name)
            w.field("beganAt", task.beganAt)
            w.field("endsAt", task.endsAt)
            w.endObject()
        }
        w.endArray()
        w.key("pendingNotifications")
        w.beginArray()
        for item in instance.pendingNotifications {
            w.beginObject()
            w.field("type", item.type)
            w.field("name", item.name)
            w.field("notification", item.notification)
            w.field("args", item.args)
            w.field("postedAt", item.postedAt)
            w.endObject()
        }
        w.endArray()
        w.field("shownNotification", instance.shownNotification)
        w.key("minimumFetchInterval")
        Self.write(instance.minimumFetchInterval, to: &w)
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

    static func write(_ info: AppInfo, to w: inout JSONWriter) {
        w.beginObject()
        w.field("bundleId", info.bundleId)
        w.field("backgroundModes", strings: info.backgroundModes.map(\.rawValue))
        w.field("exitsOnSuspend", info.exitsOnSuspend)
        w.field("urlSchemes", strings: info.urlSchemes)
        w.field("stateRestoration", info.stateRestoration)
        w.field("dataProtection", info.dataProtection)
        w.field("memoryMB", info.memoryMB)
        w.field("backgroundMemoryMB", info.backgroundMemoryMB)
        w.endObject()
    }

    static func write(_ behavior: AppBehavior, to w: inout JSONWriter) {
        w.beginObject()
        w.field("launchSeconds", Double(behavior.launchMillis) / 1000)
        w.field("backgroundSeconds", Double(behavior.backgroundMillis) / 1000)
        w.field("terminateSeconds", Double(behavior.terminateMillis) / 1000)
        w.field("saveOn", strings: behavior.saveOn.map(\.rawValue))
        w.field("backgroundTaskSeconds", Double(behavior.backgroundTaskMillis) / 1000)
        w.field("endsTaskOnExpiration", behavior.endsTaskOnExpiration)
        w.field("fetchResult", behavior.fetchResult.rawValue)
        w.field("fetchSeconds", Double(behavior.fetchMillis) / 1000)
        w.field("opensURLs", behavior.opensURLs)
        w.key("minimumFetchInterval")
        write(behavior.minimumFetchInterval, to: &w)
        w.endObject()
    }

    static func write(_ interval: FetchInterval, to w: inout JSONWriter) {
        switch interval {
        case .never: w.string("never")
        case .millis(let millis): w.number(Double(millis) / 1000)
        }
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
