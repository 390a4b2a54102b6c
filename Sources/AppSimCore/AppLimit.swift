import AppSimJSON

/// What one app may hold at once: beyond it, the event that would pass it is refused (`409`) naming the limit,
/// so that no client can make an app's state, and the work of every event on its device, grow without bound
/// (docs/lifecycle.md, Limits).
public enum AppLimit: String, Sendable, CaseIterable {
    /// The app's in-memory data (`data.memory`) and the UI state of its windows and their sessions, as JSON: what
    /// every event on the app writes again. What it saves to disk is a copy of its memory, so at most as large.
    case memoryBytes
    /// Scene sessions, connected or not (`openScene`).
    case scenes
    /// Background tasks begun and not ended (`beginBackgroundTask`).
    case backgroundTasks

    public var maximum: Int {
        switch self {
        case .memoryBytes: 262_144
        case .scenes: 32
        case .backgroundTasks: 64
        }
    }
}

extension Instance {
    /// What ``AppLimit/memoryBytes`` counts: the in-memory data, and each scene's UI state and saved activity,
    /// as JSON bytes.
    var memoryBytes: Int {
        scenes.reduce(JSONValue.object(memory).jsonBytes.count) {
            $0 + ($1.ui?.jsonBytes.count ?? 0) + ($1.stateRestorationActivity?.jsonBytes.count ?? 0)
        }
    }
}
