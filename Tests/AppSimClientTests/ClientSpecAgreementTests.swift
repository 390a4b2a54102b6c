@testable import AppSimClient
import AppSimJSON
import AppSimTestSupport
import Foundation
import Testing

/// The hand-written Swift client held to openapi.yaml, operation by operation and field by field (docs/clients.md
/// says why it is not generated): every operation of the spec has its client operation with the same method, path
/// and query parameters; every reply the spec describes, filled in to its last optional field, decodes into the
/// client's type and encodes back to the same JSON, with no client property left unset; every request field and
/// event type the spec has, the client can send.
@Suite("The Swift client agrees with openapi.yaml")
struct ClientSpecAgreementTests {
    static let document: JSONValue = {
        do { return try OpenAPIDocument.load() } catch { return .null }
    }()

    static func schema(_ name: String) -> JSONValue {
        document["components"]?["schemas"]?[name] ?? .null
    }

    // MARK: Operations

    /// One client operation, built with every optional argument set.
    struct ClientOperation {
        var id: String
        var method: String
        var path: String
        var query: [String]
        var headers: [String] = []
        var body: JSONValue?
        /// Decodes a reply with the operation's own decoder and encodes the value again; nil for text and no content.
        var roundTrip: (@Sendable (Data) throws -> Data)?
    }

    static func operation<Value: Codable & Sendable>(_ id: String, _ operation: AppSimClient.Operation<Value>) -> ClientOperation {
        ClientOperation(
            id: id, method: operation.method, path: operation.path, query: operation.query.map(\.name),
            body: operation.body.flatMap { try? JSONValue.parse(Array($0)) },
            roundTrip: { try JSONCoding.data(try operation.decode($0)) })
    }

    /// An operation whose answer is text (YAML, Prometheus), read as it comes.
    static func textOperation(_ id: String, _ operation: AppSimClient.Operation<String>) -> ClientOperation {
        ClientOperation(id: id, method: operation.method, path: operation.path, query: operation.query.map(\.name), body: nil, roundTrip: nil)
    }

    static func operation<Value>(_ id: String, _ operation: AppSimClient.Operation<Value>) -> ClientOperation {
        ClientOperation(
            id: id, method: operation.method, path: operation.path, query: operation.query.map(\.name),
            body: operation.body.flatMap { try? JSONValue.parse(Array($0)) }, roundTrip: nil)
    }

    static let device = "d7zpma4q"
    static let instance = "d7zpma4q.1"

    /// Every operation the client has, by the spec's `operationId`, each with all its arguments.
    static var clientOperations: [ClientOperation] {
        let client = AppSimClient(url: URL(string: "http://127.0.0.1:1")!)
        return [
            operation("health", .health()),
            textOperation("openapi", .openapi()),
            textOperation("metrics", .metrics()),
            operation("createDevice", .createDevice(fullDeviceSettings)),
            operation("listDevices", .listDevices(limit: 10, after: device, scope: .node)),
            operation("getDevice", .getDevice(device, waitForForeground: instance, timeout: 5)),
            operation("deleteDevice", .deleteDevice(device)),
            operation("listDeviceEvents", .listDeviceEvents(device, after: 3, limit: 10)),
            operation("postDeviceEvent", .postDeviceEvent(device, .lock)),
            operation("install", .install(info: fullAppInfo, behavior: fullAppBehavior)),
            operation("installOnDevice", .install(device: device, info: fullAppInfo, behavior: fullAppBehavior)),
            operation("listInstances", .listInstances(device: device, state: .suspended, bundleId: "com.example.notes", limit: 10, after: instance, scope: .node)),
            operation("installBatch", .installBatch(count: 2, appsPerDevice: 2, info: fullAppInfo, behavior: fullAppBehavior)),
            operation("installBatchOnDevice", .installBatch(onDevice: device, count: 2, info: fullAppInfo, behavior: fullAppBehavior)),
            operation("getInstance", .getInstance(instance, waitFor: .suspended, timeout: 5)),
            operation("uninstall", .uninstall(instance)),
            operation("postInstanceEvent", .postInstanceEvent(instance, .home)),
            operation("listCallbacks", .listCallbacks(instance, after: 3, limit: 10, wait: 5)),
            // The streams resume with the header Last-Event-ID (EventSource), which the spec offers beside the query's
            // `after`.
            ClientOperation(id: "streamDevice", method: "GET", path: client.streamDevice(device).source.path, query: [], headers: ["Last-Event-ID"], body: nil, roundTrip: nil),
            ClientOperation(id: "streamInstance", method: "GET", path: client.streamInstance(instance).source.path, query: [], headers: ["Last-Event-ID"], body: nil, roundTrip: nil),
        ]
    }

