import AppSimCore
import AppSimJSON

/// Event bodies of openapi.yaml (Events): `{"type": …, …}`.
extension Event {
    /// Reads an event body `{"type": …, …}`.
    ///
    /// - Parameter toInstance: the event was posted to an instance, where app events, app actions and device
    ///   events are all accepted; a device takes device events only.
    /// - Throws: `FieldError` naming the bad field (`wrongType` → 400, the others → 422).
    static func decode(_ json: JSONValue, toInstance: Bool) throws(FieldError) -> Event {
        let reader = try FieldReader(json)
        let type = try reader.requiredString("type")
        let isAppType = appEventTypes.contains(type) || appActionTypes.contains(type)
        if !toInstance, isAppType, !deviceEventTypes.contains(type) {
            throw FieldError(.invalidValue, "type", "'\(type)' is an app event: post it to /v1/instances/{id}/events")
        }
        guard isAppType || deviceEventTypes.contains(type) else {
            let known = toInstance ? appEventTypes + appActionTypes + deviceEventTypes.filter { $0 != "memoryWarning" } : deviceEventTypes
            throw FieldError(.invalidValue, "type", "unknown event type '\(type)'; known types: \(known.joined(separator: ", "))")
        }
        func only(_ fields: String...) throws(FieldError) { try reader.allowOnly(Set(fields + ["type"])) }

        switch type {
        case "launch": try only(); return .app(.launch)
        case "home": try only(); return .app(.home)
        case "openURL":
            try only("url", "sourceApplication")
            let url = try reader.requiredString("url")
            guard URLParts.scheme(of: url) != nil else {
                throw reader.invalid("url", "must be an absolute URI (RFC 3986, ASCII, at most \(URLParts.maxBytes) bytes) such as 'notes://item/1', with other characters percent-encoded ('%20' for a space), not '\(url)'")
            }
            return .app(.openURL(url: url, sourceApplication: try reader.string("sourceApplication")))
        case "push":
            try only("payload")
            guard let payload = try reader.keptValue("payload") else { throw reader.missing("payload") }
            guard case .object = payload else {
                throw FieldError(.wrongType, "payload", "'payload' must be a JSON object such as {\"aps\": {\"alert\": \"Hi\"}}, not \(payload.typeName)")
            }
            guard case .object = payload["aps"] else {
                throw reader.invalid("payload", "must have an 'aps' object, as APNs payloads do: {\"aps\": {\"alert\": \"Hi\"}}")
            }
            let size = payload.jsonBytes.count
            guard size <= AppEvent.maxPushPayloadBytes else {
                throw reader.invalid("payload", "is \(size) bytes; APNs payloads are at most \(AppEvent.maxPushPayloadBytes) bytes")
            }
            return .app(.push(payload: payload))
        case "tapNotification": try only(); return .app(.tapNotification)
        case "backgroundFetch": try only(); return .app(.backgroundFetch)
        case "incomingCall": try only(); return .app(.incomingCall)
        case "answerCall": try only(); return .app(.answerCall)
        case "declineCall": try only(); return .app(.declineCall)
        case "endCall": try only(); return .app(.endCall)
        case "alert": try only(); return .app(.alert)
        case "dismissAlert": try only(); return .app(.dismissAlert)
        case "notificationCenter": try only(); return .app(.notificationCenter)
        case "dismissNotificationCenter": try only(); return .app(.dismissNotificationCenter)
        case "memoryWarning": try only(); return toInstance ? .app(.memoryWarning) : .device(.memoryWarning)
        case "forceQuit": try only(); return .app(.forceQuit)
        case "terminate": try only(); return .app(.terminate)
        case "crash":
            try only("duringLaunch")
            return .app(.crash(duringLaunch: try reader.bool("duringLaunch") ?? false))
        case "edit":
            try only("memory", "ui", "scene")
            let memoryReader = try reader.object("memory")
            for key in memoryReader?.object.keys ?? [] { try memoryReader?.checkKept(key) }
            let memory = memoryReader?.object
            try reader.checkKept("ui")
            let ui = reader.object["ui"]
            guard memory != nil || ui != nil else { throw reader.invalid("memory", "or 'ui' must be given: edit changes the app's in-memory data") }
            return .action(.edit(memory: memory, ui: ui, scene: try reader.string("scene")))
        case "openScene": try only(); return .app(.openScene)
        case "closeScene":
            try only("scene")
            return .app(.closeScene(scene: try reader.requiredString("scene")))
        case "disconnectScene":
            try only("scene")
            return .app(.disconnectScene(scene: try reader.requiredString("scene")))
        case "beginBackgroundTask":
            try only("name")
            return .action(.beginBackgroundTask(name: try reader.string("name")))
        case "endBackgroundTask":
            try only("taskId")
            guard let id = try reader.integer("taskId", in: 1...Int(Int32.max)) else { throw reader.missing("taskId") }
            return .action(.endBackgroundTask(taskId: id))
        case "completeFetch":
            try only("result")
            guard let result = try reader.choice("result", FetchResult.self, among: FetchResult.allCases) else {
                throw reader.missing("result")
            }
            return .action(.completeFetch(result: result))
        case "setMinimumFetchInterval":
            try only("seconds")
            guard let interval = try FetchInterval.read(reader, "seconds") else { throw reader.missing("seconds") }
            return .action(.setMinimumFetchInterval(interval))
        case "submitTask":
            try only("identifier", "kind", "earliestBeginSeconds", "requiresExternalPower")
            let identifier = try reader.requiredString("identifier")
            guard let kind = try reader.choice("kind", TaskKind.self, among: TaskKind.allCases) else { throw reader.missing("kind") }
            let earliest = try reader.seconds("earliestBeginSeconds", in: DeviceEvent.taskDelayMillisRange) ?? 0
            let power = try reader.bool("requiresExternalPower") ?? false
            guard !power || kind == .processing else {
                throw reader.invalid("requiresExternalPower", "applies to a processing task only (BGProcessingTaskRequest)")
            }
            return .action(.submitTask(identifier: identifier, kind: kind, earliestBeginMillis: earliest, requiresExternalPower: power))
        case "completeTask":
            try only("success")
            return .action(.completeTask(success: try reader.bool("success") ?? true))
        case "runTask":
            try only("identifier")
            return .device(.runTask(identifier: try reader.requiredString("identifier")))
        case "lock": try only(); return .device(.lock)
        case "unlock": try only(); return .device(.unlock)
        case "reboot": try only(); return .device(.reboot)
        case "memoryPressure":
            try only("freeMB")
            return .device(.memoryPressure(freeMB: try reader.integer("freeMB", in: DeviceEvent.freeMBRange)))
        case "advanceClock":
            try only("seconds")
            guard let millis = try reader.seconds("seconds", in: DeviceEvent.advanceMillisRange) else { throw reader.missing("seconds") }
            return .device(.advanceClock(millis: millis))
        default:
            // What is left of the known types are the device notifications.
            return .device(.notification(try DeviceNotification.decode(type: type, reader: reader)))
        }
    }
}

