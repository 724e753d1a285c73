import ECS
@testable import Effects
import Vocabulary

/// Where a test character stands: the component the stage's anchor look-up reads.
struct StagePosition: Equatable { var point: Vec2 }

/// A world and schedule with the effects installed at 60 Hz, as a scene would set them up.
struct EffectsStage {
    let world = World()
    let schedule = Schedule(stepsPerSecond: 60)

    init(seed: UInt64 = 42, width: Float = 1920, height: Float = 1080, floorY: Float = 700,
         cap: Int = 10_000, reduceMotion: Bool = false, ownKinds: [EffectDefinition] = []) {
        var configuration = EffectsConfiguration(seed: seed, canvasWidth: width, canvasHeight: height,
                                                 floorY: floorY, particleCap: cap, reduceMotion: reduceMotion)
        for definition in ownKinds { configuration.register(definition) }
        EffectsSystems.install(in: schedule, world: world, configuration: configuration) { world, entity in
            world.get(StagePosition.self, of: entity)?.point
        }
    }

    /// Runs `seconds` of simulation (rounded to whole steps).
    func run(seconds: Double) {
        schedule.step(world, count: Int((seconds * 60).rounded()))
    }

    /// The emitter component of `entity`.
    func emitter(_ entity: Entity) -> ParticleEmitter? { world.get(ParticleEmitter.self, of: entity) }

    /// A character standing at `point`.
    func character(at point: Vec2) -> Entity {
        let entity = world.create()
        world.add(StagePosition(point: point), to: entity)
        return entity
    }

    static let pink = RGBColor(1.0, 0.4, 0.8)
}
