import AppSimClient
import ArgumentParser

extension AppSim {
    struct Install: ClientCommand {
        static let configuration = CommandConfiguration(
            abstract: "Install an app, not running, and print its instance id.",
            discussion: """
                Without --device, a new device with default settings (iOS 26.0, realtime clock) is created for it. \
                --info and --behavior read the app's Info.plist-like settings and its simulated code's behaviour \
                from JSON files; info.KEY=VALUE and behavior.KEY=VALUE set single fields (a value is JSON when it \
                parses as JSON, else text).

                  APP=$(appsim install --device $DEV --bundle-id com.example.notes info.stateRestoration=true --quiet)
                  appsim install --device $DEV --bundle-id com.example.legacy --sdk 27.0   # iOS 27 refuses it without scenes
                  appsim install --bundle-id com.example.news info.backgroundModes='["fetch"]' behavior.fetchResult=manual

                \(ClientOptions.exitStatus)
                """)

        @OptionGroup var client: ClientOptions

        @Option(help: "The device to install on (default: a new one).")
        var device: String?

        @Option(help: "The app's bundle id (required unless the --info file has one).")
        var bundleId: String?

        @Option(name: .customLong("sdk"), help: "The iOS SDK the app was built with (default 26.0; iOS 27 refuses to launch an app built with 27 that has no scenes).")
        var sdkVersion: String?

        @Option(help: ArgumentHelp("A JSON file of the app's info (bundleId, urlSchemes, backgroundModes, …).", valueName: "file.json"),
                completion: .file(extensions: ["json"]))
        var info: String?

        @Option(help: ArgumentHelp("A JSON file of the app's behavior (launchSeconds, fetchResult, …).", valueName: "file.json"),
                completion: .file(extensions: ["json"]))
        var behavior: String?

        @Flag(help: "Print the instance id alone (for APP=$(appsim install … --quiet)).")
        var quiet = false

        @Argument(help: ArgumentHelp("Fields of info and behavior: info.KEY=VALUE, behavior.KEY=VALUE.", valueName: "key=value"))
        var fields: [String] = []

        func validate() throws {
            if quiet, client.json { throw ValidationError("--quiet and --json cannot go together") }
            if let field = fields.first(where: { !$0.hasPrefix("info.") && !$0.hasPrefix("behavior.") }) {
                throw ValidationError("'\(field)' must set info.KEY=VALUE or behavior.KEY=VALUE")
            }
        }

        func run() async throws {
            let files = [
                "info": JSON.object(try info.map { try Assignments.objectFile($0, option: "--info") } ?? [:]),
                "behavior": JSON.object(try behavior.map { try Assignments.objectFile($0, option: "--behavior") } ?? [:]),
            ]
            let body = try Assignments.object(fields, into: files)
            var info = AppInfo(fields: body["info"]?.objectValue ?? [:])
            if let bundleId { info.bundleId = bundleId }
            if let sdkVersion { info.sdkVersion = sdkVersion }
            guard !info.bundleId.isEmpty else { throw ValidationError("give the app's --bundle-id (or a bundleId in the --info file)") }
            let behavior = body["behavior"]?.objectValue.flatMap { $0.isEmpty ? nil : AppBehavior(fields: $0) }
            let response = try await client.makeClient().send(.install(device: device, info: info, behavior: behavior))
            if quiet {
                ClientOutput.line(response.value.id)
            } else if client.json {
                ClientOutput.json(response.body)
            } else {
                ClientOutput.line(ClientOutput.summary(of: response.value))
            }
        }
    }
}
