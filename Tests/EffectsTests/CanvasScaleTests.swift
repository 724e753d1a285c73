import Testing
import ECS
@testable import Effects

@Suite struct CanvasScaleTests {
    /// Views of every kind on a canvas `scale` times 320×180, anchors placed proportionally.
    func views(scale: Float) -> [ParticleView] {
        let stage = EffectsStage(seed: 3, width: 320 * scale, height: 180 * scale, floorY: 120 * scale)
        for (index, kind) in EffectDefinition.builtIn.map(\.kind).enumerated() {
            stage.world.startEffect(EffectRequest(
                kind: kind, anchor: .point(Vec2(Float(60 + 60 * index) * scale, 130 * scale)), tint: .white))
        }
        stage.world.startEffect(EffectRequest(kind: .snow, anchor: .canvas, tint: .white))
        stage.run(seconds: 1)
        return particleViews(in: stage.world)
    }

    @Test func aSmallAndALargeCanvasLookAlike() {
        let small = views(scale: 1), large = views(scale: 12)
        #expect(small.count == large.count)
        #expect(small.count > 50)
        for (s, l) in zip(small, large) {
            #expect(abs(l.position.x - s.position.x * 12) <= 0.01 * 12 * 180)
            #expect(abs(l.position.y - s.position.y * 12) <= 0.01 * 12 * 180)
            #expect(abs(l.size - s.size * 12) <= 0.01 * l.size + 0.01)
            #expect(abs(l.color.alpha - s.color.alpha) < 0.01)
        }
    }
}
