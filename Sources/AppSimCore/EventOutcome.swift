/// Everything one accepted event did, to be stored in one write and reported in the reply.
public struct EventOutcome: Sendable {
    public var event: EventRecord
    public var changes: [StateChange] = []
    public var callbacks: [CallbackRecord] = []
    /// The id of the background task a `beginBackgroundTask` began: what that action returns.
    public var begunTaskId: Int?
    /// What became of a `push`.
    public var pushDelivery: PushDelivery?
}
