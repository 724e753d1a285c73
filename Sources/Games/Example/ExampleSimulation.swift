import Feedback
import CVBus
import ECS
import Foundation
import GameKit
import Trace
import Vocabulary

/// A toy the camera sees, as a shape in the world.
struct Toy {
    /// `apple`, or `apple#2` for the detector's track 2: the trace's `character`.
    var name: String
    var label: String
    var track: Int
    var style: ShapeStyle
    /// Spawn order, which the painter draws in.
    var serial: Int
    /// Where the shape is and where the toy is (normalised); the shape eases toward it.
    var position: CVPoint
    var target: CVPoint
    /// Its box's size, normalised.
    var size: (width: Double, height: Double)
    /// 0 (invisible) to 1.
    var opacity: Double
    /// Seconds since it appeared.
    var age: Double
    /// Whether the toy has left and the shape is fading.
    var fading: Bool
    /// The phase of its gentle breathing, from the seeded random stream of its name.
    var phase: Double
}

/// What the painter draws: the backdrop, each shape in pixels, the camera's error if any.
struct ExampleSnapshot {
    struct Shape: Equatable {
        var kind: ShapeKind
        var color: RGBColor
        /// Centre and size in output pixels.
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        var opacity: Double
    }

    var width: Int
    var height: Int
    var background: RGBColor
    var shapes: [Shape]
    /// The child-worded message of a camera failure, shown over everything.
    var errorMessage: String?
}

/// The example game's simulation: camera events (the scene's script, a log, the mock, a live
/// stream) place, move and fade shapes on an ECS world; a camera failure puts up its message.
/// Pure: no clock, no I/O; the only randomness is the seeded stream of each toy's name.
final class ExampleSimulation: SteppedSimulation {
    /// The platform document's message for a camera that may not be used.
    static let permissionMessage = "This game needs the camera to see your toys! Ask a grown-up to help turn it on."
    /// The platform document's message for a camera that does not work.
    static let unavailableMessage = "Camera not working. Try another game!"
    /// Seconds a shape takes to appear, and to fade away.
    static let appearSeconds = 0.2
    static let fadeSeconds = 0.6

    let scene: ExampleScene
    let clock: FixedStepClock
    let outputWidth: Int
    let outputHeight: Int
    let frameCount: Int
    private let world = World()
    private var bus: CVEventBus
    private var live: [CVEvent] = []
    private(set) var stepsRun = 0
    private var serials = 0
    var trace: [TraceEvent] = []
    private var errorMessage: String?
    private let random: SeededRandom

    /// A run of `scene` with `options` (size, rate, seed, length, a log, the mock).
    init(scene: ExampleScene, options: RunOptions, subscription: CVSubscription) {
        self.scene = scene
        (outputWidth, outputHeight) = options.outputSize(for: scene.header)
        clock = options.clock(for: scene.header)
        frameCount = clock.frameCount(forDuration: scene.header.duration)
        random = SeededRandom(seed: scene.header.seed)
        bus = options.cvBus(scene: scene.cv, subscription: subscription, stepsPerSecond: scene.header.simulationRate,
                            duration: scene.header.duration)
    }

    var movingParts: Int { world.count(of: Toy.self) }

    func inject(_ input: LiveInput, source: String) {
        // Claps and touches are no part of this game: it plays with what the camera sees.
        if case .cv(let event) = input { live.append(event) }
    }

    func snapshot() -> ExampleSnapshot {
        var toys: [Toy] = []
        world.query(Toy.self).forEach { _, toy in toys.append(toy) }
        let width = Double(outputWidth), height = Double(outputHeight)
        let time = clock.time(afterSteps: stepsRun)
        let shapes = toys.sorted { $0.serial < $1.serial }.map { toy -> ExampleSnapshot.Shape in
            // Pops in from 60 % with a little overshoot, then breathes by 4 %.
            let grown = min(1, toy.age / Self.appearSeconds)
            let pop = 0.6 + 0.4 * grown + 0.1 * sin(.pi * grown)
            let breath = 1 + 0.04 * sin(2 * .pi * 0.8 * time + toy.phase)
            // A shape is never smaller than a child's fingertip on screen.
            let side = max(toy.size.width * width, toy.size.height * height, 0.08 * height) * pop * breath
            return ExampleSnapshot.Shape(kind: toy.style.kind, color: toy.style.color, x: toy.position.x * width,
                                         y: toy.position.y * height, width: side, height: side, opacity: toy.opacity)
        }
        return ExampleSnapshot(width: outputWidth, height: outputHeight, background: scene.background, shapes: shapes,
                               errorMessage: errorMessage)
    }

