import Testing
import ECS
@testable import Effects

@Suite struct ReduceMotionTests {
    /// Particles emitted in 2 s of sparkles, and their mean speed at birth.
    func sparkles(reduceMotion: Bool) -> (emitted: Int, speed: Float) {
        let stage = EffectsStage(reduceMotion: reduceMotion)
        let emitter = stage.world.startEffect(EffectRequest(kind: .sparkles, anchor: .point(Vec2(500, 500)), tint: .white))
        stage.run(seconds: 1.0 / 60)
        let newborn = stage.emitter(emitter)!.pool.particles
        let speed = newborn.map(\.velocity.length).reduce(0, +) / Float(newborn.count)
        stage.run(seconds: 2)
        return (stage.emitter(emitter)?.emitted ?? 0, speed)
    }

    @Test func decorativeParticlesAreFewerAndSlower() {
        let normal = sparkles(reduceMotion: false), calm = sparkles(reduceMotion: true)
        #expect(normal.emitted == 20 + 60)
        #expect(calm.emitted == 8 + 24)
        #expect(calm.speed < normal.speed * 0.65)
    }

    @Test func switchingItOnAtRunTimeSlowsEmissionFromTheNextStep() {
        let stage = EffectsStage()
        let emitter = stage.world.startEffect(EffectRequest(
            kind: .snow, anchor: .canvas, tint: .white, duration: 4))
        stage.run(seconds: 1)
        #expect(stage.emitter(emitter)?.emitted == 40)
        stage.world.modifyResource(EffectsConfiguration.self) { $0.reduceMotion = true }
        stage.run(seconds: 1)
        #expect(stage.emitter(emitter)?.emitted == 40 + 16)
    }

    @Test func swayAndTwinkleAreCalmed() {
        let normal = EffectDefinition.standard(.snow)!.profile, calm = normal.calmed()
        #expect(calm.swayAmplitude < normal.swayAmplitude * 0.5)
        #expect(calm.spin < normal.spin * 0.5)
        #expect(EffectDefinition.standard(.sparkles)!.profile.calmed().twinkle < EffectDefinition.standard(.sparkles)!.profile.twinkle * 0.5)
        #expect(EffectDefinition.standard(.burst)!.profile.calmed().burstCount >= 1)
    }
}
