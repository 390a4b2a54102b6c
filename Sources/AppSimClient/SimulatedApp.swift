import Foundation

/// An installed app, driven in `XCUIApplication`'s words: `launch()`, `activate()`, `terminate()`, `state`,
/// `wait(for:timeout:)`; and read back: its callbacks, in order.
///
/// ```swift
/// let app = try await simulator.install(bundleId: "com.example.notes")
/// try await app.launch()
/// #expect(try await app.state == .runningForeground)
/// try await app.device.pressHome()
/// #expect(try await app.wait(for: .runningBackgroundSuspended, timeout: 10))
/// let names = try await app.callbacks().map(\.name)
/// ```
///
/// Every call is one request to the server (two for ``activate()`` when it has nothing to do); nothing is cached.
public struct SimulatedApp: Sendable, Hashable {
    /// The instance id (`d7zpma4q.1`).
    public let id: String
    /// The client it uses.
    public let client: AppSimClient
    private let deviceID: String

    /// The app with instance id `id`.
    public init(id: String, client: AppSimClient) {
        // An instance id is its device's id, a dot and the install number (the API guarantees it).
        self.init(id: id, deviceID: String(id[..<(id.lastIndex(of: ".") ?? id.endIndex)]), client: client)
    }

    init(id: String, deviceID: String, client: AppSimClient) {
        self.id = id
        self.deviceID = deviceID
        self.client = client
    }

