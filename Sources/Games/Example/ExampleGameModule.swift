import Audio
import CVBus
import GameKit
import Scene
import Trace

/// The example game (the platform document's "one example template"): put toys in front of the
/// camera and a shape appears where each one is, follows it, and fades when it goes. It
/// shows the whole contract a game keeps with the engine; docs/games/new-game.md walks
/// through it.
public struct ExampleGameModule: SoloGame {
    /// The game.
    public init() {}

    /// The words of its trace.
    static let words = ExampleEvent.vocabulary

    public var info: GameInfo {
        GameInfo(id: "example", displayName: "Shape Friends",
                 description: "Put your toys in front of the camera: a shape pops up where each one is, follows it, and fades when it goes.",
                 iconName: "example_shapes", requiredCVEvents: ["object_detected", "object_moved", "object_removed"], minAge: 3)
    }

    public var sceneKeys: [String] { ExampleSceneDecoder.keys }
    public var builtInScene: (fileName: String, text: String) { ("shapes.yaml", ExampleBuiltInScene.yaml) }
    public var vocabulary: TraceVocabulary { Self.words }
    public var sounds: SoundBank { ExampleSounds.bank }

    public func decodeScene(_ document: SceneDocument) throws -> any GameScene {
        try ExampleSceneDecoder.decode(document)
    }

    public func makeRun(of example: ExampleScene, options: RunOptions) throws -> any GameRun {
        let simulation = ExampleSimulation(scene: example, options: options, subscription: info.cvSubscription)
        return PaintedRun(simulation: simulation, painter: ExamplePainter(), sceneName: example.name, seed: example.header.seed,
                          canvasWidth: example.header.canvasWidth)
    }
}
