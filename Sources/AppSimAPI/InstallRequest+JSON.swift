import AppSimCore
import AppSimJSON

/// `POST /v1/instances`: an app to install, on a device or (without `device`) on a new default device.
struct InstallRequest: Sendable {
    var info: AppInfo
    var behavior: AppBehavior
    var device: String?
    /// Whether the path named `device` (`POST /v1/devices/{deviceId}/instances`), where a missing device is `404`.
    var deviceInPath = false

    init(json: JSONValue) throws(FieldError) {
        let reader = try FieldReader(json)
        try reader.allowOnly(["device", "info", "behavior"])
        (info, behavior) = try reader.app()
        device = try reader.string("device")
    }
}

/// `POST /v1/instances/batch`: `count` copies of one app on new default devices, `appsPerDevice` to a device; or
/// `POST /v1/devices/{deviceId}/instances/batch`: all on that device.
struct BatchInstallRequest: Sendable {
    var count: Int
    /// `nil` when the request leaves it out: one to a device on new devices.
    var appsPerDevice: Int?
    var info: AppInfo
    var behavior: AppBehavior

    init(json: JSONValue) throws(FieldError) {
        let reader = try FieldReader(json)
        try reader.allowOnly(["count", "appsPerDevice", "info", "behavior"])
        guard let total = try reader.integer("count", in: 1...10_000) else { throw reader.missing("count") }
        count = total
        appsPerDevice = try reader.integer("appsPerDevice", in: 1...1_000)
        (info, behavior) = try reader.app()
    }
}

extension FieldReader {
    /// The app an install request describes: its `info` (required) and its `behavior` (the defaults without one).
    func app() throws(FieldError) -> (AppInfo, AppBehavior) {
        guard let infoValue = value("info") else { throw missing("info") }
        let info = try AppInfo(json: infoValue)
        guard let behaviorValue = value("behavior") else { return (info, AppBehavior()) }
        return (info, try AppBehavior(json: behaviorValue))
    }
}
