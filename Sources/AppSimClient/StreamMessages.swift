/// A message of an instance stream (``InstanceStream``).
public enum InstanceStreamMessage: Sendable, Hashable {
    /// A callback, as it is committed; seqs follow one another with no gap or duplicate.
    case callback(Callback)
    /// The app's state changed (sent after the callbacks of the event that changed it). State changes made while
    /// the stream was reconnecting are not replayed: read the instance for its state now.
    case state(StateChangeMessage)
    /// The stream resumed after a seq whose history is no longer kept (the server's `--history-limit`): this many of
    /// the app's oldest callbacks are gone, and the callbacks go on from the oldest kept.
    case dropped(Int64)

    /// The callback, for a `callback` message.
    public var callback: Callback? {
        if case .callback(let callback) = self { return callback }
        return nil
    }
}

/// An app's state change, as an instance stream reports it.
public struct StateChangeMessage: Sendable, Hashable, Codable {
    public var instance: String
    public var from: LifecycleState
    public var to: LifecycleState
    /// The seq of the device event that changed it.
    public var event: Int64
    /// The device time of that event.
    public var at: Int64
}

/// A message of a device stream (``DeviceStream``): one committed event of the device.
///
/// Messages replayed after a reconnection come from the device's event journal, whole; only events older than the
/// journal (a database from before it) are replayed with their seq and callbacks alone.
public struct DeviceStreamMessage: Sendable, Hashable, Codable {
    public var event: Event
    public var changes: [StateChange]
    public var callbacks: [Callback]

    /// The event a device stream message reports.
    public struct Event: Sendable, Hashable, Codable {
        public var seq: Int64
        /// Absent only from events older than the journal.
        public var type: String?
        /// Absent only from events older than the journal.
        public var at: Int64?
    }
}
