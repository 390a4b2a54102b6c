/// A background mode an app declares in its Info.plist (`UIBackgroundModes`).
public enum BackgroundMode: String, Sendable, CaseIterable, Comparable {
    case audio, location, voip, fetch, processing
    case remoteNotification = "remote-notification"

    /// Modes that keep a backgrounded app running instead of letting it be suspended.
    public var keepsRunning: Bool { self == .audio || self == .location || self == .voip }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The life cycle an app's code follows: the app delegate's callbacks alone, scenes with a scene delegate
/// (docs/lifecycle.md, Scenes), or SwiftUI's scene phases (docs/lifecycle.md, SwiftUI apps).
public enum LifecycleModel: String, Sendable, CaseIterable {
    case appDelegate, scenes, swiftui
}

/// The framework of an app's entry point: UIKit's app delegate, or SwiftUI's `App`.
public enum AppUI: String, Sendable, CaseIterable {
    case uikit, swiftui

    /// The first iOS with SwiftUI's `App` life cycle.
    public var minimumOS: OSVersion? { self == .swiftui ? OSVersion(14) : nil }
}

/// What an app declares about itself, fixed at install (docs/lifecycle.md, Devices and apps).
public struct AppInfo: Sendable, Equatable {
    public var bundleId: String
    public var backgroundModes: [BackgroundMode] = []
    public var exitsOnSuspend = false
    public var urlSchemes: [String] = []
    public var stateRestoration = false
    public var dataProtection = false
    /// The app's scene manifest: it has the scene life cycle on iOS 13 and later (docs/lifecycle.md, Scenes); `nil`: none.
    public var scenes: SceneManifest?
    /// The app sets a `UNUserNotificationCenter` delegate at launch (iOS 10 and later; docs/lifecycle.md, User notifications).
    public var userNotifications = false
    /// The task identifiers the app may schedule with BGTaskScheduler (`BGTaskSchedulerPermittedIdentifiers`).
    public var taskIdentifiers: [String] = []
    /// Footprint while in the foreground.
    public var memoryMB = 100
    /// Footprint once in the background (and while suspended).
    public var backgroundMemoryMB = 100
    /// The iOS SDK the app was built with: from SDK 27, iOS 27 refuses to launch it without the scene life cycle
    /// (docs/lifecycle.md, iOS 18 to 27).
    public var sdkVersion = AppInfo.defaultSDKVersion

    /// The SDK an app is built with when it does not say.
    public static let defaultSDKVersion = OSVersion(26)

    /// The framework of the app's entry point; a SwiftUI app has scenes whose delegate SwiftUI owns.
    public var ui = AppUI.uikit

    /// Whether the app's code follows the scene life cycle (UIScene), which iOS 27 requires of apps built with SDK 27.
    public var adoptsSceneLifecycle: Bool { scenes != nil || ui == .swiftui }

    /// The life cycle the app's code follows, as built.
    public var lifecycleModel: LifecycleModel {
        ui == .swiftui ? .swiftui : scenes != nil ? .scenes : .appDelegate
    }

    /// The scene manifest the app runs with: a SwiftUI app that declares none has one window (docs/lifecycle.md, SwiftUI apps).
    public var sceneManifest: SceneManifest? {
        scenes ?? (ui == .swiftui ? SceneManifest(supportsMultiple: false) : nil)
    }

    public init(bundleId: String) { self.bundleId = bundleId }

    public func has(_ mode: BackgroundMode) -> Bool { backgroundModes.contains(mode) }

    /// Whether `BGTaskSchedulerPermittedIdentifiers` permits `identifier` for `kind`: by name, or, for a continued
    /// task, by an entry ending in `.*` that is its prefix (docs/lifecycle.md, Continued processing tasks).
    public func permitsTask(_ identifier: String, kind: TaskKind) -> Bool {
        taskIdentifiers.contains { entry in
            entry == identifier
                || (kind == .continuedProcessing && entry.hasSuffix(".*") && identifier.count > entry.count - 1
                    && identifier.hasPrefix(entry.dropLast()))
        }
    }

    public var keepsRunningInBackground: Bool { backgroundModes.contains { $0.keepsRunning } }

    /// The footprints an app may declare, foreground or background.
    public static let memoryMBRange = 1...65_536

    /// Whether `id` is a bundle id: a reverse-DNS name of ASCII letters, digits, `-` and `.`, at most 155 bytes.
    public static func isValidBundleId(_ id: String) -> Bool {
        guard !id.isEmpty, id.utf8.count <= 155, !id.hasPrefix("."), !id.hasSuffix(".") else { return false }
        return id.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == ".") }
    }

    /// Whether `scheme` is a URL scheme (RFC 3986): a letter, then letters, digits, `+`, `-` or `.`.
    public static func isValidScheme(_ scheme: String) -> Bool {
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return scheme.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == ".")
        }
    }
}
