import AppSimClient
import AppSimCore
import ArgumentParser

/// Posts `event` to an instance, or to a device when `target` is a device id (an instance id has a dot: it is its
/// device's id, a dot and the install number), and prints what it did.
func postEvent(_ event: AppSimEvent, to target: String, _ options: ClientOptions) async throws {
    let client = options.makeClient()
    let response = target.contains(".")
        ? try await client.send(.postInstanceEvent(target, event))
        : try await client.send(.postDeviceEvent(target, event))
    options.json ? ClientOutput.json(response.body) : ClientOutput.line(ClientOutput.summary(of: response.value))
}

private let appHelp = ArgumentHelp("The app's instance id (as `appsim install` printed it).", valueName: "app")

extension AppSim {
    struct Launch: ClientCommand {
        static let configuration = CommandConfiguration(
            abstract: "The user taps the app's icon: a launch, or a return to the foreground.",
            discussion: ClientOptions.exitStatus)

        @OptionGroup var client: ClientOptions
        @Argument(help: appHelp) var app: String

        func run() async throws { try await postEvent(.launch, to: app, client) }
    }

    struct Home: ClientCommand {
        static let configuration = CommandConfiguration(
            abstract: "The user presses Home while the app is in the foreground.",
            discussion: """
                Home is an app event: it goes to the app that leaves the foreground (409 if it is not there). \
                The app resigns, enters the background and is suspended 5 s later.

                \(ClientOptions.exitStatus)
                """)

        @OptionGroup var client: ClientOptions
        @Argument(help: appHelp) var app: String

        func run() async throws { try await postEvent(.home, to: app, client) }
    }

    struct Terminate: ClientCommand {
        static let configuration = CommandConfiguration(
            abstract: "The system terminates the running app (applicationWillTerminate: unless it is suspended).",
            discussion: ClientOptions.exitStatus)

        @OptionGroup var client: ClientOptions
        @Argument(help: appHelp) var app: String

        func run() async throws { try await postEvent(.terminate, to: app, client) }
    }

    struct ForceQuit: ClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "forcequit",
            abstract: "The user swipes the app away in the app switcher (from the background or suspended, or the app in front while the switcher is open).",
            discussion: ClientOptions.exitStatus)

        @OptionGroup var client: ClientOptions
        @Argument(help: appHelp) var app: String

        func run() async throws { try await postEvent(.forceQuit, to: app, client) }
    }

    struct Crash: ClientCommand {
        static let configuration = CommandConfiguration(
            abstract: "The running app crashes; with --during-launch, an app that is not running crashes while launching.",
            discussion: ClientOptions.exitStatus)

        @OptionGroup var client: ClientOptions
        @Argument(help: appHelp) var app: String

        @Flag(help: "Crash while launching (the app must not be running); its restoration archive is deleted.")
        var duringLaunch = false

        func run() async throws { try await postEvent(duringLaunch ? .crash(duringLaunch: true) : .crash, to: app, client) }
    }

    struct OpenURL: ClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "openurl",
            abstract: "Open a URL with the app; its scheme must be one of the app's urlSchemes.",
            discussion: ClientOptions.exitStatus)

        @OptionGroup var client: ClientOptions
        @Argument(help: appHelp) var app: String
        @Argument(help: "An absolute URL (notes://item/1).") var url: String

        @Option(help: "The bundle id of the app that opens the URL.")
        var sourceApp: String?

        func run() async throws { try await postEvent(.openURL(url, sourceApplication: sourceApp), to: app, client) }
    }

    struct Push: ClientCommand {
        static let configuration = CommandConfiguration(
            abstract: "Send the app a remote notification from an APNs payload file.",
            discussion: """
                The file is what `xcrun simctl push` takes: a JSON object with `aps` at the top, at most 4096 bytes \
                ('-' reads standard input). Its "Simulator Target Bundle" key, which simctl reads to pick the app, \
                is left out: APP picks it here.

                  echo '{"aps": {"alert": "Hello"}}' > hello.apns && appsim push $APP hello.apns

                \(ClientOptions.exitStatus)
                """)

        @OptionGroup var client: ClientOptions
        @Argument(help: appHelp) var app: String
        @Argument(help: ArgumentHelp("The payload file.", valueName: "payload.json"), completion: .file(extensions: ["json", "apns"]))
        var payload: String

        func run() async throws {
            var payload = try Assignments.objectFile(payload, option: "PAYLOAD")
            payload["Simulator Target Bundle"] = nil
            try await postEvent(.push(.object(payload)), to: app, client)
        }
    }

    struct Event: ClientCommand {
        static let configuration = CommandConfiguration(
            abstract: "Post any event to an app or a device.",
            discussion: """
                TARGET is an app (an instance id, with a dot) or a device. App events and app actions go to an app; \
                a device event posted to an app applies to its device. Fields are key=value: a dotted key sets a \
                nested field, and a value is JSON when it parses as JSON, else text.

                  appsim event $APP edit memory.draft=hello ui.screen=editor
                  appsim event $APP incomingCall
                  appsim event $APP beginBackgroundTask name=upload
                  appsim event $DEV orientation value=landscapeLeft
                  appsim event $DEV battery level=0.2 state=unplugged

                \(EventHelp.vocabulary)

                \(ClientOptions.exitStatus)
                """)

        @OptionGroup var client: ClientOptions

        @Argument(help: ArgumentHelp("An app's instance id or a device id.", valueName: "target"))
        var target: String

        @Argument(help: "The event type (launch, edit, lock, …).", completion: .list(AppSimCore.Event.namesForInstances))
        var type: String

        @Argument(help: ArgumentHelp("The event's fields. \(Assignments.help)", valueName: "key=value"))
        var fields: [String] = []

        func run() async throws {
            try await postEvent(AppSimEvent(type: type, fields: try Assignments.object(fields)), to: target, client)
        }
    }
}
