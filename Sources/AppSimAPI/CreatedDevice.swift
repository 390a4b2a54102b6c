import AppSimCore

/// What creating a device did: the device, created at `wallMillis`.
struct CreatedDevice: Sendable {
    var simulation: DeviceSimulation
    var wallMillis: Int64
}
