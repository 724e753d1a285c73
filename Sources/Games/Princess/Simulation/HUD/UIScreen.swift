/// The full-screen cards of the app a timeline can open: the four-page onboarding, help,
/// settings and the parents' page.
public enum UIScreen: String, CaseIterable, Sendable {
    case onboarding, help, settings, parents

    /// How many pages it has (onboarding has four).
    public var pageCount: Int { self == .onboarding ? 4 : 1 }
}
