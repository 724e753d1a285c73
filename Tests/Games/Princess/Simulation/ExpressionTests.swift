@testable import Princess
import Testing
import Trace

/// Expression thresholds and debounce: fires within 300 ms of crossing, once while held.
@Suite struct ExpressionTests {
    private func expressionTrace(_ timeline: String, settings: String = "") throws -> [TraceEvent] {
        let scene = try makeScene("""
        \(settings)
        characters:
          - {id: a, kind: luna, position: [400, 560]}
        timeline:
        \(timeline)
        """)
        return runToEnd(scene).1
    }

    @Test func firesWithin300MillisecondsOfCrossingAndNotAgainWhileHeld() throws {
        // Rises linearly 0→1 over 0.2 s from t = 1: crosses 0.5 at t = 1.1, held for 3 s.
        let trace = try expressionTrace("  - {time: 1, expression: {kind: eyebrows_raised, strength: 1, duration: 3.4, ramp: 0.2}}")
        let fired = events("expression", in: trace)
        #expect(fired.count == 1)
        let event = try #require(fired.first)
        #expect(event.text("expression") == "eyebrows_raised")
        #expect(event.t - 1.1 <= 0.3 && event.t > 1.1)
        #expect(event["threshold"] == .number(0.5))
        #expect(trace.contains { $0.event == "action_start" && $0.text("action") == "wave" && $0.text("cause") == "expression" })
        #expect(trace.contains { $0.event == "haptic" && $0.text("kind") == "success" })
    }

    @Test func firesAgainAfterFallingBackBelow() throws {
        let trace = try expressionTrace("""
          - {time: 1, expression: {kind: mouth_open, strength: 0.9, duration: 1}}
          - {time: 3, expression: {kind: mouth_open, strength: 0.9, duration: 1}}
        """)
        let fired = events("expression", in: trace)
        #expect(fired.count == 2)
        #expect(events("action_start", in: trace).filter { $0.text("action") == "jump" }.count == 2)
    }

    @Test func aFlickerShorterThanTheDebounceDoesNotFire() throws {
        let trace = try expressionTrace("  - {time: 1, expression: {kind: smile, strength: 1, duration: 0.06, ramp: 0}}")
        #expect(events("expression", in: trace).isEmpty)
    }

    @Test(arguments: [("easy", 0.35, true), ("medium", 0.45, false), ("medium", 0.55, true), ("hard", 0.65, false), ("hard", 0.75, true)])
    func sensitivitySetsTheThreshold(sensitivity: String, strength: Double, fires: Bool) throws {
        let trace = try expressionTrace("  - {time: 1, expression: {kind: smile, strength: \(strength), duration: 1}}",
                                        settings: "settings: {sensitivity: \(sensitivity)}")
        #expect(events("expression", in: trace).isEmpty == !fires)
    }

    @Test func smileBringsSparklesToEveryCharacter() throws {
        let trace = try expressionTrace("  - {time: 1, expression: {kind: smile, strength: 1, duration: 1}}")
        let sparkles = events("effect_start", in: trace).filter { $0.text("effect") == "sparkles" }
        #expect(sparkles.map(\.character) == ["a"])
        #expect(sparkles.first?.text("cause") == "expression")
    }

    @Test func nothingFiresWithFaceTrackingOff() throws {
        let trace = try expressionTrace("""
          - {time: 1, expression: {kind: smile, strength: 1, duration: 1}}
          - {time: 3, settings: {face_tracking: true}}
          - {time: 4, expression: {kind: smile, strength: 1, duration: 1}}
        """, settings: "settings: {face_tracking: false}")
        let fired = events("expression", in: trace)
        #expect(fired.count == 1)
        #expect((fired.first?.t ?? 0) > 4)
    }

    @Test func liveSamplesGoThroughTheSamePath() throws {
        let scene = try makeScene("characters:\n  - {id: a, kind: luna, position: [400, 560]}")
        let simulation = SceneSimulation(scene: scene)
        simulation.advance(toFrame: 10)
        simulation.inject(.expression(.mouthOpen, strength: 0.9), source: "camera")
        simulation.advance(toFrame: 30)
        simulation.inject(.expression(.mouthOpen, strength: 0), source: "camera")
        simulation.advance(toFrame: 40)
        let trace = simulation.drainTrace()
        #expect(events("expression", in: trace).count == 1)
        #expect(simulation.snapshot().characters[0].smile >= 0.5)
    }
}

/// A clap makes every character jump, whoever heard it.
@Suite struct ClapTests {
    @Test func everyCharacterJumps() throws {
        let scene = try makeScene("""
        characters:
          - {id: a, kind: luna, position: [300, 560]}
          - {id: b, kind: rosie, position: [700, 600]}
          - {id: c, kind: willow, position: [1000, 500]}
        timeline:
          - {time: 2, clap: {}}
        """)
        let trace = runToEnd(scene).1
        let clap = try #require(events("clap", in: trace).first)
        #expect(clap.t == 2 && clap["characters"] == .integer(3) && clap.text("source") == "timeline")
        let jumps = events("action_start", in: trace).filter { $0.text("action") == "jump" }
        // Back to front: c (y 500), a (560), b (600).
        #expect(jumps.map(\.character) == ["c", "a", "b"])
        #expect(jumps.allSatisfy { $0.text("cause") == "clap" && $0.t == 2 })
    }

    @Test func aMicrophoneClapIsInjectedAndTracedWithItsSource() throws {
        let scene = try makeScene("characters:\n  - {id: a, kind: luna, position: [300, 560]}")
        let simulation = SceneSimulation(scene: scene)
        simulation.advance(toFrame: 15)
        _ = simulation.drainTrace()
        simulation.inject(.clap, source: "microphone")
        simulation.advance(toFrame: 16)
        let trace = simulation.drainTrace()
        #expect(events("clap", in: trace).first?.text("source") == "microphone")
        #expect(events("clap", in: trace).first?.frame == 16)
        simulation.advance(toFrame: 24)
        #expect((simulation.snapshot().characters.first?.lift ?? 0) > 0)
    }
}
