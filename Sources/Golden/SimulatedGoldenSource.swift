import Drawing
import GameKit
import ImageDiff
import Output
import Scene

/// Golden frames from the real pipeline, for any game: the scene file is opened by its game,
/// run at the golden size, each requested frame is reached by stepping without drawing the
/// ones between, and only that frame is drawn. A scene with a recording (`clap_audio`) hears
/// its claps, as `render` does (`RecordedClaps`).
public struct SimulatedGoldenSource: GoldenFrameSource, GoldenRunSource {
    /// The games whose scenes it opens.
    public let games: GameCatalogue

    /// A source opening scenes with `games`.
    public init(games: GameCatalogue) { self.games = games }

    public func renderFrames(of scene: GoldenScene, scenePath: String, frames: [Int],
                             _ body: (Int, RGBAImage) throws -> Void) throws {
        let opened = try load(scene, scenePath: scenePath)
        let run = try makeRun(opened, scene, RunOptions(width: scene.width, height: scene.height))
        try GoldenSourceError.requireFrames(frames, within: run.frameCount, of: scene)
        for frame in frames.sorted() {
            run.advance(toFrame: frame)
            _ = run.drainTrace()  // the trace is not wanted here; draining keeps memory flat
            let pixels: FramePixels
            do { pixels = try run.drawFrame() } catch {
                throw GoldenSourceError.renderFailed("scene \(scene.name) frame \(frame): \(error)")
            }
            try body(frame, RGBAImage(pixels))
        }
    }

    /// The whole run, stepped without drawing at the scene's own canvas size (the trace is the
    /// same at any size; the sound's panning is the scene's).
    public func run(of scene: GoldenScene, scenePath: String) throws -> GoldenRun {
        let opened = try load(scene, scenePath: scenePath)
        let run = try makeRun(opened, scene, RunOptions())
        var trace = run.drainTrace()
        for frame in stride(from: 1, to: run.frameCount, by: 1) {
            run.advance(toFrame: frame)
            trace += run.drainTrace()
        }
        var golden = GoldenRun(trace: trace, settings: opened.scene.startSettings, sounds: try opened.game.sounds(for: opened.scene, options: RunOptions()),
                               canvasWidth: run.canvasWidth, framesPerSecond: run.clock.framesPerSecond,
                               frameCount: run.frameCount, rules: opened.scene.rules)
        golden.listener = run.listener
        return golden
    }

    private func makeRun(_ opened: OpenedScene, _ scene: GoldenScene, _ options: RunOptions) throws -> any GameRun {
        do {
            return try opened.makeRun(options)
        } catch let error as GameRunError {
            throw GoldenSourceError.badScene("scene \(scene.name): \(error)")
        }
    }

    /// The scene file, opened by its game, with the claps of its recording heard.
    private func load(_ scene: GoldenScene, scenePath: String) throws -> OpenedScene {
        var opened: OpenedScene
        do {
            opened = try games.open(path: scenePath)
        } catch let errors as SceneErrors {
            let first = errors.diagnostics.first?.description ?? "\(scenePath): invalid scene"
            let more = errors.diagnostics.count > 1 ? " (and \(errors.diagnostics.count - 1) more)" : ""
            throw GoldenSourceError.badScene("scene \(scene.name): \(first)\(more)")
        }
        do {
            opened.scene = try RecordedClaps(scene: opened.scene).scene
        } catch {
            // An AudioFileError: one line that names the file.
            throw GoldenSourceError.badScene("scene \(scene.name): clap audio: \(error)")
        }
        return opened
    }
}
