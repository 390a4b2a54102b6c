import AppSimClient
import AppSimStore
import AppSimTestSupport
import Foundation
import Testing

/// The server's refusals as AppSimProblem, the token, the retries of reads, and a server that is not there.
@Suite("Client: problems, token and retries")
struct ClientProblemTests {
    @Test("an event the state does not allow is a 409 problem with the state and the events allowed; nothing changed")
    func eventNotAllowed() async throws {
        let server = try TestServer()
        let client = server.client()
        let app = try await client.install(info: AppInfo(bundleId: "com.example.notes"))
        let refused = try await problem { try await client.postInstanceEvent(app.id, .home) }
        #expect(refused.status == 409)
        #expect(refused.type == .eventNotAllowed)
        #expect(refused.title == "Conflict")
        #expect(refused.state == .notRunning)
        #expect(refused.allowedEvents?.contains("launch") == true)
        #expect(refused.allowedEvents?.contains("home") == false)
        #expect(!refused.detail.isEmpty)
        #expect(try JSONDecoder().decode(JSON.self, from: refused.body)["status"] == 409)
        #expect(try await client.getInstance(app.id).state == .notRunning)
    }

    @Test("unknown ids are 404, unusable fields 422 naming the field, bad queries 400")
    func refusals() async throws {
        let server = try TestServer()
        let client = server.client()
        #expect(try await problem { try await client.getInstance("nope.1") }.type == .notFound)
        let unknownType = try await problem { try await client.postDeviceEvent(try await client.createDevice().id, AppSimEvent(type: "bogus")) }
        #expect(unknownType.status == 422)
        #expect(unknownType.type == .invalidField)
        #expect(unknownType.field == "type")
        let typo = try await problem { try await client.install(info: AppInfo(fields: ["bundleId": "com.example.a", "stateRestortion": true])) }
        #expect(typo.field == "info.stateRestortion")
        let badQuery = try await problem { try await client.listDevices(limit: 0) }
        #expect(badQuery.status == 400)
        #expect(badQuery.type == .badQuery)
        #expect(badQuery.field == "limit")
        let scheme = try await problem {
            let app = try await client.install(info: AppInfo(bundleId: "com.example.notes", urlSchemes: ["notes"]))
            return try await client.postInstanceEvent(app.id, .openURL("http://example.com"))
        }
        #expect(scheme.type == .eventUnusable)
        #expect(scheme.state == .notRunning)
    }

    @Test("a number JSON cannot hold (infinity, NaN) is sent as text, and the server's refusal names the field; nothing is created")
    func nonFiniteNumbers() async throws {
        let server = try TestServer()
        let client = server.client()
        for speed in [Double.infinity, -.infinity, .nan] {
            let refused = try await problem { try await client.createDevice(DeviceSettings(clock: .init(mode: .realtime, speed: speed))) }
            #expect(refused.status == 400, "\(speed): \(refused.detail)")
            #expect(refused.field == "clock.speed")
        }
        #expect(try await client.listDevices().items.isEmpty)
    }

    @Test("with a token, requests carry it; without it they are 401")
    func token() async throws {
        let server = try TestServer(token: "s3cret")
        let refused = try await problem { try await server.client(token: .some(nil)).listDevices() }
        #expect(refused.status == 401)
        #expect(refused.type == .unauthorized)
        #expect(try await problem { try await server.client(token: "wrong").createDevice() }.status == 401)
        let device = try await server.client().createDevice()
        #expect(try await server.client().getDevice(device.id).id == device.id)
    }

    @Test("a server that is not there is an AppSimTransportError, unreachable")
    func unreachable() async throws {
        // A port held closed: a stopped server's port could be taken by another suite's server meanwhile.
        let closed = try RefusingPort()
        let client = AppSimClient(url: URL(string: "http://127.0.0.1:\(closed.port)")!)
        do {
            _ = try await client.getDevice("d1")
            Issue.record("a port where nothing listens answered")
        } catch let error as AppSimTransportError {
            #expect(error.code == .unreachable)
        }
        withExtendedLifetime(closed) {}
    }

    @Test("a read answered 503 is retried after Retry-After until it succeeds; an event answered 503 is not retried")
    func retries() async throws {
        let server = try TestServer { $0.busyTimeoutMillis = 100 }
        let client = server.client()
        let app = try await client.install(info: AppInfo(bundleId: "com.example.locked"))
        let other = try SQLiteConnection(path: server.databasePath)
        try other.execute("BEGIN IMMEDIATE")

        // An event is answered 503 once, and the client hands the problem over instead of sending it again.
        let refused = try await problem { try await client.postInstanceEvent(app.id, .launch) }
        #expect(refused.status == 503)
        #expect(refused.type == .storeUnavailable)
        #expect(refused.retryAfter == 1)
        #expect(try await postsAnswered503(client) == 1)

        // Without retries a read gets the 503 too. (Metrics still answer: the GETs answered 503 below are health's.)
        #expect(try await problem { try await server.client(retryLimit: 0).health() }.status == 503)
        #expect(try await getsAnswered503(server.client(retryLimit: 0)) == 1)

        // With retries, a read waits out the fault: the lock goes after the first 503, and the retry succeeds.
        async let health = client.health()
        while try await getsAnswered503(client) < 2 { try await Task.sleep(for: .milliseconds(20)) }
        try other.execute("ROLLBACK")
        #expect(try await health.status == "ok")
        #expect(try await client.getInstance(app.id).state == .notRunning)
    }

    private func postsAnswered503(_ client: AppSimClient) async throws -> Int {
        try await counter(#"appsim_http_requests_total{method="POST",status="503"}"#, client)
    }

    private func getsAnswered503(_ client: AppSimClient) async throws -> Int {
        try await counter(#"appsim_http_requests_total{method="GET",status="503"}"#, client)
    }

    private func counter(_ name: String, _ client: AppSimClient) async throws -> Int {
        let line = try await client.metrics().split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return line.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
    }
}
