import AppSimJSON
import AppSimTestSupport
import Foundation
import Testing

/// An app's data comes back as it was given: through the reply, the store and a restart.
@Suite("Live: saved data")
struct LiveSavedDataTests {
    @Test("§6 whole numbers in an app's data come back exactly as posted, before and after a restart")
    func numbersKeepTheirKind() throws {
        let live = try LiveServer()
        let notes = try live.install(["bundleId": "com.example.notes"])
        try live.post(notes, ["type": "launch"])
        // Sent as text, so that nothing on the client's side reads the numbers first.
        let edit = #"{"type":"edit","memory":{"big":12345678901234567890,"n":1,"x":1.5}}"#
        let posted = try TestHTTPClient.request(
            port: live.port, "POST", "/v1/instances/\(notes)/events", headers: [("Content-Type", "application/json")],
            body: Array(edit.utf8))
        #expect(posted.status == 200)
        let memory = #""memory":{"big":12345678901234567890,"n":1,"x":1.5}"#
        #expect(try live.get("/v1/instances/\(notes)").text.contains(memory))
        // Home saves memory to disk; a restart loads both from the store.
        try live.post(notes, ["type": "home"])
        live.stop()
        try live.start()
        let reloaded = try live.get("/v1/instances/\(notes)").text
        #expect(reloaded.contains(memory), "\(reloaded)")
        #expect(reloaded.contains(#""disk":{"big":12345678901234567890,"n":1,"x":1.5}"#), "\(reloaded)")
    }
}
