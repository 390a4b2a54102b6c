import AppSimCore
import AppSimJSON

/// The Instance and Device shapes of openapi.yaml (Shapes): what they show depends on the device as a whole (the app's
/// `applicationState`, its background time, the device's used memory and foreground app).
extension DeviceSimulation {
    /// The Instance shape, as of device time `now`, written straight to bytes (rendered once per committed change
    /// and served from memory until the next).
    func jsonBytes(of instance: Instance, now: Int64) -> [UInt8] {
        var w = JSONWriter(capacity: 1_024)
        write(instance, now: now, to: &w)
        return w.bytes
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
        w.key("minimumFetchInterval")
        instance.minimumFetchInterval.write(to: &w)
        w.key("data")
        w.beginObject()
        w.field("memory", JSONValue.object(instance.memory))
        w.field("disk", JSONValue.object(instance.disk))
        w.endObject()
        w.field("restorationArchive", instance.restorationArchive)
        w.field("memoryMB", instance.footprintMB)
        w.field("updatedAt", instance.updatedAt)
        w.field("lifecycleModel", instance.info.lifecycleModel.rawValue)
        if instance.info.scenes != nil {
            // Its scenes and their sessions (docs/lifecycle.md, Scenes), in the order they were connected.
            w.key("scenes")
            w.beginArray()
            for scene in instance.scenes {
                w.beginObject()
                w.field("id", scene.id)
                w.field("activationState", scene.activationState.rawValue)
                w.field("session", scene.session)
                w.field("stateRestorationActivity", scene.stateRestorationActivity)
                w.endObject()
            }
            w.endArray()
        }
        if !instance.info.taskIdentifiers.isEmpty {
            // Its pending BGTaskScheduler requests (docs/lifecycle.md, Scheduled tasks), and the scheduled task it runs, if any.
            w.key("taskRequests")
            w.beginArray()
            for request in instance.taskRequests {
                w.beginObject()
                w.field("identifier", request.identifier)
                w.field("kind", request.kind.rawValue)
                w.field("earliestBeginAt", request.earliestBeginAt)
                w.field("requiresExternalPower", request.requiresExternalPower)
                w.field("status", request.continued?.status.rawValue ?? ContinuedTask.Status.pending.rawValue)
                if let continued = request.continued {
                    // What its Live Activity shows (docs/lifecycle.md, Continued processing tasks).
                    w.field("title", continued.title)
                    w.field("subtitle", continued.subtitle)
                    w.key("progress")
                    w.beginObject()
                    w.field("completed", continued.completed)
                    w.field("total", continued.total)
                    w.endObject()
                    w.field("strategy", continued.strategy.rawValue)
                    w.field("requiresGPU", continued.requiresGPU)
                    w.field("startedAt", continued.startedAt)
                }
                w.endObject()
            }
            w.endArray()
            w.key("runningTask")
            if let work = instance.work, let identifier = work.identifier {
                w.beginObject()
                w.field("identifier", identifier)
                w.field("kind", work.kind.rawValue)
                w.field("startedAt", work.startedAt)
                w.field("expiresAt", work.deadline)
                w.endObject()
            } else {
                w.null()
            }
        }
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
            "batteryState": .string(device.batteryState),
            "appSwitcher": .bool(device.appSwitcherOpen),
            "supportsBackgroundGPU": .bool(device.supportsBackgroundGPU),
            "time": JSONValue(now),
            "foreground": JSONValue(foregroundInstance?.id),
            "call": device.call.map { ["instance": .string($0.instance), "answered": .bool($0.answered)] } ?? .null,
            "instances": .array(instances.map { .string($0.id) }),
            "eventSeq": JSONValue(device.eventSeq),
        ]
    }
}

extension BackgroundTask {
    /// An item of the Instance's `backgroundTasks`.
    fileprivate func write(to w: inout JSONWriter) {
        w.beginObject()
        w.field("id", id)
        w.field("name", name)
        w.field("beganAt", beganAt)
        w.field("endsAt", endsAt)
        w.endObject()
    }
}

extension PendingNotification {
    /// An item of the Instance's `pendingNotifications`.
    fileprivate func write(to w: inout JSONWriter) {
        w.beginObject()
        w.field("type", type)
        w.field("name", name)
        w.field("kind", kind.rawValue)
        w.field("notification", notification)
        w.field("args", args)
        w.field("postedAt", postedAt)
        w.endObject()
    }
}

extension JSONObject {
    init(sortedStrings: [String: String]) {
        self.init()
        for key in sortedStrings.keys.sorted() { self[key] = .string(sortedStrings[key]!) }
    }
}
