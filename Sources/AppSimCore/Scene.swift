import AppSimJSON

/// What an app's `UIApplicationSceneManifest` declares (docs/lifecycle.md, Scenes).
public struct SceneManifest: Sendable, Equatable {
    /// `UIApplicationSupportsMultipleScenes`: the user may open more windows of the app (iPad).
    public var supportsMultiple: Bool

    public init(supportsMultiple: Bool) { self.supportsMultiple = supportsMultiple }
}

/// `UIScene.ActivationState`, with `unattached` for a session whose scene is not connected.
public enum SceneActivationState: String, Sendable, CaseIterable {
    case unattached, foregroundActive, foregroundInactive, background

    var isForeground: Bool { self == .foregroundActive || self == .foregroundInactive }
}

/// SwiftUI's `ScenePhase` (docs/lifecycle.md, SwiftUI apps).
public enum ScenePhase: String, Sendable, CaseIterable {
    case active, inactive, background

    /// The name of a phase record in the history.
    static let recordName = "scenePhase"

    /// The phase of a connected scene in `state`; nil for an unattached one.
    public init?(_ state: SceneActivationState) {
        switch state {
        case .foregroundActive: self = .active
        case .foregroundInactive: self = .inactive
        case .background: self = .background
        case .unattached: return nil
        }
    }

    /// The change a SwiftUI scene makes where a scene delegate gets `delegateMethod`; nil where it makes none.
    static func change(made delegateMethod: String) -> (from: ScenePhase, to: ScenePhase)? {
        switch delegateMethod {
        case Delegate.sceneWillEnterForeground: (.background, .inactive)
        case Delegate.sceneDidBecomeActive: (.inactive, .active)
        case Delegate.sceneWillResignActive: (.active, .inactive)
        case Delegate.sceneDidEnterBackground: (.inactive, .background)
        default: nil
        }
    }
}

/// One of an app's scenes with its session: the session outlives the process (kills, server restarts) until it is
/// discarded; the scene is connected to it while the app shows it.
public struct SceneSession: Sendable, Equatable {
    /// The instance id, `.s`, a number (`d4kq2.1.s1`).
    public var id: String
    /// The `UISceneSession`'s persistent identifier.
    public var session: String
    public var activationState: SceneActivationState
    /// Saved by `stateRestorationActivityForScene:` in the background; handed back at the next connection.
    public var stateRestorationActivity: JSONValue?
    /// The scene's UI state while the process holds it (`edit` with `ui`); lost with the process.
    public var ui: JSONValue?

    public init(id: String, session: String, activationState: SceneActivationState = .unattached,
                stateRestorationActivity: JSONValue? = nil, ui: JSONValue? = nil) {
        self.id = id
        self.session = session
        self.activationState = activationState
        self.stateRestorationActivity = stateRestorationActivity
        self.ui = ui
    }
}
