import Audio
import GameKit
import Scene
import Trace

/// Bubble Pop, the worked example of docs/games/new-game.md: three bubbles rise, a tap pops
/// one with a sound and a haptic, and when every bubble is popped a "Well done" card shows.
public struct BubblePopGameModule: SoloGame {
    /// The game.
    public init() {}

    public var info: GameInfo {
        GameInfo(id: "bubble-pop", displayName: "Bubble Pop", description: "Bubbles float up: tap each one to pop it!",
                 iconName: "bubble_pop", requiredCVEvents: [], minAge: 3)
    }

    public var sceneKeys: [String] { BubblePopScene.keys }
    public var builtInScene: (fileName: String, text: String) { ("pop.yaml", BubblePopScene.builtIn) }
    public var vocabulary: TraceVocabulary { BubblePopEvent.vocabulary }
    public var sounds: SoundBank { BubblePopSounds.bank }

    public func decodeScene(_ document: SceneDocument) throws -> any GameScene { try BubblePopScene.decode(document) }

    public func makeRun(of scene: BubblePopScene, options: RunOptions) throws -> any GameRun {
        PaintedRun(simulation: BubblePopSimulation(scene: scene, options: options), painter: BubblePopPainter(),
                   sceneName: scene.name, seed: scene.header.seed, canvasWidth: scene.header.canvasWidth)
    }
}