    /// Body fields the client never sends because it names the same thing in the path, where a cluster's proxy
    /// routes by it: a device to install on goes to `installOnDevice`.
    static let leftToThePath: Set<String> = ["install.device"]

    /// What the client leaves to the browser: the dashboard's page and files.
    static let browserOperations: Set<String> = ["dashboard", "dashboardFile"]

    /// The spec's operations: id, method, path template, query parameters, request schema, reply schema.
    struct SpecOperation {
        var id: String
        var method: String
        var path: String
        var query: [String]
        var headers: [String]
        var request: JSONValue?
        var reply: JSONValue?
    }

    static var specOperations: [SpecOperation] {
        var operations: [SpecOperation] = []
        for (path, item) in document["paths"]?.objectValue ?? [:] {
            for (method, operation) in item.objectValue ?? [:] where ["get", "post", "delete", "put", "patch"].contains(method) {
                let parameters = (operation["parameters"]?.arrayValue ?? []).map { OpenAPIDocument.resolve($0, in: document) }
                let replies = operation["responses"]?.objectValue ?? [:]
                let success = replies.first { $0.key.hasPrefix("2") }.map { OpenAPIDocument.resolve($0.value, in: document) }
                operations.append(SpecOperation(
                    id: operation["operationId"]?.stringValue ?? "\(method) \(path)",
                    method: method.uppercased(), path: path,
                    query: parameters.filter { $0["in"]?.stringValue == "query" }.compactMap { $0["name"]?.stringValue },
                    headers: parameters.filter { $0["in"]?.stringValue == "header" }.compactMap { $0["name"]?.stringValue },
                    request: operation["requestBody"]?["content"]?["application/json"]?["schema"],
                    reply: success?["content"]?["application/json"]?["schema"]))
            }
        }
        return operations
    }

    /// Whether `path` is `template` with its `{parameters}` filled in.
    static func path(_ path: String, matches template: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        let templateParts = template.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == templateParts.count && zip(parts, templateParts).allSatisfy { part, templatePart in
            templatePart.hasPrefix("{") ? !part.isEmpty : part == templatePart
        }
    }

    @Test("openapi.yaml loads")
    func documentLoads() {
        #expect(Self.document["paths"]?.objectValue?.isEmpty == false, "openapi.yaml could not be read with python3 and PyYAML (scripts/setup installs them)")
    }

