import ECS
import Foundation
import Princess
import Testing

@Suite struct ParserTests {
    static let fullYAML = """
    version: 1
    canvas: {width: 640, height: 360, frame_rate: 24}
    simulation_rate: 120
    seed: 18446744073709551615
    duration: 12.5
    background: nightlight
    settings: {sound: false, volume: 0.25, face_tracking: false, sensitivity: hard, reduce_motion: true, high_contrast: true}
    limits: {max_characters: 3, min_spawn_distance: 50}
    selected: luna
    characters:
      - {id: a, kind: rosie, position: [50%, 75%], scale: 1.5}
    timeline:
      - {time: 2, select: crystal}
      - {time: 1, tap: {at: [100, 300], id: b}}
      - {time: 3, drag: {target: a, to: [200, 300], duration: 1}}
      - {time: 3, pinch: {at: [320, 200], factor: 1.2}}
      - {time: 4, long_press: {target: b, duration: 1}}
      - {time: 4, double_tap: {target: b}}
      - {time: 5, action: {kind: twirl, target: all}}
      - {time: 5, effect: {kind: snow}}
      - {time: 5, effect: {kind: bubbles, at: [10, 10], duration: 2}}
      - {time: 6, expression: {kind: mouth_open, strength: 0.6, duration: 1, ramp: 0.2}}
      - {time: 7, clap: {}}
      - {time: 8, settings: {volume: 1}}
      - {time: 9, two_finger_tap: {target: a}}
    """

