import ECS
@testable import Princess
import Testing

/// Each gesture, through the scene's state.
@Suite struct GestureTests {
    private func placement(_ id: String, _ simulation: SceneSimulation) -> Placement? {
        CharacterDirectory.entity(named: id, in: simulation.world).flatMap { simulation.world.get(Placement.self, of: $0) }
    }

    @Test func tapOnEmptyFloorSpawnsTheSelectedCharacterWithAnAppearAnimation() throws {
        let scene = try makeScene("""
        selected: crystal
        timeline:
          - {time: 1, tap: {at: [640, 600]}}
        """)
        let simulation = SceneSimulation(scene: scene)
        simulation.advance(toFrame: 30)
        let trace = simulation.drainTrace()
        let spawn = try #require(events("spawn", in: trace).first)
        #expect(spawn.character == "crystal-1" && spawn.text("kind") == "crystal" && spawn.t == 1 && spawn.frame == 30)
        #expect(spawn.text("cause") == "tap")
        #expect(trace.contains { $0.event == "haptic" && $0.text("kind") == "heavy" })
        #expect(trace.contains { $0.event == "sound" && $0.text("sound") == "spawn" && $0[ "x"] == .number(640) })
        #expect(simulation.snapshot().characters.first?.appear == 0)
        simulation.advance(toFrame: 37)
        let appearing = try #require(simulation.snapshot().characters.first?.appear)
        #expect(appearing > 0 && appearing < 1)
        simulation.advance(toFrame: 50)
        #expect(simulation.snapshot().characters.first?.appear == 1)
    }

    @Test func spawnRefusedTooCloseOnTheWallAndWhenFull() throws {
        let scene = try makeScene("""
        limits: {max_characters: 2, min_spawn_distance: 100}
        characters:
          - {id: a, kind: luna, position: [200, 600]}
        timeline:
          - {time: 1, tap: {at: [260, 650]}}
          - {time: 2, tap: {at: [640, 100]}}
          - {time: 3, tap: {at: [640, 600]}}
          - {time: 4, tap: {at: [1000, 600]}}
        """)
        let (simulation, trace) = runToEnd(scene)
        let refusals = events("refused", in: trace)
        #expect(refusals.map { $0.text("reason") } == ["too_close", "not_on_floor", "max_characters"])
        #expect(refusals[0].text("nearest") == "a")
        #expect(refusals.map(\.t) == [1, 2, 4])
        // Each refusal warns.
        #expect(events("haptic", in: trace).filter { $0.text("kind") == "warning" }.count == 3)
        #expect(simulation.snapshot().characters.map(\.id) == ["a", "sparkle-1"])
    }

    @Test func dragMovesTheFrontmostCharacterWithHighlightAndSettle() throws {
        // b stands in front of a (lower on the canvas) and both cover the finger.
        let scene = try makeScene("""
        characters:
          - {id: a, kind: luna, position: [600, 560]}
          - {id: b, kind: rosie, position: [620, 600]}
        timeline:
          - {time: 1, drag: {from: [610, 500], to: [910, 520], duration: 1}}
        """)
        let simulation = SceneSimulation(scene: scene)
        simulation.advance(toFrame: 45)
        let held = simulation.snapshot().characters.first { $0.id == "b" }
        #expect(held?.highlighted == true)
        #expect(simulation.snapshot().characters.first { $0.id == "a" }?.highlighted == false)
        simulation.advance(toFrame: 60)
        // Feet keep their offset from the finger: (620,600) - (610,500) + (910,520).
        #expect(placement("b", simulation)?.position == Vec2(920, 620))
        #expect(placement("a", simulation)?.position == Vec2(600, 560))
        let trace = simulation.drainTrace()
        #expect(events("gesture", in: trace).first?.character == "b")
        #expect(events("gesture_end", in: trace).first?.t == 2)
        let after = simulation.snapshot().characters.first { $0.id == "b" }
        #expect(after?.highlighted == false)
        simulation.advance(toFrame: 63)
        #expect((simulation.snapshot().characters.first { $0.id == "b" }?.stretch ?? 1) != 1)
    }

    @Test func dragStaysOnTheFloor() throws {
        let scene = try makeScene("""
        characters:
          - {id: a, kind: luna, position: [600, 560]}
        timeline:
          - {time: 1, drag: {target: a, to: [1280, 0], duration: 0.5}}
        """)
        let (simulation, _) = runToEnd(scene)
        #expect(placement("a", simulation)?.position == Vec2(1280, 324))
    }

