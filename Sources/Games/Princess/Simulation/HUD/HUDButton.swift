import Effects

/// A round button of the app's action bar: the effects row (sparkles, snow, bubbles) above
/// the actions row (wave, dance, twirl, jump, sparkle), as the UI/UX brief lays them out.
public enum HUDButton: String, CaseIterable, Sendable {
    case sparkles, snow, bubbles, wave, dance, twirl, jump, sparkle

    /// The effects row, left to right.
    public static let effectRow: [HUDButton] = [.sparkles, .snow, .bubbles]
    /// The actions row, left to right.
    public static let actionRow: [HUDButton] = [.wave, .dance, .twirl, .jump, .sparkle]

    /// The button that starts `action`.
    public init(action: ActionKind) { self = HUDButton(rawValue: action.rawValue)! }

    /// The button that starts `effect`; nil for the burst, which no button starts.
    public init?(effect: EffectKind) {
        guard effect != .burst else { return nil }
        self.init(rawValue: effect.rawValue)
    }

    /// Whether it starts an effect (and so works with nobody on the floor).
    public var isEffect: Bool { Self.effectRow.contains(self) }

    /// The label under the button.
    public var label: String {
        switch self {
        case .sparkle: return "Magic"
        default: return rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        }
    }
}
