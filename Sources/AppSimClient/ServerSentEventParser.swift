/// One message of a Server-Sent Event stream, as the server sent it.
public struct ServerSentEvent: Sendable, Hashable {
    /// The `event:` field (`callback`, `state`, `event`); `message` when there was none.
    public var event = "message"
    /// The `data:` lines, joined with newlines: the message's JSON.
    public var data = ""
    /// The `id:` field of this message, if it had one.
    public var id: String?

    public init(event: String = "message", data: String = "", id: String? = nil) {
        self.event = event
        self.data = data
        self.id = id
    }
}

/// Parses a `text/event-stream` body fed in pieces of any size, as the HTML standard's event stream
/// interpretation does: lines end with CRLF, LF or CR; a blank line dispatches the message; `:` starts a comment;
/// `retry:` sets the reconnection delay.
struct ServerSentEventParser: Sendable {
    /// The last `retry:` value, in milliseconds.
    private(set) var retryMilliseconds: Int?

    private var line: [UInt8] = []
    private var pending = ServerSentEvent()
    private var hasData = false
    /// A CR ended the last line; an LF right after it belongs to the same line end.
    private var afterCarriageReturn = false

    /// Feeds the next bytes of the body and returns the messages they complete.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\n") where afterCarriageReturn:
                afterCarriageReturn = false
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                afterCarriageReturn = byte == UInt8(ascii: "\r")
                if let event = endLine() { events.append(event) }
            default:
                afterCarriageReturn = false
                line.append(byte)
            }
        }
        return events
    }

    private mutating func endLine() -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        guard !line.isEmpty else {
            defer {
                pending = ServerSentEvent()
                hasData = false
            }
            return hasData ? pending : nil
        }
        if line.first == UInt8(ascii: ":") { return nil }
        let text = String(decoding: line, as: UTF8.self)
        let name: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            name = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
        } else {
            name = Substring(text)
            value = ""
        }
        switch name {
        case "event":
            pending.event = String(value)
        case "data":
            pending.data += hasData ? "\n" + value : String(value)
            hasData = true
        case "id" where !value.contains("\0"):
            pending.id = String(value)
        case "retry":
            if let milliseconds = Int(value), milliseconds >= 0 { retryMilliseconds = milliseconds }
        default:
            break
        }
        return nil
    }
}
