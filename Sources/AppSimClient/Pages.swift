/// A page of devices, in id order.
public struct DevicePage: Sendable, Hashable, Codable {
    public var items: [Device]
    /// Pass as `after` for the next page; nil on the last page.
    public var next: String?
}

/// A page of instances, in (device, install number) order.
public struct InstancePage: Sendable, Hashable, Codable {
    public var items: [Instance]
    /// Pass as `after` for the next page; nil on the last page.
    public var next: String?
}

/// A page of an app's callback history, oldest first.
public struct CallbackPage: Sendable, Hashable, Codable {
    public var items: [Callback]
    /// The last seq on the page when there are more; pass it as `after`. Nil on the last page.
    public var next: Int64?
    /// How many of the oldest callbacks are no longer kept (the server's `--history-limit`).
    public var dropped: Int64
}

/// What a batch install did.
public struct BatchResult: Sendable, Hashable, Codable {
    /// How many instances were installed.
    public var count: Int
    /// How many devices were created for them.
    public var devices: Int
    /// The new instance ids, in order.
    public var ids: [String]
}

/// The reply of `GET /healthz`.
public struct Health: Sendable, Hashable, Codable {
    /// `ok` when the server can write its store.
    public var status: String
}
