@testable import AppSimAPI
import AppSimCore
import AppSimJSON
import Testing

/// Reading event bodies (`Event.decode`): API.md "Events" and "Errors".
@Suite("Event decoding")
struct EventDecodingTests {
    /// Decodes the JSON `text` as an event body.
    static func decode(_ text: String, toInstance: Bool = true) -> Result<Event, FieldError> {
        guard let json = try? JSONValue.parse(text) else {
            return .failure(FieldError(.invalidValue, "<test>", "the test's JSON is malformed: \(text)"))
        }
        do {
            return .success(try Event.decode(json, toInstance: toInstance))
        } catch {
            return .failure(error)
        }
    }

    static func error(_ text: String, toInstance: Bool = true) -> FieldError? {
        if case .failure(let error) = decode(text, toInstance: toInstance) { return error }
        return nil
    }

    @Test("every event type API.md lists decodes from its body", arguments: [
        (#"{"type":"launch"}"#, Event.app(.launch)),
        (#"{"type":"home"}"#, .app(.home)),
        (#"{"type":"openURL","url":"notes://item/1","sourceApplication":"com.apple.mobilesafari"}"#,
         .app(.openURL(url: "notes://item/1", sourceApplication: "com.apple.mobilesafari"))),
        (#"{"type":"openURL","url":"notes://item/1"}"#, .app(.openURL(url: "notes://item/1", sourceApplication: nil))),
        (#"{"type":"push","payload":{"aps":{"alert":"Hi"}}}"#, .app(.push(payload: ["aps": ["alert": "Hi"]]))),
        (#"{"type":"tapNotification"}"#, .app(.tapNotification)),
        (#"{"type":"backgroundFetch"}"#, .app(.backgroundFetch)),
        (#"{"type":"incomingCall"}"#, .app(.incomingCall)),
        (#"{"type":"answerCall"}"#, .app(.answerCall)),
        (#"{"type":"declineCall"}"#, .app(.declineCall)),
        (#"{"type":"endCall"}"#, .app(.endCall)),
        (#"{"type":"alert"}"#, .app(.alert)),
        (#"{"type":"dismissAlert"}"#, .app(.dismissAlert)),
        (#"{"type":"notificationCenter"}"#, .app(.notificationCenter)),
        (#"{"type":"dismissNotificationCenter"}"#, .app(.dismissNotificationCenter)),
        (#"{"type":"memoryWarning"}"#, .app(.memoryWarning)),
        (#"{"type":"forceQuit"}"#, .app(.forceQuit)),
        (#"{"type":"terminate"}"#, .app(.terminate)),
        (#"{"type":"crash"}"#, .app(.crash(duringLaunch: false))),
        (#"{"type":"crash","duringLaunch":true}"#, .app(.crash(duringLaunch: true))),
        (#"{"type":"edit","memory":{"note":"x"},"ui":{"screen":"list"}}"#, .action(.edit(memory: ["note": "x"], ui: ["screen": "list"]))),
        (#"{"type":"edit","ui":"compose"}"#, .action(.edit(memory: nil, ui: "compose"))),
        (#"{"type":"beginBackgroundTask","name":"upload"}"#, .action(.beginBackgroundTask(name: "upload"))),
        (#"{"type":"beginBackgroundTask"}"#, .action(.beginBackgroundTask(name: nil))),
        (#"{"type":"endBackgroundTask","taskId":3}"#, .action(.endBackgroundTask(taskId: 3))),
        (#"{"type":"completeFetch","result":"noData"}"#, .action(.completeFetch(result: .noData))),
        (#"{"type":"setMinimumFetchInterval","seconds":"never"}"#, .action(.setMinimumFetchInterval(.never))),
        (#"{"type":"setMinimumFetchInterval","seconds":900}"#, .action(.setMinimumFetchInterval(.millis(900_000)))),
        (#"{"type":"lock"}"#, .device(.lock)),
        (#"{"type":"unlock"}"#, .device(.unlock)),
        (#"{"type":"reboot"}"#, .device(.reboot)),
        (#"{"type":"memoryPressure"}"#, .device(.memoryPressure(freeMB: nil))),
        (#"{"type":"memoryPressure","freeMB":256}"#, .device(.memoryPressure(freeMB: 256))),
        (#"{"type":"advanceClock","seconds":1.5}"#, .device(.advanceClock(millis: 1_500))),
        (#"{"type":"orientation","value":"landscapeLeft"}"#,
         .device(.notification(DeviceNotification(kind: .orientation, value: ["value": "landscapeLeft"])))),
        (#"{"type":"timeChange"}"#, .device(.notification(DeviceNotification(kind: .timeChange, value: [:])))),
        (#"{"type":"battery","level":0.25,"state":"charging"}"#,
         .device(.notification(DeviceNotification(kind: .battery, value: ["level": 0.25, "state": "charging"])))),
        (#"{"type":"proximity","near":true}"#, .device(.notification(DeviceNotification(kind: .proximity, value: ["near": true])))),
        (#"{"type":"accessory","connected":false}"#, .device(.notification(DeviceNotification(kind: .accessory, value: ["connected": false])))),
        (#"{"type":"display","connected":true}"#, .device(.notification(DeviceNotification(kind: .display, value: ["connected": true])))),
        (#"{"type":"screenMode","value":"2x"}"#, .device(.notification(DeviceNotification(kind: .screenMode, value: ["value": "2x"])))),
        (#"{"type":"settings","changes":{"sync":false}}"#, .device(.notification(DeviceNotification(kind: .settings, value: ["changes": ["sync": false]])))),
        (#"{"type":"locale","value":"ja_JP"}"#, .device(.notification(DeviceNotification(kind: .locale, value: ["value": "ja_JP"])))),
        (#"{"type":"iCloudAccount"}"#, .device(.notification(DeviceNotification(kind: .iCloudAccount, value: [:])))),
    ])
    func decodes(body: String, expected: Event) throws {
        let event = try Self.decode(body).get()
        #expect(event == expected)
        #expect(event.type == expected.type)
    }

    @Test("every type a client may post has a name in the type lists")
    func typeLists() {
        #expect(Event.appEventTypes == [
            "launch", "home", "openURL", "push", "tapNotification", "backgroundFetch", "incomingCall", "answerCall",
            "declineCall", "endCall", "alert", "dismissAlert", "notificationCenter", "dismissNotificationCenter",
            "memoryWarning", "forceQuit", "terminate", "crash", "openScene", "closeScene", "disconnectScene", "cancelTask",
        ])
        #expect(Event.appActionTypes == [
            "edit", "beginBackgroundTask", "endBackgroundTask", "completeFetch", "setMinimumFetchInterval", "submitTask", "completeTask",
            "reportProgress", "updateTitle",
        ])
        #expect(Set(Event.deviceEventTypes).isSuperset(of: [
            "lock", "unlock", "reboot", "memoryPressure", "memoryWarning", "advanceClock", "runTask", "orientation", "iCloudAccount",
        ]))
    }

    @Test("wrong JSON types are wrongType (400), naming the field", arguments: [
        (#"{"type":5}"#, "type"),
        (#"{"type":"openURL","url":5}"#, "url"),
        (#"{"type":"openURL","url":"notes://x","sourceApplication":true}"#, "sourceApplication"),
        (#"{"type":"push","payload":"hello"}"#, "payload"),
        (#"{"type":"crash","duringLaunch":"yes"}"#, "duringLaunch"),
        (#"{"type":"edit","memory":[1,2]}"#, "memory"),
        (#"{"type":"endBackgroundTask","taskId":"3"}"#, "taskId"),
        (#"{"type":"completeFetch","result":1}"#, "result"),
        (#"{"type":"setMinimumFetchInterval","seconds":true}"#, "seconds"),
        (#"{"type":"advanceClock","seconds":"5"}"#, "seconds"),
        (#"{"type":"proximity","near":"yes"}"#, "near"),
        (#"{"type":"battery","level":"full"}"#, "level"),
        (#"{"type":"settings","changes":[]}"#, "changes"),
    ])
    func wrongTypes(body: String, path: String) {
        let error = Self.error(body)
        #expect(error?.kind == .wrongType, "\(body)")
        #expect(error?.path == path)
        #expect(error?.message.contains(path) == true)
    }

    @Test("a body that is not an object is wrongType")
    func bodyNotObject() {
        #expect(Self.error(#"["launch"]"#)?.kind == .wrongType)
        #expect(Self.error(#""launch""#)?.kind == .wrongType)
    }

    @Test("unknown fields are unknownField, naming the path", arguments: [
        (#"{"type":"launch","url":"x"}"#, "url"),
        (#"{"type":"home","force":true}"#, "force"),
        (#"{"type":"advanceClock","seconds":1,"millis":1000}"#, "millis"),
        (#"{"type":"orientation","value":"portrait","animated":true}"#, "animated"),
    ])
    func unknownFields(body: String, path: String) {
        let error = Self.error(body)
        #expect(error?.kind == .unknownField)
        #expect(error?.path == path)
        #expect(error?.message.contains(path) == true)
    }

    @Test("unusable values are invalidValue, naming the path", arguments: [
        (#"{"type":"teleport"}"#, "type"),
        (#"{"type":"openURL","url":"no scheme here"}"#, "url"),
        // A scheme is not enough: the rest must be a URI too (RFC 3986, as openapi.yaml's `format: uri`).
        (#"{"type":"openURL","url":"notes://item 1"}"#, "url"),
        (#"{"type":"openURL","url":"notes://item/é"}"#, "url"),
        (#"{"type":"openURL","url":"notes://[::1/"}"#, "url"),
        (#"{"type":"completeFetch","result":"maybe"}"#, "result"),
        // §12 of the contract: the same mistake, the same status — a wrong word for an interval is a wrong value.
        (#"{"type":"setMinimumFetchInterval","seconds":"often"}"#, "seconds"),
        (#"{"type":"endBackgroundTask","taskId":1.5}"#, "taskId"),
        (#"{"type":"endBackgroundTask","taskId":0}"#, "taskId"),
        (#"{"type":"advanceClock","seconds":-1}"#, "seconds"),
        (#"{"type":"advanceClock","seconds":0}"#, "seconds"),
        (#"{"type":"memoryPressure","freeMB":0}"#, "freeMB"),
        (#"{"type":"orientation","value":"sideways"}"#, "value"),
        (#"{"type":"battery","level":1.5}"#, "level"),
        (#"{"type":"battery","state":"exploding"}"#, "state"),
        (#"{"type":"battery"}"#, "level"),
        (#"{"type":"edit"}"#, "memory"),
    ])
    func invalidValues(body: String, path: String) {
        let error = Self.error(body)
        #expect(error?.kind == .invalidValue, "\(body)")
        #expect(error?.path == path)
        #expect(error?.message.isEmpty == false)
    }

    @Test("required fields that are absent are missing", arguments: [
        (#"{}"#, "type"),
        (#"{"type":"openURL"}"#, "url"),
        (#"{"type":"push"}"#, "payload"),
        (#"{"type":"endBackgroundTask"}"#, "taskId"),
        (#"{"type":"completeFetch"}"#, "result"),
        (#"{"type":"advanceClock"}"#, "seconds"),
        (#"{"type":"proximity"}"#, "near"),
    ])
    func missing(body: String, path: String) {
        let error = Self.error(body)
        #expect(error?.kind == .missing)
        #expect(error?.path == path)
    }

    @Test("push payload without aps is invalidValue")
    func pushWithoutAps() {
        let error = Self.error(#"{"type":"push","payload":{"alert":"Hi"}}"#)
        #expect(error?.kind == .invalidValue)
        #expect(error?.path == "payload")
        #expect(error?.message.contains("aps") == true)
        #expect(Self.error(#"{"type":"push","payload":{"aps":"Hi"}}"#)?.kind == .invalidValue)
    }

    @Test("push payload over 4096 bytes is invalidValue; 4096 bytes is accepted")
    func pushSize() {
        // {"aps":{"alert":"…"}} is 20 bytes around the alert text.
        let exact = #"{"aps":{"alert":""# + String(repeating: "a", count: 4096 - 20) + #""}}"#
        #expect(exact.utf8.count == 4096)
        let over = #"{"aps":{"alert":""# + String(repeating: "a", count: 4097 - 20) + #""}}"#
        #expect(Self.error(#"{"type":"push","payload":"# + exact + "}") == nil)
        let error = Self.error(#"{"type":"push","payload":"# + over + "}")
        #expect(error?.kind == .invalidValue)
        #expect(error?.path == "payload")
        #expect(error?.message.contains("4096") == true)
    }

    @Test("app events posted to a device are refused; device events posted to an instance are accepted")
    func scope() throws {
        let error = Self.error(#"{"type":"launch"}"#, toInstance: false)
        #expect(error?.kind == .invalidValue)
        #expect(error?.path == "type")
        #expect(error?.message.contains("/v1/instances") == true)
        #expect(Self.error(#"{"type":"edit","ui":1}"#, toInstance: false)?.kind == .invalidValue)
        #expect(try Self.decode(#"{"type":"lock"}"#, toInstance: true).get() == .device(.lock))
        #expect(try Self.decode(#"{"type":"memoryWarning"}"#, toInstance: false).get() == .device(.memoryWarning))
        #expect(try Self.decode(#"{"type":"memoryWarning"}"#, toInstance: true).get() == .app(.memoryWarning))
    }
}
