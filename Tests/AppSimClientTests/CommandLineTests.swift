import AppSimAPI
import AppSimClient
import AppSimCore
import AppSimTestSupport
import Foundation
import Testing

/// The `appsim` client verbs, run as a script runs them, against a live server.
@Suite("CLI: client verbs")
struct CommandLineTests {
    private func decode<Value: Decodable>(_ type: Value.Type, _ result: AppSimCommand.Result) throws -> Value {
        try JSONDecoder().decode(type, from: result.data)
    }

    @Test("the README's story: create a device, install, launch, edit, Home, advance the clock, read state and history")
    func walkthrough() async throws {
        let server = try TestServer()
        let run = { (arguments: [String]) in try await AppSimCommand.run(arguments, server: server.url) }

        let created = try await run(["device", "create", "--os", "15.0", "--clock", "manual", "--quiet"])
        #expect(created.status == 0)
        let device = try #require(created.lines.first)
        #expect(created.lines == [device])
        let installed = try await run(["install", "--device", device, "--bundle-id", "com.example.notes", "info.stateRestoration=true", "--quiet"])
        let app = try #require(installed.lines.first)
        #expect(installed.lines == [app])
        #expect(app.hasPrefix(device + "."))

        let launch = try await run(["launch", app])
        #expect(launch.status == 0)
        #expect(launch.lines == [
            "launch, event 1: \(app) notRunning → active; 3 callbacks: application:willFinishLaunchingWithOptions:, "
                + "application:didFinishLaunchingWithOptions:, applicationDidBecomeActive:",
        ])
        #expect(try await run(["event", app, "edit", "memory.draft=hello", "ui.screen=editor"]).status == 0)
        #expect(try await run(["home", app]).output.contains("\(app) active → background"))
        #expect(try await run(["clock", device, "advance", "6"]).lines == ["advanceClock, event 4: \(app) background → suspended; 1 callback: suspended"])
        #expect(try await run(["state", app]).lines == ["suspended"])
        #expect(try await run(["wait", app, "suspended", "--timeout", "5"]).lines == ["suspended"])

        let history = try await run(["history", app])
        #expect(history.lines.count == 8)
        #expect(history.lines.first?.contains("application:willFinishLaunchingWithOptions:") == true)
        #expect(history.lines.last?.contains("suspended (system)") == true)
        #expect(try await run(["history", app, "--after", "7"]).lines.count == 1)

        let instance = try decode(Instance.self, try await run(["state", app, "--json"]))
        #expect(instance.state == .suspended)
        #expect(instance.data.disk == ["draft": "hello"])
        #expect(instance.restorationArchive == ["screen": "editor"])
        let page = try decode(CallbackPage.self, try await run(["history", app, "--json"]))
        #expect(page.items.map(\.seq) == Array(1...8))
    }

    @Test("an integer beyond Double's precision saved by appsim event edit comes back the same through the client and the CLI")
    func bigIntegerKeepsItsDigits() async throws {
        let server = try TestServer()
        let run = { (arguments: [String]) in try await AppSimCommand.run(arguments, server: server.url) }
        let device = try #require(try await run(["device", "create", "--quiet"]).lines.first)
        let app = try #require(try await run(["install", "--device", device, "--bundle-id", "com.example.notes", "--quiet"]).lines.first)
        #expect(try await run(["launch", app]).status == 0)
        #expect(try await run(["event", app, "edit", "memory.big=12345678901234567890", "memory.small=-7"]).status == 0)
        let instance = try decode(Instance.self, try await run(["state", app, "--json"]))
        #expect(instance.data.memory["big"] == .unsignedInteger(12_345_678_901_234_567_890))
        #expect(instance.data.memory["small"]?.intValue == -7)
        #expect(try await run(["state", app, "--json"]).output.contains(#""big":12345678901234567890"#))
    }

    @Test("--json prints the server's JSON: devices, instances, event results and pages parse back")
    func json() async throws {
        let server = try TestServer()
        let run = { (arguments: [String]) in try await AppSimCommand.run(arguments, server: server.url) }
        let device = try decode(Device.self, try await run(["device", "create", "--memory", "512", "--clock", "realtime", "--speed", "2", "limits.suspendDelaySeconds=1", "--json"]))
        #expect(device.memoryMB == 512)
        #expect(device.clock.speed == 2)
        #expect(device.limits.suspendDelaySeconds == 1)
        #expect(try decode(Device.self, try await run(["device", "get", device.id, "--json"])).id == device.id)
        #expect(try decode(DevicePage.self, try await run(["device", "list", "--json"])).items.map(\.id) == [device.id])

        let instance = try decode(Instance.self, try await run(["install", "--device", device.id, "--bundle-id", "com.example.a", "--json"]))
        #expect(instance.device == device.id)
        let launch = try decode(EventResult.self, try await run(["launch", instance.id, "--json"]))
        #expect(launch.changes.map(\.to) == [.active])
        let waited = try decode(Device.self, try await run(["wait", instance.id, "foreground", "--json"]))
        #expect(waited.foreground == instance.id)
        let health = try decode(Health.self, try await run(["health", "--json"]))
        #expect(health.status == "ok")

        // A refusal prints the problem JSON too, and its detail on standard error.
        let refused = try await run(["crash", instance.id, "--during-launch", "--json"])
        #expect(refused.status == 1)
        let problem = try decode(JSON.self, refused)
        #expect(problem["status"] == 409)
        #expect(problem["state"] == "active")
        #expect(refused.error.contains(try #require(problem["detail"]?.stringValue)))
    }

    @Test("every verb: device list, get and delete; install from files; each app event; openurl; push; event; clock; health")
    func verbs() async throws {
        let server = try TestServer()
        let run = { (arguments: [String]) in try await AppSimCommand.run(arguments, server: server.url) }
        let device = try #require(try await run(["device", "create", "--os", "17.0", "--clock", "manual", "--quiet"]).lines.first)
        #expect(try await run(["device", "list"]).lines.count == 1)
        #expect(try await run(["device", "get", device]).lines.first?.hasPrefix("\(device): iOS 17.0, 2048 MB, manual clock") == true)

        let files = try RunningCommand(["health"], server: server.url)
        let info = try files.file("info.json", #"{"bundleId": "com.example.notes", "urlSchemes": ["notes"], "backgroundModes": ["remote-notification"]}"#)
        let behavior = try files.file("behavior.json", #"{"launchSeconds": 1}"#)
        let payload = try files.file("hello.apns", #"{"Simulator Target Bundle": "com.example.notes", "aps": {"alert": "Hello"}}"#)
        let app = try #require(try await run(["install", "--device", device, "--info", info, "--behavior", behavior, "--quiet"]).lines.first)
        let instance = try decode(Instance.self, try await run(["state", app, "--json"]))
        #expect(instance.info.urlSchemes == ["notes"])
        #expect(instance.behavior.launchSeconds == 1)

        #expect(try await run(["openurl", app, "notes://item/1", "--source-app", "com.apple.mobilesafari"]).output.contains("application:openURL:options:"))
        let pushed = try decode(EventResult.self, try await run(["push", app, payload, "--json"]))
        #expect(pushed.callbacks.first?.args["userInfo"] == ["aps": ["alert": "Hello"]])
        #expect(pushed.pushDelivery == .delivered)
        #expect(try await run(["push", app, payload]).output.contains("; push delivered"))
        #expect(try await run(["push", app, "-"]).status == 2)  // standard input is empty: not a JSON object
        #expect(try await run(["home", app]).status == 0)
        #expect(try await run(["forcequit", app]).output.contains("killed"))
        #expect(try await run(["launch", app]).status == 0)
        #expect(try await run(["terminate", app]).output.contains("applicationWillTerminate:"))
        #expect(try await run(["crash", app, "--during-launch"]).output.contains("killed"))
        #expect(try await run(["launch", app]).status == 0)
        #expect(try await run(["crash", app]).output.contains("active → notRunning"))

        #expect(try await run(["launch", app]).status == 0)
        #expect(try await run(["event", app, "beginBackgroundTask", "name=upload"]).output.contains(#"result {"taskId":1}"#))
        #expect(try await run(["event", device, "orientation", "value=landscapeLeft"]).output.contains("UIDeviceOrientationDidChangeNotification"))
        #expect(try await run(["event", app, "lock"]).output.contains("active → background"))
        #expect(try await run(["event", device, "unlock"]).output.contains("background → active"))
        #expect(try await run(["clock", app, "advance", "1.5"]).output.hasPrefix("advanceClock"))
        #expect(try decode(Device.self, try await run(["device", "get", device, "--json"])).time == 1500)
        #expect(try await run(["health"]).lines == ["ok"])

        #expect(try await run(["device", "delete", device]).lines == ["deleted \(device)"])
        #expect(try await run(["device", "list"]).lines.isEmpty)
    }

    @Test("§13 verbs: install --sdk, switcher open and close, a swipe with forcequit while it is open, and the history's killed reason")
    func switcherAndSDK() async throws {
        let server = try TestServer()
        let run = { (arguments: [String]) in try await AppSimCommand.run(arguments, server: server.url) }
        let device = try #require(try await run(["device", "create", "--os", "27.0", "--clock", "manual", "--quiet"]).lines.first)
        let legacy = try #require(try await run(["install", "--device", device, "--bundle-id", "com.example.legacy", "--sdk", "27.0", "--quiet"]).lines.first)
        #expect(try await run(["launch", legacy]).lines.first == "launch, event 1: no state changed; 1 callback: killed")
        #expect(try await run(["history", legacy]).lines.first?.contains("killed (system) [sceneLifecycleRequired]") == true)
        let app = try #require(try await run(["install", "--device", device, "--bundle-id", "com.example.notes", "--sdk", "26.0", "--quiet"]).lines.first)
        _ = try await run(["launch", app])
        let opened = try await run(["switcher", "open", device])
        #expect(opened.status == 0)
        #expect(opened.lines.first?.hasSuffix("\(app) active → inactive; 1 callback: applicationWillResignActive:") == true)
        #expect(try await run(["device", "get", device]).lines.first?.hasSuffix("app switcher open") == true)
        #expect(try await run(["switcher", "open", device]).status == 1)
        #expect(try await run(["switcher", "close", device]).lines.first?.hasSuffix("1 callback: applicationDidBecomeActive:") == true)
        _ = try await run(["switcher", "open", device])
        let swipe = try await run(["forcequit", app])
        #expect(swipe.lines.first?.hasSuffix("3 callbacks: applicationDidEnterBackground:, applicationWillTerminate:, killed") == true)
        #expect(try await run(["state", app]).lines.first == "notRunning")
    }

    @Test("§13.4 verbs: task submit --continued --title, task progress 3/10, task title, task cancel, task complete with an identifier; the instance shows the running task's progress")
    func continuedTaskVerbs() async throws {
        let server = try TestServer()
        let run = { (arguments: [String]) in try await AppSimCommand.run(arguments, server: server.url) }
        let device = try #require(try await run(["device", "create", "--os", "26.0", "--clock", "manual", "--quiet"]).lines.first)
        let app = try #require(try await run([
            "install", "--device", device, "--bundle-id", "com.example.export", "info.taskIdentifiers=[\"com.example.export.*\"]",
            "behavior.taskSeconds=manual", "--quiet",
        ]).lines.first)
        _ = try await run(["launch", app])
        let submitted = try await run(["task", "submit", app, "com.example.export.1", "--continued", "--title", "Exporting"])
        #expect(submitted.lines.first?.hasSuffix("1 callback: BGTaskScheduler launchHandler") == true)
        #expect(try await run(["task", "submit", app, "com.example.export.2", "--title", "x"]).status != 0)
        #expect(try await run(["task", "progress", app, "com.example.export.1", "3/10"]).status == 0)
        #expect(try await run(["task", "progress", app, "com.example.export.1", "three"]).status != 0)
        #expect(try await run(["task", "title", app, "com.example.export.1", "Exporting 2", "--subtitle", "almost"]).status == 0)
        let request = try await AppSimClient(url: server.url).getInstance(app).taskRequests?.first
        #expect(request?.status == "running")
        #expect(request?.progress?.completed == 3 && request?.progress?.total == 10)
        #expect(request?.title == "Exporting 2")
        #expect(request?.subtitle == "almost")
        let full = try await run(["task", "submit", app, "com.example.export.9", "--continued", "--title", "More", "--strategy", "fail"])
        #expect(full.status == 1)
        #expect(full.error.contains("(409 Conflict; reason unavailable)"), "\(full.error)")
        #expect(try await run(["device", "get", device]).lines.first?.contains("app switcher open") == false)
        let cancelled = try await run(["task", "cancel", app, "com.example.export.1"])
        #expect(cancelled.lines.first?.hasSuffix("2 callbacks: backgroundTaskExpired, setTaskCompleted") == true)
        _ = try await run(["task", "submit", app, "com.example.export.3", "--continued", "--title", "Again"])
        #expect(try await run(["task", "complete", app, "com.example.export.3"]).lines.first?.hasSuffix("1 callback: setTaskCompleted") == true)
    }

    @Test("exit status: 1 when the server refuses, with the detail on standard error")
    func refused() async throws {
        let server = try TestServer()
        let app = try await server.client().install(info: AppInfo(bundleId: "com.example.notes"))
        let home = try await AppSimCommand.run(["home", app.id], server: server.url)
        #expect(home.status == 1)
        #expect(home.output.isEmpty)
        #expect(home.error.contains("Home leaves the foreground app"))
        #expect(try await AppSimCommand.run(["state", "nope.1"], server: server.url).status == 1)
        #expect(try await AppSimCommand.run(["event", app.id, "bogus"], server: server.url).status == 1)
    }

    @Test("exit status: 2 for a usage error, whatever the server")
    func usage() async throws {
        let unused = URL(string: "http://127.0.0.1:9")!
        for arguments in [
            ["launch"], ["wait", "d1.1", "sleeping"], ["wait", "d1.1", "active", "--timeout", "-1"], ["event", "d1.1", "edit", "novalue"],
            ["install", "--bundle-id", "com.example.a", "stateRestoration=true"], ["install", "--device", "d1"],
            ["device", "create", "--clock", "sometimes"], ["lanch", "d1.1"], ["--server", "http://x", "state", "d1.1"],
            ["state", "d1.1", "--server", "not a url"], ["install", "--bundle-id", "b", "--info", "/nonexistent.json"],
        ] {
            let result = try await AppSimCommand.run(arguments, server: unused)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(!result.error.isEmpty)
        }
    }

    @Test("a negative number is a value, not an option: the server's refusal or the verb's own check says what is wrong with it")
    func negativeNumbers() async throws {
        let server = try TestServer()
        let app = try await server.client().install(info: AppInfo(bundleId: "com.example.notes"))
        let device = String(app.id.prefix { $0 != "." })
        for (arguments, detail) in [
            (["device", "events", device, "--after", "-1"], "must be an event seq (a whole number ≥ 0), not '-1'"),
            (["history", app.id, "--after", "-1"], "must be a callback seq (a whole number ≥ 0), not '-1'"),
            (["device", "create", "--memory", "-5"], "'memoryMB' must be a whole number from 16 to 1048576, not -5"),
            (["task", "submit", app.id, "refresh", "--earliest-begin", "-3"], "'earliestBeginSeconds' must be a number of seconds"),
        ] {
            let result = try await AppSimCommand.run(arguments, server: server.url)
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(result.error.contains(detail), "\(arguments): \(result.error)")
        }
        for (arguments, detail) in [
            (["wait", app.id, "active", "--timeout", "-1"], "--timeout must be 0 or more seconds"),
            (["health", "--wait", "-1"], "--wait must be 0 or more seconds"),
            (["device", "create", "--speed", "-inf"], "--speed must be a finite number, not -inf"),
            (["clock", device, "advance", "inf"], "SECONDS must be a finite number, not inf"),
            (["task", "submit", app.id, "refresh", "--earliest-begin", "nan"], "--earliest-begin must be a finite number, not nan"),
        ] {
            let result = try await AppSimCommand.run(arguments, server: server.url)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.error.contains(detail), "\(arguments): \(result.error)")
        }
        let serve = try await AppSimCommand.run(["serve", "--port", "-1", "--db", "/nonexistent/appsim.db"])
        #expect(serve.status == 64, "\(serve)")
        #expect(serve.error.contains("port must be a whole number from 0 to 65535, not '-1'"), "\(serve.error)")
    }

    @Test("exit status: 3 when the server is unreachable")
    func unreachable() async throws {
        // A port held closed: a stopped server's port could be taken by another suite's server meanwhile.
        let closed = try RefusingPort()
        let url = URL(string: "http://127.0.0.1:\(closed.port)")!
        let result = try await AppSimCommand.run(["state", "d1.1"], server: url)
        #expect(result.status == 3)
        #expect(result.error.contains("unreachable"))
        #expect(try await AppSimCommand.run(["health", "--wait", "0.3"], server: url).status == 3)
        withExtendedLifetime(closed) {}
    }

    @Test("exit status: 4 when a wait times out, with the state on standard error")
    func waitTimesOut() async throws {
        let server = try TestServer()
        let app = try await server.client().install(info: AppInfo(bundleId: "com.example.notes"))
        let result = try await AppSimCommand.run(["wait", app.id, "active", "--timeout", "0.2"], server: server.url)
        #expect(result.status == 4)
        #expect(result.output.isEmpty)
        #expect(result.error.contains("notRunning"))
        #expect(try await AppSimCommand.run(["wait", app.id, "foreground", "--timeout", "0.2"], server: server.url).status == 4)
    }

    @Test("--server and --token, or APPSIM_URL and APPSIM_TOKEN, reach a server that needs a token")
    func token() async throws {
        let server = try TestServer(token: "s3cret")
        let withOptions = try await AppSimCommand.run(["device", "create", "--server", server.url.absoluteString, "--token", "s3cret", "--quiet"])
        #expect(withOptions.status == 0)
        let withEnvironment = try await AppSimCommand.run(["device", "list"], server: server.url, environment: ["APPSIM_TOKEN": "s3cret"])
        #expect(withEnvironment.lines.count == 1)
        let without = try await AppSimCommand.run(["device", "list"], server: server.url)
        #expect(without.status == 1)
        #expect(without.error.contains("Bearer"))
        // A URL without a scheme is taken as http.
        #expect(try await AppSimCommand.run(["health", "--server", "127.0.0.1:\(server.port)"]).status == 0)
    }

    @Test("history --follow prints what comes and keeps following across a kill -9 restart of the server, with no gap")
    func followAcrossKill() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("appsim-follow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await ServeProcess(database: directory.appendingPathComponent("appsim.db").path)
        let client = AppSimClient(url: server.url)
        let device = try await client.createDevice(DeviceSettings(osVersion: "17.0", clock: .manual))
        let app = try await client.install(device: device.id, info: AppInfo(bundleId: "com.example.notes")).id
        try await client.postInstanceEvent(app, .launch)

        let follow = try RunningCommand(["history", app, "--follow", "--json"], server: server.url)
        #expect(await follow.waitForOutput { $0.split(separator: "\n").count >= 3 })
        await server.kill()
        try await server.start()
        try await client.postInstanceEvent(app, .home)
        try await client.postDeviceEvent(device.id, .advanceClock(seconds: 6))
        #expect(await follow.waitForOutput { $0.contains(#""name":"suspended""#) })
        follow.interrupt()
        _ = await follow.finish()

        let callbacks = follow.output.split(separator: "\n")
            .compactMap { try? JSONDecoder().decode(Callback.self, from: Data($0.utf8)) }
        #expect(callbacks.map(\.seq) == Array(1...6))
        #expect(callbacks.last?.name == "suspended")
        // Not left to deinit: a server still running when the test process exits outlives it.
        await server.kill()
    }

    @Test("appsim with no verb serves, and shell completion scripts name the verbs")
    func serveAndCompletion() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("appsim-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await ServeProcess(database: directory.appendingPathComponent("appsim.db").path)
        #expect(try await AppSimCommand.run(["health"], server: server.url).lines == ["ok"])
        for shell in ["bash", "zsh", "fish"] {
            let script = try await AppSimCommand.run(["--generate-completion-script", shell])
            #expect(script.status == 0)
            #expect(script.output.contains("install"))
            #expect(script.output.contains("history"))
        }
        let help = try await AppSimCommand.run(["--help"])
        #expect(help.output.contains("4 wait timed out"))
        let version = try await AppSimCommand.run(["--version"])
        #expect(version.status == 0)
        #expect(version.lines == [AppSimVersion.current])
        await server.kill()
    }

    @Test("the verbs of appsim --help are the README's table of verbs, and bash completes each")
    func verbsAgreeWithTheReadme() async throws {
        let help = try await AppSimCommand.run(["--help"])
        // A verb's line in SUBCOMMANDS begins with two spaces; its wrapped description, with more; an empty line ends it.
        let section = help.output.components(separatedBy: "SUBCOMMANDS:\n").last?.components(separatedBy: "\n\n").first ?? ""
        let subcommands = section.split(separator: "\n")
        let verbs = Set(subcommands.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.compactMap { $0.split(separator: " ").first.map(String.init) })
        #expect(verbs.contains("backup") && verbs.contains("install"), "\(help.output)")

        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let table = readme.components(separatedBy: "## The command line").dropFirst().first?.components(separatedBy: "\n## ").first ?? ""
        // `appsim launch\|home\|… APP` names five verbs; `appsim device list\|get DEV` one.
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("| `appsim ") }
        var tabled = Set<String>()
        for row in rows {
            for use in row.components(separatedBy: "`appsim ").dropFirst() {
                let word = use.prefix { $0 != " " && $0 != "`" }
                guard !word.hasPrefix("-") else { continue }
                tabled.formUnion(word.components(separatedBy: "\\|"))
            }
        }
        // serve is the default verb, with a table of its own.
        #expect(tabled == verbs.subtracting(["serve"]), "README's table lacks \(verbs.subtracting(tabled).subtracting(["serve"]).sorted()), names \(tabled.subtracting(verbs).sorted()) besides")

        let bash = try await AppSimCommand.run(["--generate-completion-script", "bash"])
        for verb in verbs {
            #expect(bash.output.contains("_appsim_\(verb)"), "bash completion lacks \(verb)")
        }
    }

    @Test("appsim event completes every event type of the vocabulary, and its help names each with its fields")
    func eventTypesCompleteAndHelp() async throws {
        let bash = try await AppSimCommand.run(["--generate-completion-script", "bash"])
        // The word list of `appsim event`'s TYPE: the one line of the script that offers openScene.
        let list = try #require(bash.output.split(separator: "\n").first { $0.contains("'openScene'") })
        for type in Event.namesForInstances {
            #expect(list.contains("'\(type)'"), "bash completion of appsim event lacks \(type)")
        }
        let help = try await AppSimCommand.run(["event", "--help"])
        // The Swift client's own list, until it is generated from openapi.yaml, agrees with the vocabulary.
        #expect(AppSimEvent.deviceEventTypes == Set(Event.deviceEventTypes))
        let lines = help.output.split(separator: "\n")
        for type in Event.vocabulary {
            let line = lines.first { $0 == "  \(type.name)" || $0.hasPrefix("  \(type.name) ") }
            #expect(line != nil, "appsim event --help lacks \(type.name)")
            for field in type.fields where field.isRequired {
                #expect(line?.contains(" \(field.name)=") == true, "appsim event --help: \(type.name) lacks \(field.name)=")
            }
        }
    }
}

