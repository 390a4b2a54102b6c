/// What an app declares about itself (its Info.plist), fixed at install.
///
/// Only `bundleId` is required; the server fills in every other field with its default, and an installed
/// ``Instance`` lists all of them.
///
/// ```swift
/// let info = AppInfo(bundleId: "com.example.notes", urlSchemes: ["notes"], stateRestoration: true)
/// let app = try await simulator.install(info)
/// ```
public struct AppInfo: Sendable, Hashable, JSONFields {
    /// The members as sent or received; the typed properties read and write them.
    public var fields: [String: JSON]

    public init(fields: [String: JSON]) {
        self.fields = fields
    }

    public init(
        bundleId: String, backgroundModes: [BackgroundMode]? = nil, exitsOnSuspend: Bool? = nil,
        urlSchemes: [String]? = nil, stateRestoration: Bool? = nil, dataProtection: Bool? = nil,
        memoryMB: Int? = nil, backgroundMemoryMB: Int? = nil
    ) {
        fields = [:]
        self.bundleId = bundleId
        self.backgroundModes = backgroundModes
        self.exitsOnSuspend = exitsOnSuspend
        self.urlSchemes = urlSchemes
        self.stateRestoration = stateRestoration
        self.dataProtection = dataProtection
        self.memoryMB = memoryMB
        self.backgroundMemoryMB = backgroundMemoryMB
    }

    /// A reverse-DNS name (`com.example.notes`).
    public var bundleId: String {
        get { field("bundleId") ?? "" }
        set { setField("bundleId", newValue) }
    }

    /// `UIBackgroundModes`.
    public var backgroundModes: [BackgroundMode]? {
        get { field("backgroundModes") }
        set { setField("backgroundModes", newValue) }
    }

    /// `UIApplicationExitsOnSuspend`: leaving the foreground terminates the app.
    public var exitsOnSuspend: Bool? {
        get { field("exitsOnSuspend") }
        set { setField("exitsOnSuspend", newValue) }
    }

    /// The URL schemes the app opens.
    public var urlSchemes: [String]? {
        get { field("urlSchemes") }
        set { setField("urlSchemes", newValue) }
    }

    /// The app opts in to state preservation and restoration (iOS 6 and later).
    public var stateRestoration: Bool? {
        get { field("stateRestoration") }
        set { setField("stateRestoration", newValue) }
    }

    /// The app has NSFileProtectionComplete files, so it gets the protected-data callbacks.
    public var dataProtection: Bool? {
        get { field("dataProtection") }
        set { setField("dataProtection", newValue) }
    }

    /// Memory the app uses in the foreground.
    public var memoryMB: Int? {
        get { field("memoryMB") }
        set { setField("memoryMB", newValue) }
    }

    /// Memory the app uses in the background and while suspended.
    public var backgroundMemoryMB: Int? {
        get { field("backgroundMemoryMB") }
        set { setField("backgroundMemoryMB", newValue) }
    }

    /// The app's scene manifest: with it the app has the scene life cycle on iOS 13 and later.
    public var scenes: SceneManifest? {
        get { field("scenes") }
        set { setField("scenes", newValue) }
    }

    /// The app sets a `UNUserNotificationCenter` delegate at launch (iOS 10 and later).
    public var userNotifications: Bool? {
        get { field("userNotifications") }
        set { setField("userNotifications", newValue) }
    }

    /// `BGTaskSchedulerPermittedIdentifiers`: the task identifiers the app may submit (iOS 13 and later).
    public var taskIdentifiers: [String]? {
        get { field("taskIdentifiers") }
        set { setField("taskIdentifiers", newValue) }
    }

    /// The iOS SDK the app was built with (`"26.0"` when not given). On iOS 27 an app built with SDK 27 that has not
    /// adopted scenes fails to launch.
    public var sdkVersion: String? {
        get { field("sdkVersion") }
        set { setField("sdkVersion", newValue) }
    }

    /// The framework of the app's entry point: `uikit` (the default) or `swiftui`, whose app records scene phases
    /// (`scenePhase` callbacks) instead of scene delegate methods (iOS 14 and later).
    public var ui: String? {
        get { field("ui") }
        set { setField("ui", newValue) }
    }
}

/// A `UIBackgroundModes` entry. The API's modes are the static members; any other string is sent as it is.
public struct BackgroundMode: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Keeps the app running in the background.
    public static let audio: BackgroundMode = "audio"
    /// Keeps the app running in the background.
    public static let location: BackgroundMode = "location"
    /// Keeps the app running in the background.
    public static let voip: BackgroundMode = "voip"
    /// Allows background fetches (iOS 7 and later).
    public static let fetch: BackgroundMode = "fetch"
    /// Allows silent pushes to wake the app (iOS 7 and later).
    public static let remoteNotification: BackgroundMode = "remote-notification"
    /// Allows BGTaskScheduler processing tasks (iOS 13 and later).
    public static let processing: BackgroundMode = "processing"
}

/// `UIApplicationSceneManifest`.
public struct SceneManifest: Sendable, Hashable, Codable {
    /// `UIApplicationSupportsMultipleScenes`: the user may open more windows of the app (iPad).
    public var supportsMultiple: Bool

    public init(supportsMultiple: Bool = false) { self.supportsMultiple = supportsMultiple }
}
