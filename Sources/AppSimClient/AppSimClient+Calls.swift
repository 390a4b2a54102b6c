import Foundation

/// The typed calls, one per operation of the API, each named after its `operationId`.
extension AppSimClient {
    // MARK: Operations

    /// Whether the server can write its store; throws ``AppSimProblem`` (`503`) when it cannot.
    @discardableResult
    public func health() async throws -> Health {
        try await send(.health()).value
    }

    /// The OpenAPI document the server implements.
    public func openapi() async throws -> String {
        try await send(.openapi()).value
    }

    /// The server's Prometheus metrics, as text.
    public func metrics() async throws -> String {
        try await send(.metrics()).value
    }

    // MARK: Devices

    /// Creates a device; every setting has a default.
    ///
    /// ```swift
    /// let device = try await client.createDevice(DeviceSettings(osVersion: "15.0", clock: .manual))
    /// ```
    public func createDevice(_ settings: DeviceSettings = DeviceSettings()) async throws -> Device {
        try await send(.createDevice(settings)).value
    }

    /// One page of devices, in id order; pass the page's `next` as `after` for the following one.
    public func listDevices(limit: Int? = nil, after: String? = nil, scope: ListScope? = nil) async throws -> DevicePage {
        try await send(.listDevices(limit: limit, after: after, scope: scope)).value
    }

    /// The device as it is now.
    public func getDevice(_ id: String) async throws -> Device {
        try await send(.getDevice(id)).value
    }

    /// The device once `instance` is in its foreground (at once if it is).
    ///
    /// - Throws: ``AppSimProblem`` `408` (``AppSimProblem/isWaitTimeout``, with ``AppSimProblem/foreground``)
    ///   when it does not come within `timeout` seconds, `404` when the instance is not on this device.
    public func getDevice(_ id: String, waitForForeground instance: String, timeout: TimeInterval) async throws -> Device {
        try await sendWaiting(timeout: timeout) { .getDevice(id, waitForForeground: instance, timeout: $0) }.value
    }

    /// Removes a device with its apps, their data and history.
    public func deleteDevice(_ id: String) async throws {
        _ = try await send(.deleteDevice(id))
    }

    /// Posts a device event (`lock`, `advanceClock`, …) to every app of the device.
    ///
    /// Never retried: on an error, read the device to learn whether the event was applied.
    @discardableResult
    public func postDeviceEvent(_ id: String, _ event: AppSimEvent) async throws -> EventResult {
        try await send(.postDeviceEvent(id, event)).value
    }

    // MARK: Instances

    /// Installs an app, not running, on `device`, or on a new default device without one.
    public func install(device: String? = nil, info: AppInfo, behavior: AppBehavior? = nil) async throws -> Instance {
        try await send(.install(device: device, info: info, behavior: behavior)).value
    }

    /// One page of instances, filtered by device, state and bundle id when given.
    public func listInstances(
        device: String? = nil, state: LifecycleState? = nil, bundleId: String? = nil, limit: Int? = nil, after: String? = nil,
        scope: ListScope? = nil
    ) async throws -> InstancePage {
        try await send(.listInstances(device: device, state: state, bundleId: bundleId, limit: limit, after: after, scope: scope)).value
    }

    /// Installs `count` copies of one app on new default devices, `appsPerDevice` to a device, in one commit.
    public func installBatch(count: Int, appsPerDevice: Int? = nil, info: AppInfo, behavior: AppBehavior? = nil) async throws -> BatchResult {
        try await send(.installBatch(count: count, appsPerDevice: appsPerDevice, info: info, behavior: behavior)).value
    }

    /// Installs `count` copies of one app on `device`, in one commit.
    public func installBatch(onDevice device: String, count: Int, info: AppInfo, behavior: AppBehavior? = nil) async throws -> BatchResult {
        try await send(.installBatch(onDevice: device, count: count, info: info, behavior: behavior)).value
    }

    /// The instance as it is now.
    public func getInstance(_ id: String) async throws -> Instance {
        try await send(.getInstance(id)).value
    }

    /// The instance once an event leaves it in `state` (at once if it is in it already).
    ///
    /// ```swift
    /// try await client.postInstanceEvent(app, .home)
    /// let suspended = try await client.getInstance(app, waitFor: .suspended, timeout: 10)
    /// ```
    ///
    /// - Throws: ``AppSimProblem`` `408` (``AppSimProblem/isWaitTimeout``, with the ``AppSimProblem/state`` it
    ///   is in) when that does not happen within `timeout` seconds.
    public func getInstance(_ id: String, waitFor state: LifecycleState, timeout: TimeInterval) async throws -> Instance {
        try await sendWaiting(timeout: timeout) { .getInstance(id, waitFor: state, timeout: $0) }.value
    }

    /// Uninstalls an app; its data and history go.
    public func uninstall(_ id: String) async throws {
        _ = try await send(.uninstall(id))
    }

    /// Posts an app event or app action to the app, or a device event to its device.
    ///
    /// Never retried: on an error, read the instance to learn whether the event was applied.
    ///
    /// - Throws: ``AppSimProblem`` `409` (with ``AppSimProblem/state`` and ``AppSimProblem/allowedEvents``)
    ///   when the event makes no sense in the app's state; `422` when it can never apply to this app.
    @discardableResult
    public func postInstanceEvent(_ id: String, _ event: AppSimEvent) async throws -> EventResult {
        try await send(.postInstanceEvent(id, event)).value
    }

    /// One page of the app's callbacks after seq `after`, oldest first.
    /// A page of the device's event journal: every event it and its apps accepted, oldest first, after event seq
    /// `after`, with what was posted and what it did.
    public func listDeviceEvents(_ id: String, after: Int64 = 0, limit: Int? = nil) async throws -> JournalPage {
        try await send(.listDeviceEvents(id, after: after, limit: limit)).value
    }

    public func listCallbacks(_ id: String, after: Int64 = 0, limit: Int? = nil) async throws -> CallbackPage {
        try await send(.listCallbacks(id, after: after, limit: limit)).value
    }

    /// The app's callbacks after seq `after`, as soon as there is one (at once if there are some already); an
    /// empty page if none comes within `wait` seconds.
    ///
    /// ```swift
    /// var last: Int64 = 0
    /// while true {
    ///     let page = try await client.listCallbacks(app, after: last, wait: 30)
    ///     for callback in page.items { print(callback.seq, callback.name) }
    ///     last = page.items.last?.seq ?? last
    /// }
    /// ```
    public func listCallbacks(_ id: String, after: Int64 = 0, limit: Int? = nil, wait: TimeInterval) async throws -> CallbackPage {
        try await sendWaiting(timeout: wait, { .listCallbacks(id, after: after, limit: limit, wait: $0) }, isOver: { !$0.items.isEmpty }).value
    }
}
