import ECS
import Foundation
@testable import Princess
import Scene
import Testing
import Trace

/// Moves as data: easings as CSS computes them, keys sampled between, loops, cues and
/// reduce motion (docs/moves.md).
@Suite struct MoveEasingTests {
    /// CSS's keywords at quarter points, as browsers compute them (the same values the CSS
    /// easing tests of web engines hold): ease(0.5) = 0.8024, ease-in(0.5) = 0.3154.
    @Test func theCSSKeywordsGiveTheBrowsersValues() {
        let expected: [(KeyEasing?, [Double])] = [
            (KeyEasing("ease"), [0.408511, 0.802403, 0.960459]),
            (KeyEasing("ease-in"), [0.093465, 0.315357, 0.621862]),
            (KeyEasing("ease-out"), [0.378138, 0.684643, 0.906535]),
            (KeyEasing("ease-in-out"), [0.129162, 0.5, 0.870838]),
            (KeyEasing("cubic-bezier(.25,.1,.25,1)"), [0.408511, 0.802403, 0.960459]),
            (KeyEasing("cubic-bezier(0.68, -0.55, 0.265, 1.55)"), [-0.082807, 0.60668, 1.089166]),
        ]
        for (easing, values) in expected {
            let easing = try! #require(easing)
            for (x, value) in zip([0.25, 0.5, 0.75], values) {
                #expect(abs(easing.progress(x) - value) < 1e-5, "\(easing) at \(x): \(easing.progress(x)), expected \(value)")
            }
            #expect(easing.progress(0) == 0 && easing.progress(1) == 1)
        }
        #expect(KeyEasing("ease") == .curve(.ease))
        #expect(KeyEasing("linear")?.progress(0.3) == 0.3)
    }

    @Test func holdStaysUntilTheNextKey() {
        #expect(KeyEasing.hold.progress(0.99) == 0 && KeyEasing.hold.progress(1) == 1)
    }

    @Test func aBezierIsReadAsCSSWritesItOrNotAtAll() {
        #expect(KeyEasing("cubic-bezier( 0.1 , 0.7, 1.0, 0.1 )") == .curve(CubicBezier(0.1, 0.7, 1, 0.1)))
        for bad in ["cubic-bezier(1.2, 0, 0.5, 1)", "cubic-bezier(0, 0, -0.1, 1)", "cubic-bezier(0, 0, 1)",
                    "cubic-bezier(0, 0, 1, 1, 1)", "cubic-bezier(a, 0, 1, 1)", "cubic-bezier(0,0,1,nan)", "ease-inout"] {
            #expect(KeyEasing(bad) == nil, "\(bad)")
        }
    }
}

@Suite struct MoveSamplingTests {
    static let bow = Move(name: "bow", duration: 2, keys: [
        .lean: [MoveKey(at: 0.5, value: 0, easing: .curve(.easeInOut)), MoveKey(at: 1.5, value: 30, easing: .hold),
                MoveKey(at: 1.8, value: 10)],
    ], cues: [MoveCue(at: 0, sound: .wave), MoveCue(at: 1, haptic: .light)])

    @Test func keysAreHeldBeforeTheFirstAndAfterTheLastAndEasedBetween() {
        let bow = Self.bow
        #expect(bow.value(of: .lean, at: 0) == 0)
        #expect(bow.value(of: .lean, at: 1) == 15)
        #expect(abs(bow.value(of: .lean, at: 0.75)! - 30 * 0.129162) < 1e-4)
        #expect(bow.value(of: .lean, at: 1.7) == 30, "a hold key keeps its value until the next key")
        #expect(bow.value(of: .lean, at: 1.8) == 10 && bow.value(of: .lean, at: 5) == 10)
        #expect(bow.value(of: .turn, at: 1) == nil)
    }

    @Test func aLoopingMoveStartsOverAndPlaysItsCuesEachRound() {
        var move = Self.bow
        move.loops = true
        #expect(move.value(of: .lean, at: 3) == move.value(of: .lean, at: 1))
        #expect(move.cues(after: -0.01, through: 0.01).map(\.sound) == [.wave])
        #expect(move.cues(after: 0.5, through: 4.5).count == 4)
        #expect(Self.bow.cues(after: 0.5, through: 4.5).count == 1, "once only, without loops")
    }

