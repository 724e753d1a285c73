/// What a character performs, by name: one of the built-in actions or a move a scene loaded.
public enum ActionName: Sendable, Hashable {
    /// A built-in action, drawn by the game's own code.
    case builtIn(ActionKind)
    /// A move written as data, by its name.
    case move(String)

    /// The built-in action of that name, or else the move of that name.
    public init(_ text: String) {
        self = ActionKind(rawValue: text).map(ActionName.builtIn) ?? .move(text)
    }

    /// The built-in five, then `moves` by name in the order given: what the action menu offers.
    public static func menu(moves: [String]) -> [ActionName] {
        ActionKind.allCases.map(ActionName.builtIn) + moves.map(ActionName.move)
    }

    /// The name the timeline, the trace and the rules write.
    public var text: String {
        switch self {
        case .builtIn(let kind): return kind.rawValue
        case .move(let name): return name
        }
    }

    /// The built-in wave.
    public static let wave = ActionName.builtIn(.wave)
    /// The built-in dance.
    public static let dance = ActionName.builtIn(.dance)
    /// The built-in twirl.
    public static let twirl = ActionName.builtIn(.twirl)
    /// The built-in jump.
    public static let jump = ActionName.builtIn(.jump)
    /// The built-in sparkle.
    public static let sparkle = ActionName.builtIn(.sparkle)
}
