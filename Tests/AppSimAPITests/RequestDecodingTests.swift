@testable import AppSimAPI
import AppSimCore
import AppSimJSON
import Testing

/// Reading install and device-create requests (`AppInfo(json:)`, `AppBehavior(json:)`, `Device(id:json:wallMillis:)`),
/// and the shapes that report what was read (`behavior`, a device's `limits`).
@Suite("Request decoding")
struct RequestDecodingTests {
    static func json(_ text: String) -> JSONValue { (try? JSONValue.parse(text)) ?? .null }

    /// What `write` writes, read back as a client reads it.
    static func shape(_ write: (inout JSONWriter) -> Void) -> JSONValue {
        var writer = JSONWriter()
        write(&writer)
        return (try? JSONValue.parse(writer.bytes)) ?? .null
    }

    static func infoError(_ text: String) -> FieldError? {
        do {
            _ = try AppInfo(json: json(text))
            return nil
        } catch {
            return error
        }
    }

    static func behaviorError(_ text: String) -> FieldError? {
        do {
            _ = try AppBehavior(json: json(text))
            return nil
        } catch {
            return error
        }
    }

    static func deviceError(_ text: String) -> FieldError? {
        do {
            _ = try Device(id: "d1", json: json(text), wallMillis: 0)
            return nil
        } catch {
            return error
        }
    }

