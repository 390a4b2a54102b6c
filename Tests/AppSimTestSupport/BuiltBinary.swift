import Foundation

/// The `appsim` binary the tests run: `APPSIM_BINARY` when set, else the one built beside the test bundle (so
/// `swift test -c release` and `--scratch-path` run the binary of the same build), else `.build/debug/appsim`.
public enum BuiltBinary {
    public static var appsim: String {
        if let path = ProcessInfo.processInfo.environment["APPSIM_BINARY"], !path.isEmpty { return path }
        // The test bundle is an executable in the build's products folder, beside the package's executables.
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("appsim").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/appsim").path
    }
}
