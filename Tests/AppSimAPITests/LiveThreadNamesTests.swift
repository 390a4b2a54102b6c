import Foundation
import Testing

/// What an operator sees of the server's threads (`top -H`, `perf`, a debugger): each says what it does.
@Suite("Live: thread names")
struct LiveThreadNamesTests {
    @Test("the server's threads are named for what they do: the writer, the checkpointer, the publisher, the timers, the watchers, HTTP")
    func named() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("appsim-threads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try AppSimProcess(database: directory.appendingPathComponent("t.db").path)
        defer { server.stop(with: SIGTERM) }
        let expected = ["appsim-commit", "appsim-checkpt", "appsim-publish", "appsim-timers", "appsim-watchers", "appsim-hangup", "MHD-worker"]
        // The checkpointer names itself once it runs, just after the server announces its port.
        var names: Set<String> = []
        let deadline = Date().addingTimeInterval(10)
        while !Set(expected).isSubset(of: names), Date() < deadline {
            names = Set(server.threadNames)
            Thread.sleep(forTimeInterval: 0.05)
        }
        for name in expected { #expect(names.contains(name), "\(name) among \(names.sorted())") }
    }
}
