import Foundation

/// An appsim server seen the way XCUITest sees a simulator: devices you create, apps you install on them, and
/// ``SimulatedApp``s you drive like `XCUIApplication`s.
///
/// An integration test against a remote appsim, with no JSON in it:
///
/// ```swift
/// import AppSimClient
/// import Testing
///
/// @Test func draftSurvivesSuspension() async throws {
///     let simulator = Simulator(url: URL(string: "http://ci-appsim:8080")!)
///     let device = try await simulator.createDevice(clock: .manual)
///     let app = try await simulator.install(bundleId: "com.example.notes", on: device)
///     try await app.launch()
///     try await app.post(.edit(memory: ["draft": "hello"]))
///     try await device.pressHome()
///     try await device.advanceClock(by: 6)
///     #expect(try await app.state == .runningBackgroundSuspended)
///     #expect(try await app.snapshot().data.disk["draft"] == "hello")
/// }
/// ```
public struct Simulator: Sendable {
    /// The client underneath, for the operations the façade does not wrap.
    public let client: AppSimClient

    /// A simulator at `url` (`appsim serve`'s default address without one), sending `token` when set.
    public init(url: URL = AppSimClient.defaultURL, token: String? = nil) {
        client = AppSimClient(url: url, token: token)
    }

    public init(client: AppSimClient) {
        self.client = client
    }

    /// Creates a device; every setting left out has its default (iOS 26.0, 2048 MB, a realtime clock).
    ///
    /// ```swift
    /// let device = try await simulator.createDevice(osVersion: "15.0", clock: .manual)
    /// ```
    public func createDevice(
        osVersion: String? = nil, clock: DeviceSettings.Clock? = nil, memoryMB: Int? = nil, passcode: Bool? = nil
    ) async throws -> SimulatedDevice {
        try await createDevice(DeviceSettings(osVersion: osVersion, memoryMB: memoryMB, passcode: passcode, clock: clock))
    }

    /// Creates a device with any of the API's settings (limits, labels, …).
    public func createDevice(_ settings: DeviceSettings) async throws -> SimulatedDevice {
        SimulatedDevice(id: try await client.createDevice(settings).id, client: client)
    }

    /// The device with this id (no request is made).
    public func device(_ id: String) -> SimulatedDevice {
        SimulatedDevice(id: id, client: client)
    }

    /// Every device of the server, in id order.
    public func devices() async throws -> [SimulatedDevice] {
        var devices: [SimulatedDevice] = []
        var after: String?
        repeat {
            let page = try await client.listDevices(limit: 1000, after: after)
            devices += page.items.map { SimulatedDevice(id: $0.id, client: client) }
            after = page.next
        } while after != nil
        return devices
    }

    /// Installs an app, not running, on `device`, or on a new default device without one.
    ///
    /// ```swift
    /// let app = try await simulator.install(bundleId: "com.example.notes", on: device)
    /// ```
    public func install(bundleId: String, on device: SimulatedDevice? = nil) async throws -> SimulatedApp {
        try await install(AppInfo(bundleId: bundleId), on: device)
    }

    /// Installs an app with everything it declares and how its code behaves.
    ///
    /// ```swift
    /// let app = try await simulator.install(
    ///     AppInfo(bundleId: "com.example.news", backgroundModes: [.fetch]),
    ///     behavior: AppBehavior(fetchResult: .manual, minimumFetchInterval: .seconds(900)))
    /// ```
    public func install(_ info: AppInfo, behavior: AppBehavior? = nil, on device: SimulatedDevice? = nil) async throws -> SimulatedApp {
        let instance = try await client.install(device: device?.id, info: info, behavior: behavior)
        return SimulatedApp(id: instance.id, deviceID: instance.device, client: client)
    }

    /// The installed app with this id (no request is made).
    public func app(_ id: String) -> SimulatedApp {
        SimulatedApp(id: id, client: client)
    }

    /// Whether the server answers and can write its store.
    public func isHealthy() async -> Bool {
        (try? await client.health()) != nil
    }
}
