import AppSimHTTP
import AppSimTestSupport
import Testing

/// Clients that wait on the server: long polls (a response sent later) and open streams.
extension LiveHTTPTests {
    @Suite struct HTTPServerWaitingTests {
        /// A server where `/poll?n=…` waits for the test to answer (the writer is recorded under `n`),
        /// `/stream?n=…` opens a stream (recorded too), and anything else is answered at once.
        final class Waiters: Sendable {
            let polls = Recorder<(n: Int, writer: HTTPResponseWriter)>()
            let streams = Recorder<(n: Int, stream: HTTPStream)>()
            let closed = Recorder<String>()

            func respond(_ request: HTTPRequest, _ writer: HTTPResponseWriter) {
                let n = request.queryArgument("n").flatMap { Int($0) } ?? -1
                switch request.path {
                case "/poll":
                    writer.onClose { self.closed.append("poll \(n)") }
                    polls.append((n, writer))
                case "/stream":
                    let stream = writer.stream(
                        status: 200, headers: [(name: "Content-Type", value: "text/event-stream")])
                    stream.onClose { self.closed.append("stream \(n)") }
                    streams.append((n, stream))
                default:
                    writer.send(HTTPResponse(status: 200, body: text("ok")))
                }
            }
        }

        // The two tests below count threads, so each runs in a process of its own (an exit test): servers that tests
        // running alongside start in this process would change the count either way.

        @Test func twoThousandWaitingClientsTakeNoThreadsAndDelayNoOtherRequest() async {
            await #expect(processExitsWith: .success) {
                try LiveHTTPTests.HTTPServerWaitingTests.twoThousandWaitingClients()
            }
        }

        @Test func shutdownEndsOpenStreamsAndAnswersDeferredResponses() async {
            await #expect(processExitsWith: .success) {
                try LiveHTTPTests.HTTPServerWaitingTests.shutdownWithWaitingClients()
            }
        }

        static func twoThousandWaitingClients() throws {
            let count = 1_000
            try #require(raiseOpenFileLimit(to: 8_192))
            let waiters = Waiters()
            try withLiveServer(respond: waiters.respond) { server in
                // Warm up, so that anything started lazily on a first request is there before counting.
                for _ in 0..<10 { _ = try TestHTTPClient.request(port: server.port, "GET", "/warm-up") }
                let threadsBefore = threadCount()

                let polls = try (0..<count).map { n in
                    let client = try TestHTTPClient(port: server.port)
                    try client.send("GET", "/poll?n=\(n)")
                    return client
                }
                let streams = try (0..<count).map { n in
                    let client = try TestHTTPClient(port: server.port)
                    try client.send("GET", "/stream?n=\(n)")
                    return client
                }
                for client in streams {
                    let head = try client.readResponseHead()
                    #expect(head.status == 200)
                }
                try #require(waitUntil { waiters.polls.all.count == count && waiters.streams.all.count == count })

                // While all 2,000 wait, other requests are answered as usual, and no thread was added for them.
                for _ in 0..<200 {
                    let response = try TestHTTPClient.request(port: server.port, "GET", "/other")
                    #expect(response.status == 200)
                }
                let threadsWaiting = threadCount()
                #expect(threadsWaiting <= threadsBefore, "threads went from \(threadsBefore) to \(threadsWaiting) with \(2 * count) waiting")
                #expect(waiters.closed.all.isEmpty)

                for (n, writer) in waiters.polls.all {
                    writer.send(HTTPResponse(status: 200, body: text("poll \(n)")))
                }
                for (n, stream) in waiters.streams.all {
                    stream.write(text("data: \(n)\n\n"))
                    stream.close()
                }
                for (n, client) in polls.enumerated() {
                    let response = try client.readResponse()
                    #expect(response.status == 200)
                    #expect(response.text == "poll \(n)")
                }
                for (n, client) in streams.enumerated() {
                    var body: [UInt8] = []
                    while let chunk = try client.readChunk() { body += chunk }
                    #expect(body == text("data: \(n)\n\n"))
                }
                #expect(waitUntil(seconds: 5) { waiters.closed.all.count == 2 * count })
            }
        }

        static func shutdownWithWaitingClients() throws {
            let count = 20
            let waiters = Waiters()
            let threadsBefore = threadCount()
            let server = try HTTPServer(configuration: .live(), responder: ClosureResponder(handle: waiters.respond))
            defer { server.shutdown() }
            let polls = try (0..<count).map { n in
                let client = try TestHTTPClient(port: server.port)
                try client.send("GET", "/poll?n=\(n)")
                return client
            }
            let streams = try (0..<count).map { n in
                let client = try TestHTTPClient(port: server.port)
                try client.send("GET", "/stream?n=\(n)")
                _ = try client.readResponseHead()
                return client
            }
            try #require(waitUntil { waiters.polls.all.count == count && waiters.streams.all.count == count })
            // Half the streams have something queued that was not sent yet when shutdown begins.
            for (n, stream) in waiters.streams.all where n.isMultiple(of: 2) {
                stream.write(text("data: last \(n)\n\n"))
            }

            server.shutdown()

            // By the time shutdown returns, its threads are gone, and every request and stream is over and has
            // been told so.
            let threadsAfter = threadCount()
            #expect(threadsAfter <= threadsBefore, "\(threadsAfter) threads after shutdown, \(threadsBefore) before the server started")
            #expect(waiters.closed.all.count == 2 * count)
            #expect(waiters.polls.all.allSatisfy { $0.writer.isClosed })
            #expect(waiters.streams.all.allSatisfy { $0.stream.isClosed })
            for client in polls {
                let response = try client.readResponse()
                #expect(response.status == 503)
                #expect(try client.readToEnd().isEmpty)
            }
            for (n, client) in streams.enumerated() {
                // What was queued goes out, then the body ends, then the connection.
                var body: [UInt8] = []
                while let chunk = try client.readChunk() { body += chunk }
                #expect(body == (n.isMultiple(of: 2) ? text("data: last \(n)\n\n") : []))
                #expect(try client.readToEnd().isEmpty)
            }
        }
    }
}
