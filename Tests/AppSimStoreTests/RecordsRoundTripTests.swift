import AppSimCore
import AppSimJSON
@testable import AppSimStore
import AppSimTestSupport
import Testing

/// The store's rows against the Core: a fully populated value reads back from its rows exactly, and every member its
/// rows have is read, so that a property added to the Core, or a field added to one side of Records, fails here.
@Suite("Records round trip")
struct RecordsRoundTripTests {
    /// `bytes` as the store reads them.
    static func row(_ bytes: [UInt8]) throws -> JSONValue { try JSONValue.parse(bytes, maxDepth: Records.maxDepth) }

    static func object(_ value: JSONValue) -> Records.Reader { Records.Reader(object: value.objectValue ?? [:]) }

    @Test("§13.1 an app stored before SDK versions were recorded (its info row has no sdkVersion) reads back built with SDK 26.0")
    func infoWithoutSDKVersion() throws {
        let row: JSONValue = [
            "bundleId": "com.example.old", "backgroundModes": [], "exitsOnSuspend": false, "urlSchemes": [],
            "stateRestoration": false, "dataProtection": false, "memoryMB": 100, "backgroundMemoryMB": 100,
        ]
        let info = try Records.decodeInfo(Records.Reader(row.jsonBytes))
        #expect(info.sdkVersion == OSVersion(26))
        #expect(info.bundleId == "com.example.old")
    }

    @Test("AppInfo: a fully populated info reads back from its row exactly, and each member of the row is read")
    func info() throws {
        let info = FullyPopulated.info
        let unset = FullyPopulated.unset(in: info)
        #expect(unset.isEmpty, "\(FullyPopulated.advice(unset))")
        var w = JSONWriter()
        Records.encode(info, into: &w)
        #expect(FullyPopulated.propertiesDiffering(try Records.decodeInfo(Records.Reader(w.bytes)), info) == [])
        let ignored = try Self.row(w.bytes).membersIgnored { try Records.decodeInfo(Self.object($0)) }
        #expect(ignored == [], "\(FullyPopulated.ignoredAdvice(ignored, by: "Records.decodeInfo"))")
    }

    @Test("AppBehavior: a fully populated behavior, with a task time or manual, reads back from its row exactly, and each member of the row is read")
    func behavior() throws {
        let behavior = FullyPopulated.behavior
        let unset = FullyPopulated.unset(in: behavior)
        #expect(unset.isEmpty, "\(FullyPopulated.advice(unset))")
        var w = JSONWriter()
        Records.encode(behavior, into: &w)
        #expect(FullyPopulated.propertiesDiffering(try Records.decodeBehavior(Records.Reader(w.bytes)), behavior) == [])
        let ignored = try Self.row(w.bytes).membersIgnored { try Records.decodeBehavior(Self.object($0)) }
        #expect(ignored == [], "\(FullyPopulated.ignoredAdvice(ignored, by: "Records.decodeBehavior"))")
        var manual = behavior
        manual.taskMillis = nil
        var m = JSONWriter()
        Records.encode(manual, into: &m)
        #expect(try Records.decodeBehavior(Records.Reader(m.bytes)) == manual)
    }

    @Test("Device: a fully populated device, with either clock, reads back from its row exactly, and each member of the row (its limits' too) is read",
          arguments: [FullyPopulated.clock, FullyPopulated.manualClock])
    func device(clock: DeviceClock) throws {
        let unset = FullyPopulated.unset(in: FullyPopulated.device)
        #expect(unset.isEmpty, "\(FullyPopulated.advice(unset))")
        var device = FullyPopulated.device
        device.clock = clock
        let bytes = Records.encode(device)
        #expect(FullyPopulated.propertiesDiffering(try Records.decodeDevice(bytes), device) == [])
        let ignored = try Self.row(bytes).membersIgnored { try Records.decodeDevice($0.jsonBytes) }
        #expect(ignored == [], "\(FullyPopulated.ignoredAdvice(ignored, by: "Records.decodeDevice"))")
    }

    @Test("Instance: a fully populated instance reads back from its rows exactly in every stage of its life, and each member of its rows is read in the stages that have it")
    func instance() throws {
        let unset = FullyPopulated.unset(in: FullyPopulated.instance)
        #expect(unset.isEmpty, "\(FullyPopulated.advice(unset))")
        let instances = FullyPopulated.lifecycles.map { lifecycle in
            var instance = FullyPopulated.instance
            instance.lifecycle = lifecycle
            return instance
        }
        for instance in instances {
            let loaded = try Records.decodeInstance(spec: Records.encodeSpec(instance), body: Records.encode(instance))
            #expect(FullyPopulated.propertiesDiffering(loaded, instance) == [], "\(instance.state)")
        }
        // What an instance is fixed with at install (its spec row) is the same in every stage.
        let spec = Records.encodeSpec(FullyPopulated.instance)
        let body = Records.encode(FullyPopulated.instance)
        let ignoredInSpec = try Self.row(spec).membersIgnored { try Records.decodeInstance(spec: $0.jsonBytes, body: body) }
        #expect(ignoredInSpec == [], "\(FullyPopulated.ignoredAdvice(ignoredInSpec, by: "Records.decodeInstance"))")
        let bodies = try instances.map { try Self.row(Records.encode($0)) }
        let ignored = try JSONValue.membersIgnored(in: bodies) { try Records.decodeInstance(spec: spec, body: $0.jsonBytes) }
        #expect(ignored == [], "\(FullyPopulated.ignoredAdvice(ignored, by: "Records.decodeInstance"))")
    }
}
