import BubblePopGame
import ExampleGame
import FindItGame
import GameKit
import GlitchSquadGame
import PrincessGame

/// The lobby: the one place that lists the games. Adding a game is a line here and its
/// folder under Sources/Games (docs/games/new-game.md).
public enum Catalogue {
    /// Every game, in the lobby's order.
    public static let games = GameCatalogue([
        PrincessGameModule(),
        ExampleGameModule(),
        GlitchSquadGameModule(),
        FindItGameModule(),
        BubblePopGameModule(),
    ])
}
