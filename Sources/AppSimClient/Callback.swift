/// One entry of an app's history: a delegate method it received, a notification posted to it, or what the system
/// did to it without calling it (`suspended`, `killed`, …).
public struct Callback: Sendable, Hashable, Codable {
    /// Increases by one per instance, from 1, with no gaps.
    public var seq: Int64
    public var instance: String
    /// The scene it concerns, for a scene app's scene callbacks.
    public var scene: String?
    /// Device time in milliseconds.
    public var at: Int64
    /// The delegate selector exactly as UIKit names it (`applicationDidBecomeActive:`), the notification name, or
    /// the system record's name (`suspended`, `killed`).
    public var name: String
    public var kind: Kind
    /// The notification UIKit posts with it, if any.
    public var notification: String?
    /// The app's state once the callback has returned.
    public var state: LifecycleState
    /// What `UIApplication.applicationState` read while it ran.
    public var applicationState: ApplicationState
    /// Its arguments (`launchOptions`, `url`, `userInfo`, a kill's `reason`, …).
    public var args: [String: JSON]
    /// The seq of the device event that caused it.
    public var event: Int64

    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A delegate method.
        case delegate
        /// A notification without a delegate method.
        case notification
        /// What the system did without calling the app.
        case system
        /// A SwiftUI app's scene phase changed (`args`: `scope`, `scene`, `from`, `to`).
        case scenePhase
    }
}
