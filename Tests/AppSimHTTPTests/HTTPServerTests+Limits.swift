import AppSimHTTP
import AppSimTestSupport
import Glibc
import Testing

/// Clients that would starve others or be read two ways: floods from one address, requests that never finish
/// arriving, ambiguous framing and repeated credentials.
extension LiveHTTPTests {
    @Suite struct HTTPServerLimitTests {
        static let ok = HTTPResponse(status: 200, body: text("ok"))

        // MARK: One address cannot starve the others

        // Its own process (an exit test): it opens up to 10,000 connections, which would crowd the open-file limit
        // and the loopback of tests running alongside.
        @Test func tenThousandConnectionsFromOneAddressDoNotStarveAnother() async {
            let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
                try LiveHTTPTests.HTTPServerLimitTests.flood()
            }
            if let output = result?.standardOutputContent, !output.isEmpty {
                print(String(decoding: output, as: UTF8.self), terminator: "")
            }
        }

        static func flood() throws {
            // Start as a process with the common soft limit would: the server raises it to the hard limit itself.
            var limit = rlimit()
            getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
            let hardLimit = limit.rlim_max
            limit.rlim_cur = min(1_024, hardLimit)
            setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)

            // Each flood connection is a descriptor in this process, and each the server keeps is one more (same
            // process); 256 are left for everything else. With too few for 10,000 plus the default per-address
            // limit, the flood is as large as the limit allows, and the per-address limit a quarter of it, so that
            // the flood still goes over it.
            var configuration = HTTPServer.Configuration.live()
            configuration.host = "0.0.0.0"
            let budget = Int(clamping: hardLimit) - 256
            if budget < 10_000 + configuration.connectionsPerAddress {
                configuration.connectionsPerAddress = min(configuration.connectionsPerAddress, budget / 5)
            }
            let perAddress = configuration.connectionsPerAddress
            let count = min(10_000, budget - perAddress)
            if count < 10_000 {
                print("The open-file hard limit is \(hardLimit): the flood is \(count) connections, not 10,000, "
                    + "against a per-address limit of \(perAddress).")
            }
            try #require(perAddress > 0 && count > perAddress, "an open-file limit of \(hardLimit) leaves no room for a flood")