    @Test("every operation of openapi.yaml has a client operation with its method, path and query parameters, and no other")
    func operationsAgree() throws {
        let spec = Dictionary(uniqueKeysWithValues: Self.specOperations.map { ($0.id, $0) })
        let client = Self.clientOperations
        #expect(Set(client.map(\.id)) == Set(spec.keys).subtracting(Self.browserOperations),
                "the client lacks \(Set(spec.keys).subtracting(Self.browserOperations).subtracting(client.map(\.id)).sorted()), the spec lacks \(Set(client.map(\.id)).subtracting(spec.keys).sorted())")
        for operation in client {
            let expected = try #require(spec[operation.id], "\(operation.id) is not in openapi.yaml")
            #expect(operation.method == expected.method, "\(operation.id)")
            #expect(Self.path(operation.path, matches: expected.path), "\(operation.id): \(operation.path) is not \(expected.path)")
            if operation.headers.isEmpty {
                #expect(Set(operation.query) == Set(expected.query), "\(operation.id): the client sends \(operation.query.sorted()), the spec has \(expected.query.sorted())")
            } else {
                #expect(Set(operation.query).isSubset(of: expected.query), "\(operation.id): the client sends \(operation.query.sorted()), the spec has \(expected.query.sorted())")
                #expect(Set(operation.headers.map { $0.lowercased() }).isSubset(of: expected.headers.map { $0.lowercased() }),
                        "\(operation.id): the client sends the headers \(operation.headers), the spec has \(expected.headers)")
            }
            #expect((operation.body == nil) == (expected.request == nil), "\(operation.id): a body on one side only")
        }
    }

    @Test("each request body the client sends has the fields of its schema in openapi.yaml, every one of them when all are set")
    func requestBodiesAgree() throws {
        let spec = Dictionary(uniqueKeysWithValues: Self.specOperations.map { ($0.id, $0) })
        for operation in Self.clientOperations {
            guard let body = operation.body, let schema = spec[operation.id]?.request else { continue }
            let resolved = OpenAPIDocument.resolve(schema, in: Self.document)
            // The event unions are checked event by event below.
            guard resolved["oneOf"] == nil else { continue }
            let problems = SchemaSample.differences(body, from: resolved, in: Self.document, path: operation.id, requireAll: true)
                .filter { problem in !Self.leftToThePath.contains { problem.hasPrefix($0 + ":") } }
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }

    @Test("every reply of openapi.yaml, filled in to its last optional field, decodes into the client's type and encodes back the same, leaving none of its properties unset")
    func repliesAgree() throws {
        let spec = Dictionary(uniqueKeysWithValues: Self.specOperations.map { ($0.id, $0) })
        for operation in Self.clientOperations {
            guard let roundTrip = operation.roundTrip else { continue }
            let schema = try #require(spec[operation.id]?.reply, "\(operation.id) has no JSON reply in openapi.yaml")
            try Self.expectRoundTrip(operation.id, schema: schema) { try roundTrip($0) }
        }
    }

    /// Decodes `schema`'s sample with `roundTrip`, and expects the same JSON back.
    static func expectRoundTrip(_ name: String, schema: JSONValue, _ roundTrip: (Data) throws -> Data) throws {
        let sample = SchemaSample.value(of: schema, in: document)
        let encoded: Data
        do { encoded = try roundTrip(Data(sample.jsonBytes)) } catch {
            Issue.record("\(name): the client cannot read what openapi.yaml describes: \(Self.describe(error))")
            return
        }
        let back = try JSONValue.parse(Array(encoded), maxDepth: 256)
        let problems = SchemaSample.differences(sample, back, path: name)
        #expect(problems.isEmpty, "\(name): what openapi.yaml describes and what the client keeps of it differ:\n\(problems.joined(separator: "\n"))")
    }

    /// Decodes `schema`'s sample into `Value` and expects every stored property set: a property the spec lacks
    /// stays nil.
    static func expectAllSet<Value: Decodable>(_ type: Value.Type, schema: JSONValue) throws {
        let sample = SchemaSample.value(of: schema, in: document)
        let value: Value
        do { value = try JSONCoding.decode(Value.self, from: Data(sample.jsonBytes)) } catch {
            Issue.record("\(Value.self): the client cannot read what openapi.yaml describes: \(Self.describe(error))")
            return
        }
        let unset = Self.unset(value, path: "\(Value.self)")
        #expect(unset.isEmpty, "properties of the client that openapi.yaml does not describe: \(unset)")
    }

    @Test("the client's reply types have no property that openapi.yaml does not describe")
    func noPropertyBeyondTheSpec() throws {
        try Self.expectAllSet(Device.self, schema: Self.schema("Device"))
        try Self.expectAllSet(DevicePage.self, schema: Self.schema("DevicePage"))
        try Self.expectAllSet(Instance.self, schema: Self.schema("Instance"))
        try Self.expectAllSet(InstancePage.self, schema: Self.schema("InstancePage"))
        try Self.expectAllSet(BatchResult.self, schema: Self.schema("BatchResult"))
        try Self.expectAllSet(CallbackPage.self, schema: Self.schema("CallbackPage"))
        try Self.expectAllSet(EventResult.self, schema: Self.schema("EventResult"))
        try Self.expectAllSet(JournalPage.self, schema: Self.schema("JournalPage"))
        try Self.expectAllSet(StateChangeMessage.self, schema: Self.schema("StateChangeMessage"))
        try Self.expectAllSet(DeviceStreamMessage.self, schema: Self.schema("DeviceStreamMessage"))
        try Self.expectAllSet(ProblemDocument.self, schema: Self.schema("Problem"))
        let health = try #require(Self.specOperations.first { $0.id == "health" }?.reply)
        try Self.expectAllSet(Health.self, schema: health)
    }

    @Test("the streams' messages and the problem document decode as openapi.yaml describes them")
    func messagesAgree() throws {
        try Self.expectRoundTrip("StateChangeMessage", schema: Self.schema("StateChangeMessage")) {
            try JSONCoding.data(try JSONCoding.decode(StateChangeMessage.self, from: $0))
        }
        try Self.expectRoundTrip("DeviceStreamMessage", schema: Self.schema("DeviceStreamMessage")) {
            try JSONCoding.data(try JSONCoding.decode(DeviceStreamMessage.self, from: $0))
        }
        try Self.expectRoundTrip("Callback", schema: Self.schema("Callback")) {
            try JSONCoding.data(try JSONCoding.decode(Callback.self, from: $0))
        }
        try Self.expectRoundTrip("Problem", schema: Self.schema("Problem")) {
            try JSONCoding.data(try JSONCoding.decode(ProblemDocument.self, from: $0))
        }
        let dropped = SchemaSample.value(of: Self.schema("DroppedMessage"), in: Self.document)
        #expect(try JSONCoding.decode(DroppedMessage.self, from: Data(dropped.jsonBytes)).dropped == dropped["dropped"]?.int64Value)
    }

    @Test("the client's enumerations have openapi.yaml's values")
    func enumerationsAgree() {
        func values(_ schema: JSONValue) -> Set<String> {
            Set((OpenAPIDocument.resolve(schema, in: Self.document)["enum"]?.arrayValue ?? []).compactMap(\.stringValue))
        }
        #expect(Set(LifecycleState.allCases.map(\.rawValue)) == values(Self.schema("LifecycleState")))
        #expect(Set(ApplicationState.allCases.map(\.rawValue)) == values(Self.schema("ApplicationState")))
        #expect(Set(DeviceSettings.Clock.Mode.allCases.map(\.rawValue)) == values(Self.schema("ClockMode")))
        #expect(Set(Callback.Kind.allCases.map(\.rawValue)) == values(Self.schema("Callback")["properties"]?["kind"] ?? .null))
        #expect(Set(AppBehavior.SaveMoment.allCases.map(\.rawValue)) == values(Self.schema("AppBehavior")["properties"]?["saveOn"]?["items"] ?? .null))
        #expect(Set(AppBehavior.FetchResult.allCases.map(\.rawValue)) == values(Self.schema("AppBehavior")["properties"]?["fetchResult"] ?? .null))
        #expect(Set(PushDelivery.allCases.map(\.rawValue)) == values(Self.schema("EventOutcomeResult")["oneOf"]?.arrayValue?.compactMap { $0["properties"]?["delivery"] }.first ?? .null))
        #expect(Set(ProblemType.all.map(\.rawValue)) == values(Self.schema("Problem")["properties"]?["type"] ?? .null))
    }

    // MARK: Request objects

    /// A request object's typed accessors by the member each reads, to check that each reads its member as the
    /// spec types it.
    typealias Accessors<Value> = KeyValuePairs<String, (Value) -> Any?>

    static var appInfoAccessors: Accessors<AppInfo> { [
        "bundleId": { $0.fields["bundleId"] == nil ? nil : $0.bundleId }, "backgroundModes": { $0.backgroundModes },
        "exitsOnSuspend": { $0.exitsOnSuspend }, "urlSchemes": { $0.urlSchemes }, "stateRestoration": { $0.stateRestoration },
        "dataProtection": { $0.dataProtection }, "memoryMB": { $0.memoryMB }, "backgroundMemoryMB": { $0.backgroundMemoryMB },
        "scenes": { $0.scenes }, "userNotifications": { $0.userNotifications }, "taskIdentifiers": { $0.taskIdentifiers },
        "sdkVersion": { $0.sdkVersion }, "ui": { $0.ui },
    ] }

    static var appBehaviorAccessors: Accessors<AppBehavior> { [
        "launchSeconds": { $0.launchSeconds }, "backgroundSeconds": { $0.backgroundSeconds },
        "terminateSeconds": { $0.terminateSeconds }, "saveOn": { $0.saveOn }, "backgroundTaskSeconds": { $0.backgroundTaskSeconds },
        "endsTaskOnExpiration": { $0.endsTaskOnExpiration }, "fetchResult": { $0.fetchResult }, "fetchSeconds": { $0.fetchSeconds },
        "opensURLs": { $0.opensURLs }, "minimumFetchInterval": { $0.minimumFetchInterval }, "taskSeconds": { $0.taskSeconds },
        "presentationOptions": { $0.presentationOptions }, "taskSuccess": { $0.taskSuccess },
    ] }

    static var deviceSettingsAccessors: Accessors<DeviceSettings> { [
        "osVersion": { $0.osVersion }, "memoryMB": { $0.memoryMB }, "passcode": { $0.passcode }, "clock": { $0.clock },
        "limits": { $0.limits }, "labels": { $0.labels }, "supportsBackgroundGPU": { $0.supportsBackgroundGPU },
    ] }

    static func expectAccessors<Value: JSONFields>(_ accessors: Accessors<Value>, schema name: String) throws {
        let schema = Self.schema(name)
        let members = Set((schema["properties"]?.objectValue ?? [:]).map(\.key))
        #expect(Set(accessors.map(\.key)) == members, "\(Value.self)'s typed accessors read \(accessors.map(\.key).sorted()), openapi.yaml's \(name) has \(members.sorted())")
        let value = try JSONCoding.decode(Value.self, from: Data(SchemaSample.value(of: schema, in: document).jsonBytes))
        for (member, read) in accessors {
            #expect(read(value) != nil, "\(Value.self)'s accessor for \(member) does not read what openapi.yaml describes: \(value.fields[member].map { "\($0)" } ?? "absent")")
        }
    }

    @Test("AppInfo, AppBehavior and DeviceSettings have a typed accessor for each field of their schemas, reading it as the spec types it")
    func requestObjectsAgree() throws {
        try Self.expectAccessors(Self.appInfoAccessors, schema: "AppInfo")
        try Self.expectAccessors(Self.appBehaviorAccessors, schema: "AppBehavior")
        try Self.expectAccessors(Self.deviceSettingsAccessors, schema: "DeviceCreate")
    }

    static var fullAppInfo: AppInfo {
        var info = AppInfo(
            bundleId: "com.example.notes", backgroundModes: ["fetch"], exitsOnSuspend: false, urlSchemes: ["notes"],
            stateRestoration: true, dataProtection: true, memoryMB: 100, backgroundMemoryMB: 50)
        info.scenes = SceneManifest(supportsMultiple: true)
        info.userNotifications = true
        info.taskIdentifiers = ["com.example.notes.refresh"]
        info.sdkVersion = "27.0"
        info.ui = "swiftui"
        return info
    }

    static var fullAppBehavior: AppBehavior {
        AppBehavior(
            launchSeconds: 1, backgroundSeconds: 1, terminateSeconds: 1, saveOn: [.background], backgroundTaskSeconds: 10,
            endsTaskOnExpiration: true, fetchResult: .newData, fetchSeconds: 1, opensURLs: true,
            minimumFetchInterval: .seconds(60), taskSeconds: 5, taskSuccess: true, presentationOptions: ["banner"])
    }

    static var fullDeviceSettings: DeviceSettings {
        var settings = DeviceSettings(
            osVersion: "17.0", memoryMB: 4096, passcode: true, clock: DeviceSettings.Clock(mode: .realtime, speed: 2),
            limits: Device.Limits(
                suspendDelaySeconds: 5, backgroundTaskSeconds: 30, launchSeconds: 20, backgroundSeconds: 5, terminateSeconds: 5,
                fetchSeconds: 30, appRefreshTaskSeconds: 30, processingTaskSeconds: 60, continuedProcessingTasks: 2,
                continuedProcessingStallSeconds: 45, backgroundPushesPerHour: 3),
            labels: ["team": "ios"])
        settings.supportsBackgroundGPU = true
        return settings
    }

    // MARK: Events

    /// One event of each type the client can build, with every field it takes.
    static let clientEvents: [AppSimEvent] = [
        .launch, .home, .openURL("notes://x", sourceApplication: "com.apple.mobilesafari"), .push(["aps": ["alert": "hi"]]),
        .tapNotification, .backgroundFetch, .incomingCall, .answerCall, .declineCall, .endCall, .alert, .dismissAlert,
        .notificationCenter, .dismissNotificationCenter, .memoryWarning, .forceQuit, .terminate, .crash(duringLaunch: true),
        .openScene, .closeScene("d7zpma4q.1.s1"), .disconnectScene("d7zpma4q.1.s1"),
        .edit(memory: ["draft": "hello"], ui: ["tab": 1], scene: "d7zpma4q.1.s1"), .beginBackgroundTask(name: "upload"),
        .endBackgroundTask(taskId: 1), .completeFetch(.newData), .setMinimumFetchInterval(.never),
        .submitTask("com.example.notes.refresh", kind: "processing", earliestBeginSeconds: 60, requiresExternalPower: true),
        .completeTask(success: true, identifier: "com.example.notes.export.1"), .runTask("com.example.notes.refresh"),
        .submitContinuedTask("com.example.notes.export.1", title: "Exporting", subtitle: "2 notes", strategy: "fail", requiresGPU: true),
        .reportProgress("com.example.notes.export.1", completed: 1, total: 2),
        .updateTitle("com.example.notes.export.1", title: "Exporting", subtitle: "1 note"), .cancelTask("com.example.notes.export.1"),
        .lock, .unlock, .reboot, .appSwitcher, .dismissAppSwitcher, .memoryPressure(freeMB: 100), .advanceClock(seconds: 60), .orientation("landscapeLeft"),
        .timeChange, .battery(level: 0.5, state: "charging"), .proximity(near: true), .accessory(connected: true),
        .display(connected: true), .screenMode("dark"), .settings(["boldText": true]), .locale("fr_FR"), .iCloudAccount,
    ]

    @Test("the client builds every event type of openapi.yaml, each with fields its schema has, and knows which are device events")
    func eventsAgree() throws {
        let schemas = try #require(Self.document["components"]?["schemas"]?.objectValue)
        func members(_ union: String) -> [String: JSONValue] {
            var byType: [String: JSONValue] = [:]
            for member in schemas[union]?["oneOf"]?.arrayValue ?? [] {
                let schema = OpenAPIDocument.resolve(member, in: Self.document)
                if let type = schema["properties"]?["type"]?["const"]?.stringValue { byType[type] = schema }
            }
            return byType
        }
        let appEvents = members("InstanceEvent")
        let deviceEvents = members("DeviceEvent")
        let all = appEvents.merging(deviceEvents) { first, _ in first }
        #expect(Set(Self.clientEvents.map(\.type)) == Set(all.keys),
                "the client builds no \(Set(all.keys).subtracting(Self.clientEvents.map(\.type)).sorted()); openapi.yaml has no \(Set(Self.clientEvents.map(\.type)).subtracting(all.keys).sorted())")
        #expect(AppSimEvent.deviceEventTypes == Set(deviceEvents.keys))
        for event in Self.clientEvents {
            let schema = try #require(all[event.type])
            let body = try JSONValue.parse(Array(JSONCoding.data(event)))
            let problems = SchemaSample.differences(body, from: schema, in: Self.document, path: event.type, requireAll: false)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }

    /// A decoding error with the path it happened at.
    static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            "no \((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .dataCorrupted(let context)?:
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        default:
            "\(error)"
        }
    }

    // MARK: Unset properties

    /// The paths of `value`'s stored properties that are nil or empty, at any depth.
    static func unset(_ value: Any, path: String) -> [String] {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first else { return [path] }
            return unset(wrapped.value, path: path)
        case .struct where !(value is any JSONFields):
            return mirror.children.flatMap { unset($0.value, path: "\(path).\($0.label ?? "?")") }
        case .collection:
            guard let first = mirror.children.first else { return ["\(path) (empty)"] }
            return unset(first.value, path: "\(path)[0]")
        default:
            return []
        }
    }
}

