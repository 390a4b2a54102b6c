import AppSimCore
import AppSimStore

/// What a posted event did: its outcome, with its callbacks as the history keeps them.
struct PostedEvent: Sendable {
    var outcome: EventOutcome
    var callbacks: [StoredCallback]
}
