/// What became of a push (docs/lifecycle.md, What the events do): it reached the running app, launched or woke it in the background, was
/// shown to the user, or was dropped, and why.
public enum PushDelivery: Sendable, Equatable {
    case delivered, launched, woken, shown
    case dropped(reason: String)

    /// Why a silent push beyond the device's budget (`limits.backgroundPushesPerHour`) was dropped.
    public static let throttled = "throttled"

    /// The word the API uses for it.
    public var name: String {
        switch self {
        case .delivered: "delivered"
        case .launched: "launched"
        case .woken: "woken"
        case .shown: "shown"
        case .dropped: "dropped"
        }
    }
}
