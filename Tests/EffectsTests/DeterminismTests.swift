import Testing
import ECS
@testable import Effects

@Suite struct DeterminismTests {
    /// A busy scene: every kind, one following a moving character.
    func busyScene(seed: UInt64, extraEmitter: Bool = false) -> EffectsStage {
        let stage = EffectsStage(seed: seed)
        let character = stage.character(at: Vec2(400, 700))
        stage.world.startEffect(EffectRequest(kind: .snow, anchor: .canvas, tint: .white, duration: 5))
        stage.world.startEffect(EffectRequest(
            kind: .sparkles, anchor: .following(character, offset: Vec2(0, -80)), tint: EffectsStage.pink))
        stage.world.startEffect(EffectRequest(kind: .bubbles, anchor: .point(Vec2(1300, 600)), tint: .white))
        for step in 0..<150 {
            stage.world.replace(StagePosition(point: Vec2(400 + Float(step) * 3, 700)), of: character)
            if step == 30 {
                stage.world.startEffect(EffectRequest(kind: .burst, anchor: .point(Vec2(900, 500)), tint: .white))
            }
            if extraEmitter && step == 60 {
                stage.world.startEffect(EffectRequest(kind: .sparkles, anchor: .point(Vec2(100, 100)), tint: .white))
            }
            stage.schedule.step(stage.world)
        }
        return stage
    }

    @Test func twoRunsGiveIdenticalDumpsAndViews() {
        let first = busyScene(seed: 7), second = busyScene(seed: 7)
        #expect(first.world.dump() == second.world.dump())
        let views = particleViews(in: first.world)
        #expect(views.count > 100)
        #expect(views == particleViews(in: second.world))
    }

    @Test func anotherSeedGivesOtherParticles() {
        #expect(particleViews(in: busyScene(seed: 7).world) != particleViews(in: busyScene(seed: 8).world))
    }

    @Test func addingAnEmitterLeavesTheOthersParticlesUnchanged() {
        let alone = busyScene(seed: 7), crowded = busyScene(seed: 7, extraEmitter: true)
        let aloneEmitters = alone.world.resource(EmitterRoster.self)!.emitters
        let crowdedEmitters = crowded.world.resource(EmitterRoster.self)!.emitters
        #expect(crowdedEmitters.count == aloneEmitters.count + 1)
        for (a, c) in zip(aloneEmitters, crowdedEmitters) {
            let left = alone.world.get(ParticleEmitter.self, of: a)!
            let right = crowded.world.get(ParticleEmitter.self, of: c)!
            #expect(left.serial == right.serial)
            #expect(left.pool == right.pool)
        }
    }

    @Test func viewsListEmittersInCreationOrderAndParticlesInBirthOrder() {
        let stage = EffectsStage()
        stage.world.startEffect(EffectRequest(kind: .bubbles, anchor: .point(Vec2(900, 600)), tint: .white))
        stage.world.startEffect(EffectRequest(kind: .sparkles, anchor: .point(Vec2(300, 300)), tint: .white))
        stage.run(seconds: 1)
        let views = particleViews(in: stage.world)
        let kinds = views.map(\.kind)
        let firstSparkle = kinds.firstIndex(of: .sparkles)!
        #expect(kinds[..<firstSparkle].allSatisfy { $0 == .bubbles })
        #expect(kinds[firstSparkle...].allSatisfy { $0 == .sparkles })
        let ages = views.map(\.lifeFraction)
        #expect(ages.count > 0)
        let bubbleAges = stage.world.resource(EmitterRoster.self)!.emitters
            .compactMap { stage.world.get(ParticleEmitter.self, of: $0) }[0].pool.particles.map(\.age)
        #expect(bubbleAges == bubbleAges.sorted(by: >), "oldest first")
    }
}