    @Test func readsEveryFieldOfAYAMLScene() throws {
        let scene = try SceneLoader.parse(Self.fullYAML, fileName: "/tmp/some/party.yaml")
        #expect(scene.name == "party")
        #expect(scene.canvasWidth == 640 && scene.canvasHeight == 360 && scene.framesPerSecond == 24)
        #expect(scene.simulationRate == 120)
        #expect(scene.seed == UInt64.max)
        #expect(scene.duration == 12.5)
        #expect(scene.backdrop == .nightlight)
        #expect(scene.settings == SceneSettings(soundEnabled: false, volume: 0.25, faceTracking: false,
                                                 sensitivity: .hard, reduceMotion: true, highContrast: true))
        #expect(scene.limits == SceneLimits(maxCharacters: 3, minSpawnDistance: 50))
        #expect(scene.selectedKind == .luna)
        #expect(scene.characters == [CharacterPlacement(id: "a", kind: .rosie, position: Vec2(320, 270), scale: 1.5)])
        // Sorted by time, same-time entries in file order.
        #expect(scene.timeline.map(\.time) == [1, 2, 3, 3, 4, 4, 5, 5, 5, 6, 7, 8, 9])
        #expect(scene.timeline[0].input == .tap(at: Vec2(100, 300), newID: "b"))
        #expect(scene.timeline[1].input == .select(.crystal))
        #expect(scene.timeline[2].input == .drag(from: .character("a"), to: Vec2(200, 300), duration: 1))
        #expect(scene.timeline[3].input == .pinch(on: .point(Vec2(320, 200)), change: .factor(1.2), duration: 0.5))
        #expect(scene.timeline[4].input == .longPress(on: .character("b"), duration: 1))
        #expect(scene.timeline[5].input == .doubleTap(on: .character("b")))
        #expect(scene.timeline[6].input == .action(.twirl, target: .all))
        #expect(scene.timeline[7].input == .effect(.snow, place: .canvas, duration: nil))
        #expect(scene.timeline[8].input == .effect(.bubbles, place: .point(Vec2(10, 10)), duration: 2))
        #expect(scene.timeline[9].input == .expressionCurve(
            ExpressionCurve(kind: .mouthOpen, start: 6, duration: 1, peak: 0.6, ramp: 0.2)))
        #expect(scene.timeline[10].input == .clap)
        #expect(scene.timeline[11].input == .settings(SettingsChange(volume: 1)))
        #expect(scene.timeline[12].input == .twoFingerTap(on: .character("a")))
        #expect(scene.timeline[1].line == 13)
    }

    @Test func readsTheSameSceneFromJSON() throws {
        let json = """
        {"version": 1, "canvas": {"width": 640, "height": 360, "frame_rate": 24}, "duration": 12.5,
         "seed": 3, "background": "playroom",
         "characters": [{"id": "a", "kind": "rosie", "position": ["50%", "75%"], "scale": 1.5}],
         "timeline": [{"time": 1, "tap": {"at": [100, 300], "id": "b\\u00e9"}},
                      {"time": 2, "clap": null}]}
        """
        let scene = try SceneLoader.parse(json, fileName: "party.json")
        #expect(scene.name == "party")
        #expect(scene.backdrop == .playroom)
        #expect(scene.characters == [CharacterPlacement(id: "a", kind: .rosie, position: Vec2(320, 270), scale: 1.5)])
        #expect(scene.timeline.map(\.input) == [.tap(at: Vec2(100, 300), newID: "bé"), .clap])
    }

    @Test func fillsInDefaults() throws {
        let scene = try SceneLoader.parse("version: 1\nduration: 3\n", fileName: "minimal.yml")
        #expect(scene.canvasWidth == 1280 && scene.canvasHeight == 720 && scene.framesPerSecond == 30)
        #expect(scene.simulationRate == 60 && scene.seed == 1 && scene.backdrop == .bedroom)
        #expect(scene.settings == SceneSettings())
        #expect(scene.settings.sensitivity.threshold == 0.5)
        #expect(scene.limits == SceneLimits.defaults(canvasHeight: 720))
        #expect(scene.characters.isEmpty && scene.timeline.isEmpty)
    }

    @Test func sensitivityPresetsMatchTheApp() {
        #expect(Sensitivity.easy.threshold == 0.3)
        #expect(Sensitivity.medium.threshold == 0.5)
        #expect(Sensitivity.hard.threshold == 0.7)
    }

    @Test func builtInDefaultSceneIsTheFileInScenes() throws {
        let file = try String(contentsOf: repositoryRoot.appendingPathComponent("Scenes/princess/default.yaml"), encoding: .utf8)
        #expect(DefaultScene.yaml + "\n" == file)
        let scene = SceneLoader.defaultScene
        #expect(scene.name == "default")
        #expect(try SceneLoader.load(path: repositoryRoot.appendingPathComponent("Scenes/princess/default.yaml").path)
            .timeline == scene.timeline)
    }

    @Test func everyExampleSceneIsValid() throws {
        let folder = repositoryRoot.appendingPathComponent("Scenes/princess")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(files.count >= 4)
        for file in files {
            let scene = try SceneLoader.load(path: folder.appendingPathComponent(file).path)
            #expect(scene.duration > 0, "\(file)")
        }
    }

    @Test func defaultSceneShowsEverythingTheIssueAsksFor() {
        let (_, trace) = runToEnd(SceneLoader.defaultScene)
        let kinds = Set(events("spawn", in: trace).compactMap { $0.text("kind") })
        #expect(kinds == Set(CharacterKind.allCases.map(\.rawValue)))
        #expect(Set(events("action_start", in: trace).compactMap { $0.text("action") }) == Set(ActionKind.allCases.map(\.rawValue)))
        #expect(Set(events("effect_start", in: trace).compactMap { $0.text("effect") })
            .isSuperset(of: ["sparkles", "snow", "bubbles"]))
        #expect(Set(events("gesture", in: trace).compactMap { $0.text("gesture") }).isSuperset(of: ["tap", "drag", "pinch"]))
        #expect(events("spawn", in: trace).contains { $0.text("cause") == "tap" })
        #expect(Set(events("expression", in: trace).compactMap { $0.text("expression") })
            == Set(ExpressionKind.allCases.map(\.rawValue)))
        #expect(events("clap", in: trace).count == 1)
        #expect(events("refused", in: trace).isEmpty)
    }

    @Test func theDocumentedExampleIsAValidScene() throws {
        let doc = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/scene-format.md"), encoding: .utf8)
        let block = try #require(doc.components(separatedBy: "```yaml\n").dropFirst().first?.components(separatedBy: "```").first)
        let scene = try SceneLoader.parse(block, fileName: "example.yaml")
        #expect(scene.timeline.count == 15)
        // Every input kind of the schema appears in the documented example.
        let names = Set(scene.timeline.map(\.input.name))
        #expect(names == ["select", "tap", "drag", "pinch", "long_press", "double_tap", "two_finger_tap",
                          "action", "effect", "expression", "clap", "settings"])
    }
}