    // MARK: Steps

    func step() {
        let dt = clock.stepDuration
        for event in bus.take(through: stepsRun) + live { handle(event) }
        live.removeAll()
        var gone: [(Entity, String)] = []
        world.query(Toy.self).forEach { entity, toy in
            toy.age += dt
            // Eases toward the toy: a twelfth of the way each 1/12 s, so a jittery detector looks smooth.
            let ease = min(1, dt * 12)
            toy.position = CVPoint(x: toy.position.x + (toy.target.x - toy.position.x) * ease,
                                   y: toy.position.y + (toy.target.y - toy.position.y) * ease)
            if toy.fading {
                toy.opacity = max(0, toy.opacity - dt / Self.fadeSeconds)
                if toy.opacity == 0 { gone.append((entity, toy.name)) }
            } else {
                toy.opacity = min(1, toy.opacity + dt / Self.appearSeconds)
            }
        }
        for (entity, name) in gone {
            world.destroy(entity)
            record(.gone(toy: name))
        }
        stepsRun += 1
    }

    private func handle(_ event: CVEvent) {
        switch event.kind {
        case .permissionDenied, .unavailable:
            let message = event.kind == .permissionDenied ? Self.permissionMessage : Self.unavailableMessage
            errorMessage = message
            record(.cameraError(kind: event.kind.rawValue, message: message))
            play(ExampleSounds.cameraError, x: Double(scene.header.canvasWidth) / 2)
        case .objectDetected, .objectMoved:
            if let entity = toy(event.label, event.track) {
                world.modify(Toy.self, of: entity) { toy in
                    toy.target = event.position
                    toy.size = (event.box.width, event.box.height)
                    if toy.fading {
                        // Back before it faded away: the same shape comes back.
                        toy.fading = false
                    }
                }
                if event.kind == .objectMoved {
                    record(.move(toy: name(event), x: event.position.x, y: event.position.y))
                }
            } else {
                spawn(event)
            }
        case .objectRemoved:
            guard let entity = toy(event.label, event.track) else { return }
            world.modify(Toy.self, of: entity) { $0.fading = true }
            record(.fade(toy: name(event)))
            play(ExampleSounds.fade, x: event.position.x * Double(scene.header.canvasWidth))
        }
    }

    private func spawn(_ event: CVEvent) {
        let toyName = name(event)
        var stream = random.stream(toyName)
        serials += 1
        let toy = Toy(name: toyName, label: event.label, track: event.track, style: scene.style(of: event.label), serial: serials,
                      position: event.position, target: event.position, size: (event.box.width, event.box.height),
                      opacity: 0, age: 0, fading: false, phase: stream.nextUnit() * 2 * .pi)
        _ = world.add(toy, to: world.create())
        record(.appear(toy: toyName, x: event.position.x, y: event.position.y, confidence: event.confidence))
        play(ExampleSounds.appear, x: event.position.x * Double(scene.header.canvasWidth))
    }

    private func toy(_ label: String, _ track: Int) -> Entity? {
        var found: Entity?
        world.query(Toy.self).forEach { entity, toy in
            if toy.label == label && toy.track == track { found = entity }
        }
        return found
    }

    private func name(_ event: CVEvent) -> String {
        event.track == 0 ? event.label : "\(event.label)#\(event.track)"
    }

    private func record(_ event: ExampleEvent) { record(event as any TraceableEvent) }

    /// A sound cue through the feedback kit (the game has no sound setting: always on, full volume).
    private func play(_ sound: SoundName, x: Double) {
        recordSound(sound, x: Float(x))
    }
}
