import ECS
import GameKit
import Princess
import SavedState
import Trace

/// The princess scene's simulation as the engine drives it: a `SceneSimulation`, whose live
/// inputs a clap or a finger on the kiosk's screen becomes (a finger's presses are read into
/// taps, drags and long presses, as a phone would).
final class PrincessSimulation: GameSimulation {
    /// The scene's own simulation.
    let scene: SceneSimulation
    private var touches: TouchGestureReader
    /// What the game keeps, as the run started: the saved changes are measured from it.
    private let startValues: SavedValues

    /// The simulation of `scene`.
    init(_ scene: SceneSimulation) {
        self.scene = scene
        touches = TouchGestureReader(canvasHeight: scene.scene.canvasHeight)
        startValues = PrincessSavedState.values(of: scene.settings, dontShowOnboarding: scene.dontShowOnboarding)
    }

    var clock: FixedStepClock { scene.clock }
    var frameCount: Int { scene.frameCount }
    var outputWidth: Int { scene.outputWidth }
    var outputHeight: Int { scene.outputHeight }
    var clapSensitivity: String? { scene.settings.clapSensitivity.rawValue }
    func advance(toFrame target: Int) { scene.advance(toFrame: target) }
    func drainTrace() -> [TraceEvent] { scene.drainTrace() }
    func snapshot() -> SceneSnapshot { scene.snapshot() }
    var movingParts: Int { scene.liveParticles }
    func makeTally() -> any RunTally { PrincessTally(scene: scene.scene) }

    func savedChanges() -> SavedValues {
        PrincessSavedState.values(of: scene.settings, dontShowOnboarding: scene.dontShowOnboarding).changes(since: startValues)
    }

    func inject(_ input: LiveInput, source: String) {
        switch input {
        case .clap:
            scene.inject(.clap, source: source)
        case .touch(let touch):
            let point = Vec2(Float(touch.x) * Float(scene.scene.canvasWidth), Float(touch.y) * Float(scene.scene.canvasHeight))
            if let gesture = touches.feed(touch.phase, at: point, time: touch.time) {
                scene.inject(gesture, source: source)
            }
        case .cv:
            // The princess game subscribes to no camera event.
            break
        }
    }
}
