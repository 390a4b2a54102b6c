import AppSimCore
import AppSimJSON

/// One message of an event stream, in the domain's terms; the responder frames it (Server-Sent Events).
enum StreamMessage: Sendable, Equatable {
    /// A resumed stream starts after what is no longer kept: the seqs up to `upTo` are gone.
    case dropped(upTo: Int64)
    /// An instance's callback: its seq and its Callback JSON.
    case callback(seq: Int64, body: [UInt8])
    /// An instance's state change, with the event that made it.
    case state(StateChange, eventSeq: Int64, at: Int64)
    /// A device's committed event: its seq, its type and time (unknown for an event rebuilt from history alone), its
    /// changes (the journal's JSON array) and its callbacks' JSON.
    case event(seq: Int64, type: String?, at: Int64?, changes: [UInt8], callbacks: [[UInt8]])
    /// Nothing happened for a while: it keeps idle connections (and proxies) from giving up on the stream.
    case heartbeat
}
