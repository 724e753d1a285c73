/// The events by which a game's trace says a character arrives and leaves (the princess game's
/// `spawn` and `remove`, each with the `character` field): what `max_characters` and
/// `every_character` count. A game declares its own in its vocabulary; a game that declares
/// none has no characters to count, and such a rule is refused where it is written.
public struct CharacterPresence: Sendable, Equatable, Codable {
    /// The event of a character arriving.
    public var appears: String
    /// The event of a character leaving.
    public var leaves: String

    /// The presence events `appears` and `leaves`.
    public init(appears: String, leaves: String) {
        self.appears = appears
        self.leaves = leaves
    }
}
