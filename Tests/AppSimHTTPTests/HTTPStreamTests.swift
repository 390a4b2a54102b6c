import AppSimHTTP
import AppSimTestSupport
import Testing

extension LiveHTTPTests {
    @Suite struct HTTPStreamTests {
        static let eventStream = [(name: "Content-Type", value: "text/event-stream")]

        /// A server that opens a stream for `/stream` (recorded in `streams`) and answers anything else at once.
        static func streaming(
            into streams: Recorder<HTTPStream>,
            _ body: (HTTPServer) throws -> Void
        ) throws {
            try withLiveServer(respond: { request, writer in
                guard request.path == "/stream" else {
                    return writer.send(HTTPResponse(status: 200, body: text("ok")))
                }
                streams.append(writer.stream(status: 200, headers: Self.eventStream))
            }, body)
        }

        @Test func writesFromAnotherThreadArriveInOrderAsChunksAndCloseEndsTheBody() throws {
            let streams = Recorder<HTTPStream>()
            try Self.streaming(into: streams) { server in
                let client = try TestHTTPClient(port: server.port)
                try client.send("GET", "/stream")
                let head = try client.readResponseHead()
                #expect(head.status == 200)
                #expect(head.headers["content-type"] == "text/event-stream")
                #expect(head.headers["transfer-encoding"]?.lowercased() == "chunked")
                #expect(head.headers["content-length"] == nil)
                let stream = try #require(streams.all.first)
                let closed = Recorder<Int>()
                stream.onClose { closed.append(1) }

                // Each write waits in the stream's connection, suspended, until the client has read the one before.
                for event in ["data: one\n\n", "data: two\n\n", "data: three\n\n"] {
                    later { stream.write(text(event)) }
                    #expect(try client.readChunk() == text(event))
                }
                #expect(!stream.isClosed)
                later { stream.close() }
                #expect(try client.readChunk() == nil)
                #expect(waitUntil(seconds: 5) { closed.all == [1] })
                #expect(stream.isClosed)
                stream.write(text("ignored"))

                // The connection stays usable for the next request.
                let next = try client.request("GET", "/after")
                #expect(next.text == "ok")
            }
        }

        @Test func aWriteLargerThanOneReadArrivesIntact() throws {
            let streams = Recorder<HTTPStream>()
            try Self.streaming(into: streams) { server in
                let client = try TestHTTPClient(port: server.port)
                try client.send("GET", "/stream")
                _ = try client.readResponseHead()
                let stream = try #require(streams.all.first)
                let payload = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
                later {
                    stream.write(payload)
                    stream.write(text("end"))
                    stream.close()
                }
                var body: [UInt8] = []
                while let chunk = try client.readChunk() { body += chunk }
                #expect(body == payload + text("end"))
            }
        }

        @Test func aStreamCanBeStartedLaterFromAnotherThread() throws {
            try withLiveServer(respond: { _, writer in
                later(20) {
                    let stream = writer.stream(status: 200, headers: Self.eventStream)
                    stream.write(text("data: late\n\n"))
                    stream.close()
                    writer.send(HTTPResponse(status: 500))  // ignored: the stream was the one response
                }
            }) { server in
                let response = try TestHTTPClient.request(port: server.port, "GET", "/stream")
                #expect(response.status == 200)
                #expect(response.headers["content-type"] == "text/event-stream")
                #expect(response.text == "data: late\n\n")
            }
        }

        @Test func aClientThatDisconnectsEndsTheStreamAtOnce() throws {
            let streams = Recorder<HTTPStream>()
            try Self.streaming(into: streams) { server in
                let client = try TestHTTPClient(port: server.port)
                try client.send("GET", "/stream")
                _ = try client.readResponseHead()
                let stream = try #require(streams.all.first)
                let closed = Recorder<Int>()
                stream.onClose { closed.append(1) }
                stream.write(text("data: hello\n\n"))
                #expect(try client.readChunk() == text("data: hello\n\n"))
                #expect(!stream.isClosed)

                // The stream is idle (its connection suspended) when the client leaves.
                client.disconnect()
                #expect(waitUntil(seconds: 5) { closed.all == [1] })
                #expect(stream.isClosed)
                stream.write(text("data: nobody reads this\n\n"))
                stream.close()
                #expect(closed.all == [1])

                let next = try TestHTTPClient.request(port: server.port, "GET", "/other")
                #expect(next.text == "ok")
            }
        }
    }
}
