import AppSimTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs the `appsim` binary of this build (``BuiltBinary``), as a script would.
enum AppSimCommand {
    static var binary: String { BuiltBinary.appsim }

    struct Result: CustomStringConvertible {
        var status: Int32
        var output: String
        var error: String
        /// Standard output's lines.
        var lines: [String] { output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
        var data: Data { Data(output.utf8) }
        var description: String { "exit \(status); stdout: \(output); stderr: \(error)" }
    }

    /// Runs `appsim ARGUMENTS` against `server` (through APPSIM_URL) and returns how it ended.
    static func run(
        _ arguments: [String], server: URL? = nil, environment: [String: String] = [:], input: String? = nil
    ) async throws -> Result {
        let process = try RunningCommand(arguments, server: server, environment: environment, input: input)
        return await process.finish()
    }
}

/// One `appsim` process, its output going to files (so that no pipe fills up while nobody reads it).
final class RunningCommand: @unchecked Sendable {
    // @unchecked: the Process is only touched by the test that started it, and by its termination handler once.
    let process = Process()
    private let directory: URL
    private let exited: AsyncStream<Int32>
    private let files: (output: URL, error: URL)

    init(_ arguments: [String], server: URL? = nil, environment: [String: String] = [:], input: String? = nil) throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: AppSimCommand.binary),
            "no appsim binary at \(AppSimCommand.binary): run swift build, or set APPSIM_BINARY")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("appsim-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        files = (directory.appendingPathComponent("stdout"), directory.appendingPathComponent("stderr"))
        _ = FileManager.default.createFile(atPath: files.output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: files.error.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: AppSimCommand.binary)
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        variables["APPSIM_URL"] = nil
        variables["APPSIM_TOKEN"] = nil
        if let server { variables["APPSIM_URL"] = server.absoluteString }
        variables.merge(environment) { _, new in new }
        process.environment = variables
        process.currentDirectoryURL = directory
        process.standardOutput = try FileHandle(forWritingTo: files.output)
        process.standardError = try FileHandle(forWritingTo: files.error)
        if let input {
            let pipe = Pipe()
            process.standardInput = pipe
            pipe.fileHandleForWriting.write(Data(input.utf8))
            try pipe.fileHandleForWriting.close()
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        let (exited, continuation) = AsyncStream<Int32>.makeStream()
        self.exited = exited
        process.terminationHandler = { continuation.yield($0.terminationStatus); continuation.finish() }
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: directory)
    }

    /// A file in the command's working directory, for it to read.
    func file(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    var output: String { (try? String(contentsOf: files.output, encoding: .utf8)) ?? "" }
    var error: String { (try? String(contentsOf: files.error, encoding: .utf8)) ?? "" }

    /// Waits until standard output satisfies `condition` or `seconds` pass; returns whether it did.
    func waitForOutput(seconds: Double = 30, _ condition: (String) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if condition(output) { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return condition(output)
    }

    func interrupt() { kill(process.processIdentifier, SIGINT) }

    /// Waits for the process to end.
    func finish() async -> AppSimCommand.Result {
        var status: Int32 = -1
        for await code in exited { status = code }
        return AppSimCommand.Result(status: status, output: output, error: error)
    }
}

/// `appsim serve` as a process of its own, for tests that kill it with SIGKILL and start it again on the same port.
final class ServeProcess: @unchecked Sendable {
    // @unchecked: used by one test at a time.
    let database: String
    private(set) var port = 0
    private var command: RunningCommand?

    init(database: String) async throws {
        self.database = database
        try await start()
    }

    deinit { command?.process.terminate() }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Starts the server: on a free port the first time, on the same port again after `kill()`. With no verb,
    /// as `scripts/run` and the README start it.
    func start() async throws {
        let command = try RunningCommand(["--port", String(port), "--db", database, "--log-level", "error"])
        self.command = command
        let started = await command.waitForOutput { $0.contains("\n") }
        try #require(started, "appsim did not start: \(command.error)")
        let line = command.output
        let authority = try #require(line.range(of: "http://127.0.0.1:")).upperBound
        port = try #require(Int(line[authority...].prefix { $0.isNumber }))
    }

    /// Kills the server with SIGKILL and waits until it is gone.
    func kill() async {
        guard let command else { return }
        Glibc.kill(command.process.processIdentifier, SIGKILL)
        _ = await command.finish()
        self.command = nil
    }
}
