/// What the lobby shows of a game (the platform document's `GameInfo`): its name, what it is, its
/// icon, the camera events it needs and the youngest age it is made for.
public struct GameInfo: Sendable, Equatable, Codable {
    /// The game's id, as scene files (`game:`) and `--game` name it.
    public var id: String
    /// The name a child or a parent sees.
    public var displayName: String
    /// One sentence about the game.
    public var description: String
    /// The name of its icon.
    public var iconName: String
    /// The camera events it subscribes to (`object_detected:apple`); empty when it needs no camera.
    public var requiredCVEvents: [String]
    /// The youngest age it is made for, in years.
    public var minAge: Int

    /// A game's card from its parts.
    public init(id: String, displayName: String, description: String, iconName: String, requiredCVEvents: [String],
                minAge: Int) {
        self.id = id
        self.displayName = displayName
        self.description = description
        self.iconName = iconName
        self.requiredCVEvents = requiredCVEvents
        self.minAge = minAge
    }
}
