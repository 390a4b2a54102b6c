import AppSimCore
import AppSimStore

/// What a posted event did: its outcome, with its callbacks rendered.
struct PostedEvent: Sendable {
    var outcome: EventOutcome
    var callbacks: [RenderedCallback]
}
