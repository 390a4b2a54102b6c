@testable import AppSimCore
import Testing

/// Reading install and device-create requests: `AppInfo(json:)`, `AppBehavior(json:)`, `Device(id:json:wallMillis:)`.
@Suite("Request decoding")
struct RequestDecodingTests {
    static func json(_ text: String) -> JSONValue { (try? JSONValue.parse(text)) ?? .null }

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
        var info = app(modes: [.voip, .fetch], schemes: ["notes"], restoration: true, memoryMB: 300, backgroundMemoryMB: 90)
        info.backgroundModes.sort()
        #expect(try AppInfo(json: info.json) == info)
    }

    @Test("AppBehavior: seconds become milliseconds; errors name behavior.<field>", arguments: [
        (#"{"launchSeconds":"slow"}"#, FieldError.Kind.wrongType, "behavior.launchSeconds"),
        (#"{"saveOn":"background"}"#, .wrongType, "behavior.saveOn"),
        (#"{"opensURLs":"no"}"#, .wrongType, "behavior.opensURLs"),
        (#"{"minimumFetchInterval":"sometimes"}"#, .wrongType, "behavior.minimumFetchInterval"),
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
        #expect(try AppBehavior(json: behavior.json) == behavior)
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

    @Test("OSVersion: parses MAJOR[.MINOR[.PATCH]], compares numerically, prints as written")
    func osVersion() {
        #expect(OSVersion("4.2.1") == OSVersion(4, 2, 1))
        #expect(OSVersion("17") == OSVersion(17))
        #expect(OSVersion("10.0")! > OSVersion("9.3")!)
        #expect(OSVersion("4.2.1")!.description == "4.2.1")
        #expect(OSVersion("13")!.description == "13.0")
        for bad in ["", "x", "4.", ".4", "4.2.1.0", "-1", "100", "4.2a", "0", "+5", "4.+2", "٤"] {
            #expect(OSVersion(bad) == nil, "\(bad)")
        }
    }
}
