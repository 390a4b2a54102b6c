import AppSimHTTP
import AppSimTestSupport
import Testing

extension LiveHTTPTests {
    @Suite struct HTTPServerTests {
        static let ok = HTTPResponse(status: 200, body: text("ok"))

        @Test func portZeroBindsARealPort() throws {
            try withLiveServer(respond: { _, writer in writer.send(Self.ok) }) { server in
                #expect(server.port > 0)
                #expect(server.port != 8080)
                let response = try TestHTTPClient.request(port: server.port, "GET", "/")
                #expect(response.status == 200)
                #expect(response.text == "ok")
            }
        }

        @Test func methodPathQueryHeadersAndBodyArrive() throws {
            let requests = Recorder<HTTPRequest>()
            try withLiveServer(respond: { request, writer in
                requests.append(request)
                writer.send(HTTPResponse(
                    status: 201,
                    headers: [(name: "Content-Type", value: "text/plain"), (name: "X-Reply", value: "yes")],
                    body: text("created")
                ))
            }) { server in
                let response = try TestHTTPClient.request(
                    port: server.port, "POST", "/v1/things/a%20b?limit=10&name=x%20y&limit=20&flag",
                    headers: [("X-Custom-Header", "Some Value"), ("Accept", "application/json")],
                    body: text(#"{"hello":"world"}"#)
                )
                #expect(response.status == 201)
                #expect(response.headers["content-type"] == "text/plain")
                #expect(response.headers["x-reply"] == "yes")
                #expect(response.text == "created")
            }
            let request = try #require(requests.all.first)
            #expect(request.method == "POST")
            #expect(request.path == "/v1/things/a b")
            #expect(request.query == ["limit": "20", "name": "x y", "flag": ""])
            #expect(request.queryArgument("limit") == "20")
            #expect(request.queryArgument("flag") == "")
            #expect(request.queryArgument("LIMIT") == nil)
            #expect(request.headers["x-custom-header"] == "Some Value")
            #expect(request.header("X-CUSTOM-HEADER") == "Some Value")
            #expect(request.header("accept") == "application/json")
            #expect(request.header("content-length") == "17")
            #expect(request.header("missing") == nil)
            #expect(request.body == text(#"{"hello":"world"}"#))
        }

        @Test func aGetWithoutQueryOrBodyHasEmptyOnes() throws {
            let requests = Recorder<HTTPRequest>()
            try withLiveServer(respond: { request, writer in
                requests.append(request)
                writer.send(HTTPResponse(status: 204))
            }) { server in
                let response = try TestHTTPClient.request(port: server.port, "GET", "/health")
                #expect(response.status == 204)
                #expect(response.body.isEmpty)
            }
            let request = try #require(requests.all.first)
            #expect(request.method == "GET")
            #expect(request.path == "/health")
            #expect(request.query.isEmpty)
            #expect(request.body.isEmpty)
        }

        @Test func headersTheTransportOwnsOrThatCouldSplitTheResponseAreDropped() throws {
            try withLiveServer(respond: { _, writer in
                writer.send(HTTPResponse(
                    status: 200,
                    headers: [
                        (name: "X-Split", value: "a\r\nInjected: yes"),
                        (name: "Content-Length", value: "999"),
                        (name: "X-Fine", value: "fine"),
                    ],
                    body: text("ok")
                ))
            }) { server in
                let response = try TestHTTPClient.request(port: server.port, "GET", "/")
                #expect(response.status == 200)
                #expect(response.headers["injected"] == nil)
                #expect(response.headers["x-split"] == nil)
                #expect(response.headers["content-length"] == "2")
                #expect(response.headers["x-fine"] == "fine")
                #expect(response.text == "ok")
            }
        }

        @Test func aStatusOutsideTheValidRangeIsSentAs500() throws {
            try withLiveServer(respond: { _, writer in writer.send(HTTPResponse(status: 42)) }) { server in
                let response = try TestHTTPClient.request(port: server.port, "GET", "/")
                #expect(response.status == 500)
            }
        }

        @Test func aConnectionIsKeptAliveAcrossRequests() throws {
            try withLiveServer(respond: { request, writer in
                writer.send(HTTPResponse(status: 200, body: text(request.path)))
            }) { server in
                let client = try TestHTTPClient(port: server.port)
                for path in ["/one", "/two", "/three"] {
                    let response = try client.request("GET", path)
                    #expect(response.status == 200)
                    #expect(response.text == path)
                }
            }
        }

        @Test func onlyTheFirstSendCounts() throws {
            try withLiveServer(respond: { _, writer in
                writer.send(HTTPResponse(status: 200, body: text("first")))
                writer.send(HTTPResponse(status: 500, body: text("second")))
                later { writer.send(HTTPResponse(status: 500, body: text("third"))) }
            }) { server in
                let client = try TestHTTPClient(port: server.port)
                for _ in 0..<2 {
                    let response = try client.request("GET", "/")
                    #expect(response.status == 200)
                    #expect(response.text == "first")
                }
            }
        }

        @Test func aResponseSentLaterFromAnotherThreadArrives() throws {
            try withLiveServer(respond: { request, writer in
                later(50) {
                    writer.send(HTTPResponse(status: 202, body: text("later " + request.path)))
                }
            }) { server in
                let client = try TestHTTPClient(port: server.port)
                for path in ["/a", "/b"] {
                    let response = try client.request("POST", path, body: text("x"))
                    #expect(response.status == 202)
                    #expect(response.text == "later " + path)
                }
            }
        }

        @Test func aHundredConcurrentDelayedRequestsAllComplete() throws {
            try withLiveServer(respond: { request, writer in
                later(50) {
                    writer.send(HTTPResponse(status: 200, body: text(request.query["n"] ?? "?")))
                }
            }) { server in
                // All requests are sent before any response is read, so they wait on the server together.
                let clients = try (0..<100).map { _ in try TestHTTPClient(port: server.port) }
                for (n, client) in clients.enumerated() {
                    try client.send("GET", "/slow?n=\(n)")
                }
                for (n, client) in clients.enumerated() {
                    let response = try client.readResponse()
                    #expect(response.status == 200)
                    #expect(response.text == "\(n)")
                }
            }
        }

        static func payloadTooLarge(limit: Int) -> String {
            #"{"type":"urn:appsim:problem:content-too-large","title":"Content Too Large","status":413,"#
                + #""detail":"The request body is over the limit of \#(limit) bytes. Send a smaller body."}"#
        }

        /// Answers with the number of body bytes received.
        static let countBody: @Sendable (HTTPRequest, HTTPResponseWriter) -> Void = { request, writer in
            writer.send(HTTPResponse(status: 200, body: text("\(request.body.count)")))
        }

        @Test func aDeclaredBodyOverTheLimitGets413FromItsHead() throws {
            let called = Recorder<String>()
            try withLiveServer(respond: { request, writer in
                called.append(request.path)
                writer.send(Self.ok)
            }) { server in
                // Only the head is sent: the answer must come from the declared length, before any body.
                let client = try TestHTTPClient(port: server.port)
                try client.sendRaw(text("POST /big HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 65537\r\n\r\n"))
                let response = try client.readResponse()
                #expect(response.status == 413)
                #expect(response.headers["content-type"] == "application/problem+json")
                #expect(response.text == Self.payloadTooLarge(limit: 65_536))
            }
            #expect(called.all.isEmpty)
        }

        @Test func aDeclaredBodyOverTheLimitGets413WhenSentInFull() throws {
            try withLiveServer(.live(maxBodyBytes: 1_000), respond: Self.countBody) { server in
                let client = try TestHTTPClient(port: server.port)
                try client.send("PUT", "/big", body: [UInt8](repeating: 7, count: 1_001))
                let response = try client.readResponse()
                #expect(response.status == 413)
                #expect(response.text == Self.payloadTooLarge(limit: 1_000))
            }
        }

        @Test func aChunkedBodyOverTheLimitGets413AndTheConnectionStaysUsable() throws {
            try withLiveServer(respond: Self.countBody) { server in
                let client = try TestHTTPClient(port: server.port)
                let response = try client.request(
                    "POST", "/big", body: [UInt8](repeating: 1, count: 70_000), chunkSize: 8_192)
                #expect(response.status == 413)
                #expect(response.headers["content-type"] == "application/problem+json")
                #expect(response.text == Self.payloadTooLarge(limit: 65_536))

                let next = try client.request("POST", "/small", body: text("abc"))
                #expect(next.status == 200)
                #expect(next.text == "3")
            }
        }

        @Test func aBodyExactlyAtTheLimitIsAccepted() throws {
            try withLiveServer(respond: Self.countBody) { server in
                let body = [UInt8](repeating: 42, count: 65_536)
                let declared = try TestHTTPClient.request(port: server.port, "POST", "/exact", body: body)
                #expect(declared.status == 200)
                #expect(declared.text == "65536")
                let chunked = try TestHTTPClient.request(
                    port: server.port, "POST", "/exact", body: body, chunkSize: 10_000)
                #expect(chunked.status == 200)
                #expect(chunked.text == "65536")
            }
        }

        @Test func theBodyArrivesIntactAcrossChunks() throws {
            let bodies = Recorder<[UInt8]>()
            try withLiveServer(respond: { request, writer in
                bodies.append(request.body)
                writer.send(Self.ok)
            }) { server in
                let body = (0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
                _ = try TestHTTPClient.request(port: server.port, "POST", "/a", body: body)
                _ = try TestHTTPClient.request(port: server.port, "POST", "/b", body: body, chunkSize: 777)
                #expect(bodies.all == [body, body])
            }
        }

        @Test func aMalformedRequestGetsAnErrorFromTheTransport() throws {
            try withLiveServer(respond: { _, writer in writer.send(Self.ok) }) { server in
                let reply = try TestHTTPClient.raw(
                    port: server.port, text("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n"))
                #expect(String(decoding: reply, as: UTF8.self).hasPrefix("HTTP/1.1 400"))
            }
        }

        @Test func bindingAPortInUseThrowsAHelpfulError() throws {
            try withLiveServer(respond: { _, writer in writer.send(Self.ok) }) { server in
                var configuration = HTTPServer.Configuration.live()
                configuration.port = server.port
                let error = #expect(throws: HTTPServerError.self) {
                    _ = try HTTPServer(configuration: configuration, responder: ClosureResponder { _, _ in })
                }
                #expect(error == .addressUnavailable(host: "127.0.0.1", port: server.port))
                #expect(error?.description == "could not listen on 127.0.0.1:\(server.port): the address is in use "
                    + "or not available. Choose another --port or stop the process using it.")
            }
        }

