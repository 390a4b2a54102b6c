/// What an event did, sent once it is durably stored: the state changes and the callbacks, on every app of the
/// device, in the order they happened.
public struct EventResult: Sendable, Hashable, Codable {
    public var event: EventRecord
    /// The apps of the device whose state changed, in install order.
    public var changes: [StateChange]
    /// Every callback the event caused, on every app of the device, in order.
    public var callbacks: [Callback]
    /// What an app action returns (`beginBackgroundTask`: `taskId`) or how a push was delivered (`delivery`).
    public var result: [String: JSON]?

    /// The names of the callbacks the event caused, in order.
    public var names: [String] { callbacks.map(\.name) }

    /// The task id `beginBackgroundTask` returned.
    public var taskId: Int? { result?["taskId"]?.intValue }

    /// What became of a `push`: how it reached the app, or that it was dropped (see ``pushDropReason``).
    public var pushDelivery: PushDelivery? { result?["delivery"]?.stringValue.flatMap(PushDelivery.init(rawValue:)) }

    /// Why a dropped push could neither reach the app nor be shown.
    public var pushDropReason: String? { result?["reason"]?.stringValue }
}

/// What became of a push (docs/lifecycle.md, What the events do).
public enum PushDelivery: String, Sendable, Hashable, Codable, CaseIterable {
    /// The running app got it.
    case delivered
    /// It launched the app in the background (a silent push).
    case launched
    /// It woke the suspended app in the background (a silent push).
    case woken
    /// It was shown to the user; `tapNotification` opens it.
    case shown
    /// It could neither reach the app nor be shown.
    case dropped
}

/// A stored event of a device.
public struct EventRecord: Sendable, Hashable, Codable {
    /// The device's event seq, one more than the last.
    public var seq: Int64
    /// The event type; `timers` for timers that fired on a realtime clock.
    public var type: String
    /// Device time (ms) when it happened.
    public var at: Int64
}

/// An app's lifecycle state before and after an event.
public struct StateChange: Sendable, Hashable, Codable {
    public var instance: String
    public var from: LifecycleState
    public var to: LifecycleState
}