    public static func == (left: SimulatedApp, right: SimulatedApp) -> Bool {
        left.id == right.id && left.client === right.client
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    /// The device the app is installed on.
    public var device: SimulatedDevice { SimulatedDevice(id: deviceID, client: client) }

    /// `XCUIApplication.State`: what XCUITest would report for the app.
    public enum State: UInt, Sendable, Hashable, CaseIterable {
        /// Never reported by appsim; here because XCUITest has it.
        case unknown = 0
        case notRunning = 1
        case runningBackgroundSuspended = 2
        case runningBackground = 3
        /// Active or inactive.
        case runningForeground = 4

        /// The state XCUITest reports for an app in `state`.
        public init(_ state: LifecycleState) {
            switch state {
            case .notRunning: self = .notRunning
            case .suspended: self = .runningBackgroundSuspended
            case .background: self = .runningBackground
            case .active, .inactive: self = .runningForeground
            }
        }
    }

    // MARK: Reading

    /// The app's state, in XCUITest's terms.
    public var state: State {
        get async throws { State(try await lifecycleState) }
    }

    /// The app's lifecycle state, which tells `active` from `inactive`.
    public var lifecycleState: LifecycleState {
        get async throws { try await snapshot().state }
    }

    /// Everything about the app now: its state, data, background tasks, ….
    public func snapshot() async throws -> Instance {
        try await client.getInstance(id)
    }

    /// Waits until the app is in `state` (at once if it is); `true` if it got there within `timeout` seconds,
    /// `false` if not, as `XCUIApplication.wait(for:timeout:)` does.
    ///
    /// ```swift
    /// try await device.pressHome()
    /// #expect(try await app.wait(for: .runningBackgroundSuspended, timeout: 10))
    /// ```
    public func wait(for state: State, timeout: TimeInterval) async throws -> Bool {
        switch state {
        case .unknown:
            return false
        case .runningForeground:
            return try await device.waitForForeground(self, timeout: timeout)
        case .notRunning:
            return try await wait(forLifecycleState: .notRunning, timeout: timeout)
        case .runningBackgroundSuspended:
            return try await wait(forLifecycleState: .suspended, timeout: timeout)
        case .runningBackground:
            return try await wait(forLifecycleState: .background, timeout: timeout)
        }
    }

    /// Waits until an event leaves the app in `state` (at once if it is in it); `true` if that happened within
    /// `timeout` seconds.
    public func wait(forLifecycleState state: LifecycleState, timeout: TimeInterval) async throws -> Bool {
        do {
            _ = try await client.getInstance(id, waitFor: state, timeout: timeout)
            return true
        } catch let problem as AppSimProblem where problem.isWaitTimeout {
            return false
        }
    }

    /// Every callback of the app after seq `after` (0: its whole history), oldest first.
    public func callbacks(after: Int64 = 0) async throws -> [Callback] {
        var callbacks: [Callback] = []
        var after = after
        while true {
            let page = try await client.listCallbacks(id, after: after, limit: 1000)
            callbacks += page.items
            guard let next = page.next else { return callbacks }
            after = next
        }
    }

    /// The callbacks after seq `after` as soon as there is one (at once if there are some); none if nothing comes
    /// within `timeout` seconds.
    public func nextCallbacks(after: Int64, timeout: TimeInterval) async throws -> [Callback] {
        try await client.listCallbacks(id, after: after, wait: timeout).items
    }

    /// The app's callbacks after seq `after` (0: its whole history), then its callbacks and state changes as they
    /// are committed, across reconnections; see ``InstanceStream``.
    ///
    /// ```swift
    /// for try await callback in app.stream().compactMap(\.callback) {
    ///     print(callback.seq, callback.name)
    /// }
    /// ```
    public func stream(after: Int64 = 0) -> InstanceStream {
        client.streamInstance(id, after: after)
    }

    // MARK: Acting

    /// Posts any event: an app event, an app action, or a device event for the app's device.
    ///
    /// ```swift
    /// try await app.post(.edit(memory: ["draft": "hello"], ui: ["screen": "editor"]))
    /// let task = try await app.post(.beginBackgroundTask(name: "upload")).taskId
    /// ```
    @discardableResult
    public func post(_ event: AppSimEvent) async throws -> EventResult {
        try await client.postInstanceEvent(id, event)
    }

    /// The user taps the app's icon: a launch when it is not running, a return to the foreground when it is in the
    /// background. Unlike `XCUIApplication.launch()`, a running app is not killed first: ``terminate()`` it for a
    /// cold launch.
    ///
    /// - Throws: ``AppSimProblem`` `409` when the app is in the foreground already or the device is locked.
    @discardableResult
    public func launch() async throws -> EventResult {
        try await post(.launch)
    }

    /// Brings the app to the foreground, launching it if needed, as `XCUIApplication.activate()` does; nothing
    /// happens (and nil is returned) when it is in the foreground already.
    @discardableResult
    public func activate() async throws -> EventResult? {
        do {
            return try await launch()
        } catch let problem as AppSimProblem where problem.type == .eventNotAllowed && problem.state?.isForeground == true {
            return nil
        }
    }

    /// The system terminates the app: `applicationWillTerminate:` if it is running, no callback if suspended.
    ///
    /// - Throws: ``AppSimProblem`` `409` when it is not running.
    @discardableResult
    public func terminate() async throws -> EventResult {
        try await post(.terminate)
    }

    /// The user swipes the app away in the app switcher (it must be in the background or suspended).
    @discardableResult
    public func forceQuit() async throws -> EventResult {
        try await post(.forceQuit)
    }

    /// The running app crashes.
    @discardableResult
    public func crash() async throws -> EventResult {
        try await post(.crash)
    }

    /// Opens a URL with the app; its scheme must be one of the app's `urlSchemes`.
    @discardableResult
    public func openURL(_ url: String, sourceApplication: String? = nil) async throws -> EventResult {
        try await post(.openURL(url, sourceApplication: sourceApplication))
    }

    /// Sends the app a remote notification; `payload` is an APNs payload with `aps` at the top.
    ///
    /// ```swift
    /// try await app.push(["aps": ["alert": "Hello"]])
    /// try await app.push(["aps": ["content-available": 1]])   // silent
    /// ```
    @discardableResult
    public func push(_ payload: JSON) async throws -> EventResult {
        try await post(.push(payload))
    }

    /// Uninstalls the app; its data and history go.
    public func uninstall() async throws {
        try await client.uninstall(id)
    }
}
