import AppSimClient
import Foundation
import Testing

/// The request types send exactly the members set, and replies decode into the typed models.
@Suite("Client: JSON and request types")
struct JSONTests {
    private func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("JSON literals round-trip through Codable")
    func literals() throws {
        let value: JSON = ["aps": ["alert": "Hello", "badge": 1, "sound": nil], "ids": [1, 2.5, true]]
        #expect(try JSONDecoder().decode(JSON.self, from: Data(try text(value).utf8)) == value)
        #expect(value["aps"]?["badge"]?.intValue == 1)
        #expect(value["ids"]?.arrayValue?.count == 3)
        #expect(value.description == #"{"aps":{"alert":"Hello","badge":1,"sound":null},"ids":[1,2.5,true]}"#)
    }

    @Test("a whole number keeps its kind: 12345678901234567890 decodes, compares and encodes as that integer")
    func integersKeepTheirKind() throws {
        let decoded = try JSONDecoder().decode(JSON.self, from: Data(#"{"big":12345678901234567890,"n":-3,"x":2.5}"#.utf8))
        #expect(decoded["big"] == .unsignedInteger(12_345_678_901_234_567_890))
        #expect(decoded["big"]?.uint64Value == 12_345_678_901_234_567_890)
        #expect(decoded["big"]?.intValue == nil)
        #expect(decoded["n"] == .integer(-3))
        #expect(decoded["x"] == .number(2.5))
        #expect(decoded.description == #"{"big":12345678901234567890,"n":-3,"x":2.5}"#)
        // Numbers compare and hash by value, whatever case holds them.
        #expect(JSON.integer(3) == .number(3.0))
        #expect(Set<JSON>([.integer(3), .number(3.0), .unsignedInteger(3)]).count == 1)
        #expect(JSON.unsignedInteger(12_345_678_901_234_567_890) != .number(12_345_678_901_234_567_890.0))
        #expect(JSON.integer(3) != .string("3"))
    }

    @Test("AppInfo, AppBehavior and DeviceSettings send what was set, fields they do not know included")
    func requestTypes() throws {
        #expect(try text(AppInfo(bundleId: "com.example.a", backgroundModes: [.remoteNotification], stateRestoration: true))
            == #"{"backgroundModes":["remote-notification"],"bundleId":"com.example.a","stateRestoration":true}"#)
        var info = AppInfo(fields: ["bundleId": "com.example.a", "userNotifications": true])
        info.memoryMB = 50
        #expect(try text(info) == #"{"bundleId":"com.example.a","memoryMB":50,"userNotifications":true}"#)
        #expect(try text(AppBehavior(fetchResult: .manual, minimumFetchInterval: .never))
            == #"{"fetchResult":"manual","minimumFetchInterval":"never"}"#)
        #expect(try text(DeviceSettings(clock: .manual, limits: Device.Limits(suspendDelaySeconds: 1)))
            == #"{"clock":{"mode":"manual"},"limits":{"suspendDelaySeconds":1}}"#)
    }

    @Test("events carry their type beside their fields")
    func events() throws {
        #expect(try text(AppSimEvent.launch) == #"{"type":"launch"}"#)
        #expect(try text(AppSimEvent.advanceClock(seconds: 1.5)) == #"{"seconds":1.5,"type":"advanceClock"}"#)
        #expect(try text(AppSimEvent.setMinimumFetchInterval(.seconds(60))) == #"{"seconds":60,"type":"setMinimumFetchInterval"}"#)
        #expect(try text(AppSimEvent.edit(memory: ["draft": nil], ui: .null)) == #"{"memory":{"draft":null},"type":"edit","ui":null}"#)
        #expect(AppSimEvent.lock.isDeviceEvent)
        #expect(!AppSimEvent.home.isDeviceEvent)
    }
}
