import Feedback
import ECS
import Foundation
@testable import Princess
import Testing
import Trace
import Vocabulary

/// Draw order: lower on the canvas is in front; ties keep arrival order.
@Suite struct DepthTests {
    @Test func snapshotIsBackToFrontAndStable() throws {
        let scene = try makeScene("""
        characters:
          - {id: front, kind: luna, position: [300, 700]}
          - {id: back, kind: rosie, position: [700, 400]}
          - {id: tieFirst, kind: willow, position: [900, 550]}
          - {id: tieSecond, kind: crystal, position: [1100, 550]}
        timeline:
          - {time: 1, drag: {target: back, to: [700, 710], duration: 0.5}}
        """)
        let simulation = SceneSimulation(scene: scene)
        #expect(simulation.snapshot().characters.map(\.id) == ["back", "tieFirst", "tieSecond", "front"])
        simulation.advance(toFrame: 60)
        #expect(simulation.snapshot().characters.map(\.id) == ["tieFirst", "tieSecond", "front", "back"])
    }

    @Test func hitTestingPicksTheFrontmost() throws {
        let scene = try makeScene("""
        characters:
          - {id: back, kind: rosie, position: [600, 550]}
          - {id: front, kind: luna, position: [610, 600]}
        """)
        let simulation = SceneSimulation(scene: scene)
        let layout = SceneLayout(width: 1280, height: 720)
        let hit = CharacterDirectory.frontmost(at: Vec2(605, 500), in: simulation.world, layout: layout)
        #expect(hit.flatMap { simulation.world.get(CharacterIdentity.self, of: $0)?.id } == "front")
        let onlyBack = CharacterDirectory.frontmost(at: Vec2(600, 340), in: simulation.world, layout: layout)
        #expect(onlyBack.flatMap { simulation.world.get(CharacterIdentity.self, of: $0)?.id } == "back")
    }
}

/// The same scene simulated twice gives the same trace and the same world.
@Suite struct ReplayTests {
    @Test func sameSceneGivesIdenticalTracesAndWorldDumps() throws {
        for file in ["default.yaml", "gestures.yaml", "face-magic.yaml", "snowy-night.yaml"] {
            let path = repositoryRoot.appendingPathComponent("Scenes/princess").appendingPathComponent(file).path
            let scene = try SceneLoader.load(path: path)
            let first = SceneSimulation(scene: scene)
            let second = SceneSimulation(scene: scene)
            var firstLines: [String] = [], secondLines: [String] = []
            for frame in stride(from: 0, through: first.frameCount, by: 7) {
                first.advance(toFrame: frame)
                second.advance(toFrame: frame)
                firstLines += first.drainTrace().map(\.jsonLine)
                secondLines += second.drainTrace().map(\.jsonLine)
                #expect(first.world.dump() == second.world.dump(), "\(file) frame \(frame)")
                #expect(first.snapshot().characters == second.snapshot().characters)
                #expect(first.snapshot().particles == second.snapshot().particles)
            }
            #expect(firstLines == secondLines, "\(file)")
            #expect(!firstLines.isEmpty)
        }
    }

    @Test func steppingFrameByFrameOrAllAtOnceGivesTheSameWorld() throws {
        let scene = SceneLoader.defaultScene
        let stepped = SceneSimulation(scene: scene)
        for frame in 0...150 { stepped.advance(toFrame: frame) }
        let jumped = SceneSimulation(scene: scene)
        jumped.advance(toFrame: 150)
        #expect(stepped.world.dump() == jumped.world.dump())
        #expect(stepped.drainTrace() == jumped.drainTrace())
    }

    @Test func aSmallerOutputScalesTheSceneCoordinates() throws {
        let scene = SceneLoader.defaultScene
        let full = SceneSimulation(scene: scene)
        let half = SceneSimulation(scene: scene, width: 640, height: 360)
        full.advance(toFrame: 100)
        half.advance(toFrame: 100)
        let big = full.snapshot(), small = half.snapshot()
        #expect(small.width == 640 && small.height == 360)
        #expect(small.horizonY == big.horizonY / 2)
        #expect(small.characters.map(\.id) == big.characters.map(\.id))
        for (a, b) in zip(small.characters, big.characters) {
            #expect(a.position == Vec2(b.position.x / 2, b.position.y / 2))
            #expect(a.baseHeight == b.baseHeight / 2)
        }
        #expect(small.particles.count == big.particles.count)
        #expect(full.drainTrace() == half.drainTrace())
    }

