import Audio
import GameKit
import Princess
import Scene
import Skins
import Trace

/// Game #1, the scene of Aria's Magic, as the engine sees it.
public struct PrincessGameModule: GameModule {
    /// The game.
    public init() {}

    public var info: GameInfo {
        GameInfo(id: "princess", displayName: "Aria's Magic",
                 description: "Little princesses appear, dance, twirl and jump amid sparkles, snow and bubbles; a clap makes them all jump.",
                 iconName: "princess_crown", requiredCVEvents: [], minAge: 3)
    }

    public var sceneKeys: [String] { SceneLoader.topLevelKeys }
    public var builtInScene: (fileName: String, text: String) { ("default.yaml", DefaultScene.yaml) }
    public var vocabulary: TraceVocabulary { .princess }
    public var sounds: SoundBank { PrincessSounds.bank }
    public var seedSweep: (any SeedSweep)? { PrincessSeedSweep() }
    public var benchmarks: [any GameBenchmark] { [PrincessDrawingBenchmark(), PrincessSyncBenchmark(), PrincessSkinBenchmark()] }

    public var skinCharacters: [String] { CharacterKind.allCases.map(\.rawValue) }

    public func exportSkin(character: String, to folder: String) throws -> [String] {
        guard let kind = CharacterKind(rawValue: character) else {
            throw GameRunError("--character \(character): no such princess (\(skinCharacters.joined(separator: ", ")))")
        }
        do { return try PrincessSkinExport.write(kind, to: folder) } catch {
            throw GameRunError("cannot write the skin to \(folder): \((error as? SkinExportError)?.description ?? error.localizedDescription)")
        }
    }

    public func makeReviewer(of scene: any GameScene) -> (any SceneReviewer)? {
        (scene as? SceneDescription).map(PrincessSceneReviewer.init)
    }

    public func decodeScene(_ document: SceneDocument) throws -> any GameScene {
        do {
            return try SceneLoader.decode(document)
        } catch let errors as SceneErrors {
            // The skins are read too, so their problems show with the scene's, not one fix later.
            let skinProblems = PrincessSkins.problems(in: SceneLoader.skinFolders(in: document))
            throw SceneErrors(diagnostics: errors.diagnostics + skinProblems, leading: document.file)
        }
    }

    public func makeRun(of scene: any GameScene, options: RunOptions) throws -> any GameRun {
        guard var description = scene as? SceneDescription else {
            throw GameRunError("\(scene.name) is a scene of \(scene.header.game), not of the princess game")
        }
        if let seed = options.seed { description.seed = seed }
        if let duration = options.duration { description.duration = duration }
        description = PrincessSavedState.scene(description, startingFrom: options.saved)
        // A broken skin is bad input of the scene's files: every problem at its place (exit 2).
        let skins = try PrincessSkins.load(description.skins, characters: description.characterSkins, changes: description.skinChanges)
        if description.session != nil {
            if options.live {
                throw GameRunError("the demo plays one device, and this scene is a shared session of "
                                   + "\(description.session!.peers.count) peers; watch it with 'aria-render render' (side by side, or --peer NAME)")
            }
            let session = try PrincessSessionSimulation(scene: description, options: options)
            return PaintedRun(simulation: session, painter: SessionFrameRenderer(skins: skins), sceneName: description.name,
                              seed: description.seed, canvasWidth: description.canvasWidth, listener: session.listener)
        }
        if let peer = options.peer {
            throw GameRunError("--peer \(peer): the scene has no 'session:' section, so no peers")
        }
        let simulation = SceneSimulation(scene: description, width: options.width, height: options.height,
                                         framesPerSecond: options.framesPerSecond)
        return PaintedRun(simulation: PrincessSimulation(simulation), painter: FrameRenderer(skins: skins), sceneName: description.name,
                          seed: description.seed, canvasWidth: description.canvasWidth)
    }
}

extension SceneDescription: GameScene {
    public var header: SceneHeader {
        SceneHeader(game: "princess", name: name, canvasWidth: canvasWidth, canvasHeight: canvasHeight,
                    framesPerSecond: framesPerSecond, simulationRate: simulationRate, seed: seed, duration: duration,
                    clapAudio: clapAudio)
    }

    public var startSettings: [String: String] { settings.traceValues }
    public var outline: String {
        func counted(_ count: Int, _ one: String, _ many: String) -> String { "\(count) \(count == 1 ? one : many)" }
        return counted(characters.count, "character", "characters") + ", " + counted(timeline.count, "timeline entry", "timeline entries")
    }
    public var clapSensitivity: String? { settings.clapSensitivity.rawValue }
    public var usedFiles: [String] { movesFiles }

    public func addingClaps(at times: [Double], source: String, recording: String) -> any GameScene {
        var heard = addingClaps(at: times, source: source)
        heard.clapAudio = recording
        return heard
    }
}