            try withLiveServer(configuration, respond: { _, writer in writer.send(Self.ok) }) { server in
                getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
                #expect(limit.rlim_cur == hardLimit, "the server did not raise the open-file soft limit")

                // Half idle, half slow: a request head begun and never finished.
                var flood: [TestHTTPClient] = []
                flood.reserveCapacity(count)
                for index in 0..<count {
                    let client = try TestHTTPClient(port: server.port, from: "127.0.0.1")
                    if index.isMultiple(of: 2) {
                        _ = try? client.sendRaw(text("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n"))
                    }
                    flood.append(client)
                }

                // While the flood is held, a client from another address is answered within a second.
                let started = ContinuousClock.now
                let response = try TestHTTPClient.request(port: server.port, from: "127.0.0.2", "GET", "/other")
                let took = ContinuousClock.now - started
                #expect(response.status == 200)
                #expect(took < .seconds(1), "another address waited \(took) behind \(count) connections")

                // The flooding address is at its limit: one more connection from it is closed unanswered.
                let extra = try TestHTTPClient(port: server.port, from: "127.0.0.1")
                try? extra.sendRaw(text("GET /more HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
                #expect((try? extra.readToEnd())?.isEmpty != false)

                // Released, the address is served again.
                flood.removeAll()
                #expect(waitUntil {
                    (try? TestHTTPClient.request(port: server.port, from: "127.0.0.1", "GET", "/again"))?.status == 200
                })
            }
        }

        @Test func connectionsOverThePerAddressLimitAreClosedAndLoggedWhileOtherAddressesAreServed() throws {
            let messages = Recorder<String>()
            var configuration = HTTPServer.Configuration.live()
            configuration.connectionsPerAddress = 2
            configuration.logsErrors = true
            configuration.log = { messages.append($0) }
            try withLiveServer(configuration, respond: { _, writer in writer.send(Self.ok) }) { server in
                let held = try (0..<2).map { _ in try TestHTTPClient(port: server.port) }
                #expect(try held[0].request("GET", "/a").status == 200)
                #expect(try held[1].request("GET", "/b").status == 200)

                let refused = try TestHTTPClient(port: server.port)
                try? refused.sendRaw(text("GET /c HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
                #expect((try? refused.readToEnd())?.isEmpty != false)

                #expect(try TestHTTPClient.request(port: server.port, from: "127.0.0.2", "GET", "/d").status == 200)
                // One line per refused connection, handed to the log closure rather than printed.
                #expect(waitUntil { messages.all.contains { $0.lowercased().contains("limit") } }, "\(messages.all)")
                #expect(messages.all.allSatisfy { !$0.hasSuffix("\n") })
            }
        }

        // MARK: A request must arrive whole in time

        /// A server whose requests have one second to arrive, and whose idle timeout would never end them.
        static let quickDeadline = HTTPServer.Configuration(
            host: "127.0.0.1", port: 0, threads: 2, connectionTimeoutSeconds: 60, requestTimeoutSeconds: 1,
            logsErrors: false)

        /// Sends `piece` every 100 ms, for at most 10 s, until the server closes the connection; returns whether it did.
        static func trickle(_ piece: [UInt8], on client: TestHTTPClient) -> Bool {
            for _ in 0..<100 {
                if client.isClosedByServer { return true }
                guard (try? client.sendRaw(piece)) != nil else { return true }
                usleep(100_000)
            }
            return client.isClosedByServer
        }

        @Test func aRequestHeadThatTricklesInIsDroppedUnanswered() throws {
            let called = Recorder<String>()
            try withLiveServer(Self.quickDeadline, respond: { request, writer in
                called.append(request.path)
                writer.send(Self.ok)
            }) { server in
                let client = try TestHTTPClient(port: server.port)
                try client.sendRaw(text("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n"))
                // Each header line restarts the idle timeout; only the arrival deadline ends this.
                #expect(Self.trickle(text("X-Slow: 1\r\n"), on: client))
                #expect((try? client.readToEnd())?.isEmpty != false)

                // Other clients are served as usual.
                #expect(try TestHTTPClient.request(port: server.port, "GET", "/fast").status == 200)
            }
            #expect(called.all == ["/fast"])
        }

        @Test func aChunkedBodyThatNeverEndsIsDroppedAtTheDeadline() throws {
            try withLiveServer(Self.quickDeadline, respond: { _, writer in writer.send(Self.ok) }) { server in
                let client = try TestHTTPClient(port: server.port)
                try client.sendRaw(text("POST /endless HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"))
                // Over the body limit within the first second, and never finished: the 413 waits for the end that
                // never comes (libmicrohttpd answers only then), so the deadline closes the connection.
                let chunk = text("2000\r\n") + [UInt8](repeating: 1, count: 8_192) + text("\r\n")
                #expect(Self.trickle(chunk, on: client))
            }
        }

        @Test func answeringLongerThanTheDeadlineIsNotCut() throws {
            try withLiveServer(Self.quickDeadline, respond: { request, writer in
                later(1_500) { writer.send(HTTPResponse(status: 200, body: text("late " + request.path))) }
            }) { server in
                let client = try TestHTTPClient(port: server.port)
                let response = try client.request("POST", "/slow-answer", body: text("x"))
                #expect(response.status == 200)
                #expect(response.text == "late /slow-answer")
            }
        }

        // MARK: A head read only one way

        /// Sends `head` (and `body`) raw on a new connection; returns the response and the connection.
        static func exchange(_ port: Int, _ head: String, body: String = "") throws -> (TestHTTPClient.Response, TestHTTPClient) {
            let client = try TestHTTPClient(port: port)
            try client.sendRaw(text(head + "\r\n" + body))
            return (try client.readResponse(), client)
        }

        /// Whether the server closes `client`'s connection with nothing more sent (no answer to what followed).
        static func closesWithNothingMore(_ client: TestHTTPClient) -> Bool {
            (try? client.readToEnd())?.isEmpty == true
        }

        static func expectMalformed(_ response: TestHTTPClient.Response, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(response.status == 400, sourceLocation: sourceLocation)
            #expect(response.headers["content-type"] == "application/problem+json", sourceLocation: sourceLocation)
            #expect(response.text.contains(#""type":"urn:appsim:problem:malformed-request""#), sourceLocation: sourceLocation)
            #expect(response.text.contains(#""status":400"#), sourceLocation: sourceLocation)
        }

        @Test func bothContentLengthAndTransferEncodingAre400AndTheConnectionCloses() throws {
            let called = Recorder<String>()
            try withLiveServer(respond: { request, writer in
                called.append(request.path)
                writer.send(Self.ok)
            }) { server in
                let (response, client) = try Self.exchange(
                    server.port,
                    "POST /both HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n",
                    body: "5\r\nhello\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n")
                Self.expectMalformed(response)
                #expect(response.text.contains("both Content-Length and Transfer-Encoding"))
                #expect(Self.closesWithNothingMore(client))
            }
            #expect(called.all.isEmpty)
        }

        @Test func twoDifferentContentLengthsAre400AndTwoEqualOnesAreAccepted() throws {
            try withLiveServer(respond: HTTPServerTests.countBody) { server in
                let (different, client) = try Self.exchange(
                    server.port, "POST /two HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: 5\r\n",
                    body: "hello")
                Self.expectMalformed(different)
                #expect(different.text.contains("different values"))
                #expect(Self.closesWithNothingMore(client))

                let (equal, _) = try Self.exchange(
                    server.port, "POST /two HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 5\r\n",
                    body: "hello")
                #expect(equal.status == 200)
                #expect(equal.text == "5")
            }
        }

        @Test func aTransferEncodingOtherThanChunkedIs400() throws {
            try withLiveServer(respond: { _, writer in writer.send(Self.ok) }) { server in
                for coding in ["gzip", "gzip, chunked", "chunked, chunked"] {
                    let (response, client) = try Self.exchange(
                        server.port, "POST /coded HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: \(coding)\r\n",
                        body: "0\r\n\r\n")
                    Self.expectMalformed(response)
                    #expect(Self.closesWithNothingMore(client), "\(coding)")
                }
            }
        }

        @Test func twoAuthorizationOrHostHeadersAre400() throws {
            let called = Recorder<String>()
            try withLiveServer(respond: { request, writer in
                called.append(request.path)
                writer.send(Self.ok)
            }) { server in
                let (authorization, _) = try Self.exchange(
                    server.port, "GET /a HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer one\r\nAuthorization: Bearer two\r\n")
                Self.expectMalformed(authorization)
                #expect(authorization.text.contains("more than one Authorization header"))
                let (host, _) = try Self.exchange(server.port, "GET /b HTTP/1.1\r\nHost: x\r\nHost: y\r\n")
                Self.expectMalformed(host)
                let (one, _) = try Self.exchange(server.port, "GET /c HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer one\r\n")
                #expect(one.status == 200)
            }
            #expect(called.all == ["/c"])
        }

        // MARK: Paths

        @Test func anEncodedSlashStaysInsideItsPathSegment() throws {
            let requests = Recorder<HTTPRequest>()
            try withLiveServer(respond: { request, writer in
                requests.append(request)
                writer.send(Self.ok)
            }) { server in
                let response = try TestHTTPClient.request(port: server.port, "GET", "/v1/a%2Fb/c%20d//e%00f/?x=%2F")
                #expect(response.status == 200)
            }
            let request = try #require(requests.all.first)
            #expect(request.encodedPath == "/v1/a%2Fb/c%20d//e%00f/")
            #expect(request.pathSegments == ["v1", "a/b", "c d", "e%00f"])
            #expect(request.path == "/v1/a/b/c d//e%00f/")
            #expect(request.queryArgument("x") == "/")
        }
    }
}