@Suite("Command line: scenes, taps and tasks")
struct ModernVerbTests {
    @Test("appsim scene open/close, appsim tap and appsim task submit/run/complete post their events and say what happened")
    func verbs() async throws {
        let server = try TestServer()
        let run = { (arguments: [String]) in try await AppSimCommand.run(arguments, server: server.url) }
        let device = try #require(try await run(["device", "create", "--os", "17.0", "--clock", "manual", "--quiet"]).lines.first)
        let notes = try #require(try await run([
            "install", "--device", device, "--bundle-id", "com.example.notes", "info.scenes.supportsMultiple=true", "--quiet",
        ]).lines.first)
        #expect(try await run(["launch", notes]).output.contains("sceneDidBecomeActive:"))
        #expect(try await run(["scene", "open", notes]).output.contains("application:configurationForConnectingSceneSession:options:"))
        #expect(try await run(["scene", "close", notes, "\(notes).s2"]).output.contains("application:didDiscardSceneSessions:"))
        #expect(try await run(["scene", "close", notes, "nope"]).status == 1)
        // A scene's id as a user reads it off the app's scenes: `s1` is the app's `APP.s1`.
        #expect(try await run(["scene", "open", notes]).status == 0)
        #expect(try await run(["scene", "close", notes, "s1"]).output.contains("application:didDiscardSceneSessions:"))

        let chat = try #require(try await run(["install", "--device", device, "--bundle-id", "com.example.chat", "info.userNotifications=true", "--quiet"]).lines.first)
        _ = try await run(["event", chat, "push", "payload.aps.alert=Hi"])
        #expect(try await run(["tap", chat]).output.contains("userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"))

        let news = try #require(try await run([
            "install", "--device", device, "--bundle-id", "com.example.news", #"info.backgroundModes=["fetch"]"#,
            #"info.taskIdentifiers=["com.example.news.refresh"]"#, "behavior.taskSeconds=manual", "--quiet",
        ]).lines.first)
        _ = try await run(["launch", news])
        #expect(try await run(["task", "submit", news, "com.example.news.refresh"]).status == 0)
        _ = try await run(["home", news])
        #expect(try await run(["task", "run", device, "com.example.news.refresh"]).output.contains("BGTaskScheduler launchHandler"))
        #expect(try await run(["task", "complete", news, "--no-success"]).output.contains("setTaskCompleted"))
    }
}