    @Test func thePoseTakesTheRigsUnitsAndReduceMotionHalvesWhatTheMoveDoesNotKeep() {
        let move = Move(name: "m", duration: 1, keys: [
            .rightArm: [MoveKey(at: 0, value: 90)], .turn: [MoveKey(at: 0, value: 450)],
            .lift: [MoveKey(at: 0, value: 0.5)], .smile: [MoveKey(at: 0, value: 1)],
        ], keptWithReduceMotion: [.smile])
        var pose = CharacterPose(id: "a", kind: .luna, position: Vec2(0, 0), baseHeight: 200)
        move.apply(at: 0.5, reduceMotion: false, to: &pose)
        #expect(abs(pose.waveArmAngle - .pi / 2) < 1e-5 && abs(pose.spin - .pi / 2) < 1e-5 && pose.lift == 100)
        var calm = CharacterPose(id: "a", kind: .luna, position: Vec2(0, 0), baseHeight: 200)
        move.apply(at: 0.5, reduceMotion: true, to: &calm)
        #expect(calm.lift == 50 && calm.smile == 1, "lift halved, the kept smile whole")
        #expect(abs(calm.waveArmAngle - (0.25 + (.pi / 2 - 0.25) / 2)) < 1e-5, "halfway from the resting arm")
        #expect(calm.otherArmAngle == 0.25, "a channel the move does not key stays at rest")
    }
}

/// Moves read from scene files and moves files, and performed in the simulation.
@Suite struct MoveSceneTests {
    static let inlineBow = """
    characters:
      - {id: luna, kind: luna, position: [640, 560]}
    moves:
      - name: bow
        duration: 1.5
        keys:
          lean: [{at: 0, value: 0, ease: ease-in-out}, {at: 0.75, value: 35, ease: ease-out}, {at: 1.5, value: 0}]
          smile: [{at: 0, value: 1}]
        cues:
          - {at: 0.75, sound: sparkle, haptic: light}
    """

    @Test func aMoveOnTheTimelineIsTracedByItsNameAndPlaysItsCues() throws {
        let scene = try makeScene(Self.inlineBow + "\ntimeline:\n  - {time: 1, action: {kind: bow, target: luna}}", duration: 4)
        let (_, trace) = runToEnd(scene)
        let start = try #require(events("action_start", in: trace).first)
        #expect(start.text("action") == "bow" && start["duration"] == .number(1.5), "\(start.jsonLine)")
        let end = try #require(events("action_end", in: trace).first)
        #expect(abs(end.t - 2.5) < 0.02 && end["completed"] == .flag(true), "\(end.jsonLine)")
        let sounds = events("sound", in: trace).filter { $0.text("sound") == "sparkle" }
        #expect(sounds.count == 1 && abs(sounds[0].t - 1.75) < 0.02, "\(sounds.map(\.jsonLine))")
        #expect(events("haptic", in: trace).contains { abs($0.t - 1.75) < 0.02 && $0.text("kind") == "light" })
    }

    @Test func herPoseFollowsTheKeys() throws {
        let scene = try makeScene(Self.inlineBow + "\ntimeline:\n  - {time: 1, action: {kind: bow, target: luna}}", duration: 4)
        let simulation = SceneSimulation(scene: scene, framesPerSecond: 60)
        simulation.advance(toFrame: 60 + 45)
        let pose = try #require(simulation.snapshot().characters.first)
        #expect(pose.action == .move("bow"))
        #expect(abs(pose.sway - 35 * .pi / 180) < 1e-3, "at the bow's deepest: \(pose.sway)")
    }

    /// A move restarted by a built-in action, and the other way round: no parameter moves
    /// more in a frame than the two played alone do.
    @Test func restartsCarryHerPose() throws {
        func poses(_ timeline: String) throws -> [CharacterPose] {
            let scene = try makeScene(Self.inlineBow + "\ntimeline:\n" + timeline, duration: 4)
            let simulation = SceneSimulation(scene: scene, framesPerSecond: 30)
            return (0...simulation.frameCount).compactMap { frame in
                simulation.advance(toFrame: frame)
                return simulation.snapshot().characters.first
            }
        }
        let alone = try RestartTests.largestChanges(poses("  - {time: 0.5, action: {kind: bow, target: luna}}\n"
                                                          + "  - {time: 2.5, action: {kind: dance, target: luna}}"))
        for pair in [("dance", "bow"), ("bow", "dance"), ("bow", "bow")] {
            let restarted = try RestartTests.largestChanges(poses("  - {time: 0.5, action: {kind: \(pair.0), target: luna}}\n"
                                                                  + "  - {time: 1.1, action: {kind: \(pair.1), target: luna}}"))
            for (index, parameter) in RestartTests.parameters.enumerated() {
                let bound = max(alone[index], RestartTests.bound[index])
                #expect(restarted[index] <= bound + 1e-4, "\(pair): \(parameter.name) moved \(restarted[index]), bound \(bound)")
            }
        }
    }

