import Scene

/// A scene whose header a run may change: the seed and length chosen by a run's options.
public protocol HeaderedScene: GameScene {
    /// The engine's part of the file, which `RunOptions` may override.
    var header: SceneHeader { get set }
}

/// A game of one device (no shared sessions) that makes its runs from its own kind of scene.
/// What every such game would repeat is done here once: the scene is checked to be its own,
/// `--peer` is refused, and the options' seed and length are set before the game sees the scene.
public protocol SoloGame: GameModule {
    /// The game's own kind of scene.
    associatedtype OwnScene: HeaderedScene
    /// A run of `scene`, whose seed and length are already those of `options`.
    func makeRun(of scene: OwnScene, options: RunOptions) throws -> any GameRun
}

extension SoloGame {
    /// A run of `scene`, which must be one of the game's own, with `options`.
    public func makeRun(of scene: any GameScene, options: RunOptions) throws -> any GameRun {
        guard var own = scene as? OwnScene else {
            throw GameRunError("\(scene.name) is a scene of \(scene.header.game), not of the game \(id)")
        }
        if let peer = options.peer { throw GameRunError("--peer \(peer): the game \(id) has no shared sessions, so no peers") }
        if let seed = options.seed { own.header.seed = seed }
        if let duration = options.duration { own.header.duration = duration }
        return try makeRun(of: own, options: options)
    }
}
