@testable import Princess
import Testing
import Trace

/// Snow's density and fall speed, given in the scene file as multiples of its own numbers.
@Suite struct SnowAmountTests {
    /// The snowflakes alive `seconds` into a scene that starts snow over the canvas at 0.2 s.
    private func flakes(_ fields: String, at seconds: Double) throws -> [(y: Float, kind: String)] {
        let scene = try makeScene("timeline:\n  - {time: 0.2, effect: {kind: snow\(fields)}}", duration: 4)
        let simulation = SceneSimulation(scene: scene)
        simulation.advance(toFrame: Int(seconds * Double(scene.framesPerSecond)))
        return simulation.snapshot().particles.map { ($0.position.y, $0.kind.rawValue) }
    }

    @Test func densityMultipliesTheFlakes() throws {
        let standard = try flakes("", at: 2).count, double = try flakes(", density: 2", at: 2).count
        let thin = try flakes(", density: 0.5", at: 2).count
        #expect(standard > 30)
        #expect(abs(Double(double) / Double(standard) - 2) < 0.1, "\(double) flakes against \(standard)")
        #expect(abs(Double(thin) / Double(standard) - 0.5) < 0.1, "\(thin) flakes against \(standard)")
    }

    @Test func fallSpeedMakesThemFallFaster() throws {
        func meanDepth(_ fields: String) throws -> Float {
            let alive = try flakes(fields, at: 1.5)
            return alive.map(\.y).reduce(0, +) / Float(max(alive.count, 1))
        }
        let standard = try meanDepth(""), fast = try meanDepth(", fall_speed: 2"), slow = try meanDepth(", fall_speed: 0.5")
        #expect(fast > standard + 20 && slow < standard - 10, "mean depth: slow \(slow), standard \(standard), fast \(fast)")
        // As many flakes either way: the speed is not the density.
        #expect(try flakes(", fall_speed: 2", at: 0.5).count == flakes("", at: 0.5).count)
    }

    @Test func outOfRangeOrOnAnotherEffectIsRefusedWhereWritten() {
        let found = diagnostics("""
        version: 1
        duration: 4
        timeline:
          - {time: 1, effect: {kind: snow, density: 9}}
          - {time: 1, effect: {kind: bubbles, fall_speed: 2}}
        """)
        #expect(found.count == 2, "\(found)")
        #expect(found.first?.line == 4 && found.first?.message.contains("density") == true, "\(found)")
        #expect(found.last?.line == 5 && found.last?.message.contains("fall_speed is snow's") == true, "\(found)")
    }
}
