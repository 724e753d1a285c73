import ECS
import Effects
import Vocabulary

/// The effects figures: one 60 Hz step of the real effect systems at a steady
/// state of about 10,000 and 100,000 live particles of mixed kinds (continuous emitters plus
/// a stream of short bursts), and the storage comparison that chose a dense pool per emitter
/// over one entity per particle.
enum EffectsBenchmark {
    static func run() -> BenchReport {
        var report = BenchReport()
        let small = steadyStep(target: 10_000)
        let large = steadyStep(target: 100_000)
        report.add("effects_step_us", small.microseconds)
        report.add("effects_step_us_100k", large.microseconds)
        report.add("effects_live_particles", Double(small.live), decimals: 0)
        report.add("effects_live_particles_100k", Double(large.live), decimals: 0)
        report.add("effects_ns_per_particle", small.microseconds * 1000 / Double(small.live))
        report.add("effects_ns_per_particle_100k", large.microseconds * 1000 / Double(large.live))
        report.add("effects_views_us", small.viewsMicroseconds)
        report.add("storage_entities_step_us", entityStorageStep(live: 10_000))
        report.add("storage_pool_step_us", poolStorageStep(live: 10_000))
        report.add("checksum", small.checksum + large.checksum, decimals: 0)
        return report
    }

    // MARK: The real systems

    struct SteadyState {
        var microseconds: Double
        var live: Int
        var viewsMicroseconds: Double
        var checksum: Double
    }

    /// A 1920×1080 scene whose emitters run at `scale` times their normal intensity.
    static func makeScene(scale: Float, target: Int) -> (World, Schedule) {
        let world = World()
        let schedule = Schedule(stepsPerSecond: 60)
        let configuration = EffectsConfiguration(seed: 2024, canvasWidth: 1920, canvasHeight: 1080,
                                                 floorY: 700, particleCap: target * 4)
        EffectsSystems.install(in: schedule, world: world, configuration: configuration) { _, _ in nil }
        let forever = 1e9
        for index in 0..<8 {
            world.startEffect(EffectRequest(kind: .sparkles, anchor: .point(Vec2(Float(200 + 200 * index), 500)),
                                            tint: RGBColor(1, 0.4, 0.8), duration: forever, intensity: scale * 4))
        }
        for _ in 0..<2 {
            world.startEffect(EffectRequest(kind: .snow, anchor: .canvas, tint: .white,
                                            duration: forever, intensity: scale * 4))
        }
        for index in 0..<6 {
            world.startEffect(EffectRequest(kind: .bubbles, anchor: .point(Vec2(Float(300 + 250 * index), 800)),
                                            tint: RGBColor(0.2, 0.8, 1), duration: forever, intensity: scale * 30))
        }
        return (world, schedule)
    }

    /// One step, plus a burst started every tenth step, so that emitters come and go too.
    static func step(_ world: World, _ schedule: Schedule, scale: Float) {
        if schedule.stepsRun % 10 == 0 {
            let x = Float(100 + (schedule.stepsRun / 10 % 17) * 100)
            world.startEffect(EffectRequest(kind: .burst, anchor: .point(Vec2(x, 400)), tint: .white, intensity: scale))
        }
        schedule.step(world)
    }

    /// Runs long enough for the slowest flakes to land, so births and deaths balance.
    static func warmUp(_ world: World, _ schedule: Schedule, scale: Float) {
        for _ in 0..<(25 * 60) { step(world, schedule, scale: scale) }
    }

    /// Calibrates the intensity to about `target` live particles, then times steps.
    static func steadyStep(target: Int) -> SteadyState {
        let (probe, probeSchedule) = makeScene(scale: 1, target: target)
        warmUp(probe, probeSchedule, scale: 1)
        let scale = Float(target) / Float(max(liveParticleCount(in: probe), 1))

        let (world, schedule) = makeScene(scale: scale, target: target)
        warmUp(world, schedule, scale: scale)
        let stepsPerTrial = 120
        var live = 0
        let nanos = fastestNanoseconds(trials: 5) {
            for _ in 0..<stepsPerTrial { step(world, schedule, scale: scale) }
        }
        live = liveParticleCount(in: world)
        var views: [ParticleView] = []
        let viewNanos = fastestNanoseconds(trials: 5) { views = particleViews(in: world) }
        let checksum = views.reduce(0.0) { $0 + Double($1.position.x + $1.position.y) }
        return SteadyState(microseconds: nanos / Double(stepsPerTrial) / 1000, live: live,
                           viewsMicroseconds: viewNanos / 1000, checksum: checksum)
    }

