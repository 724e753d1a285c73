import Testing
import ECS
@testable import Effects

@Suite struct StartingAndStoppingTests {
    @Test func aSystemCanStartAnEffectWhileIteratingAQuery() {
        let stage = EffectsStage()
        let character = stage.character(at: Vec2(500, 700))
        // A scene system that runs before the effects and reacts to her, mid-iteration.
        let scene = Schedule(stepsPerSecond: 60)
        var started: [Entity] = []
        scene.add("scene.appear") { context in
            guard context.step == 0 else { return }
            context.world.query(StagePosition.self).forEach { _, position in
                started.append(context.world.startEffect(EffectRequest(
                    kind: .burst, anchor: .point(position.point), tint: .white)))
            }
        }
        scene.step(stage.world)
        stage.schedule.step(stage.world)
        #expect(started.count == 1)
        #expect(stage.emitter(started[0])?.pool.count == 16)
        #expect(stage.world.isAlive(character))
    }

    @Test func stoppingAnEffectLetsItsParticlesLiveOut() {
        let stage = EffectsStage()
        let emitter = stage.world.startEffect(EffectRequest(
            kind: .sparkles, anchor: .point(Vec2(500, 500)), tint: .white, duration: 60))
        stage.run(seconds: 0.5)
        let emitted = stage.emitter(emitter)!.emitted
        stage.world.stopEffect(emitter)
        stage.run(seconds: 0.2)
        #expect(stage.emitter(emitter)?.emitted == emitted)
        #expect((stage.emitter(emitter)?.pool.count ?? 0) > 0)
        stage.run(seconds: 2)
        #expect(!stage.world.isAlive(emitter))
    }

    @Test func destroyingAnEmitterRemovesItsParticlesAtOnce() {
        let stage = EffectsStage()
        let emitter = stage.world.startEffect(EffectRequest(kind: .bubbles, anchor: .point(Vec2(500, 500)), tint: .white))
        stage.run(seconds: 0.5)
        #expect(liveParticleCount(in: stage.world) > 0)
        stage.world.destroy(emitter)
        #expect(particleViews(in: stage.world).isEmpty)
        stage.run(seconds: 1.0 / 60)
        #expect(stage.world.resource(EmitterRoster.self)?.emitters.isEmpty == true)
    }
}
