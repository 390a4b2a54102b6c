import AppSimHTTP
import AppSimTestSupport
import Glibc
import Testing

extension LiveHTTPTests {
    @Suite struct HTTPResponseWriterTests {
        static let ok = HTTPResponse(status: 200, body: text("ok"))

        @Test func aStandaloneWriterHandsOverOnlyTheFirstResponse() {
            let sent = Recorder<Int>()
            let writer = HTTPResponseWriter { sent.append($0.status) }
            writer.send(HTTPResponse(status: 201))
            writer.send(HTTPResponse(status: 500))
            #expect(sent.all == [201])
        }

        @Test func onCloseRunsOnceTheResponseWentOut() throws {
            let closed = Recorder<String>()
            try withLiveServer(respond: { request, writer in
                writer.onClose { closed.append(request.path) }
                writer.send(Self.ok)
            }) { server in
                let response = try TestHTTPClient.request(port: server.port, "GET", "/fast")
                #expect(response.status == 200)
                #expect(waitUntil(seconds: 5) { closed.all == ["/fast"] })
            }
        }

        @Test func aDeferredResponseWhoseClientDisconnectsIsClosedAtOnce() throws {
            let writers = Recorder<HTTPResponseWriter>()
            let closed = Recorder<String>()
            try withLiveServer(respond: { request, writer in
                if request.path == "/now" { return writer.send(Self.ok) }
                writer.onClose { closed.append(request.path) }
                writers.append(writer)  // a long poll: answered later, or never
            }) { server in
                let client = try TestHTTPClient(port: server.port)
                try client.send("GET", "/poll")
                try #require(waitUntil { writers.all.count == 1 })
                let writer = try #require(writers.all.first)
                #expect(!writer.isClosed)

                client.disconnect()
                #expect(waitUntil(seconds: 5) { closed.all == ["/poll"] })
                #expect(writer.isClosed)
                // A late answer goes nowhere and runs no handler again.
                writer.send(Self.ok)
                writer.onClose { closed.append("late handler") }  // runs at once: the request is over
                #expect(closed.all == ["/poll", "late handler"])

                let response = try TestHTTPClient.request(port: server.port, "GET", "/now")
                #expect(response.status == 200)
            }
            #expect(closed.all == ["/poll", "late handler"])
        }

        @Test func aCloseHandlerAddedWhileTheConnectionWaitsStillHearsTheHangUp() throws {
            let writers = Recorder<HTTPResponseWriter>()
            let closed = Recorder<String>()
            try withLiveServer(respond: { _, writer in
                writers.append(writer)  // no handler yet: suspended without watching the socket
            }) { server in
                let client = try TestHTTPClient(port: server.port)
                try client.send("GET", "/poll")
                try #require(waitUntil { writers.all.count == 1 })
                let writer = try #require(writers.all.first)
                usleep(50_000)  // let the transport suspend the connection
                writer.onClose { closed.append("closed") }

                client.disconnect()
                #expect(waitUntil(seconds: 5) { closed.all == ["closed"] })
                #expect(writer.isClosed)
            }
        }

        @Test func aPipelinedRequestBehindADeferredOneIsNotAHangUp() throws {
            let writers = Recorder<HTTPResponseWriter>()
            try withLiveServer(respond: { request, writer in
                if request.path == "/now" { return writer.send(Self.ok) }
                writer.onClose {}  // someone cares: the socket is watched for a hang-up
                writers.append(writer)
            }) { server in
                let client = try TestHTTPClient(port: server.port)
                try client.sendRaw(text(
                    "GET /poll HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /now HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
                try #require(waitUntil { writers.all.count == 1 })
                let writer = try #require(writers.all.first)
                // The second request waits in the socket; give the watcher a chance to (wrongly) react to it.
                usleep(200_000)
                #expect(!writer.isClosed)

                writer.send(HTTPResponse(status: 200, body: text("late")))
                let first = try client.readResponse()
                #expect(first.text == "late")
                let second = try client.readResponse()
                #expect(second.text == "ok")
            }
        }
    }
}
