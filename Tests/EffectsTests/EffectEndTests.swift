import Testing
import ECS
@testable import Effects

/// An effect with an end keeps it: every particle gone at `visible`, all fading together
/// over `fade` before it; without one nothing changes.
@Suite struct EffectEndTests {
    @Test func atItsEndEveryParticleIsGoneHoweverYoung() {
        let stage = EffectsStage()
        let emitter = stage.world.startEffect(EffectRequest(kind: .snow, anchor: .canvas, tint: .white,
                                                            end: EffectEnd(visible: 2, fade: 0.5)))
        // The first step is at 0 s, so the step at 2 s (the 121st) is the end.
        stage.run(seconds: 2)
        // Flakes live up to 40 s, so without the end most would still be falling.
        #expect(liveParticleCount(in: stage.world) > 50)
        stage.run(seconds: 1.0 / 60)
        #expect(liveParticleCount(in: stage.world) == 0)
        #expect(!stage.world.isAlive(emitter))
    }

    @Test func theFadeThinsEveryParticleTogetherToNothingAtTheEnd() {
        let stage = EffectsStage()
        let emitter = stage.world.startEffect(EffectRequest(kind: .snow, anchor: .canvas, tint: .white,
                                                            end: EffectEnd(visible: 2, fade: 1)))
        stage.run(seconds: 1)
        #expect(stage.emitter(emitter)?.endOpacity == 1)
        stage.run(seconds: 0.5)
        let half = stage.emitter(emitter)?.endOpacity ?? 0
        #expect(abs(half - 0.5) < 0.02, "\(half)")
        // Every flake's opacity is its own fade times the effect's.
        let views = particleViews(in: stage.world)
        #expect(!views.isEmpty && views.allSatisfy { $0.color.alpha <= 0.9 * half + 1e-4 })
        #expect(EffectEnd(visible: 2, fade: 1).opacity(at: 2) == 0)
        #expect(EffectEnd(visible: 2, fade: 0).opacity(at: 1.99) == 1)
    }

    @Test func withoutAnEndTheLastParticlesLiveOutTheirLives() {
        let stage = EffectsStage()
        stage.world.startEffect(EffectRequest(kind: .snow, anchor: .canvas, tint: .white, duration: 2))
        stage.run(seconds: 3)
        #expect(liveParticleCount(in: stage.world) > 50)
    }
}
