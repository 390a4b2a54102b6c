/// Everything one accepted event did, to be stored in one write and reported in the reply.
public struct EventOutcome: Sendable {
    public var event: EventRecord
    public var changes: [StateChange] = []
    public var callbacks: [CallbackRecord] = []
    /// The id of the background task a `beginBackgroundTask` began: what that action returns.
    public var begunTaskId: Int?
    /// What became of a `push`.
    public var pushDelivery: PushDelivery?
    /// The apps the event changed beyond adding to their history (which moves an app's next seq and its
    /// `updatedAt`), or whose timers it moved to another wall time, in install order.
    public var changedApps: [String] = []
    /// Whether the event changed the device beyond counting itself and its clock reading on with wall time (a
    /// realtime clock's reading and its wall anchor moving together).
    public var changedDevice = false
}
