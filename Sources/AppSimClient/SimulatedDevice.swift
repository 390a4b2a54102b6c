import Foundation

/// A simulated device, with the buttons `XCUIDevice` has and the events the system sends a device.
///
/// ```swift
/// let device = try await simulator.createDevice(clock: .manual)
/// let app = try await device.install(bundleId: "com.example.notes")
/// try await app.launch()
/// try await device.pressHome()
/// try await device.advanceClock(by: 6)     // past the 5 s suspend delay
/// try await device.lock()
/// ```
public struct SimulatedDevice: Sendable, Hashable {
    /// The device's id.
    public let id: String
    /// The client it uses.
    public let client: AppSimClient

    public init(id: String, client: AppSimClient) {
        self.id = id
        self.client = client
    }

    public static func == (left: SimulatedDevice, right: SimulatedDevice) -> Bool {
        left.id == right.id && left.client === right.client
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    /// The device as it is now: its clock, lock state, foreground app, memory, ….
    public func snapshot() async throws -> Device {
        try await client.getDevice(id)
    }

    /// Installs an app on this device.
    public func install(bundleId: String) async throws -> SimulatedApp {
        try await install(AppInfo(bundleId: bundleId))
    }

    /// Installs an app with everything it declares and how its code behaves on this device.
    public func install(_ info: AppInfo, behavior: AppBehavior? = nil) async throws -> SimulatedApp {
        try await Simulator(client: client).install(info, behavior: behavior, on: self)
    }

    /// The apps installed on this device, in install order.
    public func apps() async throws -> [SimulatedApp] {
        try await snapshot().instances.map { SimulatedApp(id: $0, deviceID: id, client: client) }
    }

    /// The app in the foreground (active or inactive), if any.
    public func foregroundApp() async throws -> SimulatedApp? {
        try await snapshot().foreground.map { SimulatedApp(id: $0, deviceID: id, client: client) }
    }

    /// Posts any device event to every app of the device.
    @discardableResult
    public func post(_ event: AppSimEvent) async throws -> EventResult {
        try await client.postDeviceEvent(id, event)
    }

    /// Presses the Home button: the app in the foreground, if any, leaves it (`home` is an app event, so it goes
    /// to that app). Returns nil when no app is in the foreground, as Home on the home screen changes nothing.
    @discardableResult
    public func pressHome() async throws -> EventResult? {
        guard let app = try await snapshot().foreground else { return nil }
        return try await client.postInstanceEvent(app, .home)
    }

    /// Locks the device: the foreground app resigns and enters the background.
    @discardableResult
    public func lock() async throws -> EventResult {
        try await post(.lock)
    }

    /// Opens the app switcher: the app in front resigns active and is shown as the card in front. While it is open,
    /// ``SimulatedApp/forceQuit()`` of that app swipes its card away.
    @discardableResult
    public func openAppSwitcher() async throws -> EventResult {
        try await post(.appSwitcher)
    }

    /// Closes the app switcher on the app that was in front, which becomes active again.
    @discardableResult
    public func dismissAppSwitcher() async throws -> EventResult {
        try await post(.dismissAppSwitcher)
    }

    /// Unlocks the device: the app that was in the foreground comes back.
    @discardableResult
    public func unlock() async throws -> EventResult {
        try await post(.unlock)
    }

    /// Restarts the device: every app ends.
    @discardableResult
    public func reboot() async throws -> EventResult {
        try await post(.reboot)
    }

    /// Moves the device's clock forward by `seconds`; suspensions, task expiries and watchdogs that fall due on
    /// the way happen in order. On a manual clock this is the only way time moves.
    @discardableResult
    public func advanceClock(by seconds: TimeInterval) async throws -> EventResult {
        try await post(.advanceClock(seconds: seconds))
    }

    /// Opens a URL, as `xcrun simctl openurl` does: with the installed app that declares the URL's scheme.
    ///
    /// - Throws: ``AppSimProblem`` `422` when no app on the device declares the scheme.
    @discardableResult
    public func openURL(_ url: String, sourceApplication: String? = nil) async throws -> EventResult {
        let scheme = url.prefix { $0 != ":" }.lowercased()
        var after: String?
        repeat {
            let page = try await client.listInstances(device: id, limit: 1000, after: after)
            if let instance = page.items.first(where: { $0.info.urlSchemes?.contains(scheme) == true }) {
                return try await client.postInstanceEvent(instance.id, .openURL(url, sourceApplication: sourceApplication))
            }
            after = page.next
        } while after != nil
        throw AppSimProblem(
            status: 422, type: .eventUnusable, title: "Unprocessable Content",
            detail: "no app on device \(id) declares the URL scheme '\(scheme)'")
    }

    /// Sends a push to an app on this device, as `xcrun simctl push` does: to the app with `bundleId`, or without
    /// one to the app the payload's `Simulator Target Bundle` key names (the key is not sent on).
    ///
    /// ```swift
    /// try await device.push(["Simulator Target Bundle": "com.example.mail", "aps": ["alert": "New mail"]])
    /// ```
    ///
    /// - Throws: ``AppSimProblem`` `404` when no such app is installed on the device, `422` when no app is named.
    @discardableResult
    public func push(_ payload: JSON, to bundleId: String? = nil) async throws -> EventResult {
        var fields = payload.objectValue ?? [:]
        let target = bundleId ?? fields["Simulator Target Bundle"]?.stringValue
        fields["Simulator Target Bundle"] = nil
        guard let target else {
            throw AppSimProblem(
                status: 422, type: .invalidField, title: "Unprocessable Content",
                detail: "say which app gets the push: push(_:to:) or a \"Simulator Target Bundle\" key in the payload",
                field: "Simulator Target Bundle")
        }
        let page = try await client.listInstances(device: id, bundleId: target, limit: 1)
        guard let instance = page.items.first else {
            throw AppSimProblem(
                status: 404, type: .notFound, title: "Not Found", detail: "no app '\(target)' is installed on device \(id)")
        }
        return try await client.postInstanceEvent(instance.id, .push(payload.objectValue == nil ? payload : .object(fields)))
    }

    /// Waits until `app` is in this device's foreground; `true` if it came within `timeout` seconds.
    public func waitForForeground(_ app: SimulatedApp, timeout: TimeInterval) async throws -> Bool {
        do {
            _ = try await client.getDevice(id, waitForForeground: app.id, timeout: timeout)
            return true
        } catch let problem as AppSimProblem where problem.isWaitTimeout {
            return false
        }
    }

    /// Every event of the device as it is committed, after seq `after` (0: from its first one); see ``DeviceStream``.
    public func events(after: Int64 = 0) -> DeviceStream {
        client.streamDevice(id, after: after)
    }

    /// Removes the device with its apps, their data and history.
    public func delete() async throws {
        try await client.deleteDevice(id)
    }
}
