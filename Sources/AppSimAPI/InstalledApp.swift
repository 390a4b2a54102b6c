import AppSimCore

/// What installing an app did: the app on its device, installed at `wallMillis`.
struct InstalledApp: Sendable {
    var simulation: DeviceSimulation
    var instance: Instance
    var wallMillis: Int64
}
