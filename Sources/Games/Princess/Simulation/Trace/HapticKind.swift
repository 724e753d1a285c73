/// The haptic patterns of the app's haptic router.
public enum HapticKind: String, CaseIterable, Sendable {
    case light, medium, heavy, selection, success, warning
}