        @Test func aBadHostOrPortThrows() {
            var configuration = HTTPServer.Configuration.live()
            configuration.host = "example.com"
            #expect(throws: HTTPServerError.invalidHost("example.com")) {
                _ = try HTTPServer(configuration: configuration, responder: ClosureResponder { _, _ in })
            }
            configuration.host = "127.0.0.1"
            configuration.port = 70_000
            #expect(throws: HTTPServerError.invalidPort(70_000)) {
                _ = try HTTPServer(configuration: configuration, responder: ClosureResponder { _, _ in })
            }
            #expect(HTTPServerError.invalidHost("example.com").description.contains("IPv4"))
        }

        @Test func localhostIsAccepted() throws {
            var configuration = HTTPServer.Configuration.live()
            configuration.host = "localhost"
            let server = try HTTPServer(configuration: configuration, responder: ClosureResponder { _, writer in
                writer.send(Self.ok)
            })
            defer { server.shutdown() }
            let response = try TestHTTPClient.request(port: server.port, "GET", "/")
            #expect(response.status == 200)
        }

        @Test func shutdownAnswersAWaitingRequestWith503AndReturns() throws {
            let waiting = Recorder<HTTPResponseWriter>()
            let server = try HTTPServer(configuration: .live(), responder: ClosureResponder { _, writer in
                waiting.append(writer)  // never answered by the responder
            })
            defer { server.shutdown() }
            let client = try TestHTTPClient(port: server.port)
            try client.send("POST", "/forever", body: text("x"))
            try #require(waitUntil { !waiting.all.isEmpty })

            server.shutdown()
            server.shutdown()  // idempotent

            let response = try client.readResponse()
            #expect(response.status == 503)
            #expect(response.headers["content-type"] == "application/problem+json")
            #expect(response.text.contains(#""status":503"#))
            // A late answer from the responder is ignored, not a crash.
            waiting.all.first?.send(Self.ok)
        }

        @Test func stopAcceptingRefusesWhatArrivesAfterItAndDeliversTheAnswersOfWhatCameBefore() throws {
            let waiting = Recorder<HTTPResponseWriter>()
            let reached = Recorder<String>()
            let server = try HTTPServer(configuration: .live(), responder: ClosureResponder { request, writer in
                reached.append(request.path)
                if request.path == "/later" { waiting.append(writer) } else { writer.send(Self.ok) }
            })
            defer { server.shutdown() }
            let accepted = try TestHTTPClient(port: server.port)
            try accepted.send("POST", "/later", body: text("x"))
            try #require(waitUntil { !waiting.all.isEmpty })
            let open = try TestHTTPClient(port: server.port)
            try open.send("GET", "/before")
            #expect(try open.readResponse().status == 200)

            server.stopAccepting()
            server.stopAccepting()  // idempotent

            // A request on a connection that was open: refused unprocessed, and the connection closes.
            try open.send("GET", "/after")
            let refused = try open.readResponse()
            #expect(refused.status == 503)
            #expect(refused.headers["connection"] == "close")
            #expect(refused.text.contains("did not process"))
            #expect(!reached.all.contains("/after"))
            // So is one on a new connection.
            let late = try TestHTTPClient.request(port: server.port, "GET", "/late")
            #expect(late.status == 503)
            #expect(!reached.all.contains("/late"))
            // What was accepted before still gets its own answer.
            waiting.all.first?.send(Self.ok)
            let answered = try accepted.readResponse()
            #expect(answered.status == 200)
            #expect(answered.text == "ok")
        }

        @Test func shutdownWithManyRequestsInFlightDoesNotCrash() throws {
            let server = try HTTPServer(configuration: .live(), responder: ClosureResponder { request, writer in
                if request.path == "/now" { return writer.send(Self.ok) }
                later(Int.random(in: 0...20)) {
                    writer.send(Self.ok)
                }
            })
            defer { server.shutdown() }
            let clients = try (0..<50).map { _ in try TestHTTPClient(port: server.port) }
            for (n, client) in clients.enumerated() {
                try client.send("GET", n.isMultiple(of: 2) ? "/now" : "/later")
            }
            server.shutdown()
            for client in clients {
                // Each gets its answer, a 503, or a connection closed with no answer at all; none hangs (a read
                // that waits 10 s throws) and none gets anything else. The server is stopped, so every connection
                // ends after what it was sent.
                let sent = try client.readToEnd()
                if sent.isEmpty { continue }
                let statusLine = String(decoding: sent.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
                #expect(statusLine.hasPrefix("HTTP/1.1 200 ") || statusLine.hasPrefix("HTTP/1.1 503 "), "got \(statusLine)")
            }
        }
    }
}