    @Test func aMovesFileIsReadFromTheScenesFolderAndItsErrorsNameItsOwnLines() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moves-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("moves"), withIntermediateDirectories: true)
        try """
        name: spin
        duration: 1
        loops: true
        keys:
          turn:
            - {at: 0, value: 0, ease: "cubic-bezier(0.25, 0.1, 0.25, 1)"}
            - {at: 1, value: 360}
        reduce_motion: {keeps: [turn]}
        """.write(to: folder.appendingPathComponent("moves/spin.yaml"), atomically: true, encoding: .utf8)
        let scenePath = folder.appendingPathComponent("scene.yaml").path
        try """
        version: 1
        duration: 3
        characters:
          - {id: a, kind: rosie, position: [640, 560]}
        moves: [moves/spin.yaml]
        timeline:
          - {time: 0.5, action: {kind: spin, target: a}}
        """.write(toFile: scenePath, atomically: true, encoding: .utf8)
        let scene = try SceneLoader.load(path: scenePath)
        #expect(scene.moves.map(\.name) == ["spin"] && scene.moves[0].loops && scene.moves[0].keptWithReduceMotion == [.turn])
        #expect(scene.movesFiles == [folder.appendingPathComponent("moves/spin.yaml").path], "what a studio watches")
        let (_, trace) = runToEnd(scene)
        // Each round ends and the next starts, until the scene ends (3 s).
        let starts = events("action_start", in: trace), ends = events("action_end", in: trace)
        #expect(starts.map(\.t) == [0.5, 1.5, 2.5] && starts.map { $0.text("cause") } == ["timeline", "loop", "loop"], "\(starts.map(\.jsonLine))")
        #expect(ends.map(\.t) == [1.5, 2.5] && ends.allSatisfy { $0["completed"] == .flag(true) }, "\(ends.map(\.jsonLine))")

        try """
        name: spin
        duration: 1
        keys:
          trun: [{at: 0, value: 0}]
          lean: [{at: 0.5, value: 10, ease: ease-inn}, {at: 0.2, value: 0}]
        """.write(to: folder.appendingPathComponent("moves/spin.yaml"), atomically: true, encoding: .utf8)
        do {
            _ = try SceneLoader.load(path: scenePath)
            Issue.record("a bad moves file was accepted")
        } catch let errors as SceneErrors {
            let lines = errors.diagnostics.map(\.description)
            let file = folder.appendingPathComponent("moves/spin.yaml").path
            #expect(lines.contains { $0.hasPrefix("\(file):4:3: unknown key 'trun' in keys") && $0.contains("did you mean 'turn'") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("\(file):5:37: unknown easing 'ease-inn' in keys.lean[0].ease") && $0.contains("did you mean 'ease-in'") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("\(file):5:53: keys.lean[1].at is 0.2 s, not after") }, "\(lines)")
            #expect(lines.count == 3, "only the moves file's problems, no follow-on in the scene: \(lines)")
        }
    }

    @Test func anUnknownActionSuggestsAmongBuiltInsAndLoadedMoves() {
        let found = diagnostics("""
        version: 1
        duration: 3
        \(Self.inlineBow)
        timeline:
          - {time: 1, action: {kind: bwo, target: luna}}
        """)
        #expect(found.count == 1 && found[0].message.contains("unknown action 'bwo'") && found[0].message.contains("did you mean 'bow'")
                && found[0].message.contains("wave, dance, twirl, jump, sparkle, bow"), "\(found)")
    }

    @Test func aMoveMayNotTakeABuiltInsNameOrAnotherMovesName() {
        let found = diagnostics("""
        version: 1
        duration: 3
        moves:
          - {name: wave, duration: 1, keys: {lean: [{at: 0, value: 1}]}}
          - {name: nod, duration: 1, keys: {lean: [{at: 0, value: 1}]}}
          - {name: nod, duration: 2, keys: {lean: [{at: 0, value: 1}]}}
        """)
        #expect(found.map(\.line) == [4, 6], "\(found)")
        #expect(found.first?.message.contains("'wave' is a built-in action") == true)
    }

    @Test func theActionsOfferedLeaveOutRefusedNamesAndADuplicateSaysWhereTheFirstIs() {
        let found = diagnostics("""
        version: 1
        duration: 3
        moves:
          - {name: twirl, duration: 1, keys: {lean: [{at: 0, value: 1}]}}
          - {name: nod, duration: 1, keys: {lean: [{at: 0, value: 1}]}}
          - {name: nod, duration: 1, keys: {lean: [{at: 0, value: 1}]}}
        timeline:
          - {time: 1, action: {kind: nodd, target: luna}}
        """)
        let offered = found.first { $0.message.contains("unknown action 'nodd'") }?.message ?? ""
        #expect(offered.contains("sparkle, nod") && offered.components(separatedBy: "twirl").count == 2
                && !offered.contains("nod, nod"), "\(found)")
        #expect(found.contains { $0.line == 6 && $0.message.contains("a move named 'nod' is already loaded (at line 5)") }, "\(found)")
    }

    @Test func aMovesNameIsAnIdNotWordsOrAList() {
        // The name goes into comma-separated lists (the menu's trace line) and sync messages.
        let found = diagnostics("""
        version: 1
        duration: 3
        moves:
          - {name: Bow Two, duration: 1, keys: {lean: [{at: 0, value: 1}]}}
          - {name: "bow,two", duration: 1, keys: {lean: [{at: 0, value: 1}]}}
          - {name: shy_wave-2, duration: 1, keys: {lean: [{at: 0, value: 1}]}}
        """)
        #expect(found.map(\.line) == [4, 5], "\(found)")
        #expect(found.first?.message.contains("'Bow Two' holds ' '") == true && found.first?.message.contains("e.g. 'bow-two'") == true, "\(found)")
        #expect(found.last?.message.contains("holds ','") == true, "\(found)")
    }

    @Test func anUnquotedCurveInABraceMapIsOneLineThatSaysToQuoteIt() {
        // YAML cuts `cubic-bezier(0.2, 0, 0.4, 1)` at its commas inside { }: one problem, not four.
        let found = diagnostics("""
        version: 1
        duration: 3
        moves:
          - name: bow
            duration: 1
            keys:
              lean:
                - {at: 0, value: 0}
                - {at: 0.5, value: 20, ease: cubic-bezier(0.2, 0, 0.4, 1)}
        """)
        #expect(found.count == 1 && found.first?.line == 9, "\(found)")
        #expect(found.first?.message.contains("quote the curve: ease: 'cubic-bezier(0.2, 0, 0.4, 1)'") == true, "\(found)")
    }

    @Test func rulesMayNameAMove() throws {
        let scene = try makeScene(Self.inlineBow + """

        timeline:
          - {time: 1, action: {kind: bow, target: luna}}
        rules:
          - name: bows-end
            rule: every_character
            when: {event: action_start, action: bow}
            then: {event: action_end, action: bow}
        """, duration: 4)
        #expect(scene.rules.count == 1)
        let misspelt = diagnostics("version: 1\nduration: 4\n" + Self.inlineBow + """

        rules:
          - {name: r, rule: every_character, when: {event: action_start, action: bwo}, then: {event: action_end}}
        """)
        #expect(misspelt.count == 1 && misspelt[0].message.contains("bow"), "\(misspelt)")
    }
}

