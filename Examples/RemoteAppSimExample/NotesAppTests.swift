// An integration test as a team would write it against a shared appsim: this target depends on AppSimClient alone.
// It runs when APPSIM_URL names a server:
//
//     APPSIM_URL=http://127.0.0.1:8080 swift test --filter RemoteAppSimExample
//
// (scripts/example-check starts a server and does that; scripts/test runs it.)

import AppSimClient
import Foundation
import Testing

@Suite(.enabled(if: ProcessInfo.processInfo.environment["APPSIM_URL"] != nil, "set APPSIM_URL to a running appsim"))
struct NotesAppTests {
    let simulator = Simulator(url: URL(string: ProcessInfo.processInfo.environment["APPSIM_URL"] ?? "")!)

    @Test func draftIsSavedWhenTheUserLeaves() async throws {
        let device = try await simulator.createDevice(clock: .manual)
        let app = try await simulator.install(bundleId: "com.example.notes", on: device)
        try await app.launch()
        try await app.post(.edit(memory: ["draft": "hello"]))
        try await device.pressHome()
        try await device.advanceClock(by: 6)
        #expect(try await app.state == .runningBackgroundSuspended)
        #expect(try await app.snapshot().data.disk["draft"] == "hello")
        #expect(try await app.callbacks().map(\.name).contains("applicationDidEnterBackground:"))
    }

    @Test func appIsSuspendedOnItsOwnOnARealtimeClock() async throws {
        let app = try await simulator.install(bundleId: "com.example.notes")
        try await app.launch()
        try await app.device.pressHome()
        #expect(try await app.wait(for: .runningBackgroundSuspended, timeout: 10))
    }
}
