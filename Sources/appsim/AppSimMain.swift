import ArgumentParser
import Foundation

/// The entry point. `serve` runs on the process's main thread, as it did before the client verbs existed: it
/// blocks SIGINT and SIGTERM there before any other thread starts, so that only its `sigwait` receives them.
/// ArgumentParser's own async `main` would run it inside the concurrency runtime instead, whose threads may already
/// exist by then. The client verbs, which are `async`, run in a task while the main thread parks.
@main
enum AppSimMain {
    static func main() {
        let command: any ParsableCommand
        do {
            command = try AppSim.parseAsRoot()
        } catch {
            exit(usageError: error)
        }
        guard let client = command as? any ClientCommand else {
            var command = command
            do {
                try command.run()
            } catch {
                AppSim.exit(withError: error)
            }
            return
        }
        Task {
            await client.execute()
        }
        dispatchMain()
    }

    /// Exits as ArgumentParser would for a parse error, except that a client verb's usage error exits with 2
    /// (see ``ClientOptions/exitStatus``); `serve` keeps ArgumentParser's status, as before the verbs existed.
    static func exit(usageError error: any Error) -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let verbs = Set(AppSim.configuration.subcommands.map { $0._commandName }).subtracting([AppSim.Serve._commandName])
        guard AppSim.exitCode(for: error) == .validationFailure, let first = arguments.first, first != AppSim.Serve._commandName else {
            AppSim.exit(withError: error)
        }
        if verbs.contains(first) {
            ClientOutput.error(AppSim.fullMessage(for: error))
        } else if let verb = arguments.first(where: verbs.contains) {
            // Parsed as `serve`, the default: its options came before the verb.
            ClientOutput.error("appsim: put the options after the verb: appsim \(verb) … \(first)\n" + AppSim.fullMessage(for: error))
        } else if !first.hasPrefix("-") {
            // serve takes no arguments, so a word that is no verb is a misspelt verb rather than a serve option.
            ClientOutput.error("appsim: '\(first)' is not a verb; the verbs are \(verbs.sorted().joined(separator: ", ")) (appsim --help)")
        } else {
            AppSim.exit(withError: error)
        }
        Foundation.exit(ClientExit.usage.rawValue)
    }
}
