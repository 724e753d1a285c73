import Foundation
import Princess
import Scene
import Testing
import Trace

/// Every validation error, with the line and column it points at.
@Suite struct ValidationTests {
    /// The single diagnostic of `text` (see `onlyDiagnostic`).
    private func only(_ text: String, fileName: String = "bad.yaml") -> SceneDiagnostic? {
        onlyDiagnostic(text, fileName: fileName)
    }

    @Test func malformedYAML() {
        let found = only("version: 1\nduration: [1, 2\n")
        #expect(found?.message.hasPrefix("malformed YAML") == true)
        #expect(found?.file == "bad.yaml")
        #expect((found?.line ?? 0) >= 2)
    }

    @Test func malformedJSONPointsAtTheBadCharacter() {
        expectAt(only("{\"version\": 1,\n  \"duration\": 10,,\n}", fileName: "bad.json"), 2, 18, contains: "malformed JSON")
        expectAt(only("{\"version\": 1, \"duration\": tru}", fileName: "bad.json"), 1, 28, contains: "expected a value")
        expectAt(only("{\"version\": 1} x", fileName: "bad.json"), 1, 16, contains: "after the end")
    }

    @Test func missingVersion() {
        expectAt(only("duration: 10\n"), 1, 1, contains: "missing the key 'version'")
    }

    @Test func unknownVersion() {
        expectAt(only("version: 2\nduration: 10\n"), 1, 10, contains: "unknown version", "version 1")
        expectAt(only("version: \"1\"\nduration: 10\n"), 1, 10, contains: "version is the number 1, not the text", "without quotes")
    }

    @Test func unknownKeyWithSuggestion() {
        expectAt(only("version: 1\nduration: 10\ncharactrs: []\n"), 3, 1, contains: "unknown key 'charactrs'", "did you mean 'characters'?")
        expectAt(only("version: 1\nduration: 10\ncanvas:\n  widht: 100\n"), 4, 3, contains: "did you mean 'width'?")
        expectAt(only("version: 1\nduration: 10\nwobble: 1\n"), 3, 1, contains: "unknown key 'wobble'", "expected one of")
    }

    @Test func unknownCharacterKindAndAction() {
        let kind = only("version: 1\nduration: 10\ncharacters:\n  - {id: a, kind: lunna, position: [100, 500]}\n")
        expectAt(kind, 4, 19, contains: "unknown character kind 'lunna'", "did you mean 'luna'?")
        let action = only("version: 1\nduration: 10\ntimeline:\n  - time: 1\n    action: {kind: wavve}\n")
        expectAt(action, 5, 20, contains: "unknown action 'wavve'", "did you mean 'wave'?")
        let effect = only("version: 1\nduration: 10\ntimeline:\n  - {time: 1, effect: {kind: burst}}\n")
        expectAt(effect, 4, 30, contains: "unknown effect 'burst'")
    }

    @Test func targetThatDoesNotExistAtThatTime() {
        let text = """
        version: 1
        duration: 10
        characters:
          - {id: luna, kind: luna, position: [100, 500]}
        timeline:
          - {time: 1, action: {kind: wave, target: lunaa}}
          - {time: 2, two_finger_tap: {target: luna}}
          - {time: 3, drag: {target: luna, to: [200, 500]}}
          - {time: 4, tap: {at: [600, 600], id: rosie}}
          - {time: 0.5, pinch: {target: rosie, scale: 2}}
          - {time: 5, pinch: {target: rosie, scale: 2}}
        """
        let found = diagnostics(text)
        #expect(found.count == 3, "\(found)")
        expectAt(found[0], 6, 44, contains: "no character 'lunaa' at 1 s", "did you mean 'luna'?")
        expectAt(found[1], 8, 30, contains: "no character 'luna' at 3 s", "no characters then")
        expectAt(found[2], 10, 33, contains: "no character 'rosie' at 0.5 s")
    }

    @Test func idTakenByATap() {
        let text = "version: 1\nduration: 10\ncharacters:\n  - {id: a, kind: luna, position: [100, 500]}\ntimeline:\n  - {time: 1, tap: {at: [600, 600], id: a}}\n"
        expectAt(only(text), 6, 41, contains: "already taken")
    }

