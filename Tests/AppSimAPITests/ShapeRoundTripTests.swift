@testable import AppSimAPI
import AppSimCore
import AppSimJSON
import AppSimTestSupport
import Testing

/// The API's JSON against the Core: a fully populated value, as a reply shows it, reads back as a request gives it;
/// each shape's writer writes its wire field list and its reader reads every member; and each Core property is
/// shown in its shape or named as one the shape leaves out. A property added to the Core, or a field added to one
/// side of a shape, fails here.
@Suite("Shape round trip")
struct ShapeRoundTripTests {
    /// What `write` writes, read back as a client reads it.
    static func shape(_ write: (inout JSONWriter) -> Void) throws -> JSONValue {
        var writer = JSONWriter()
        write(&writer)
        return try JSONValue.parse(writer.bytes)
    }

    static func keys(_ value: JSONValue?) -> [String] { value?.objectValue?.keys ?? [] }

    static func labels(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }

    @Test("AppInfo: a fully populated info, as a reply shows it, reads back as an install request's; the reply writes AppInfo.wireFields in order, and the request reads each")
    func info() throws {
        let info = FullyPopulated.info
        let unset = FullyPopulated.unset(in: info)
        #expect(unset.isEmpty, "\(FullyPopulated.advice(unset))")
        let json = try Self.shape(info.write)
        #expect(FullyPopulated.propertiesDiffering(try AppInfo(json: json), info) == [])
        #expect(Self.keys(json) == AppInfo.wireFields)
        #expect(Self.keys(json["scenes"]) == SceneManifest.wireFields)
        let ignored = try json.membersIgnored { try AppInfo(json: $0) }
        #expect(ignored == [], "\(FullyPopulated.ignoredAdvice(ignored, by: "AppInfo(json:)"))")
    }

    @Test("AppBehavior: a fully populated behavior, as a reply shows it, reads back as an install request's, with a task time or manual; the reply writes AppBehavior.wireFields in order, and the request reads each")
    func behavior() throws {
        let behavior = FullyPopulated.behavior
        let unset = FullyPopulated.unset(in: behavior)
        #expect(unset.isEmpty, "\(FullyPopulated.advice(unset))")
        let json = try Self.shape(behavior.write)
        #expect(FullyPopulated.propertiesDiffering(try AppBehavior(json: json), behavior) == [])
        #expect(Self.keys(json) == AppBehavior.wireFields)
        let ignored = try json.membersIgnored { try AppBehavior(json: $0) }
        #expect(ignored == [], "\(FullyPopulated.ignoredAdvice(ignored, by: "AppBehavior(json:)"))")
        var manual = behavior
        manual.taskMillis = nil
        #expect(try AppBehavior(json: Self.shape(manual.write)) == manual)
    }

    /// The Device shape of `device`, with no apps, at its own time.
    static func deviceShape(_ device: Device) -> JSONValue { DeviceSimulation(device: device).deviceJSON(now: device.nowMillis) }

    /// A create request with the settings `shape` shows.
    static func createRequest(from shape: JSONValue) -> JSONValue {
        var request = JSONObject()
        for key in Device.wireFields { request[key] = shape[key] }
        return .object(request)
    }

    @Test("Device: the settings of a fully populated device, as a reply shows them, read back as a create request's, with either clock; the reply shows Device.wireFields, its limits DeviceLimits.wireFields in order and its clock DeviceClock.wireFields, and the request reads each")
    func deviceSettings() throws {
        let device = FullyPopulated.device
        let unset = FullyPopulated.unset(in: device)
        #expect(unset.isEmpty, "\(FullyPopulated.advice(unset))")
        let shape = Self.deviceShape(device)
        #expect(Device.wireFields.allSatisfy(Self.keys(shape).contains))
        #expect(Self.keys(shape["limits"]) == DeviceLimits.wireFields)
        #expect(Self.keys(shape["clock"]) == DeviceClock.wireFields)
        let request = Self.createRequest(from: shape)
        let read = try Device(id: device.id, json: request, wallMillis: 0)
        #expect(FullyPopulated.propertiesDiffering(read.limits, device.limits) == [])
        // Device.wireFields name the properties a create request sets, which come back; the rest is the device's
        // state, which no request gives.
        let labels = Self.labels(device)
        #expect(Device.wireFields.allSatisfy(labels.contains))
        #expect(FullyPopulated.propertiesDiffering(read, device) == labels.filter { $0 != "id" && !Device.wireFields.contains($0) })
        // A manual clock shows no speed, so its mode is read where the realtime clock's is the default.
        var manual = device
        manual.clock = FullyPopulated.manualClock
        let manualRequest = Self.createRequest(from: Self.deviceShape(manual))
        #expect(try Device(id: device.id, json: manualRequest, wallMillis: 0).clock == DeviceClock(mode: .manual))
        let ignored = try JSONValue.membersIgnored(in: [request, manualRequest]) { try Device(id: device.id, json: $0, wallMillis: 0) }
        #expect(ignored == [], "\(FullyPopulated.ignoredAdvice(ignored, by: "Device(id:json:wallMillis:)"))")
    }