/// A value for a schema with every optional member present, and where JSON differs from what a schema says.
enum SchemaSample {
    /// A value of `schema` with every property present and not null: the first choice of a union or enumeration,
    /// the example of a string, an array of one.
    static func value(of schema: JSONValue, in document: JSONValue, depth: Int = 0) -> JSONValue {
        let schema = OpenAPIDocument.resolve(schema, in: document)
        guard depth < 32 else { return .null }
        if let constant = schema["const"] { return constant }
        if let first = schema["enum"]?.arrayValue?.first(where: { !$0.isNull }) { return first }
        for union in ["oneOf", "anyOf"] {
            if let members = schema[union]?.arrayValue,
               let member = members.first(where: { OpenAPIDocument.resolve($0, in: document)["type"]?.stringValue != "null" }) {
                return value(of: member, in: document, depth: depth + 1)
            }
        }
        if let parts = schema["allOf"]?.arrayValue, parts.count == 1 {
            return value(of: parts[0], in: document, depth: depth + 1)
        }
        // An `allOf` beside `properties` holds rules between fields (`if`/`then`), which a full sample meets.
        if let parts = schema["allOf"]?.arrayValue, schema["properties"] == nil {
            var object = JSONObject()
            for part in parts {
                for (key, member) in value(of: part, in: document, depth: depth + 1).objectValue ?? [:] { object[key] = member }
            }
            return .object(object)
        }
        switch type(of: schema) {
        case "object":
            var object = JSONObject()
            for (key, property) in schema["properties"]?.objectValue ?? [:] {
                object[key] = value(of: property, in: document, depth: depth + 1)
            }
            if object.isEmpty, let additional = schema["additionalProperties"], additional.objectValue != nil {
                object["key"] = value(of: additional, in: document, depth: depth + 1)
            }
            return .object(object)
        case "array":
            return [value(of: schema["items"] ?? .null, in: document, depth: depth + 1)]
        case "integer":
            return schema["minimum"].flatMap(\.int64Value).map { .integer(max($0, 1)) } ?? 2
        case "number":
            return schema["minimum"].flatMap(\.doubleValue).map { .number(max($0, 1)) } ?? 2
        case "boolean":
            return true
        case "string":
            return schema["example"] ?? schema["examples"]?.arrayValue?.first ?? "x"
        default:
            return ["any": "value"]
        }
    }