    @Test func timesOutsideTheScene() {
        expectAt(only("version: 1\nduration: 10\ntimeline:\n  - {time: -1, clap: {}}\n"), 4, 12, contains: "out of range", "seconds")
        expectAt(only("version: 1\nduration: 10\ntimeline:\n  - {time: 10.5, clap: {}}\n"), 4, 12, contains: "out of range")
    }

    @Test func nonFiniteNumbers() {
        expectAt(only("version: 1\nduration: .inf\n"), 2, 11, contains: "finite")
        expectAt(only("version: 1\nduration: 10\nsettings: {volume: .nan}\n"), 3, 20, contains: "finite")
        expectAt(only("version: 1\nduration: 10\nseed: 0x10\n"), 3, 7, contains: "whole number")
    }

    @Test func outOfRangeNumbers() {
        expectAt(only("version: 1\nduration: 10\nsettings: {volume: 1.5}\n"), 3, 20, contains: "out of range", "0 to 1")
        expectAt(only("version: 1\nduration: 10\ncharacters:\n  - {id: a, kind: luna, position: [100, 500], scale: 3}\n"),
                 4, 54, contains: "scale", "0.5 to 2")
        expectAt(only("version: 1\nduration: 10\ncharacters:\n  - {id: a, kind: luna, position: [1300, 500]}\n"),
                 4, 36, contains: "position x", "out of range")
        expectAt(only("version: 1\nduration: 10\ncharacters:\n  - {id: a, kind: luna, position: [100, 100]}\n"),
                 4, 35, contains: "floor")
    }

    @Test func canvasLimits() {
        expectAt(only("version: 1\nduration: 10\ncanvas: {width: 7681}\n"), 3, 17, contains: "canvas.width", "16 to 7680")
        expectAt(only("version: 1\nduration: 10\ncanvas: {height: 4321}\n"), 3, 18, contains: "canvas.height", "16 to 4320")
        expectAt(only("version: 1\nduration: 10\ncanvas: {width: 15}\n"), 3, 17, contains: "canvas.width")
        expectAt(only("version: 1\nduration: 10\ncanvas: {height: 8}\n"), 3, 18, contains: "canvas.height")
    }

    @Test func durationLimit() {
        expectAt(only("version: 1\nduration: 86401\n"), 2, 11, contains: "out of range", "86400")
        expectAt(only("version: 1\nduration: 0\n"), 2, 11, contains: "more than 0")
        expectAt(only("version: 1\n"), 1, 1, contains: "missing the key 'duration'")
    }

    @Test func entriesNeedExactlyOneInput() {
        expectAt(only("version: 1\nduration: 10\ntimeline:\n  - {time: 1}\n"), 4, 5, contains: "has no input")
        expectAt(only("version: 1\nduration: 10\ntimeline:\n  - {time: 1, clap: {}, select: luna}\n"), 4, 25, contains: "both 'clap' and 'select'")
        expectAt(only("version: 1\nduration: 10\ntimeline:\n  - {time: 1, pinch: {at: [1, 400]}}\n"), 4, 22, contains: "'scale'", "'factor'")
    }

    @Test func duplicateKeysAndIds() {
        expectAt(only("version: 1\nduration: 10\nduration: 5\n"), 3, 1, contains: "twice")
        let text = "version: 1\nduration: 10\ncharacters:\n  - {id: a, kind: luna, position: [100, 500]}\n  - {id: a, kind: rosie, position: [300, 500]}\n"
        expectAt(only(text), 5, 10, contains: "duplicate character id 'a'", "line 4")
    }

