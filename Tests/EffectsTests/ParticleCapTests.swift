import Testing
import ECS
@testable import Effects

@Suite struct ParticleCapTests {
    @Test func theCapIsNeverExceededAndDropsAreReported() {
        let stage = EffectsStage(cap: 100)
        let first = stage.world.startEffect(EffectRequest(
            kind: .sparkles, anchor: .point(Vec2(500, 500)), tint: .white, duration: 3, intensity: 4))
        let second = stage.world.startEffect(EffectRequest(
            kind: .sparkles, anchor: .point(Vec2(900, 500)), tint: .white, duration: 3, intensity: 4))
        var reported = 0
        for _ in 0..<(2 * 60) {
            stage.schedule.step(stage.world)
            #expect(liveParticleCount(in: stage.world) <= 100)
            for event in stage.world.events(ParticleCapReached.self) {
                #expect(event.dropped > 0)
                reported += event.dropped
            }
        }
        let a = stage.emitter(first)!, b = stage.emitter(second)!
        #expect(reported == a.dropped + b.dropped)
        #expect(reported > 0)
        // The first step: the older emitter's burst of 80 fits whole, the younger gets the rest.
        #expect(a.emitted >= 80)
        #expect(b.dropped > a.dropped, "the cap serves emitters oldest first")
    }

    @Test func underTheCapNothingIsDroppedOrReported() {
        let stage = EffectsStage(cap: 10_000)
        stage.world.startEffect(EffectRequest(kind: .sparkles, anchor: .point(Vec2(500, 500)), tint: .white))
        for _ in 0..<120 {
            stage.schedule.step(stage.world)
            #expect(stage.world.events(ParticleCapReached.self).isEmpty)
        }
    }

    @Test func cappedRunsAreDeterministic() {
        func run() -> [ParticleView] {
            let stage = EffectsStage(cap: 150)
            for index in 0..<4 {
                stage.world.startEffect(EffectRequest(
                    kind: index % 2 == 0 ? .sparkles : .bubbles,
                    anchor: .point(Vec2(Float(300 + 200 * index), 500)), tint: .white, intensity: 5))
            }
            stage.run(seconds: 1.5)
            return particleViews(in: stage.world)
        }
        let first = run()
        #expect(first.count == 150)
        #expect(first == run())
    }
}
