import AppSimClient
import ArgumentParser

/// Verbs for scheduled tasks (docs/lifecycle.md, Scheduled tasks).
extension AppSim {
    struct Tasks: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "task",
            abstract: "BGTaskScheduler: the app submits a task request, the system runs it, the app completes it.",
            subcommands: [Submit.self, Run.self, Complete.self])

        enum Kind: String, ExpressibleByArgument, CaseIterable { case appRefresh, processing }

        struct Submit: ClientCommand {
            static let configuration = CommandConfiguration(
                abstract: "The running app submits a request for one of its info.taskIdentifiers.",
                discussion: ClientOptions.exitStatus)
            @OptionGroup var client: ClientOptions
            @Argument(help: "The app's instance id.") var app: String
            @Argument(help: "The task identifier.") var identifier: String
            @Option(help: "appRefresh (needs the fetch mode) or processing (needs the processing mode).") var kind: Kind = .appRefresh
            @Option(parsing: .unconditional, help: "Seconds of device time before it may begin.") var earliestBegin: Double?
            @Flag(help: "A processing task that runs only while the battery is charging or full.") var requiresExternalPower = false
            func validate() throws {
                try requireFinite(earliestBegin, "--earliest-begin")
            }
            func run() async throws {
                let event = AppSimEvent.submitTask(
                    identifier, kind: kind.rawValue, earliestBeginSeconds: earliestBegin,
                    requiresExternalPower: requiresExternalPower ? true : nil)
                try await postEvent(event, to: app, client)
            }
        }

        struct Run: ClientCommand {
            static let configuration = CommandConfiguration(
                abstract: "The system runs a pending task: of the app, or of the device's first app with that request.",
                discussion: ClientOptions.exitStatus)
            @OptionGroup var client: ClientOptions
            @Argument(help: "An instance id, or a device id.") var target: String
            @Argument(help: "The task identifier.") var identifier: String
            func run() async throws { try await postEvent(.runTask(identifier), to: target, client) }
        }

        struct Complete: ClientCommand {
            static let configuration = CommandConfiguration(
                abstract: "The app calls setTaskCompleted for the task it runs (behavior.taskSeconds \"manual\").",
                discussion: ClientOptions.exitStatus)
            @OptionGroup var client: ClientOptions
            @Argument(help: "The app's instance id.") var app: String
            @Flag(inversion: .prefixedNo, help: "What the app passes as success.") var success = true
            func run() async throws { try await postEvent(.completeTask(success: success), to: app, client) }
        }
    }
}
