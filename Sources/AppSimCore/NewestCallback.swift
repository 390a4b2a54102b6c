/// An app's newest callback, as far as its device's counters are concerned: its seq, the device event that caused
/// it and its device time.
public struct NewestCallback: Sendable, Equatable {
    public var seq: Int64
    public var event: Int64
    /// Device time in milliseconds.
    public var at: Int64

    public init(seq: Int64, event: Int64, at: Int64) {
        self.seq = seq
        self.event = event
        self.at = at
    }
}
