import Foundation
import AppSimClient
import ArgumentParser

extension AppSim {
    /// `appsim device create|list|get|delete`.
    struct Devices: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "device",
            abstract: "Create, list, read and delete simulated devices.",
            subcommands: [Create.self, List.self, Get.self, Delete.self, Events.self])
    }

    struct Clock: ClientCommand {
        static let configuration = CommandConfiguration(
            abstract: "Move a device's clock forward (the only way a manual clock moves).",
            discussion: "Timers that fall due on the way (suspensions, task expiries, watchdogs) fire in order.\n\n"
                + ClientOptions.exitStatus)

        enum Action: String, ExpressibleByArgument, CaseIterable {
            case advance
        }

        @OptionGroup var client: ClientOptions

        @Argument(help: "The device (or one of its apps).")
        var device: String

        @Argument(help: "What to do: advance.")
        var action: Action

        @Argument(help: "Seconds to move the clock forward (fractions allowed).")
        var seconds: Double

        func validate() throws {
            try requireFinite(seconds, "SECONDS")
        }

        func run() async throws {
            try await postEvent(.advanceClock(seconds: seconds), to: device, client)
        }
    }

    struct Switcher: ClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "switcher",
            abstract: "Open or close a device's app switcher.",
            discussion: """
                open: the app in front resigns active and is shown as the card in front; `appsim forcequit APP` of it \
                then swipes its card away. close: the app in front becomes active again. Home or a launch closes it too.

                  appsim switcher open $DEV; appsim forcequit $APP; appsim switcher close $DEV

                \(ClientOptions.exitStatus)
                """)

        enum Action: String, ExpressibleByArgument, CaseIterable {
            case open, close
        }

        @OptionGroup var client: ClientOptions

        @Argument(help: "What to do: open or close.")
        var action: Action

        @Argument(help: "The device (or one of its apps).")
        var device: String

        func run() async throws {
            try await postEvent(action == .open ? .appSwitcher : .dismissAppSwitcher, to: device, client)
        }
    }
}

/// A device clock's mode, as `--clock` takes it.
enum ClockMode: String, ExpressibleByArgument, CaseIterable {
    case manual
    case realtime

    var clock: DeviceSettings.Clock.Mode { self == .manual ? .manual : .realtime }
}

extension AppSim.Devices {
    struct Create: ClientCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a device and print its id.",
            discussion: """
                Every setting has a default: iOS 26.0, 2048 MB, a passcode, a realtime clock. A manual clock moves only \
                with `appsim clock DEVICE advance SECONDS`, which makes tests deterministic.

                  DEV=$(appsim device create --os 15.0 --clock manual --quiet)
                  appsim device create limits.suspendDelaySeconds=1 labels.suite=smoke

                \(ClientOptions.exitStatus)
                """)

        @OptionGroup var client: ClientOptions

        @Option(name: .customLong("os"), help: "The iOS version (default 26.0).")
        var osVersion: String?

        @Option(help: "manual or realtime (default realtime).")
        var clock: ClockMode?

        @Option(parsing: .unconditional, help: "Device seconds per wall second, for a realtime clock (default 1).")
        var speed: Double?

        @Option(parsing: .unconditional, help: "The device's memory in MB (default 2048).")
        var memory: Int?

        @Flag(help: "Print the new device's id alone (for DEV=$(appsim device create … --quiet)).")
        var quiet = false

        @Argument(help: ArgumentHelp("More settings of POST /v1/devices. \(Assignments.help)", valueName: "key=value"))
        var settings: [String] = []

        func validate() throws {
            if quiet, client.json { throw ValidationError("--quiet and --json cannot go together") }
            try requireFinite(speed, "--speed")
        }

        func run() async throws {
            var settings = DeviceSettings(fields: try Assignments.object(settings))
            if let osVersion { settings.osVersion = osVersion }
            if let memory { settings.memoryMB = memory }
            if clock != nil || speed != nil {
                settings.clock = DeviceSettings.Clock(mode: clock?.clock ?? .realtime, speed: speed)
            }
            let response = try await client.makeClient().send(.createDevice(settings))
            if quiet {
                ClientOutput.line(response.value.id)
            } else if client.json {
                ClientOutput.json(response.body)
            } else {
                ClientOutput.line(ClientOutput.summary(of: response.value))
            }
        }
    }

    struct List: ClientCommand {
        static let configuration = CommandConfiguration(
            abstract: "List every device, one a line.",
            discussion: "With --json, each page of GET /v1/devices as the server sent it, one a line. Through a cluster's proxy, nodes that did not answer are named on standard error, and the exit status is 3: the list is not whole.\n\n" + ClientOptions.exitStatus)

        @OptionGroup var client: ClientOptions

        func run() async throws {
            let appsim = client.makeClient()
            var after: String?
            var unavailable: Set<String> = []
            repeat {
                let response = try await appsim.send(.listDevices(limit: 1000, after: after))
                if client.json {
                    ClientOutput.json(response.body)
                } else {
                    response.value.items.forEach { ClientOutput.line(ClientOutput.summary(of: $0)) }
                }
                unavailable.formUnion(response.value.unavailableNodes ?? [])
                after = response.value.next
            } while after != nil
            if !unavailable.isEmpty {
                // A list that is not whole must not pass for one in a script.
                ClientOutput.error("appsim: node\(unavailable.count == 1 ? "" : "s") \(unavailable.sorted().joined(separator: ", ")) did not answer: \(unavailable.count == 1 ? "its" : "their") devices are not listed")
                ClientOutput.flush()
                Foundation.exit(ClientExit.unreachable.rawValue)
            }
        }
    }

    struct Events: ClientCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a device's event journal: every event it and its apps accepted, one a line, oldest first.",
            discussion: "With --json, each page of GET /v1/devices/DEV/events as the server sent it, one a line.\n\n" + ClientOptions.exitStatus)

        @OptionGroup var client: ClientOptions

        @Argument(help: "The device id.")
        var device: String

        @Option(parsing: .unconditional, help: "Start after this event seq (default 0: from the oldest kept).")
        var after: Int64 = 0

        func run() async throws {
            let appsim = client.makeClient()
            var after: Int64? = after
            var first = true
            while let cursor = after {
                let response = try await appsim.send(.listDeviceEvents(device, after: cursor, limit: 1000))
                if client.json {
                    ClientOutput.json(response.body)
                } else {
                    if first, response.value.dropped > cursor {
                        ClientOutput.line("(\(response.value.dropped) oldest events are no longer kept)")
                    }
                    response.value.items.forEach { ClientOutput.line(ClientOutput.line(of: $0)) }
                }
                first = false
                after = response.value.next
            }
        }
    }

    struct Get: ClientCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a device: its OS, memory, clock, apps, foreground app and lock.",
            discussion: ClientOptions.exitStatus)

        @OptionGroup var client: ClientOptions

        @Argument(help: "The device id.")
        var device: String

        func run() async throws {
            let response = try await client.makeClient().send(.getDevice(device))
            client.json ? ClientOutput.json(response.body) : ClientOutput.line(ClientOutput.summary(of: response.value))
        }
    }

    struct Delete: ClientCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a device with its apps, their data and history.",
            discussion: ClientOptions.exitStatus)

        @OptionGroup var client: ClientOptions

        @Argument(help: "The device id.")
        var device: String

        func run() async throws {
            _ = try await client.makeClient().send(.deleteDevice(device))
            // The server answers 204 with no body: --json prints nothing.
            if !client.json { ClientOutput.line("deleted \(device)") }
        }
    }
}
