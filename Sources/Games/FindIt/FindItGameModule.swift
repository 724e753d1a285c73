import Audio
import CVBus
import GameKit
import SavedState
import Scene
import Trace

/// FindIt, 우리집 보물찾기 도감 (its spec): a parent registers household objects from
/// several angles; a six-year-old gets a mission card, read aloud, and hunts the object with
/// the camera, guided by hot and cold, until a ring held full for a second says 찾았다!
public struct FindItGameModule: SoloGame {
    /// The game.
    public init() {}

    /// The words of its trace.
    static let words = FindItEvent.vocabulary

    public var info: GameInfo {
        GameInfo(id: "findit", displayName: "우리집 보물찾기 도감",
                 description: "A treasure hunt at home, in Korean: find the object on the mission card with the camera, warmer and warmer, until 찾았다!",
                 iconName: "findit_treasure", requiredCVEvents: ["object_detected", "object_moved", "object_removed"], minAge: 5)
    }

    public var sceneKeys: [String] { FindItSceneDecoder.keys }
    /// A portrait phone app: a scene without `canvas:` is 720x1280, as the example scenes are.
    public var defaultCanvas: CanvasSize { CanvasSize(width: 720, height: 1280) }
    public var builtInScene: (fileName: String, text: String) { ("treasure.yaml", FindItBuiltInScene.yaml) }
    public var vocabulary: TraceVocabulary { Self.words }
    public var sounds: SoundBank { FindItSounds.bank }
    public var fontFaces: [String] { FindItPainter.fontFaces }

    /// The tones, and each mission the scene may read aloud (an item of the profile's too),
    /// spoken in Korean.
    public func sounds(for scene: any GameScene, options: RunOptions) throws -> SoundBank {
        guard let findIt = scene as? FindItScene else { return sounds }
        return try sounds.adding(FindItSounds.spokenMissions(of: findIt, loaded: FindItCatalogueTables.items(in: options.saved)))
    }
    public var profileTables: ProfileTables? { FindItCatalogueTables.tables }
    public var benchmarks: [any GameBenchmark] { [FindItBenchmark()] }

    public func makeReviewer(of scene: any GameScene) -> (any SceneReviewer)? {
        (scene as? FindItScene).map(FindItSceneReviewer.init)
    }

    public func decodeScene(_ document: SceneDocument) throws -> any GameScene {
        try FindItSceneDecoder.decode(document)
    }

    public func makeRun(of findIt: FindItScene, options: RunOptions) throws -> any GameRun {
        let loaded = FindItCatalogueTables.items(in: options.saved)
        // An item the scene hunts from the profile must be there: registered by an earlier run.
        for id in findIt.profileItems where !findIt.items.contains(where: { $0.id == id }) && !loaded.contains(where: { $0.id == id }) {
            throw GameRunError("\(findIt.name) hunts '\(id)' from the profile, which has no such item; register it first (--profile with a scene that saves it)",
                               needsProfile: true)
        }
        let simulation = FindItSimulation(scene: findIt, options: options, subscription: info.cvSubscription, loaded: loaded)
        return PaintedRun(simulation: simulation, painter: FindItPainter(), sceneName: findIt.name, seed: findIt.header.seed,
                          canvasWidth: findIt.header.canvasWidth)
    }
}