    // MARK: Storage comparison: the same particle update, two ways of storing particles

    /// Lifetimes 0.5…1.5 s, so `live` particles need `live` births per second.
    static func newborn(_ random: inout SeededRandom) -> Particle {
        Particle(position: Vec2(random.next(in: 0...1920), random.next(in: 0...1080)),
                 velocity: Vec2(random.next(in: -100...100), random.next(in: -100...100)),
                 lifetime: random.next(in: 0.5...1.5), size: 4, rotation: 0,
                 spin: random.next(in: -3...3), phase: 0, color: .white)
    }

    /// Which emitter a particle entity belongs to, and its birth number: what views would
    /// need to list entity particles in emitter and birth order.
    struct ParticleOwner { var serial: UInt64; var birth: UInt64 }

    /// Stand-ins for the scene's own component types: a particle entity's destruction
    /// checks every storage of the world, as it would in the full scene.
    struct SceneComponent<Tag> { var value: Float }
    enum Tag0 {}; enum Tag1 {}; enum Tag2 {}; enum Tag3 {}; enum Tag4 {}; enum Tag5 {}; enum Tag6 {}; enum Tag7 {}

    static func addSceneStorages(to world: World) {
        let character = world.create()
        world.add(SceneComponent<Tag0>(value: 0), to: character)
        world.add(SceneComponent<Tag1>(value: 0), to: character)
        world.add(SceneComponent<Tag2>(value: 0), to: character)
        world.add(SceneComponent<Tag3>(value: 0), to: character)
        world.add(SceneComponent<Tag4>(value: 0), to: character)
        world.add(SceneComponent<Tag5>(value: 0), to: character)
        world.add(SceneComponent<Tag6>(value: 0), to: character)
        world.add(SceneComponent<Tag7>(value: 0), to: character)
    }

    /// One entity per particle: a query moves and ages them, destroys the dead (deferred
    /// until the iteration ends), then the step's births are created.
    static func entityStorageStep(live: Int) -> Double {
        let world = World()
        addSceneStorages(to: world)
        var births: UInt64 = 0
        func spawn(_ random: inout SeededRandom) {
            let entity = world.create()
            world.add(newborn(&random), to: entity)
            world.add(ParticleOwner(serial: births % 16, birth: births), to: entity)
            births += 1
        }
        var random = SeededRandom(seed: 1)
        let deltaTime: Float = 1.0 / 60
        let motion = ParticleMotion(deltaTime: deltaTime, drag: 1, acceleration: Vec2(0, 30))
        var owed = 0.0
        func step() {
            world.query(Particle.self, ParticleOwner.self).forEach { entity, particle, _ in
                particle.age += deltaTime
                if particle.age >= particle.lifetime { world.destroy(entity); return }
                particle.velocity = particle.velocity * motion.damping + motion.velocityChange
                particle.position += particle.velocity * deltaTime
                particle.rotation += particle.spin * deltaTime
            }
            owed += Double(live) / 60
            for _ in 0..<Int(owed) { spawn(&random) }
            owed -= Double(Int(owed))
        }
        for _ in 0..<live { spawn(&random) }
        for _ in 0..<180 { step() }
        return fastestNanoseconds(trials: 5) { for _ in 0..<120 { step() } } / 120 / 1000
    }

    /// A dense pool per emitter (16 emitters): each pool is aged and compacted in place,
    /// then the step's births are appended.
    static func poolStorageStep(live: Int) -> Double {
        var pools = [ParticlePool](repeating: ParticlePool(), count: 16)
        var random = SeededRandom(seed: 1)
        let deltaTime: Float = 1.0 / 60
        let motion = ParticleMotion(deltaTime: deltaTime, drag: 1, acceleration: Vec2(0, 30))
        var owed = 0.0
        func step() {
            for index in pools.indices { pools[index].advance(by: deltaTime, motion: motion) }
            owed += Double(live) / 60
            for birth in 0..<Int(owed) { pools[birth % pools.count].append(newborn(&random)) }
            owed -= Double(Int(owed))
        }
        for birth in 0..<live { pools[birth % pools.count].append(newborn(&random)) }
        for _ in 0..<180 { step() }
        return fastestNanoseconds(trials: 5) { for _ in 0..<120 { step() } } / 120 / 1000
    }
}