    /// The schema's type: the first of a list that is not `null`, or `object` for a schema with properties.
    static func type(of schema: JSONValue) -> String? {
        if let type = schema["type"]?.stringValue { return type }
        if let type = schema["type"]?.arrayValue?.compactMap(\.stringValue).first(where: { $0 != "null" }) { return type }
        return schema["properties"] != nil ? "object" : nil
    }

    /// Where `actual` differs from `expected`, by path.
    static func differences(_ expected: JSONValue, _ actual: JSONValue, path: String) -> [String] {
        switch (expected, actual) {
        case (.object(let expected), .object(let actual)):
            let missing = expected.map(\.key).filter { actual[$0] == nil }.map { "\(path).\($0): in openapi.yaml, not kept by the client" }
            let extra = actual.map(\.key).filter { expected[$0] == nil }.map { "\(path).\($0): written by the client, not in openapi.yaml" }
            return missing + extra + expected.flatMap { key, member in
                actual[key].map { differences(member, $0, path: "\(path).\(key)") } ?? []
            }
        case (.array(let expected), .array(let actual)) where expected.count == actual.count:
            return zip(expected, actual).enumerated().flatMap { differences($1.0, $1.1, path: "\(path)[\($0)]") }
        default:
            return expected == actual ? [] : ["\(path): openapi.yaml's \(expected.jsonString) came back as \(actual.jsonString)"]
        }
    }

