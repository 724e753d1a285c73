import Testing
import ECS
@testable import Effects

@Suite struct EmissionTests {
    @Test func sparklesEmitTheirBurstThenTheirRateForTheirDuration() {
        let stage = EffectsStage()
        let emitter = stage.world.startEffect(EffectRequest(
            kind: .sparkles, anchor: .point(Vec2(500, 500)), tint: EffectsStage.pink, duration: 1))
        stage.run(seconds: 1.0 / 60)
        #expect(stage.emitter(emitter)?.emitted == 20, "the opening burst, nothing of the rate yet")
        stage.run(seconds: 0.5 - 1.0 / 60)
        #expect(stage.emitter(emitter)?.emitted == 20 + 15)
        stage.run(seconds: 0.5)
        #expect(stage.emitter(emitter)?.emitted == 20 + 30)
        #expect(stage.emitter(emitter)?.isEmitting == false)
        stage.run(seconds: 0.5)
        #expect(stage.emitter(emitter)?.emitted == 20 + 30, "no emission after the duration")
    }

    /// Kind, anchor and the particles emitted over 2 s: the burst plus the rate times 2.
    static let emissionCases: [(EffectKind, EmitterAnchor, Int)] = [
        (.sparkles, .point(Vec2(900, 500)), 20 + 60),
        (.snow, .canvas, 80),
        (.snow, .point(Vec2(900, 650)), 4 + 28),
        (.bubbles, .point(Vec2(900, 500)), 3 + 10),
        (.burst, .point(Vec2(900, 500)), 16),
    ]

    @Test(arguments: emissionCases)
    func eachKindEmitsItsBurstPlusRateTimesDuration(kind: EffectKind, anchor: EmitterAnchor, expected: Int) {
        let stage = EffectsStage()
        let emitter = stage.world.startEffect(EffectRequest(kind: kind, anchor: anchor, tint: .white, duration: 2))
        var emitted = 0
        for _ in 0..<120 {
            stage.schedule.step(stage.world)
            // A burst's emitter is gone once its ring has faded: keep its last count.
            emitted = stage.emitter(emitter)?.emitted ?? emitted
        }
        #expect(emitted == expected)
    }

    @Test func defaultDurationIsTheKindsEmitterLifetime() {
        let stage = EffectsStage()
        let emitter = stage.world.startEffect(EffectRequest(kind: .bubbles, anchor: .point(Vec2(900, 500)), tint: .white))
        stage.run(seconds: 4)
        #expect(stage.emitter(emitter)?.emitted == 3 + 5 * 4)
        #expect(stage.emitter(emitter)?.isEmitting == false)
    }

    @Test func burstIsOneEvenlySpacedRingInTheFirstStep() {
        let stage = EffectsStage()
        let center = Vec2(800, 400)
        let emitter = stage.world.startEffect(EffectRequest(kind: .burst, anchor: .point(center), tint: EffectsStage.pink))
        stage.run(seconds: 1.0 / 60)
        let ring = stage.emitter(emitter)?.pool.particles ?? []
        #expect(ring.count == 16)
        #expect(stage.emitter(emitter)?.isEmitting == false)
        let radii = ring.map { $0.position.distance(to: center) }
        #expect(radii.allSatisfy { abs($0 - radii[0]) < 0.01 }, "all on one circle")
        // Evenly spaced: the angle of particle i is about i/16 of a turn.
        for (index, particle) in ring.enumerated() {
            let direction = particle.velocity * (1 / particle.velocity.length)
            let expected = Vec2(SineApproximation.cosine(Float(index) * .pi / 8),
                                SineApproximation.sine(Float(index) * .pi / 8))
            #expect(direction.distance(to: expected) < 0.1)
        }
    }

    @Test func intensityScalesRateAndBurst() {
        let stage = EffectsStage()
        let emitter = stage.world.startEffect(EffectRequest(
            kind: .sparkles, anchor: .point(Vec2(500, 500)), tint: .white, duration: 1, intensity: 2))
        stage.run(seconds: 1)
        #expect(stage.emitter(emitter)?.emitted == 2 * (20 + 30))
    }

    @Test func sparkleColoursComeFromTheTintAndWhite() {
        let stage = EffectsStage()
        stage.world.startEffect(EffectRequest(kind: .sparkles, anchor: .point(Vec2(500, 500)), tint: EffectsStage.pink))
        stage.run(seconds: 0.5)
        let colours = particleViews(in: stage.world).map { $0.color.withAlpha(1) }
        #expect(colours.contains(.white))
        #expect(colours.contains { $0 != .white })
        // A mix of pink and white keeps red at 1 and green between pink's 0.4 and white's 1.
        #expect(colours.allSatisfy { $0.red == 1 && $0.green >= 0.4 && $0.blue >= 0.8 })
    }
}
