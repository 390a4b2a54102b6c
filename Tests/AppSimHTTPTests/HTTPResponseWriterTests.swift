import AppSimHTTP
import Testing

@Suite struct HTTPResponseWriterTests {
    @Test func aStandaloneWriterHandsOverOnlyTheFirstResponse() {
        let sent = Recorder<Int>()
        let writer = HTTPResponseWriter { sent.append($0.status) }
        writer.send(HTTPResponse(status: 201))
        writer.send(HTTPResponse(status: 500))
        #expect(sent.all == [201])
    }
}
