/// A page of devices, in id order.
public struct DevicePage: Sendable, Hashable, Codable {
    public var items: [Device]
    /// Pass as `after` for the next page; nil on the last page.
    public var next: String?
    /// Devices whose stored rows this server cannot read (written by another version, or damaged), left out of the
    /// page; nil when there are none. Reading one answers `503`.
    public var unreadable: [String]?
    /// Through a cluster's proxy: the nodes that did not answer this list, whose devices are missing from this page
    /// only; nil when every node answered.
    public var unavailableNodes: [String]?
}

/// A page of instances, in (device, install number) order.
public struct InstancePage: Sendable, Hashable, Codable {
    public var items: [Instance]
    /// Pass as `after` for the next page; nil on the last page.
    public var next: String?
    /// Instances whose stored rows this server cannot read (written by another version, or damaged), left out of
    /// the page; nil when there are none. Reading one answers `503`.
    public var unreadable: [String]?
    /// Through a cluster's proxy: the nodes that did not answer this list, whose apps are missing from this page
    /// only; nil when every node answered.
    public var unavailableNodes: [String]?
}

/// A page of an app's callback history, oldest first.
public struct CallbackPage: Sendable, Hashable, Codable {
    public var items: [Callback]
    /// The last seq on the page when there are more; pass it as `after`. Nil on the last page.
    public var next: Int64?
    /// How many of the oldest callbacks are no longer kept (the server's `--history-limit`).
    public var dropped: Int64
}

/// A page of a device's event journal, oldest first.
public struct JournalPage: Sendable, Hashable, Codable {
    public var items: [JournalEntry]
    /// The last event seq on the page when there are more; pass it as `after`. Nil on the last page.
    public var next: Int64?
    /// How many of the device's oldest events are no longer kept: those whose callbacks were all dropped
    /// (`--history-limit`).
    public var dropped: Int64
}

/// One accepted event of a device, as its journal keeps it: what was posted and what it did.
public struct JournalEntry: Sendable, Hashable, Codable {
    /// The device's event seq.
    public var seq: Int64
    /// The event type; `timers` for timers that fired on a realtime clock.
    public var type: String
    /// Device time (ms) when it happened.
    public var at: Int64
    /// The app it was posted to; nil for a device event.
    public var instance: String?
    /// The body as posted; nil for timers, which nobody posted.
    public var body: JSON?
    public var changes: [StateChange]
    /// The callbacks it caused, by app and seq (read them with `listCallbacks`).
    public var callbacks: [CallbackReference]
    /// What an app action returned, or what became of a push.
    public var result: [String: JSON]?

    /// A callback of an app, named by the app and its seq there.
    public struct CallbackReference: Sendable, Hashable, Codable {
        public var instance: String
        public var seq: Int64

        public init(instance: String, seq: Int64) {
            self.instance = instance
            self.seq = seq
        }
    }
}

/// What a batch install did.
public struct BatchResult: Sendable, Hashable, Codable {
    /// How many instances were installed.
    public var count: Int
    /// How many devices they are on: created for them, or 1 on a device named in the path.
    public var devices: Int
    /// The new instance ids, in order.
    public var ids: [String]
}

/// The reply of `GET /healthz`.
public struct Health: Sendable, Hashable, Codable {
    /// `ok` when the server can write its store.
    public var status: String
    /// The server's version (`nil` from a server older than 1.0.0).
    public var version: String?
}
