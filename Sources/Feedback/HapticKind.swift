/// The haptic patterns of the studio's haptic router (the same six in every game).
public enum HapticKind: String, CaseIterable, Sendable {
    case light, medium, heavy, selection, success, warning
}
