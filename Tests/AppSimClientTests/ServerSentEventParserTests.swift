@testable import AppSimClient
import Testing

/// The event stream parser, fed the way a network delivers bytes: in pieces that cut lines anywhere.
@Suite("Client: Server-Sent Event parsing")
struct ServerSentEventParserTests {
    private let stream = """
        retry: 1000
        : streaming d1.1

        event: callback
        id: 8
        data: {"seq":8,"name":"suspended"}

        : heartbeat

        event: state
        data: {"to":"suspended"}

        data: first
        data: second


        """

    private let expected = [
        ServerSentEvent(event: "callback", data: #"{"seq":8,"name":"suspended"}"#, id: "8"),
        ServerSentEvent(event: "state", data: #"{"to":"suspended"}"#),
        ServerSentEvent(event: "message", data: "first\nsecond"),
    ]

    @Test("messages, comments, multi-line data and retry, whatever the pieces the bytes arrive in", arguments: [1, 2, 7, 1000])
    func pieces(size: Int) {
        var parser = ServerSentEventParser()
        let bytes = Array(stream.utf8)
        var events: [ServerSentEvent] = []
        for start in stride(from: 0, to: bytes.count, by: size) {
            events += parser.feed(bytes[start..<min(start + size, bytes.count)])
        }
        #expect(events == expected)
        #expect(parser.retryMilliseconds == 1000)
    }

    @Test("CRLF and CR end lines as LF does, even when a CRLF is split between two pieces")
    func lineEnds() {
        var parser = ServerSentEventParser()
        var events = parser.feed(Array("event: callback\r\nid: 1\r\ndata: a\r".utf8))
        events += parser.feed(Array("\n\r\nevent: state\rdata: b\r\r".utf8))
        #expect(events == [ServerSentEvent(event: "callback", data: "a", id: "1"), ServerSentEvent(event: "state", data: "b")])
    }

    @Test("a message without data is not delivered, and a message cut off by a broken connection is not either")
    func incomplete() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array("event: callback\nid: 3\n\nevent: callback\nid: 4\ndata: {}".utf8)).isEmpty)
    }
}
