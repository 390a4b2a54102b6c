import AppSimClient
import ArgumentParser

/// Verbs for scheduled tasks (docs/lifecycle.md, Scheduled tasks).
extension AppSim {
    struct Tasks: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "task",
            abstract: "BGTaskScheduler: the app submits a task request, the system runs it, the app completes it.",
            discussion: """
                A continued processing task (iOS 26) starts when the active app submits it, shows its progress, and \
                ends when the app completes it or the person cancels it. The app declares the identifiers (an entry \
                ending in .* permits a prefix); with behavior.taskSeconds=manual its task runs until completed, \
                cancelled or stalled (by default its code completes it after 1 s):

                  APP=$(appsim install --device $DEV --bundle-id com.example.export \
                    info.taskIdentifiers='["com.example.export.*"]' behavior.taskSeconds=manual --quiet)
                  appsim launch $APP
                  appsim task submit $APP com.example.export.1 --continued --title "Exporting"
                  appsim task progress $APP com.example.export.1 3/10
                  appsim task cancel $APP com.example.export.1
                """,
            subcommands: [Submit.self, Run.self, Complete.self, Progress.self, Title.self, Cancel.self])

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
            @Flag(help: "A continued processing task (iOS 26): the active app starts it for work a person asked for; needs --title.")
            var continued = false
            @Option(help: "What the continued task's Live Activity says.") var title: String?
            @Option(help: "Its second line.") var subtitle: String?
            @Option(help: "With no room on the device: queue (wait, the default) or fail (refused).") var strategy: String?
            @Flag(help: "The continued task uses the GPU in the background.") var requiresGPU = false
            func validate() throws {
                try requireFinite(earliestBegin, "--earliest-begin")
                if continued && title == nil { throw ValidationError("a continued task needs --title") }
                if !continued && (title != nil || subtitle != nil || strategy != nil || requiresGPU) {
                    throw ValidationError("--title, --subtitle, --strategy and --requires-gpu are for a --continued task")
                }
            }
            func run() async throws {
                let event = continued
                    ? AppSimEvent.submitContinuedTask(
                        identifier, title: title ?? "", subtitle: subtitle, strategy: strategy, requiresGPU: requiresGPU ? true : nil)
                    : AppSimEvent.submitTask(
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
            @Argument(help: "The continued task, when the app runs more than one.") var identifier: String?
            func run() async throws { try await postEvent(.completeTask(success: success, identifier: identifier), to: app, client) }
        }

        struct Progress: ClientCommand {
            static let configuration = CommandConfiguration(
                abstract: "The app reports its continued task's progress (COMPLETED/TOTAL), which its Live Activity shows.",
                discussion: ClientOptions.exitStatus)
            @OptionGroup var client: ClientOptions
            @Argument(help: "The app's instance id.") var app: String
            @Argument(help: "The continued task.") var identifier: String
            @Argument(help: "Units done and units in all, as 3/10.") var progress: String
            var units: (completed: Int, total: Int)? {
                let parts = progress.split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 2, let completed = Int(parts[0]), let total = Int(parts[1]) else { return nil }
                return (completed, total)
            }
            func validate() throws {
                guard units != nil else { throw ValidationError("progress is COMPLETED/TOTAL, such as 3/10, not '\(progress)'") }
            }
            func run() async throws {
                let units = units ?? (0, 1)
                try await postEvent(.reportProgress(identifier, completed: units.completed, total: units.total), to: app, client)
            }
        }

        struct Title: ClientCommand {
            static let configuration = CommandConfiguration(
                abstract: "The app changes what its continued task's Live Activity says.", discussion: ClientOptions.exitStatus)
            @OptionGroup var client: ClientOptions
            @Argument(help: "The app's instance id.") var app: String
            @Argument(help: "The continued task.") var identifier: String
            @Argument(help: "The new title.") var title: String
            @Option(help: "The new second line.") var subtitle: String?
            func run() async throws { try await postEvent(.updateTitle(identifier, title: title, subtitle: subtitle), to: app, client) }
        }

        struct Cancel: ClientCommand {
            static let configuration = CommandConfiguration(
                abstract: "The person taps cancel in the continued task's Live Activity: it expires (userCancelled).",
                discussion: ClientOptions.exitStatus)
            @OptionGroup var client: ClientOptions
            @Argument(help: "The app's instance id.") var app: String
            @Argument(help: "The continued task.") var identifier: String
            func run() async throws { try await postEvent(.cancelTask(identifier), to: app, client) }
        }
    }
}
