import AppSimHTTP
import AppSimJSON

/// Waits and event streams over HTTP: a wait's answer as a response, a stream's messages as Server-Sent Events.
extension APIResponder {
    /// A long-poll request as the service's waiting client: its answer is the response (`200` with the JSON, or the
    /// problem), and a client that hangs up stops waiting.
    static func waitingClient(_ exchange: Exchange) -> WaitingClient {
        WaitingClient(
            answer: { result in
                switch result {
                case .success(let json): exchange.answer(raw(json))
                case .failure(let problem): exchange.answer(problemResponse(problem))
                }
            },
            onLeave: { exchange.writer.onClose($0) })
    }

    static let streamHeaders: [(name: String, value: String)] = [
        ("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache"), ("X-Accel-Buffering", "no"),
    ]

    /// Opens an event stream on `writer` (`200`, then a reconnection delay of 1 s and a comment naming what it
    /// follows) as the service's stream client.
    static func eventStream(_ exchange: Exchange, of followed: String) -> StreamClient {
        let stream = exchange.writer.stream(status: 200, headers: streamHeaders + exchange.crossOrigin)
        stream.write(Array("retry: 1000\n: streaming \(followed)\n\n".utf8))
        return StreamClient(
            send: { messages in stream.write(messages.flatMap(serverSentEvent)) },
            end: { stream.close() },
            onLeave: { stream.onClose($0) })
    }

    /// `message` as a Server-Sent Event: `event:` its kind, `id:` the seq a client resumes after (callbacks on an
    /// instance's stream, events on a device's), `data:` its JSON on one line.
    static func serverSentEvent(_ message: StreamMessage) -> [UInt8] {
        switch message {
        case .dropped(let upTo):
            return Array("event: dropped\ndata: {\"dropped\":\(upTo)}\n\n".utf8)
        case .callback(let seq, let body):
            return Array("event: callback\nid: \(seq)\ndata: ".utf8) + body + Array("\n\n".utf8)
        case .state(let change, let eventSeq, let at):
            var w = JSONWriter(capacity: 128)
            change.write(to: &w, event: (eventSeq, at))
            return Array("event: state\ndata: ".utf8) + w.bytes + Array("\n\n".utf8)
        case .event(let seq, let type, let at, let changes, let callbacks):
            var w = JSONWriter()
            w.beginObject()
            w.key("event")
            w.beginObject()
            w.field("seq", seq)
            if let type { w.field("type", type) }
            if let at { w.field("at", at) }
            w.endObject()
            w.key("changes")
            w.raw(changes)
            w.key("callbacks")
            w.beginArray()
            for body in callbacks { w.raw(body) }
            w.endArray()
            w.endObject()
            return Array("event: event\nid: \(seq)\ndata: ".utf8) + w.bytes + Array("\n\n".utf8)
        case .heartbeat:
            return Array(": heartbeat\n\n".utf8)
        }
    }
}
