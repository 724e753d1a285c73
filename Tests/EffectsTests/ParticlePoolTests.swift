import Testing
import ECS
@testable import Effects

@Suite struct ParticlePoolTests {
    func particle(lifetime: Float, x: Float) -> Particle {
        Particle(position: Vec2(x, 0), velocity: Vec2(60, 0), lifetime: lifetime, size: 1,
                 rotation: 0, spin: 6, phase: 0, color: .white)
    }

    @Test func advanceMovesAgesAndRemovesTheDeadInBirthOrder() {
        var pool = ParticlePool()
        for (index, lifetime) in [0.5, 0.01, 1, 0.01, 2].enumerated() {
            pool.append(particle(lifetime: Float(lifetime), x: Float(index)))
        }
        let motion = ParticleMotion(deltaTime: 1.0 / 60, drag: 0, acceleration: .zero)
        let removed = pool.advance(by: 1.0 / 60, motion: motion)
        #expect(removed == 2)
        #expect(pool.particles.map(\.position.x) == [1, 3, 5])
        #expect(pool.particles.allSatisfy { abs($0.rotation - 0.1) < 1e-6 && abs($0.age - 1.0 / 60) < 1e-7 })
    }

    @Test func dragAndGravityChangeTheVelocity() {
        var pool = ParticlePool()
        pool.append(particle(lifetime: 5, x: 0))
        pool.advance(by: 0.1, motion: ParticleMotion(deltaTime: 0.1, drag: 2, acceleration: Vec2(0, 100)))
        #expect(abs(pool.particles[0].velocity.x - 48) < 1e-4)
        #expect(abs(pool.particles[0].velocity.y - 10) < 1e-4)
    }

    @Test func theMarkIsCrossedOnceNearTheEnd() {
        var pool = ParticlePool()
        pool.append(particle(lifetime: 1, x: 0))
        var marks = 0
        let motion = ParticleMotion(deltaTime: 1.0 / 60, drag: 0, acceleration: .zero)
        for _ in 0..<70 {
            pool.advance(by: 1.0 / 60, motion: motion, markBeforeEnd: 0.15) { _ in marks += 1 }
        }
        #expect(marks == 1)
        #expect(pool.isEmpty)
    }
}
