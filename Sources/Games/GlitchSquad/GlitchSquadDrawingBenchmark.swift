import Drawing
import GameKit
import Scene

/// Glitch Squad's drawing figures: mission 01's hunt (the kitchen, the glass bars over its
/// cached blur, the boxes) drawn at 720x1280, frames per second, to set beside the princess
/// scene's 720p figure in `aria-bench games`; and the same with the glass's blur made anew
/// every frame, which is what the cache saves.
struct GlitchSquadDrawingBenchmark: GameBenchmark {
    let name = "glitch-squad-drawing"

    func run(arguments: [String], note: (String) -> Void) -> [BenchmarkFigure] {
        guard let scene = try? GlitchSquadSceneDecoder.decode(SceneDocument.parse(GlitchSquadBuiltInScene.yaml, fileName: "mission-01.yaml")) else {
            note("glitch-squad-drawing: the built-in scene did not decode")
            return []
        }
        // The hunt of mission 01: from ACCEPT (9 s) to the capture (17.8 s), at 30 frames a second.
        let frames = 271..<534
        let cached = (0..<3).map { _ in Self.drawFPS(scene, frames: frames, freshPainterEachFrame: false) }.max() ?? 0
        let uncached = Self.drawFPS(scene, frames: frames.prefix(60), freshPainterEachFrame: true)
        note("glitch-squad-drawing: mission 01's hunt at 720x1280, \(frames.count) frames; the glass's blur cached, and made every frame")
        return [
            BenchmarkFigure("hunt_draw_fps_720x1280", cached, decimals: 1),
            BenchmarkFigure("hunt_draw_fps_720x1280_uncached_blur", uncached, decimals: 1),
        ]
    }

    /// Frames per second drawing `frames` of `scene`'s run (stepping included), one canvas.
    private static func drawFPS(_ scene: GlitchSquadScene, frames: some Collection<Int>, freshPainterEachFrame: Bool) -> Double {
        let simulation = GlitchSquadSimulation(scene: scene, options: RunOptions(), subscription: GlitchSquadGameModule().info.cvSubscription)
        simulation.advance(toFrame: frames.first ?? 0)
        var painter = GlitchSquadPainter()
        let canvas = ReusableCanvas()
        var drawn = 0
        let elapsed = ContinuousClock().measure {
            for frame in frames {
                simulation.advance(toFrame: frame)
                if freshPainterEachFrame { painter = GlitchSquadPainter() }
                guard let dc = try? canvas.context(width: simulation.outputWidth, height: simulation.outputHeight),
                      (try? painter.paint(simulation.snapshot(), on: dc)) != nil else { continue }
                drawn += 1
            }
        }
        return Double(drawn) / BenchmarkTiming.seconds(elapsed)
    }
}
