import AppSimCore
import AppSimJSON

/// `POST /v1/instances`: an app to install, on a device or (without `device`) on a new default device.
struct InstallRequest: Sendable {
    var info: AppInfo
    var behavior = AppBehavior()
    var device: String?

    init(json: JSONValue) throws(FieldError) {
        let reader = try FieldReader(json)
        try reader.allowOnly(["device", "info", "behavior"])
        guard let infoValue = reader.value("info") else { throw reader.missing("info") }
        info = try AppInfo(json: infoValue)
        if let behaviorValue = reader.value("behavior") { behavior = try AppBehavior(json: behaviorValue) }
        device = try reader.string("device")
    }
}

/// `POST /v1/instances/batch`: `count` copies of one app on new default devices, `appsPerDevice` to a device.
struct BatchInstallRequest: Sendable {
    var count: Int
    var appsPerDevice: Int
    var info: AppInfo
    var behavior = AppBehavior()

    init(json: JSONValue) throws(FieldError) {
        let reader = try FieldReader(json)
        try reader.allowOnly(["count", "appsPerDevice", "info", "behavior"])
        guard let total = try reader.integer("count", in: 1...10_000) else { throw reader.missing("count") }
        count = total
        appsPerDevice = try reader.integer("appsPerDevice", in: 1...1_000) ?? 1
        guard let infoValue = reader.value("info") else { throw reader.missing("info") }
        info = try AppInfo(json: infoValue)
        if let behaviorValue = reader.value("behavior") { behavior = try AppBehavior(json: behaviorValue) }
    }
}
