import ECS
@testable import Princess
import Testing

/// Each action's timing and the pose parameters it drives.
@Suite struct ActionTests {
    @Test(arguments: [(ActionKind.wave, 1.0), (.dance, 2.0), (.twirl, 1.2), (.jump, 0.8), (.sparkle, 1.0)])
    func actionLastsItsDuration(kind: ActionKind, seconds: Double) throws {
        let scene = try makeScene("""
        characters:
          - {id: a, kind: luna, position: [400, 560]}
        timeline:
          - {time: 1, action: {kind: \(kind.rawValue), target: a}}
        """)
        let trace = runToEnd(scene).1
        let start = try #require(events("action_start", in: trace).first)
        let end = try #require(events("action_end", in: trace).first)
        #expect(start.text("action") == kind.rawValue && start.t == 1)
        #expect(abs(end.t - (1 + seconds)) < 1e-9)
        #expect(end["completed"] == .flag(true))
        #expect(trace.contains { $0.event == "sound" && $0.text("sound") == kind.rawValue })
    }

    /// Poses midway through each action, compared with the same character idle.
    @Test func posesFollowTheActions() throws {
        func pose(_ kind: ActionKind, at fraction: Double) throws -> CharacterPose {
            let scene = try makeScene("""
            characters:
              - {id: a, kind: luna, position: [400, 560]}
            timeline:
              - {time: 1, action: {kind: \(kind.rawValue), target: a}}
            """)
            let simulation = SceneSimulation(scene: scene, framesPerSecond: 60)
            simulation.advance(toFrame: 60 + Int(60 * ActionState.duration(of: kind) * fraction))
            return try #require(simulation.snapshot().characters.first)
        }
        let wave = try pose(.wave, at: 0.5)
        #expect(wave.action == .wave && wave.waveArmAngle > 2 && wave.otherArmAngle < 0.5)
        let dance = try pose(.dance, at: 0.25)
        #expect(abs(dance.sway) > 0.15)
        let twirl = try pose(.twirl, at: 0.5)
        #expect(twirl.spin > 2.5 && twirl.spin < 4)
        let crouch = try pose(.jump, at: 0.15)
        #expect(crouch.stretch < 0.9 && crouch.lift == 0)
        let flight = try pose(.jump, at: 0.47)
        #expect(flight.lift > 0.3 * flight.baseHeight)
        let landing = try pose(.jump, at: 0.87)
        #expect(landing.stretch < 0.9)
        let sparkle = try pose(.sparkle, at: 0.5)
        #expect(sparkle.glow > 0.5)
        #expect(abs(sparkle.actionProgress - 0.5) < 0.02)
    }

    @Test func aNewActionReplacesTheRunningOne() throws {
        let scene = try makeScene("""
        characters:
          - {id: a, kind: luna, position: [400, 560]}
        timeline:
          - {time: 1, action: {kind: dance, target: a}}
          - {time: 1.5, action: {kind: jump, target: a}}
        """)
        let trace = runToEnd(scene).1
        let ends = events("action_end", in: trace)
        #expect(ends.map { $0.text("action") } == ["dance", "jump"])
        #expect(ends.map { $0["completed"] } == [.flag(false), .flag(true)])
        #expect(ends[0].t == 1.5 && abs(ends[1].t - 2.3) < 1e-9)
    }

    @Test func idleCharactersBreatheAndBlinkUnlessMotionIsReduced() throws {
        func poses(_ reduce: Bool) throws -> [CharacterPose] {
            let scene = try makeScene("""
            settings: {reduce_motion: \(reduce)}
            characters:
              - {id: a, kind: luna, position: [400, 560]}
            """)
            let simulation = SceneSimulation(scene: scene)
            return (0..<300).map { frame in
                simulation.advance(toFrame: frame)
                return simulation.snapshot().characters[0]
            }
        }
        let lively = try poses(false)
        #expect(Set(lively.map(\.stretch)).count > 10)
        #expect(lively.contains { $0.blink > 0.5 })
        let calm = try poses(true)
        #expect(calm.allSatisfy { $0.stretch == 1 && $0.sway == 0 })
        #expect(calm.contains { $0.blink > 0.5 })
        #expect(calm.allSatisfy { $0.action == nil })
    }

    @Test func sparkleActionStartsSparklesInHerColour() throws {
        let scene = try makeScene("""
        characters:
          - {id: a, kind: willow, position: [400, 560]}
        timeline:
          - {time: 1, action: {kind: sparkle, target: a}}
        """)
        let simulation = SceneSimulation(scene: scene)
        simulation.advance(toFrame: 40)
        let trace = simulation.drainTrace()
        #expect(events("effect_start", in: trace).first?.text("effect") == "sparkles")
        let particles = simulation.snapshot().particles
        #expect(!particles.isEmpty)
        #expect(particles.allSatisfy { $0.kind == .sparkles })
    }
}