    @Test func charactersAreAThirdOfTheCanvasTallAndTheFloorStartsAt45Percent() {
        let simulation = SceneSimulation(scene: SceneLoader.defaultScene)
        let snapshot = simulation.snapshot()
        #expect(snapshot.horizonY == 324)
        #expect(snapshot.characters.allSatisfy { $0.baseHeight == 240 })
        #expect(snapshot.characters.allSatisfy { $0.position.y >= snapshot.horizonY })
    }
}

/// The trace's byte format.
@Suite struct TraceFormatTests {
    @Test func jsonLinesHaveFixedKeyOrderAndNumberFormat() {
        let event = TraceEvent(t: 1.0 / 3, frame: 10, event: "sound", character: "a \"b\"", fields: [
            TraceField("sound", .text("jump")), TraceField("x", .number(640)), TraceField("y", .number(-0.00001)),
            TraceField("volume", .number(0.125)), TraceField("count", .integer(3)), TraceField("held", .flag(true)),
        ])
        #expect(event.jsonLine == #"{"t":0.3333,"frame":10,"event":"sound","character":"a \"b\"","sound":"jump","x":640,"y":0,"volume":0.125,"count":3,"held":true}"#)
        #expect(TraceEvent(t: 0, frame: 0, event: "clap").jsonLine == #"{"t":0,"frame":0,"event":"clap"}"#)
        #expect(TraceEvent(t: 2.5, frame: 0, event: "x", fields: [TraceField("n", .text("a\nb\u{1}"))]).jsonLine
            == #"{"t":2.5,"frame":0,"event":"x","n":"a\nb\u0001"}"#)
    }

    @Test func soundCuesAreOnlyTheNamesTheMixerKnows() {
        let known = Set(SoundEffect.allCases.map(\.rawValue))
        for file in ["default.yaml", "gestures.yaml", "face-magic.yaml", "snowy-night.yaml"] {
            let path = repositoryRoot.appendingPathComponent("Scenes/princess").appendingPathComponent(file).path
            guard let scene = try? SceneLoader.load(path: path) else { Issue.record("\(file) invalid"); continue }
            let trace = runToEnd(scene).1
            for sound in events("sound", in: trace) { #expect(known.contains(sound.text("sound") ?? "")) }
            for haptic in events("haptic", in: trace) {
                #expect(HapticKind(rawValue: haptic.text("kind") ?? "") != nil)
            }
            // Every event is stamped with a frame that shows it.
            #expect(trace.allSatisfy { $0.frame == Int(($0.t * Double(scene.framesPerSecond)).rounded(.up) + 1e-9) || $0.t == 0 })
        }
    }

    @Test func settingsSilenceSoundsAndHaptics() throws {
        let scene = try makeScene("""
        settings: {sound: false, reduce_motion: true}
        characters:
          - {id: a, kind: luna, position: [300, 560]}
        timeline:
          - {time: 1, clap: {}}
          - {time: 2, settings: {sound: true, volume: 0.5, reduce_motion: false, high_contrast: true}}
          - {time: 3, clap: {}}
        """)
        let (simulation, trace) = runToEnd(scene)
        let sounds = events("sound", in: trace)
        #expect(sounds.allSatisfy { $0.t >= 2 })
        #expect(sounds.first?["volume"] == .number(0.5))
        #expect(events("haptic", in: trace).allSatisfy { $0.t >= 2 })
        #expect(events("settings", in: trace).first?["high_contrast"] == .flag(true))
        #expect(simulation.settings.highContrast && !simulation.settings.reduceMotion)
        #expect(simulation.snapshot().highContrast)
    }
}