    @Test func pinchScalesAndClampsToHalfAndDouble() throws {
        let scene = try makeScene("""
        characters:
          - {id: a, kind: luna, position: [400, 560]}
          - {id: b, kind: rosie, position: [900, 560]}
        timeline:
          - {time: 1, pinch: {target: a, factor: 3, duration: 0.5}}
          - {time: 1, pinch: {target: b, scale: 0.1, duration: 0.5}}
          - {time: 3, pinch: {target: b, factor: 1.5, duration: 0.5}}
        """)
        let simulation = SceneSimulation(scene: scene)
        simulation.advance(toFrame: 36)
        let midway = placement("a", simulation)?.scale ?? 0
        #expect(midway > 1 && midway < 2)
        simulation.advance(toFrame: 60)
        #expect(placement("a", simulation)?.scale == 2.0)
        #expect(placement("b", simulation)?.scale == 0.5)
        simulation.advance(toFrame: 120)
        #expect(placement("b", simulation)?.scale == 0.75)
        let pinches = events("pinch", in: simulation.drainTrace())
        #expect(pinches.map { $0["clamped"] } == [.flag(true), .flag(true), .flag(false)])
        #expect(pinches.map { $0["to"] } == [.number(2), .number(0.5), .number(0.75)])
    }

    @Test func longPressOpensTheActionMenuAfterItsDuration() throws {
        let scene = try makeScene("""
        characters:
          - {id: a, kind: luna, position: [400, 560]}
        timeline:
          - {time: 1, long_press: {target: a, duration: 0.8}}
        """)
        let simulation = SceneSimulation(scene: scene)
        simulation.advance(toFrame: 45)
        #expect(simulation.snapshot().characters[0].highlighted)
        #expect(events("menu", in: simulation.drainTrace()).isEmpty)
        simulation.advance(toFrame: 60)
        let menu = try #require(events("menu", in: simulation.drainTrace()).first)
        #expect(menu.character == "a" && abs(menu.t - 1.8) < 1e-9)
        #expect(menu.text("actions") == "wave,dance,twirl,jump,sparkle")
        #expect(!simulation.snapshot().characters[0].highlighted)
    }

    @Test func doubleTapStartsASeededRandomAction() throws {
        let body = """
        characters:
          - {id: a, kind: luna, position: [400, 560]}
        timeline:
          - {time: 1, double_tap: {target: a}}
          - {time: 4, double_tap: {at: [400, 500]}}
          - {time: 7, double_tap: {at: [1000, 500]}}
        """
        let first = runToEnd(try makeScene(body)).1
        let again = runToEnd(try makeScene(body)).1
        let actions = events("action_start", in: first)
        #expect(actions.count == 2)
        #expect(actions.allSatisfy { $0.text("cause") == "double_tap" })
        #expect(actions.map { $0.text("action") } == events("action_start", in: again).map { $0.text("action") })
        #expect(events("refused", in: first).map { $0.text("reason") } == ["no_character"])
    }

    @Test func twoFingerTapRemovesWithAVanishAnimation() throws {
        let scene = try makeScene("""
        characters:
          - {id: a, kind: luna, position: [400, 560]}
        timeline:
          - {time: 1, two_finger_tap: {target: a}}
        """)
        let simulation = SceneSimulation(scene: scene)
        simulation.advance(toFrame: 36)
        simulation.inject(.action(.wave, target: .character("a")), source: "button")
        simulation.advance(toFrame: 38)
        let vanish = simulation.snapshot().characters.first?.vanish ?? 0
        #expect(vanish > 0 && vanish < 1)
        simulation.advance(toFrame: 50)
        #expect(simulation.snapshot().characters.isEmpty)
        #expect(simulation.world.count(of: CharacterIdentity.self) == 0)
        let trace = simulation.drainTrace()
        #expect(events("remove", in: trace).first?.text("reason") == "two_finger_tap")
        #expect(trace.contains { $0.event == "sound" && $0.text("sound") == "vanish" })
        // A vanishing character takes no more actions.
        #expect(events("refused", in: trace).first?.text("input") == "action")
    }

    @Test func tapOnACharacterSelectsHerInsteadOfSpawning() throws {
        let scene = try makeScene("""
        characters:
          - {id: a, kind: luna, position: [400, 560]}
        timeline:
          - {time: 1, tap: {at: [400, 450]}}
        """)
        let trace = runToEnd(scene).1
        #expect(events("spawn", in: trace).count == 1)
        #expect(events("gesture", in: trace).first?.character == "a")
        #expect(trace.contains { $0.event == "haptic" && $0.text("kind") == "selection" })
    }
}
