/// An event as it is kept in the device's event log.
public struct EventRecord: Sendable, Equatable {
    public var seq: Int64
    public var type: String
    /// Device time in milliseconds.
    public var at: Int64
    public var instance: String?
}
