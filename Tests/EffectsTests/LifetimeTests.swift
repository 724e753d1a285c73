import Testing
import ECS
@testable import Effects

@Suite struct LifetimeTests {
    @Test func finishedEmittersAndAllTheirParticlesAreRemoved() {
        let stage = EffectsStage()
        let baseline = stage.world.entityCount
        let anchors: [(EffectKind, EmitterAnchor)] = [
            (.sparkles, .point(Vec2(300, 300))), (.snow, .canvas), (.snow, .point(Vec2(900, 650))),
            (.bubbles, .point(Vec2(1200, 500))), (.burst, .point(Vec2(600, 600))),
        ]
        let emitters = anchors.map { kind, anchor in
            stage.world.startEffect(EffectRequest(kind: kind, anchor: anchor, tint: EffectsStage.pink, duration: 1))
        }
        stage.run(seconds: 0.5)
        #expect(liveParticleCount(in: stage.world) > 0)
        // Longest life: a flake from above the top edge to the bottom of the floor.
        stage.run(seconds: 30)
        #expect(liveParticleCount(in: stage.world) == 0)
        #expect(particleViews(in: stage.world).isEmpty)
        #expect(emitters.allSatisfy { !stage.world.isAlive($0) })
        #expect(stage.world.entityCount == baseline)
        #expect(stage.world.resource(EmitterRoster.self)?.emitters.isEmpty == true)
    }

    @Test func particlesDieAtTheEndOfTheirLifetime() {
        let stage = EffectsStage()
        let emitter = stage.world.startEffect(EffectRequest(kind: .burst, anchor: .point(Vec2(500, 500)), tint: .white))
        stage.run(seconds: 1.0 / 60)
        let lifetimes = stage.emitter(emitter)?.pool.particles.map(\.lifetime) ?? []
        #expect(lifetimes.allSatisfy { (0.45...0.6).contains($0) })
        stage.run(seconds: 0.44)
        #expect(stage.emitter(emitter)?.pool.count == 16, "none dies before 0.45 s")
        stage.run(seconds: 0.2)
        #expect(!stage.world.isAlive(emitter), "all gone by 0.6 s, and the emitter with them")
    }

    @Test func aLongRunOfRepeatedEffectsDoesNotAccumulate() {
        let stage = EffectsStage()
        var peak = 0
        for second in 0..<40 {
            stage.world.startEffect(EffectRequest(kind: .sparkles, anchor: .point(Vec2(400, 400)), tint: .white))
            stage.world.startEffect(EffectRequest(kind: .bubbles, anchor: .point(Vec2(800, 400)), tint: .white))
            if second % 4 == 0 {
                stage.world.startEffect(EffectRequest(kind: .snow, anchor: .canvas, tint: .white))
            }
            stage.run(seconds: 1)
            peak = max(peak, liveParticleCount(in: stage.world))
        }
        stage.run(seconds: 30)
        #expect(peak > 100)
        #expect(liveParticleCount(in: stage.world) == 0)
        #expect(stage.world.entityCount == 0)
    }

    @Test func everyBubblePopsOnceWithASoundCue() {
        let stage = EffectsStage()
        let emitter = stage.world.startEffect(EffectRequest(
            kind: .bubbles, anchor: .point(Vec2(900, 600)), tint: EffectsStage.pink, duration: 1))
        stage.run(seconds: 1.0 / 60)
        let emitted = 3
        var cues: [EffectSoundCue] = []
        for _ in 0..<(5 * 60) {
            stage.schedule.step(stage.world)
            cues += stage.world.events(EffectSoundCue.self)
        }
        #expect(!stage.world.isAlive(emitter))
        #expect(cues.count == emitted + 5, "the burst of 3 and the rate of 5 over 1 s")
        #expect(cues.allSatisfy { $0.sound == "bubble_pop" })
        #expect(cues.allSatisfy { $0.position.y < 600 }, "bubbles rise before they pop")
        #expect(cues.map(\.time) == cues.map(\.time).sorted())
    }

    @Test func aBubbleShowsItsPopRingAtTheEndOfItsLife() {
        let stage = EffectsStage()
        stage.world.startEffect(EffectRequest(kind: .bubbles, anchor: .point(Vec2(900, 600)), tint: .white, duration: 0))
        stage.run(seconds: 1.0 / 60)
        var sawPop = false
        for _ in 0..<(3 * 60) {
            stage.schedule.step(stage.world)
            for view in particleViews(in: stage.world) {
                #expect(view.pop == 0 || view.lifeFraction > 0.9)
                if view.pop > 0 { sawPop = true }
            }
        }
        #expect(sawPop)
    }
}