    @Test("AppInfo: wrong types are wrongType, unknown fields unknownField, bad values invalidValue, each naming info.<field>", arguments: [
        (#"{"bundleId":5}"#, FieldError.Kind.wrongType, "info.bundleId"),
        (#"{"bundleId":"com.example.notes","backgroundModes":"audio"}"#, .wrongType, "info.backgroundModes"),
        (#"{"bundleId":"com.example.notes","backgroundModes":[1]}"#, .wrongType, "info.backgroundModes"),
        (#"{"bundleId":"com.example.notes","exitsOnSuspend":"yes"}"#, .wrongType, "info.exitsOnSuspend"),
        (#"{"bundleId":"com.example.notes","memoryMB":"big"}"#, .wrongType, "info.memoryMB"),
        (#"{"bundleId":"com.example.notes","stateRestoration":1}"#, .wrongType, "info.stateRestoration"),
        (#"{"bundleId":"com.example.notes","backgroundMode":["audio"]}"#, .unknownField, "info.backgroundMode"),
        (#"{"bundleId":"com.example.notes","backgroundModes":["teleport"]}"#, .invalidValue, "info.backgroundModes"),
        (#"{"bundleId":"not a bundle id"}"#, .invalidValue, "info.bundleId"),
        (#"{"bundleId":"com.example.notes","urlSchemes":["9lives"]}"#, .invalidValue, "info.urlSchemes"),
        (#"{"bundleId":"com.example.notes","memoryMB":0}"#, .invalidValue, "info.memoryMB"),
        (#"{"bundleId":"com.example.notes","memoryMB":1.5}"#, .invalidValue, "info.memoryMB"),
        (#"{}"#, .missing, "info.bundleId"),
    ])
    func infoErrors(body: String, kind: FieldError.Kind, path: String) {
        let error = Self.infoError(body)
        #expect(error?.kind == kind, "\(body)")
        #expect(error?.path == path)
        #expect(error?.message.contains(path) == true)
    }

    @Test("AppInfo: info that is not an object is wrongType")
    func infoNotObject() {
        #expect(Self.infoError(#""com.example.notes""#)?.kind == .wrongType)
        #expect(Self.infoError(#""com.example.notes""#)?.path == "info")
    }

    @Test("AppInfo: its JSON reads back as the same info")
    func infoRoundTrip() throws {
        var info = AppInfo(bundleId: "com.example.notes")
        info.backgroundModes = [.voip, .fetch]
        info.urlSchemes = ["notes"]
        info.stateRestoration = true
        info.memoryMB = 300
        info.backgroundMemoryMB = 90
        info.backgroundModes.sort()
        #expect(try AppInfo(json: Self.shape(info.write)) == info)
    }

    @Test("AppBehavior: seconds become milliseconds; errors name behavior.<field>", arguments: [
        (#"{"launchSeconds":"slow"}"#, FieldError.Kind.wrongType, "behavior.launchSeconds"),
        (#"{"saveOn":"background"}"#, .wrongType, "behavior.saveOn"),
        (#"{"opensURLs":"no"}"#, .wrongType, "behavior.opensURLs"),
        (#"{"minimumFetchInterval":"sometimes"}"#, .invalidValue, "behavior.minimumFetchInterval"),
        (#"{"minimumFetchInterval":true}"#, .wrongType, "behavior.minimumFetchInterval"),
        (#"{"minimumFetchInterval":true}"#, .wrongType, "behavior.minimumFetchInterval"),
        (#"{"launchSecs":1}"#, .unknownField, "behavior.launchSecs"),
        (#"{"fetchResult":"maybe"}"#, .invalidValue, "behavior.fetchResult"),
        (#"{"saveOn":["quit"]}"#, .invalidValue, "behavior.saveOn"),
        (#"{"launchSeconds":-1}"#, .invalidValue, "behavior.launchSeconds"),
        (#"{"fetchSeconds":100000}"#, .invalidValue, "behavior.fetchSeconds"),
    ])
    func behaviorErrors(body: String, kind: FieldError.Kind, path: String) {
        let error = Self.behaviorError(body)
        #expect(error?.kind == kind, "\(body)")
        #expect(error?.path == path)
    }

    @Test("AppBehavior: values are read, durations in seconds, fetch interval never or seconds")
    func behaviorValues() throws {
        let behavior = try AppBehavior(json: Self.json(#"""
            {"launchSeconds": 7, "backgroundSeconds": 0.25, "saveOn": ["terminate"], "backgroundTaskSeconds": 12.5,
             "endsTaskOnExpiration": false, "fetchResult": "manual", "fetchSeconds": 3, "opensURLs": false,
             "minimumFetchInterval": 900}
            """#))
        #expect(behavior.launchMillis == 7_000)
        #expect(behavior.backgroundMillis == 250)
        #expect(behavior.saveOn == [.terminate])
        #expect(behavior.backgroundTaskMillis == 12_500)
        #expect(!behavior.endsTaskOnExpiration)
        #expect(behavior.fetchResult == .manual)
        #expect(behavior.fetchMillis == 3_000)
        #expect(!behavior.opensURLs)
        #expect(behavior.minimumFetchInterval == .millis(900_000))
        #expect(try AppBehavior(json: Self.shape(behavior.write)) == behavior)
        #expect(try AppBehavior(json: ["minimumFetchInterval": "never"]).minimumFetchInterval == .never)
    }

    @Test("Device: create request fields are read; errors name the path", arguments: [
        (#"{"osVersion":17}"#, FieldError.Kind.wrongType, "osVersion"),
        (#"{"memoryMB":"lots"}"#, .wrongType, "memoryMB"),
        (#"{"passcode":"1234"}"#, .wrongType, "passcode"),
        (#"{"clock":"manual"}"#, .wrongType, "clock"),
        (#"{"limits":{"suspendDelaySeconds":"5"}}"#, .wrongType, "limits.suspendDelaySeconds"),
        (#"{"labels":{"team":5}}"#, .wrongType, "labels.team"),
        (#"{"osVersion":"banana"}"#, .invalidValue, "osVersion"),
        (#"{"osVersion":"0.1"}"#, .invalidValue, "osVersion"),
        (#"{"clock":{"mode":"warp"}}"#, .invalidValue, "clock.mode"),
        (#"{"clock":{"speed":0}}"#, .invalidValue, "clock.speed"),
        (#"{"memoryMB":8}"#, .invalidValue, "memoryMB"),
        (#"{"memory":1024}"#, .unknownField, "memory"),
        (#"{"clock":{"mode":"manual","rate":2}}"#, .unknownField, "clock.rate"),
        (#"{"limits":{"bogus":1}}"#, .unknownField, "limits.bogus"),
    ])
    func deviceErrors(body: String, kind: FieldError.Kind, path: String) {
        let error = Self.deviceError(body)
        #expect(error?.kind == kind, "\(body)")
        #expect(error?.path == path)
    }

    @Test("Device: values are read, limits in seconds become milliseconds")
    func deviceValues() throws {
        let device = try Device(id: "d9", json: Self.json(#"""
            {"osVersion": "6.1", "memoryMB": 512, "passcode": false, "clock": {"mode": "manual"},
             "limits": {"suspendDelaySeconds": 2, "backgroundTaskSeconds": 45, "launchSeconds": 10, "fetchSeconds": 20},
             "labels": {"team": "ios"}}
            """#), wallMillis: 123)
        #expect(device.osVersion == OSVersion(6, 1))
        #expect(device.memoryMB == 512)
        #expect(!device.passcode)
        #expect(device.clock.mode == .manual)
        #expect(device.limits.suspendDelayMillis == 2_000)
        #expect(device.limits.backgroundTaskMillis == 45_000)
        #expect(device.limits.launchMillis == 10_000)
        #expect(device.limits.fetchMillis == 20_000)
        #expect(device.limits.backgroundMillis == 5_000)
        #expect(device.labels == ["team": "ios"])
        #expect(device.createdAtWallMillis == 123)
    }

    @Test("Device: an empty create request is a device with the defaults (§13: OS version 26.0)")
    func deviceDefaults() throws {
        let device = try Device(id: "d7", json: [:], wallMillis: 1_000)
        #expect(device.osVersion == OSVersion(26))
        #expect(device.osVersion.description == "26.0")
        #expect(device.clock.mode == .realtime)
        #expect(device.memoryMB == 2048)
        #expect(device.locked == false)
        #expect(device.createdAtWallMillis == 1_000)
    }

    @Test("AppInfo: every field is read: bundleId, backgroundModes, exitsOnSuspend, urlSchemes (lowercased), stateRestoration, dataProtection, memoryMB, backgroundMemoryMB")
    func infoFields() throws {
        let json = try JSONValue.parse(#"""
            {"bundleId": "com.example.notes", "backgroundModes": ["fetch", "audio", "remote-notification"],
             "exitsOnSuspend": true, "urlSchemes": ["Notes"], "stateRestoration": true, "dataProtection": true,
             "memoryMB": 300, "backgroundMemoryMB": 80}
            """#)
        let info = try AppInfo(json: json)
        #expect(info.bundleId == "com.example.notes")
        #expect(Set(info.backgroundModes) == [.fetch, .audio, .remoteNotification])
        #expect(info.exitsOnSuspend)
        #expect(info.urlSchemes == ["notes"])
        #expect(info.stateRestoration)
        #expect(info.dataProtection)
        #expect(info.memoryMB == 300)
        #expect(info.backgroundMemoryMB == 80)
    }

    @Test("§2 backgroundMemoryMB defaults to memoryMB")
    func backgroundMemoryDefault() throws {
        let info = try AppInfo(json: ["bundleId": "com.example.notes", "memoryMB": 250])
        #expect(info.memoryMB == 250)
        #expect(info.backgroundMemoryMB == 250)
        let plain = try AppInfo(json: ["bundleId": "com.example.notes"])
        #expect(plain.backgroundMemoryMB == plain.memoryMB)
        #expect(plain.backgroundModes.isEmpty)
        #expect(!plain.exitsOnSuspend && !plain.stateRestoration && !plain.dataProtection)
        #expect(plain.urlSchemes.isEmpty)
    }

    @Test("AppBehavior: an empty behavior is the defaults (§2), and the behavior shape gives them in seconds")
    func behaviorDefaults() throws {
        let behavior = try AppBehavior(json: [:])
        #expect(behavior.launchMillis == 200)
        #expect(behavior.backgroundMillis == 100)
        #expect(behavior.saveOn == [.background, .terminate])
        #expect(behavior.backgroundTaskMillis == 0)
        #expect(behavior.endsTaskOnExpiration)
        #expect(behavior.fetchResult == .newData)
        #expect(behavior.fetchMillis == 1_000)
        #expect(behavior.opensURLs)
        #expect(behavior.minimumFetchInterval == .never)
        let json = Self.shape(AppBehavior().write)
        #expect(json["launchSeconds"] == 0.2)
        #expect(json["backgroundSeconds"] == 0.1)
        #expect(json["saveOn"] == ["background", "terminate"])
        #expect(json["backgroundTaskSeconds"] == 0)
        #expect(json["fetchResult"] == "newData")
        #expect(json["fetchSeconds"] == 1)
        #expect(json["opensURLs"] == true)
        #expect(json["minimumFetchInterval"] == "never")
    }

    /// A device created with `limits` as a client sends them.
    static func device(limits: JSONValue) throws -> Device {
        try Device(id: "d1", json: ["limits": limits], wallMillis: 0)
    }

    @Test("§5 device limits are read in seconds and reported as they were set")
    func limitsAsSet() throws {
        #expect(try Self.device(limits: ["backgroundSeconds": 1]).limitsJSON["backgroundSeconds"] == 1)
        #expect(try Self.device(limits: ["terminateSeconds": 0.05]).limitsJSON["terminateSeconds"] == 0.05)
        #expect(try Self.device(limits: ["fetchSeconds": 10]).limitsJSON["fetchSeconds"] == 10)
    }

    @Test("§5 a device reports every limit in force: the ones it was created with, the defaults for the rest")
    func limitsReported() throws {
        let device = try Self.device(limits: ["suspendDelaySeconds": 2.5, "terminateSeconds": 1, "fetchSeconds": 12])
        #expect(device.limitsJSON == [
            "suspendDelaySeconds": 2.5, "backgroundTaskSeconds": 30, "launchSeconds": 5, "backgroundSeconds": 5,
            "terminateSeconds": 1, "fetchSeconds": 12, "appRefreshTaskSeconds": 30, "processingTaskSeconds": 300,
            "continuedProcessingTasks": 1, "continuedProcessingStallSeconds": 30,
        ])
    }

    @Test("§3 the limits in force give the OS version's background task time unless the device sets one", arguments: [
        ("3.1", 600.0), ("6.0", 600), ("7.0", 180), ("12.4", 180), ("13.0", 30), ("17.0", 30),
    ])
    func backgroundTaskTimeReported(os: String, seconds: Double) throws {
        #expect(try Device(id: "d1", json: ["osVersion": .string(os)], wallMillis: 0).limitsJSON["backgroundTaskSeconds"] == .number(seconds))
        let set = try Device(id: "d1", json: ["osVersion": .string(os), "limits": ["backgroundTaskSeconds": 45]], wallMillis: 0)
        #expect(set.limitsJSON["backgroundTaskSeconds"] == 45)
    }
}