extension DeviceNotification {
    /// Reads the fields of a device notification of `type` (known to be one of ``Kind``'s).
    static func decode(type: String, reader: FieldReader) throws(FieldError) -> DeviceNotification {
        guard let kind = Kind(rawValue: type) else { throw FieldError(.invalidValue, "type", "unknown event type '\(type)'") }
        var value = JSONObject()
        func only(_ fields: String...) throws(FieldError) { try reader.allowOnly(Set(fields + ["type"])) }
        switch kind {
        case .orientation, .screenMode, .locale:
            try only("value")
            let text = try reader.requiredString("value")
            if kind == .orientation, !orientations.contains(text) {
                throw reader.invalid("value", "must be one of \(orientations.joined(separator: ", ")), not '\(text)'")
            }
            value["value"] = .string(text)
        case .timeChange, .iCloudAccount:
            try only()
        case .battery:
            try only("level", "state")
            if let level = try reader.number("level") {
                guard batteryLevelRange.contains(level) else { throw reader.invalid("level", "must be from 0 to 1, not \(level)") }
                value["level"] = .number(level)
            }
            if let state = try reader.string("state") {
                guard batteryStates.contains(state) else {
                    throw reader.invalid("state", "must be one of \(batteryStates.joined(separator: ", ")), not '\(state)'")
                }
                value["state"] = .string(state)
            }
            guard !value.isEmpty else { throw reader.invalid("level", "or 'state' must be given") }
        case .proximity:
            try only("near")
            guard let near = try reader.bool("near") else { throw reader.missing("near") }
            value["near"] = .bool(near)
        case .accessory, .display:
            try only("connected")
            guard let connected = try reader.bool("connected") else { throw reader.missing("connected") }
            value["connected"] = .bool(connected)
        case .settings:
            try only("changes")
            guard let changes = try reader.object("changes") else { throw reader.missing("changes") }
            _ = try reader.keptValue("changes")
            value["changes"] = .object(changes.object)
        }
        return DeviceNotification(kind: kind, value: value)
    }
}
