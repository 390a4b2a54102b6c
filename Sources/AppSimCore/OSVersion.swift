/// An iOS version such as "17.0" or "4.2.1"; its profile (docs/lifecycle.md, Devices and apps) decides which callbacks exist.
public struct OSVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int

    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Parses "MAJOR[.MINOR[.PATCH]]"; `nil` for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 4, part.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(part) else {
                return nil
            }
            numbers.append(number)
        }
        guard (1...99).contains(numbers[0]) else { return nil }
        self.init(numbers[0], numbers.count > 1 ? numbers[1] : 0, numbers.count > 2 ? numbers[2] : 0)
    }

    public var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }

    public static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
}

/// What an OS version can do (docs/lifecycle.md, Devices and apps).
extension OSVersion {
    /// Before 4.0 there is no multitasking: leaving the foreground terminates the app.
    public var hasMultitasking: Bool { self >= OSVersion(4) }
    /// From 5.0 a lock sends the foreground app to the background.
    public var lockEntersBackground: Bool { self >= OSVersion(5) }
    /// 5.0–6.x: `applicationState` reads inactive while the device is locked.
    public var reportsInactiveWhileLocked: Bool { self >= OSVersion(5) && self < OSVersion(7) }
    /// Before 5.0 banners are alerts: they make the foreground app inactive.
    public var bannersAreAlerts: Bool { self < OSVersion(5) }
    /// State preservation and restoration exist from 6.0.
    public var hasStateRestoration: Bool { self >= OSVersion(6) }
    /// The `fetch` and `remote-notification` background modes exist from 7.0.
    public var hasBackgroundFetch: Bool { self >= OSVersion(7) }
    /// `UNUserNotificationCenter` exists from 10.0.
    public var hasUserNotifications: Bool { self >= OSVersion(10) }
    /// Scenes (UIScene) exist from 13.0.
    public var hasScenes: Bool { self >= OSVersion(13) }
    /// BGTaskScheduler exists from 13.0.
    public var hasBackgroundTasks: Bool { self >= OSVersion(13) }

    /// What UIKit logs at each launch of an app without the scene life cycle (18.4 and later), in its own words.
    public var sceneLifecycleRuntimeIssue: String? {
        if self >= OSVersion(26) { return "UIScene lifecycle will soon be required. Failure to adopt will result in an assert in the future." }
        if self >= OSVersion(18, 4) {
            return "CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will become an assert in a future version."
        }
        return nil
    }

    /// From 27.0 UIKit asserts at the launch of an app built with SDK 27 or later that has not adopted scenes.
    public func refusesLaunch(of info: AppInfo) -> Bool {
        self >= OSVersion(27) && info.sdkVersion >= OSVersion(27) && !info.adoptsSceneLifecycle
    }

    /// The window scene delegate method that tells a foreground scene its geometry changed (an orientation change).
    var sceneGeometrySelector: String {
        self >= OSVersion(26) ? Delegate.didUpdateEffectiveGeometry : Delegate.didUpdateCoordinateSpace
    }

    /// The delegate method that opens a URL.
    public var openURLSelector: String {
        if self < OSVersion(4, 2) { return "application:handleOpenURL:" }
        if self < OSVersion(9) { return "application:openURL:sourceApplication:annotation:" }
        return "application:openURL:options:"
    }

    /// The delegate method that receives a remote notification.
    public var remoteNotificationSelector: String {
        hasBackgroundFetch
            ? "application:didReceiveRemoteNotification:fetchCompletionHandler:"
            : "application:didReceiveRemoteNotification:"
    }

    /// Background task time, in milliseconds, shared by all of an app's tasks.
    public var backgroundTaskMillis: Int64 {
        if self < OSVersion(7) { return 600_000 }
        if self < OSVersion(13) { return 180_000 }
        return 30_000
    }
}
