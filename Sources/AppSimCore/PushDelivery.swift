/// What became of a push (docs/lifecycle.md, What the events do): it reached the running app, launched or woke it in the background, was
/// shown to the user, or was dropped, and why.
public enum PushDelivery: Sendable, Equatable {
    case delivered, launched, woken, shown
    case dropped(reason: String)

    /// Why a silent push beyond the device's budget (`limits.backgroundPushesPerHour`) was dropped.
    public static let throttled = "throttled"

    /// Each kind of delivery once (a dropped one with no reason): what ``init(name:reason:)`` reads names back by.
    public static let kinds: [PushDelivery] = {
        let kinds: [PushDelivery] = [.delivered, .launched, .woken, .shown, .dropped(reason: "")]
        // A case added to the enum stops this compiling: add it to the list above too, or it cannot be read back.
        for kind in kinds {
            switch kind {
            case .delivered, .launched, .woken, .shown, .dropped: break
            }
        }
        return kinds
    }()

    /// The delivery the API names `name`, `dropped` with `reason`; nil for a name it never uses.
    public init?(name: String, reason: String?) {
        guard let kind = Self.kinds.first(where: { $0.name == name }) else { return nil }
        if case .dropped = kind { self = .dropped(reason: reason ?? "") } else { self = kind }
    }

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