/// A scene's moves in the long-press menu: offered after the built-in five, picked by name.
@Suite struct MoveMenuTests {
    @Test func theMenuOffersTheMovesAndAPickStartsOne() throws {
        let scene = try makeScene(MoveSceneTests.inlineBow + """

        hud: {points_wide: 844}
        timeline:
          - {time: 0.5, long_press: {target: luna, duration: 0.8}}
          - {time: 1.5, menu_pick: bow}
        """, duration: 4)
        let simulation = SceneSimulation(scene: scene)
        simulation.advance(toFrame: Int(1.4 * Double(scene.framesPerSecond)))
        // The menu's picture offers the move after the built-in five.
        #expect(simulation.snapshot().hud?.menu?.actions == ActionName.menu(moves: ["bow"]))
        simulation.advance(toFrame: simulation.frameCount)
        let trace = simulation.drainTrace()
        let menu = try #require(events("menu", in: trace).first)
        #expect(menu.text("actions") == "wave,dance,twirl,jump,sparkle,bow", "\(menu.jsonLine)")
        let pick = try #require(trace.first { $0.jsonLine.contains("\"menu_pick\"") })
        #expect(pick.text("action") == "bow", "\(pick.jsonLine)")
        let start = try #require(events("action_start", in: trace).first)
        #expect(start.text("action") == "bow" && start.text("cause") == "menu", "\(start.jsonLine)")
    }

    @Test func aMisspeltPickSuggestsTheMove() {
        let found = diagnostics("""
        version: 1
        duration: 3
        \(MoveSceneTests.inlineBow)
        timeline:
          - {time: 1, menu_pick: bwo}
        """)
        #expect(found.count == 1 && found[0].message.contains("unknown action 'bwo'") && found[0].message.contains("did you mean 'bow'"),
                "\(found)")
    }
}
