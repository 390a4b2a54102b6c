/// A change of one app's lifecycle state caused by an event.
public struct StateChange: Sendable, Equatable {
    public var instance: String
    public var from: LifecycleState
    public var to: LifecycleState

    public init(instance: String, from: LifecycleState, to: LifecycleState) {
        self.instance = instance
        self.from = from
        self.to = to
    }
}
