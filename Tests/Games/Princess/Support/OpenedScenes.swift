import GameKit
import Princess
import PrincessGame

extension SceneDescription {
    /// The scene with its game, as the engine's modules take it.
    public var opened: OpenedScene { OpenedScene(game: PrincessGameModule(), scene: self) }
}
