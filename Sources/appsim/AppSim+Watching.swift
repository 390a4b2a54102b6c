import AppSimClient
import ArgumentParser
import Foundation

/// What `appsim wait` waits for: a lifecycle state, or the device's foreground.
enum WaitTarget: String, ExpressibleByArgument, CaseIterable {
    case notRunning, inactive, active, background, suspended
    /// Active or inactive: in its device's foreground.
    case foreground
}

extension AppSim {
    struct State: ClientCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the app's lifecycle state: notRunning, inactive, active, background or suspended.",
            discussion: "With --json, the whole instance (data, background tasks, XCUI state, …).\n\n" + ClientOptions.exitStatus)

        @OptionGroup var client: ClientOptions
        @Argument(help: ArgumentHelp("The app's instance id.", valueName: "app")) var app: String

        func run() async throws {
            let response = try await client.makeClient().send(.getInstance(app))
            client.json ? ClientOutput.json(response.body) : ClientOutput.line(response.value.state.rawValue)
        }
    }

    struct History: ClientCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the app's callbacks in order: seq, device time, name, state after it.",
            discussion: """
                --follow then keeps printing callbacks and state changes as they are committed, until interrupted; \
                it reconnects by itself when the server restarts, with no callback missed or repeated. With --json, \
                each page of the history as the server sent it, or with --follow each message's JSON, one a line.

                \(ClientOptions.exitStatus)
                """)

        @OptionGroup var client: ClientOptions
        @Argument(help: ArgumentHelp("The app's instance id.", valueName: "app")) var app: String

        @Option(parsing: .unconditional, help: "Only the callbacks after this seq (0: all of them).")
        var after: Int64 = 0

        @Flag(help: "Keep printing what comes, as it is committed.")
        var follow = false

        func run() async throws {
            let appsim = client.makeClient()
            if follow {
                let stream = appsim.streamInstance(app, after: after)
                if client.json {
                    for try await message in stream.serverSentEvents { ClientOutput.line(message.data) }
                } else {
                    for try await message in stream {
                        switch message {
                        case .callback(let callback): ClientOutput.line(ClientOutput.line(of: callback))
                        case .state(let change): ClientOutput.line(ClientOutput.line(of: change))
                        case .dropped(let count): ClientOutput.line("(\(count) oldest callbacks are no longer kept)")
                        }
                    }
                }
                return
            }
            var after = after
            var first = true
            while true {
                let response = try await appsim.send(.listCallbacks(app, after: after, limit: 1000))
                if client.json {
                    ClientOutput.json(response.body)
                } else {
                    // As --follow and `appsim device events` say it: what the history limit took is not silently absent.
                    if first, response.value.dropped > after {
                        ClientOutput.line("(\(response.value.dropped) oldest callbacks are no longer kept)")
                    }
                    response.value.items.forEach { ClientOutput.line(ClientOutput.line(of: $0)) }
                }
                first = false
                guard let next = response.value.next else { return }
                after = next
            }
        }
    }

    struct Wait: ClientCommand {
        static let configuration = CommandConfiguration(
            abstract: "Wait until the app is in a state (or in its device's foreground), then print it.",
            discussion: """
                Answers as soon as an event leaves the app in STATE, at once if it is there already; exits with 4 \
                when it does not get there within --timeout seconds. No polling: the server holds the request.

                  appsim home $APP && appsim wait $APP suspended --timeout 10

                \(ClientOptions.exitStatus)
                """)

        @OptionGroup var client: ClientOptions
        @Argument(help: ArgumentHelp("The app's instance id.", valueName: "app")) var app: String

        @Argument(help: "The state to wait for; foreground is active or inactive.")
        var state: WaitTarget

        @Option(parsing: .unconditional, help: "Seconds to wait.")
        var timeout: Double = 30

        func validate() throws {
            guard timeout >= 0, timeout.isFinite else { throw ValidationError("--timeout must be 0 or more seconds") }
        }

        func run() async throws {
            let appsim = client.makeClient()
            // The server waits at most 300 s per request; a longer wait, or one the server's restart cut short, is
            // several, with the time left.
            if state == .foreground {
                let device = String(app[..<(app.lastIndex(of: ".") ?? app.endIndex)])
                let response = try await appsim.sendWaiting(timeout: timeout) { .getDevice(device, waitForForeground: app, timeout: $0) }
                client.json ? ClientOutput.json(response.body) : ClientOutput.line("foreground")
            } else {
                let lifecycle = LifecycleState(rawValue: state.rawValue) ?? .notRunning
                let response = try await appsim.sendWaiting(timeout: timeout) { .getInstance(app, waitFor: lifecycle, timeout: $0) }
                client.json ? ClientOutput.json(response.body) : ClientOutput.line(response.value.state.rawValue)
            }
        }
    }

    struct HealthCheck: ClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "health",
            abstract: "Check that the server answers and can write its store; with --wait, wait for it to come up.",
            discussion: """
                  appsim health --wait 30     # after starting or restarting the server

                \(ClientOptions.exitStatus)
                """)

        @OptionGroup var client: ClientOptions

        @Option(parsing: .unconditional, help: "Seconds to keep trying while the server is unreachable (0: try once).")
        var wait: Double = 0

        func validate() throws {
            guard wait >= 0, wait.isFinite else { throw ValidationError("--wait must be 0 or more seconds") }
        }

        func run() async throws {
            // A 503 is the health check's answer (the store cannot be written): said at once, not retried.
            let appsim = client.makeClient(retryLimit: 0)
            // Past a year is forever, and a Duration cannot hold much more.
            let deadline = ContinuousClock.now + .seconds(min(wait, 365 * 86_400))
            while true {
                do {
                    let response = try await appsim.send(.health())
                    client.json ? ClientOutput.json(response.body) : ClientOutput.line(response.value.status)
                    return
                } catch let error as AppSimTransportError where ContinuousClock.now < deadline {
                    _ = error
                    try await Task.sleep(for: .milliseconds(100))
                } catch let problem as AppSimProblem where problem.isNodeUnreachable && ContinuousClock.now < deadline {
                    // A cluster's proxy with no node up yet: the cluster is not up, as an unreachable server.
                    try await Task.sleep(for: .milliseconds(100))
                }
            }
        }
    }
}
