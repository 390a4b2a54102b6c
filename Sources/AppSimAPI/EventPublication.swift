import AppSimCore
import AppSimJSON
import AppSimStore

/// What one committed event tells those who wait and watch: published in commit order, by the ``Publisher``.
struct EventPublication: Sendable {
    var device: String
    var eventSeq: Int64
    var type: String
    var at: Int64
    var changes: [StateChange]
    var callbacks: [RenderedCallback]
    /// Every app on the device as the event left it.
    var states: [String: LifecycleState]
    var foreground: String?
}

/// What a wait ends with: the watched resource's JSON once its condition holds (or, for callbacks, the page as it is
/// at the timeout), or the problem that ended it (`408` at the timeout, `404` when what was watched is gone).
typealias WaitResult = Result<[UInt8], Problem>