    @Test func idsFitTheSharedSessionsMessages() {
        // 64 bytes is the most a message carries; a longer id would be cut short on the wire.
        let long = String(repeating: "é", count: 33)
        let characters = "version: 1\nduration: 10\ncharacters:\n  - {id: \"\(long)\", kind: luna, position: [100, 500]}\n"
        expectAt(only(characters), 4, 10, contains: "characters[0].id is 66 bytes, over the 64")
        let tap = "version: 1\nduration: 10\ntimeline:\n  - {time: 1, tap: {at: [400, 500], id: \"a\\tb\"}}\n"
        expectAt(only(tap), 4, 41, contains: "does not print")
        let separator = "version: 1\nduration: 10\ncharacters:\n  - {id: \"a\\u2028b\", kind: luna, position: [100, 500]}\n"
        expectAt(only(separator), 4, 10, contains: "'a\\u{2028}b'", "does not print")
        let fits = "version: 1\nduration: 10\ncharacters:\n  - {id: \"\(String(repeating: "é", count: 32))\", kind: luna, position: [100, 500]}\n"
        #expect(diagnostics(fits).isEmpty)
    }

    @Test func reportsEveryErrorOfAFileNotOnlyTheFirst() {
        let text = """
        version: 3
        duration: 99999999
        canvas: {width: 5, hieght: 10}
        characters:
          - {id: a, kind: elsa, position: [1, 2, 3]}
        timeline:
          - {time: 1, action: {kind: fly}}
        """
        let found = diagnostics(text)
        #expect(found.count == 7, "\(found.map(\.description))")
        #expect(found.map(\.line) == [1, 2, 3, 3, 5, 5, 7])
        #expect(found.allSatisfy { $0.description.hasPrefix("bad.yaml:\($0.line):\($0.column): ") })
    }

    @Test func unreadableFileIsADiagnosticNotACrash() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("nope.yaml").path
        #expect(throws: SceneErrors.self) { try SceneLoader.load(path: missing) }
        do {
            _ = try SceneLoader.load(path: missing)
        } catch let errors as SceneErrors {
            #expect(errors.diagnostics.first?.description == "\(missing):1:1: the scene file does not exist")
        }
        let binary = folder.appendingPathComponent("binary.yaml")
        try Data([0xFF, 0xFE, 0x00, 0x80]).write(to: binary)
        #expect(throws: SceneErrors.self) { try SceneLoader.load(path: binary.path) }
        expectAt(only("version: 1\n", fileName: "scene.txt"), 1, 1, contains: "extension")
    }

    @Test func deepNestingIsAnErrorNotAStackOverflow() {
        let deepYAML = "version: 1\nduration: 1\ntimeline: " + String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)
        expectAt(only(deepYAML), 3, 1, contains: "nested more than 500 levels")
        let dashes = "version: 1\nduration: 1\ntimeline: " + String(repeating: "- ", count: 20_000)
        expectAt(only(dashes), 3, 1, contains: "nested more than 500 levels")
        let deepJSON = "{\"version\": 1, \"timeline\": " + String(repeating: "[", count: 50_000)
        expectAt(only(deepJSON, fileName: "deep.json"), 1, 91, contains: "nested more than 64 levels")
    }
}

/// A character a tap spawns without an id can be named by later entries.
@Suite struct DefaultTapIDTests {
    @Test func aTapSpawnedCharacterIsTargetedByItsDefaultName() throws {
        let text = """
        version: 1
        canvas: {width: 1280, height: 720}
        duration: 4
        selected: rosie
        timeline:
          - {time: 0.5, tap: {at: [400, 600]}}
          - {time: 1.0, select: luna}
          - {time: 1.2, tap: {at: [900, 600]}}
          - {time: 2.0, action: {kind: wave, target: rosie-1}}
          - {time: 2.5, action: {kind: jump, target: luna-1}}

        """
        let scene = try SceneLoader.parse(text, fileName: "taps.yaml")
        let simulation = SceneSimulation(scene: scene)
        var trace: [TraceEvent] = []
        for frame in 0...simulation.frameCount {
            simulation.advance(toFrame: frame)
            trace += simulation.drainTrace()
        }
        #expect(trace.filter { $0.event == "spawn" }.map(\.character) == ["rosie-1", "luna-1"])
        #expect(trace.filter { $0.event == "action_start" }.map(\.character) == ["rosie-1", "luna-1"])
        #expect(throws: SceneErrors.self) {
            try SceneLoader.parse(text.replacingOccurrences(of: "target: luna-1", with: "target: luna-2"), fileName: "taps.yaml")
        }
    }
}
