import Audio
import CVBus
import GameKit
import Scene
import Skins
import Trace

/// Glitch Squad: Protocol Alpha (its product requirements document): Pixel the robot is broken, and a child runs
/// to find the fruit that repairs him — an apple, a banana, an orange, seen by the camera and
/// held steady for a second and a half. Three missions, a campaign kept in the profile.
public struct GlitchSquadGameModule: SoloGame {
    /// The game.
    public init() {}

    public var info: GameInfo {
        GameInfo(id: "glitch-squad", displayName: "Glitch Squad: Protocol Alpha",
                 description: "Pixel the robot is broken! Find the fruit he needs and hold it steady in front of the camera to repair him.",
                 iconName: "glitch_squad_pixel", requiredCVEvents: ["object_detected", "object_moved", "object_removed"], minAge: 4)
    }

    public var sceneKeys: [String] { GlitchSquadSceneDecoder.keys }
    /// A portrait phone app: a scene without `canvas:` is 720x1280, as the example scenes are.
    public var defaultCanvas: CanvasSize { CanvasSize(width: 720, height: 1280) }
    public var builtInScene: (fileName: String, text: String) { ("mission-01.yaml", GlitchSquadBuiltInScene.yaml) }
    public var vocabulary: TraceVocabulary { GlitchSquadEvent.vocabulary }
    public var sounds: SoundBank { GlitchSquadSounds.bank }
    /// The effects with every line Pixel can say, in his robot voice (espeak-ng).
    public func sounds(for scene: any GameScene, options: RunOptions) throws -> SoundBank {
        try GlitchSquadVoice.bank(huntSeconds: (scene as? GlitchSquadScene)?.huntSeconds ?? GlitchSquadScene.defaultHuntSeconds)
    }
    /// Quicksand Bold, every word of the game.
    public var fontFaces: [String] { ["Quicksand:bold"] }
    public var benchmarks: [any GameBenchmark] { [GlitchSquadDrawingBenchmark()] }
    /// Pixel and the fruit take skins (docs/skins.md).
    public var skinCharacters: [String] { GlitchSquadSkins.kinds }

    public func exportSkin(character: String, to folder: String) throws -> [String] {
        guard skinCharacters.contains(character) else {
            throw GameRunError("--character \(character): Glitch Squad draws no such character (\(skinCharacters.joined(separator: ", ")))")
        }
        do { return try GlitchSquadSkins.export(character, to: folder) } catch {
            throw GameRunError("cannot write the skin to \(folder): \((error as? SkinExportError)?.description ?? error.localizedDescription)")
        }
    }

    public func makeReviewer(of scene: any GameScene) -> (any SceneReviewer)? {
        (scene as? GlitchSquadScene).map(GlitchSquadSceneReviewer.init)
    }

    public func decodeScene(_ document: SceneDocument) throws -> any GameScene {
        try GlitchSquadSceneDecoder.decode(document)
    }

    public func makeRun(of glitch: GlitchSquadScene, options: RunOptions) throws -> any GameRun {
        let simulation = GlitchSquadSimulation(scene: glitch, options: options, subscription: info.cvSubscription)
        // A broken skin is bad input of the scene's files: every problem at its place (exit 2).
        let skins = try GlitchSquadSkins(folders: glitch.skins)
        return PaintedRun(simulation: simulation, painter: GlitchSquadPainter(skins: skins), sceneName: glitch.name, seed: glitch.header.seed,
                          canvasWidth: glitch.header.canvasWidth)
    }
}