    /// Where the JSON `value` the client sends does not fit `schema`: members it lacks, and with `requireAll` the
    /// members of the schema the value does not set.
    static func differences(_ value: JSONValue, from schema: JSONValue, in document: JSONValue, path: String, requireAll: Bool) -> [String] {
        let schema = OpenAPIDocument.resolve(schema, in: document)
        if let members = (schema["oneOf"] ?? schema["anyOf"])?.arrayValue {
            let fits = members.map { differences(value, from: $0, in: document, path: path, requireAll: requireAll) }
            return fits.contains { $0.isEmpty } ? [] : fits.first ?? []
        }
        let types = schema["type"]?.stringValue.map { [$0] } ?? schema["type"]?.arrayValue?.compactMap(\.stringValue) ?? []
        // JSONValue names integers `number` too.
        if !types.isEmpty, !types.contains(value.typeName), !(value.typeName == "number" && types.contains("integer")) {
            return ["\(path): the client sends \(value.typeName), openapi.yaml says \(types)"]
        }
        if let choices = schema["enum"]?.arrayValue, !choices.contains(value) {
            return ["\(path): the client sends \(value.jsonString), not one of openapi.yaml's \(choices.map(\.jsonString))"]
        }
        switch value {
        case .object(let object):
            let properties = schema["properties"]?.objectValue ?? [:]
            let additional = schema["additionalProperties"]
            var problems: [String] = []
            for (key, member) in object {
                if let property = properties[key] {
                    problems += differences(member, from: property, in: document, path: "\(path).\(key)", requireAll: requireAll)
                } else if additional?.boolValue == false || (additional == nil && !properties.isEmpty) {
                    problems.append("\(path).\(key): sent by the client, not in openapi.yaml")
                }
            }
            if requireAll {
                problems += properties.map(\.key).filter { object[$0] == nil }.map { "\(path).\($0): in openapi.yaml, never sent by the client" }
            }
            return problems
        case .array(let array):
            guard let items = schema["items"] else { return [] }
            return array.enumerated().flatMap { differences($1, from: items, in: document, path: "\(path)[\($0)]", requireAll: requireAll) }
        default:
            return []
        }
    }
}
