import AppSimClient
import ArgumentParser

/// The verb for tapping a shown notification (docs/lifecycle.md, User notifications).
extension AppSim {
    struct Tap: ClientCommand {
        static let configuration = CommandConfiguration(
            abstract: "The user taps the app's shown notification (tapNotification).",
            discussion: ClientOptions.exitStatus)
        @OptionGroup var client: ClientOptions
        @Argument(help: "The app's instance id.") var app: String
        func run() async throws { try await postEvent(.tapNotification, to: app, client) }
    }
}
