import Testing
import ECS
@testable import Effects

@Suite struct FollowingTests {
    @Test func newParticlesAreBornWhereTheCharacterIsNow() {
        let stage = EffectsStage()
        let character = stage.character(at: Vec2(300, 600))
        let offset = Vec2(0, -100)
        let emitter = stage.world.startEffect(EffectRequest(
            kind: .sparkles, anchor: .following(character, offset: offset), tint: .white, duration: 3))
        let spread = EffectDefinition.standard(.sparkles)!.profile.spread * 1.08  // unit = 1080 / 1000
        var newbornCount = 0
        for step in 0..<120 {
            // She walks right at 600 px/s.
            let place = Vec2(300 + Float(step) * 10, 600)
            stage.world.replace(StagePosition(point: place), of: character)
            stage.schedule.step(stage.world)
            // Particles age before new ones are born, so age 0 means born this step.
            for newborn in stage.emitter(emitter)!.pool.particles where newborn.age == 0 {
                #expect(newborn.position.distance(to: place + offset) <= spread + 0.01)
                newbornCount += 1
            }
        }
        #expect(newbornCount == 20 + 30 * 2)
    }

    @Test func whenTheCharacterIsGoneTheEmitterStopsAndItsParticlesLiveOut() {
        let stage = EffectsStage()
        let character = stage.character(at: Vec2(800, 600))
        let emitter = stage.world.startEffect(EffectRequest(
            kind: .bubbles, anchor: .following(character, offset: .zero), tint: .white, duration: 10))
        stage.run(seconds: 1)
        let emitted = stage.emitter(emitter)!.emitted
        let alive = stage.emitter(emitter)!.pool.count
        #expect(alive > 0)
        stage.world.destroy(character)
        stage.run(seconds: 1.0 / 60)
        #expect(stage.emitter(emitter)?.isEmitting == false)
        #expect(stage.emitter(emitter)?.pool.count == alive, "nobody dies or is born at once")
        stage.run(seconds: 1)
        #expect(stage.emitter(emitter).map { $0.emitted == emitted } ?? true)
        stage.run(seconds: 3)
        #expect(!stage.world.isAlive(emitter))
    }

    @Test func snowAroundACharacterFallsToHerFeet() {
        let stage = EffectsStage()
        let feet = Vec2(1000, 800)
        let character = stage.character(at: feet)
        let emitter = stage.world.startEffect(EffectRequest(
            kind: .snow, anchor: .following(character, offset: .zero), tint: .white, duration: 1))
        stage.run(seconds: 1.0 / 60)
        let unit: Float = 1.08
        for flake in stage.emitter(emitter)!.pool.particles {
            #expect(flake.position.y < feet.y - 240 * unit, "born above her head")
            #expect(abs(flake.position.x - feet.x) <= 140 * unit)
            let landing = flake.position.y + flake.velocity.y * flake.lifetime
            #expect(abs(landing - feet.y) <= 10 * unit + 0.5, "ends about at her feet")
        }
    }
}
