import Drawing
import ECS
import SavedState
import Trace

/// One run of a scene, as every engine module drives it — render, check, the kiosk, the
/// benchmarks: a game's simulation and its painter together, behind one small interface.
public protocol GameRun: AnyObject {
    /// The scene's name.
    var sceneName: String { get }
    /// The seed of every random choice in this run (the scene's, or the options').
    var seed: UInt64 { get }
    /// Frames to simulation steps.
    var clock: FixedStepClock { get }
    /// Frames in the scene's duration at the output frame rate.
    var frameCount: Int { get }
    /// Output size in pixels.
    var outputWidth: Int { get }
    /// Output size in pixels.
    var outputHeight: Int { get }
    /// The scene's own canvas width, which sound cues are panned across.
    var canvasWidth: Int { get }
    /// The peer whose sound the soundtrack is, in a game with shared sessions; nil hears every event.
    var listener: String? { get }
    /// Steps the world until it shows frame `target`, without drawing; never goes back.
    func advance(toFrame target: Int)
    /// The trace events since the last drain, in order.
    func drainTrace() -> [TraceEvent]
    /// Queues a live input for the next step; `source` is written in the trace.
    func inject(_ input: LiveInput, source: String)
    /// The clap sensitivity in force now; nil for a game that does not listen for claps.
    var clapSensitivity: String? { get }
    /// Draws the frame the world shows now and returns its pixels, valid until the next call.
    func drawFrame() throws -> FramePixels
    /// How many things move in the frame the world shows (for a farm's balanced split).
    var movingParts: Int { get }
    /// A tally of the run's trace, in the game's words, for `simulate`'s summary.
    func makeTally() -> any RunTally
    /// Takes over the painter and canvas of `previous`, a finished run of the same game drawn
    /// at the same size, so a next pass does not rebuild its caches; nothing when they differ.
    func adoptDrawingCaches(of previous: any GameRun)
    /// What the run changed, so far, of what its game keeps between runs (`RunProfile` saves it).
    func savedChanges() -> SavedValues
}

/// A simulation and its painter as a `GameRun`: the painter draws each snapshot onto one
/// reusable canvas of the simulation's output size.
package final class PaintedRun<Simulation: GameSimulation, Painter: GamePainter>: GameRun
where Painter.Snapshot == Simulation.Snapshot {
    /// The simulation.
    package let simulation: Simulation
    private var painter: Painter
    private var canvas = ReusableCanvas()
    package let sceneName: String
    package let seed: UInt64
    package let canvasWidth: Int
    package let listener: String?

    /// A run of `simulation`, drawn by `painter`.
    package init(simulation: Simulation, painter: Painter, sceneName: String, seed: UInt64, canvasWidth: Int,
                 listener: String? = nil) {
        self.simulation = simulation
        self.painter = painter
        self.sceneName = sceneName
        self.seed = seed
        self.canvasWidth = canvasWidth
        self.listener = listener
    }

    package var clock: FixedStepClock { simulation.clock }
    package var frameCount: Int { simulation.frameCount }
    package var outputWidth: Int { simulation.outputWidth }
    package var outputHeight: Int { simulation.outputHeight }
    package var clapSensitivity: String? { simulation.clapSensitivity }
    package func advance(toFrame target: Int) { simulation.advance(toFrame: target) }
    package func drainTrace() -> [TraceEvent] { simulation.drainTrace() }
    package func inject(_ input: LiveInput, source: String) { simulation.inject(input, source: source) }
    package var movingParts: Int { simulation.movingParts }
    package func makeTally() -> any RunTally { simulation.makeTally() }
    package func savedChanges() -> SavedValues { simulation.savedChanges() }

    package func adoptDrawingCaches(of previous: any GameRun) {
        guard let previous = previous as? PaintedRun<Simulation, Painter>, previous !== self else { return }
        painter = previous.painter
        canvas = previous.canvas
    }

    package func drawFrame() throws -> FramePixels {
        let dc = try canvas.context(width: simulation.outputWidth, height: simulation.outputHeight)
        try painter.paint(simulation.snapshot(), on: dc)
        return dc.surface.pixels
    }
}
