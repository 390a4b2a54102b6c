import AppSimClient
import ArgumentParser

/// Verbs for scenes (docs/lifecycle.md, Scenes).
extension AppSim {
    struct Scene: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A scene app's windows: open another, close one, or let the system reclaim one.",
            subcommands: [Open.self, Close.self, Disconnect.self])

        struct Open: ClientCommand {
            static let configuration = CommandConfiguration(
                abstract: "The user opens another window of the active app (info.scenes.supportsMultiple).",
                discussion: ClientOptions.exitStatus)
            @OptionGroup var client: ClientOptions
            @Argument(help: "The app's instance id.") var app: String
            func run() async throws { try await postEvent(.openScene, to: app, client) }
        }

        struct Close: ClientCommand {
            static let configuration = CommandConfiguration(
                abstract: "The user closes a window: its session is discarded; the app ends with its last scene.",
                discussion: ClientOptions.exitStatus)
            @OptionGroup var client: ClientOptions
            @Argument(help: "The app's instance id.") var app: String
            @Argument(help: "The scene: s1, or its whole id APP.s1 (as the instance's scenes list them).") var scene: String
            func run() async throws { try await postEvent(.closeScene(sceneId(scene, of: app)), to: app, client) }
        }

        struct Disconnect: ClientCommand {
            static let configuration = CommandConfiguration(
                abstract: "The system reclaims a background scene; its session stays for the next return.",
                discussion: ClientOptions.exitStatus)
            @OptionGroup var client: ClientOptions
            @Argument(help: "The app's instance id.") var app: String
            @Argument(help: "The scene: s1, or its whole id APP.s1.") var scene: String
            func run() async throws { try await postEvent(.disconnectScene(sceneId(scene, of: app)), to: app, client) }
        }
    }
}

/// A scene's whole id: `s1` is the app's scene `APP.s1`, as a user reads it off the instance's scenes.
func sceneId(_ scene: String, of app: String) -> String {
    scene.contains(".") ? scene : "\(app).\(scene)"
}
