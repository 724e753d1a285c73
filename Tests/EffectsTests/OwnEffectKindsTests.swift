import ECS
import Testing
@testable import Effects
import Vocabulary

/// Effect kinds are open: a game registers its own with a style and numbers, and the kit
/// emits, moves, shows and sounds them like the built-in ones.
@Suite struct OwnEffectKindsTests {
    static let confetti = EffectDefinition(
        kind: "confetti", style: .flake,
        profile: EmitterProfile(ratePerSecond: 0, burstCount: 7, emitterLifetime: 0, particleLifetime: 0.5...0.5,
                                speed: 100...120, size: 5...6, spin: 2, drag: 0, gravity: 200, spread: 20,
                                swayAmplitude: 5, swayFrequency: 2, twinkle: 0),
        endSound: "pop")

    @Test func aGamesOwnKindEmitsInItsStyleAndNumbers() {
        let stage = EffectsStage(ownKinds: [Self.confetti])
        let emitter = stage.world.startEffect(EffectRequest(kind: "confetti", anchor: .point(Vec2(400, 300)), tint: .white))
        stage.run(seconds: 1.0 / 60)
        #expect(stage.emitter(emitter)?.pool.count == 7, "its burst count")
        let views = particleViews(in: stage.world)
        #expect(views.count == 7 && views.allSatisfy { $0.kind == "confetti" && $0.style == .flake })
        #expect(views.allSatisfy { abs($0.position.x - 400) < 40 }, "born around its anchor: \(views.map(\.position))")
    }

    @Test func itsEndSoundIsCuedWhenEachParticleEnds() {
        let stage = EffectsStage(ownKinds: [Self.confetti])
        stage.world.startEffect(EffectRequest(kind: "confetti", anchor: .point(Vec2(400, 300)), tint: .white))
        var cues: [EffectSoundCue] = []
        for _ in 0..<60 {
            stage.run(seconds: 1.0 / 60)
            cues += stage.world.events(EffectSoundCue.self)
        }
        #expect(cues.count == 7 && cues.allSatisfy { $0.sound == "pop" }, "\(cues)")
    }

    @Test func aKindNobodyRegisteredEmitsNothingAndGoes() {
        let stage = EffectsStage()
        let emitter = stage.world.startEffect(EffectRequest(kind: "confetti", anchor: .point(Vec2(400, 300)), tint: .white))
        stage.run(seconds: 2.0 / 60)
        #expect(liveParticleCount(in: stage.world) == 0)
        #expect(!stage.world.isAlive(emitter))
    }

    @Test func registeringABuiltInNameReplacesItsNumbers() {
        var configuration = EffectsConfiguration(seed: 1, canvasWidth: 100, canvasHeight: 100, floorY: 90)
        #expect(configuration.definitions[.sparkles]?.style == .star)
        var faster = EffectDefinition.standard(.sparkles)!
        faster.profile.burstCount = 3
        configuration.register(faster)
        #expect(configuration.definitions[.sparkles]?.profile.burstCount == 3)
        #expect(configuration.definitions.count == EffectDefinition.builtIn.count)
    }
}
