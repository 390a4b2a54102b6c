import AppSimJSON

/// What kind of thing a history record is.
public enum CallbackKind: String, Sendable {
    /// A `UIApplicationDelegate` method was called.
    case delegate
    /// A notification was posted to the app without a delegate method.
    case notification
    /// The system did something to the app without calling it (`suspended`, `killed`, …).
    case system
    /// A SwiftUI app's scene phase changed, as `.onChange(of: scenePhase)` reports it (docs/lifecycle.md, SwiftUI apps).
    case scenePhase
}

/// One entry of an app's history: a callback it received or what the system did to it.
public struct CallbackRecord: Sendable, Equatable {
    /// Increases by one per instance, with no gaps.
    public var seq: Int64
    public var instance: String
    /// Device time in milliseconds.
    public var at: Int64
    public var name: String
    public var kind: CallbackKind
    /// The UIApplication notification posted with it, where there is one.
    public var notification: String?
    /// The app's lifecycle state once the callback has returned.
    public var state: LifecycleState
    /// What `UIApplication.applicationState` reads during the callback.
    public var applicationState: ApplicationState
    public var args: JSONValue
    /// The seq of the device event that caused it.
    public var event: Int64
    /// The scene a scene delegate callback is for (docs/lifecycle.md, Scenes).
    public var scene: String? = nil

    public init(
        seq: Int64, instance: String, at: Int64, name: String, kind: CallbackKind, notification: String?,
        state: LifecycleState, applicationState: ApplicationState, args: JSONValue, event: Int64, scene: String? = nil
    ) {
        self.seq = seq
        self.instance = instance
        self.at = at
        self.name = name
        self.kind = kind
        self.notification = notification
        self.state = state
        self.applicationState = applicationState
        self.args = args
        self.event = event
        self.scene = scene
    }
}

/// Records of what the system did to an app (kind `system`).
enum System {
    static let killed = "killed"
    /// UIKit logged a runtime issue about the app (docs/lifecycle.md, iOS 18 to 27).
    static let runtimeIssue = "runtimeIssue"
}

/// Why an app was killed or a push dropped, where that is no event's name.
public enum KillReason {
    /// iOS 27 refused to launch an app built with SDK 27 that has not adopted scenes.
    public static let sceneLifecycleRequired = "sceneLifecycleRequired"
}

/// The delegate methods and the notifications posted with them.
enum Delegate {
    static let willFinishLaunching = "application:willFinishLaunchingWithOptions:"
    static let didFinishLaunching = "application:didFinishLaunchingWithOptions:"
    static let didBecomeActive = "applicationDidBecomeActive:"
    static let willResignActive = "applicationWillResignActive:"
    static let didEnterBackground = "applicationDidEnterBackground:"
    static let willEnterForeground = "applicationWillEnterForeground:"
    static let willTerminate = "applicationWillTerminate:"
    static let didReceiveMemoryWarning = "applicationDidReceiveMemoryWarning:"
    static let protectedDataWillBecomeUnavailable = "applicationProtectedDataWillBecomeUnavailable:"
    static let protectedDataDidBecomeAvailable = "applicationProtectedDataDidBecomeAvailable:"
    static let shouldSaveApplicationState = "application:shouldSaveApplicationState:"
    static let willEncodeRestorableState = "application:willEncodeRestorableStateWithCoder:"
    static let shouldRestoreApplicationState = "application:shouldRestoreApplicationState:"
    static let didDecodeRestorableState = "application:didDecodeRestorableStateWithCoder:"
    static let performFetch = "application:performFetchWithCompletionHandler:"
    static let significantTimeChange = "applicationSignificantTimeChange:"
    static let configurationForConnecting = "application:configurationForConnectingSceneSession:options:"
    static let didDiscardSceneSessions = "application:didDiscardSceneSessions:"
    static let sceneWillConnect = "scene:willConnectToSession:options:"
    static let sceneWillEnterForeground = "sceneWillEnterForeground:"
    static let sceneDidBecomeActive = "sceneDidBecomeActive:"
    static let sceneWillResignActive = "sceneWillResignActive:"
    static let sceneDidEnterBackground = "sceneDidEnterBackground:"
    static let sceneDidDisconnect = "sceneDidDisconnect:"
    static let sceneOpenURLContexts = "scene:openURLContexts:"
    static let stateRestorationActivity = "stateRestorationActivityForScene:"
    static let didUpdateCoordinateSpace = "windowScene:didUpdateCoordinateSpace:interfaceOrientation:traitCollection:"
    static let didUpdateEffectiveGeometry = "windowScene:didUpdateEffectiveGeometry:"
    static let willPresentNotification = "userNotificationCenter:willPresentNotification:withCompletionHandler:"
    static let didReceiveNotificationResponse = "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"
    /// The launch handler the app registered with BGTaskScheduler for a task's identifier.
    static let taskLaunchHandler = "BGTaskScheduler launchHandler"

    /// The notification UIKit posts with a delegate method, if any.
    static func notification(for name: String) -> String? {
        switch name {
        case willFinishLaunching: nil
        case didFinishLaunching: "UIApplicationDidFinishLaunchingNotification"
        case didBecomeActive: "UIApplicationDidBecomeActiveNotification"
        case willResignActive: "UIApplicationWillResignActiveNotification"
        case didEnterBackground: "UIApplicationDidEnterBackgroundNotification"
        case willEnterForeground: "UIApplicationWillEnterForegroundNotification"
        case willTerminate: "UIApplicationWillTerminateNotification"
        case didReceiveMemoryWarning: "UIApplicationDidReceiveMemoryWarningNotification"
        case protectedDataWillBecomeUnavailable: "UIApplicationProtectedDataWillBecomeUnavailable"
        case protectedDataDidBecomeAvailable: "UIApplicationProtectedDataDidBecomeAvailable"
        case significantTimeChange: "UIApplicationSignificantTimeChangeNotification"
        case sceneWillConnect: "UISceneWillConnectNotification"
        case sceneWillEnterForeground: "UISceneWillEnterForegroundNotification"
        case sceneDidBecomeActive: "UISceneDidActivateNotification"
        case sceneWillResignActive: "UISceneWillDeactivateNotification"
        case sceneDidEnterBackground: "UISceneDidEnterBackgroundNotification"
        case sceneDidDisconnect: "UISceneDidDisconnectNotification"
        default: nil
        }
    }
}
