/// What a bulk install did: the apps' ids, on `devices` new devices.
struct InstalledBatch: Sendable {
    var ids: [String]
    var devices: Int
}