    /// Each stored property of Device, and the member of the Device shape that shows it; nil: the shape leaves it out.
    static let deviceShown: [(property: String, member: String?)] = [
        ("id", "id"), ("osVersion", "osVersion"), ("memoryMB", "memoryMB"), ("passcode", "passcode"), ("clock", "clock"),
        ("limits", "limits"), ("labels", "labels"),
        ("lock", "locked"),  // the app to bring back at unlock is the server's to know
        ("orientation", "orientation"), ("batteryState", "batteryState"),
        ("nowMillis", "time"),  // as of the reply, with wallAnchorMillis
        ("wallAnchorMillis", nil),
        ("createdAtWallMillis", nil),  // a wall time; replies give device times
        ("eventSeq", "eventSeq"),
        ("nextInstanceNumber", nil),  // the N of the next app's id
        ("call", "call"),
        ("appSwitcherOpen", "appSwitcher"),
        ("supportsBackgroundGPU", "supportsBackgroundGPU"),
    ]

    @Test("Device: every stored property of a fully populated device is shown in the Device shape, or named as one the shape leaves out")
    func deviceShown() {
        let device = FullyPopulated.device
        #expect(Self.deviceShown.map(\.property) == Self.labels(device),
                "a property of Device is new or gone: show it in the Device shape (DeviceSimulation+JSON.swift, openapi.yaml) or name it in deviceShown as one the shape leaves out")
        let keys = Self.keys(Self.deviceShape(device))
        for case (let property, let member?) in Self.deviceShown {
            #expect(keys.contains(member), "Device.\(property) is shown as \(member)")
        }
    }

    /// The Instance shape of `instance`, on the fully populated device, at its time.
    static func instanceShape(_ instance: Instance) throws -> JSONValue {
        let simulation = DeviceSimulation(device: FullyPopulated.device, instances: [instance])
        return try JSONValue.parse(simulation.jsonBytes(of: instance, now: FullyPopulated.device.nowMillis))
    }

    /// Each stored property of Instance, and the member of the Instance shape that shows it; nil: the shape leaves it out.
    static let instanceShown: [(property: String, member: String?)] = [
        ("id", "id"), ("device", "device"),
        ("number", nil),  // the N of its id
        ("info", "info"), ("behavior", "behavior"),
        ("lifecycle", "state"),  // with backgroundTasks, pendingNotifications and runningTask; not the interruption
        ("launchCount", "launchCount"), ("forceQuit", "forceQuit"),
        ("nextTaskId", nil),  // the id of the next background task
        ("shownNotification", "shownNotification"), ("memory", "data"), ("disk", "data"),
        ("restorationArchive", "restorationArchive"), ("minimumFetchInterval", "minimumFetchInterval"),
        ("taskRequests", "taskRequests"),
        ("silentPushTimes", nil),  // the budget's count, the server's to keep
        ("scenes", "scenes"),
        ("nextSceneNumber", nil),  // the N of the next scene's id
        ("discardedSessions", nil),  // told to the app at its next launch (application:didDiscardSceneSessions:)
        ("nextSeq", nil),  // the seq of the next callback
        ("updatedAt", "updatedAt"),
    ]

    @Test("Instance: every stored property of a fully populated instance is shown in the Instance shape, or named as one the shape leaves out")
    func instanceShown() throws {
        let instance = FullyPopulated.instance
        let unset = FullyPopulated.unset(in: instance)
        #expect(unset.isEmpty, "\(FullyPopulated.advice(unset))")
        #expect(Self.instanceShown.map(\.property) == Self.labels(instance),
                "a property of Instance is new or gone: show it in the Instance shape (DeviceSimulation+JSON.swift, openapi.yaml) or name it in instanceShown as one the shape leaves out")
        let shape = try Self.instanceShape(instance)
        for case (let property, let member?) in Self.instanceShown {
            #expect(Self.keys(shape).contains(member), "Instance.\(property) is shown as \(member)")
        }
        #expect(shape["info"] == (try Self.shape(instance.info.write)))
        #expect(shape["behavior"] == (try Self.shape(instance.behavior.write)))
    }

    /// The names of the properties of schema `name` in openapi.yaml's components, in order.
    static func specProperties(_ name: String) -> [String] {
        let lines = String(decoding: PackageResources.openapi_yaml, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard let schemas = lines.firstIndex(of: "  schemas:"),
              let start = lines[schemas...].firstIndex(of: "    \(name):") else { return [] }
        var names: [String] = []
        var inProperties = false
        for line in lines[(start + 1)...] {
            let indent = line.prefix { $0 == " " }.count
            if !line.isEmpty && indent <= 4 { break }
            if indent == 6 { inProperties = line == "      properties:" }
            if inProperties, indent == 8, let colon = line.firstIndex(of: ":") { names.append(String(line[..<colon].dropFirst(8))) }
        }
        return names
    }

    @Test("openapi.yaml's schemas name the fields the readers take and the writers write, in the writers' order; a request's schema and its reply's agree")
    func specNamesTheWireFields() throws {
        #expect(Self.specProperties("AppInfo") == AppInfo.wireFields)
        #expect(Self.specProperties("InstalledAppInfo") == AppInfo.wireFields)
        #expect(Self.specProperties("AppBehavior") == AppBehavior.wireFields)
        #expect(Self.specProperties("InstalledAppBehavior") == AppBehavior.wireFields)
        #expect(Self.specProperties("DeviceLimitsInForce") == DeviceLimits.wireFields)
        #expect(Self.specProperties("DeviceCreate") == Device.wireFields)
        #expect(Self.specProperties("DeviceClock") == DeviceClock.wireFields)
        #expect(Self.specProperties("DeviceLimits") == DeviceLimits.wireFields)
        #expect(Self.specProperties("Device") == Self.keys(Self.deviceShape(FullyPopulated.device)))
        #expect(Self.specProperties("Instance") == Self.keys(try Self.instanceShape(FullyPopulated.instance)))
    }
}
