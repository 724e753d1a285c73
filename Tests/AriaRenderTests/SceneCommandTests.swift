import Foundation
import TestSupport
import Testing

@Suite struct ValidateCommandTests {
    @Test func validScenesPassWithExitZero() throws {
        let scenes = ["default", "gestures", "face-magic", "snowy-night"]
            .map { RepositoryRoot.url.appendingPathComponent("Scenes/princess/\($0).yaml").path }
        let outcome = try AriaRenderTool.run(["validate"] + scenes)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.split(separator: "\n").count == 4)
        #expect(outcome.standardOutput.contains("default.yaml: ok"))
    }

    @Test func invalidScenesListEveryProblemAndExitTwo() throws {
        let folder = URL(fileURLWithPath: try makeTemporaryFolder())
        defer { try? FileManager.default.removeItem(at: folder) }
        try "version: 2\nduration: 10\ncharactrs: []\n".write(to: folder.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        try #"{"version": 1, "duration": 5, "background": "bedrom"}"#.write(to: folder.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let good = RepositoryRoot.url.appendingPathComponent("Scenes/princess/default.yaml").path
        let outcome = try AriaRenderTool.run(["validate", "bad.yaml", good, "bad.json", "missing.yaml"], in: folder.path)
        #expect(outcome.status == 2)
        let lines = outcome.standardError.split(separator: "\n").map(String.init)
        #expect(lines.contains("bad.yaml:1:10: unknown version '2'; this tool reads scene files of version 1"))
        #expect(lines.contains { $0.hasPrefix("bad.yaml:3:1: unknown key 'charactrs'") && $0.contains("did you mean 'characters'?") })
        #expect(lines.contains { $0.hasPrefix("bad.json:1:45: unknown background 'bedrom'") && $0.contains("did you mean 'bedroom'?") })
        #expect(lines.contains("missing.yaml:1:1: the scene file does not exist"))
        #expect(lines.last == "aria-render: 3 of 4 scene files are invalid")
        #expect(outcome.standardOutput.contains("default.yaml: ok"))
    }

    @Test func noFilesIsBadInput() throws {
        let outcome = try AriaRenderTool.run(["validate"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("aria-render: "))
    }
}

@Suite struct SimulateCommandTests {
    @Test func defaultSceneSummaryAndTrace() throws {
        let folder = URL(fileURLWithPath: try makeTemporaryFolder())
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try AriaRenderTool.run(["simulate", "--trace", "trace.jsonl"], in: folder.path)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.hasPrefix("Simulated \"default\": 10 s, 300 frames at 30 fps"))
        #expect(outcome.standardOutput.contains("5 spawned (sparkle, luna, rosie, crystal, willow)"))
        #expect(outcome.standardOutput.contains("claps        1"))
        let text = try String(contentsOf: folder.appendingPathComponent("trace.jsonl"), encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(outcome.standardOutput.contains("events       \(lines.count) in the trace"))
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["t"] is NSNumber && object?["frame"] is NSNumber && object?["event"] is String)
        }
        #expect(lines.first?.hasPrefix(#"{"t":0,"frame":0,"event":"spawn","character":"sparkle""#) == true)

        // The same run again writes the same bytes.
        let again = try AriaRenderTool.run(["simulate", "--trace", "again.jsonl"], in: folder.path)
        #expect(again.status == 0)
        #expect(try Data(contentsOf: folder.appendingPathComponent("again.jsonl")) == Data(text.utf8))
    }

    @Test func framesLimitTheRun() throws {
        let outcome = try AriaRenderTool.run(["simulate", "--frames", "0-30", "--trace", "-",
                                                 RepositoryRoot.url.appendingPathComponent("Scenes/princess/gestures.yaml").path])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.hasPrefix("{\"t\":") })
        #expect(!outcome.standardOutput.contains("\"frame\":31"))
        #expect(outcome.standardError.contains("30 frames at 30 fps"))
    }

    @Test func badSceneIsExitTwoAndUnwritableTraceIsExitThree() throws {
        let folder = URL(fileURLWithPath: try makeTemporaryFolder())
        defer { try? FileManager.default.removeItem(at: folder) }
        try "version: 1\nduration: -3\n".write(to: folder.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        let bad = try AriaRenderTool.run(["simulate", "bad.yaml"], in: folder.path)
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("bad.yaml:2:11: duration is out of range"))
        #expect(bad.standardError.hasSuffix("aria-render: the scene file bad.yaml is invalid\n"))
        let unwritable = try AriaRenderTool.run(["simulate", "--trace", "no/such/folder/trace.jsonl"], in: folder.path)
        #expect(unwritable.status == 3)
        #expect(unwritable.standardError == "aria-render: cannot write the trace to no/such/folder/trace.jsonl\n")
        let negative = try AriaRenderTool.run(["simulate", "--frames", "-1"], in: folder.path)
        #expect(negative.status == 2)
    }
}

/// A timeline entry the run refuses or clamps is a warning at the entry, with what it costs
/// later; `--strict` makes warnings bad input, and a render then writes nothing.
@Suite struct SceneWarningTests {
    static let scene = """
    version: 1
    canvas: {width: 1280, height: 720}
    duration: 6
    characters: []
    timeline:
      - {time: 1, tap: {at: [640, 520], id: luna}}
      - {time: 1.5, tap: {at: [640, 200], id: crystal}}
      - {time: 2, drag: {target: crystal, to: [900, 600]}}
      - {time: 3, pinch: {target: crystal, scale: 2}}
      - {time: 4, pinch: {target: luna, scale: 5}}
      - {time: 4.5, tap: {at: [660, 530]}}

    """

    static func write() throws -> (folder: String, scene: String) {
        let folder = try makeTemporaryFolder("warnings")
        try scene.write(toFile: folder + "/refused.yaml", atomically: true, encoding: .utf8)
        return (folder, "refused.yaml")
    }

    @Test func validateWarnsAtEachRefusedOrClampedEntryAndCountsWhoAppears() throws {
        let (folder, scene) = try Self.write()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try AriaRenderTool.run(["validate", scene], in: folder)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.standardError.split(separator: "\n").map(String.init)
        #expect(lines == [
            "refused.yaml:7:12: warning: the tap at 1.5 s is refused: it lands above the floor (the horizon is at y 324), "
                + "so crystal never appears and the drag at line 8 and the pinch at line 9 find no crystal",
            "refused.yaml:8:12: warning: the drag at 2 s is refused: it finds no crystal (the tap at line 7 that would make crystal was refused)",
            "refused.yaml:9:12: warning: the pinch at 3 s is refused: it finds no crystal (the tap at line 7 that would make crystal was refused)",
            "refused.yaml:10:12: warning: the pinch at 4 s asks luna for scale 5, clamped to 2",
            "refused.yaml:11:12: warning: the tap at 4.5 s is refused: it is 22 px from luna, and a new character needs 72",
        ])
        #expect(outcome.standardOutput == "refused.yaml: ok (0 characters, 6 timeline entries; 1 character appears, 1280x720, 6 s)\n")
    }

    @Test func strictMakesWarningsBadInputForValidateSimulateAndRender() throws {
        let (folder, scene) = try Self.write()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let validate = try AriaRenderTool.run(["validate", "--strict", scene], in: folder)
        #expect(validate.status == 2)
        // Refused, so not also called ok; the last line says why, as render's and simulate's do.
        #expect(validate.standardOutput.isEmpty, "\(validate.standardOutput)")
        #expect(validate.standardError.hasSuffix("aria-render: --strict: the scene file \(scene) has warnings\n"), "\(validate.standardError)")
        let simulate = try AriaRenderTool.run(["simulate", scene, "--strict"], in: folder)
        #expect(simulate.status == 2)
        #expect(simulate.standardError.hasSuffix("aria-render: --strict: 5 warnings\n"), "\(simulate.standardError)")
        let render = try AriaRenderTool.run(["render", scene, "--strict", "--frame", "10", "-o", "still.png"], in: folder)
        #expect(render.status == 2)
        #expect(!FileManager.default.fileExists(atPath: folder + "/still.png"), "nothing is written")
        // Without --strict the render goes on, saying the same warnings first.
        let lenient = try AriaRenderTool.run(["render", scene, "--frame", "10", "-o", "still.png"], in: folder)
        #expect(lenient.status == 0, "\(lenient.standardError)")
        #expect(lenient.standardError.hasPrefix("refused.yaml:7:12: warning: the tap at 1.5 s is refused"))
        #expect(FileManager.default.fileExists(atPath: folder + "/still.png"))
    }

    /// A scene's own rule the run breaks is a warning at the rule, in validate and simulate as
    /// in check; one it keeps says nothing.
    @Test func aBrokenRuleOfTheSceneIsAWarningAtTheRule() throws {
        let folder = try makeTemporaryFolder("scene-rule")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func scene(spawns: Int) -> String {
            "version: 1\nduration: 4\ncharacters:\n  - {id: luna, kind: luna, position: [640, 600]}\ntimeline:\n"
                + "  - {time: 1, tap: {at: [300, 600], id: rosie-1}}\nrules:\n"
                + "  - {name: spawns, rule: count, event: {event: spawn}, min: \(spawns), max: \(spawns)}\n"
        }
        try scene(spawns: 3).write(toFile: folder + "/broken.yaml", atomically: true, encoding: .utf8)
        try scene(spawns: 2).write(toFile: folder + "/kept.yaml", atomically: true, encoding: .utf8)
        let broken = try AriaRenderTool.run(["validate", "broken.yaml"], in: folder)
        #expect(broken.status == 0)
        #expect(broken.standardError == "broken.yaml:8:5: warning: rule 'spawns' is broken: 2 spawn in the run, fewer than 3\n", "\(broken.standardError)")
        #expect(try AriaRenderTool.run(["validate", "--strict", "broken.yaml"], in: folder).status == 2)
        let simulate = try AriaRenderTool.run(["simulate", "broken.yaml"], in: folder)
        #expect(simulate.status == 0 && simulate.standardError.hasPrefix("broken.yaml:8:5: warning: rule 'spawns' is broken"))
        let kept = try AriaRenderTool.run(["validate", "--strict", "kept.yaml"], in: folder)
        #expect(kept.status == 0 && kept.standardError.isEmpty, "\(kept.standardError)")
    }

    @Test func aSceneWhoseEntriesAllTakeHasNoWarnings() throws {
        let scene = RepositoryRoot.url.appendingPathComponent("Scenes/princess/face-magic.yaml").path
        let outcome = try AriaRenderTool.run(["validate", "--strict", scene])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.isEmpty)
        #expect(outcome.standardOutput.contains("; 3 characters appear,"))
    }
}

/// YAML slips are said in the words of whoever wrote the file, where they are, with the
/// reader's own words after them.
@Suite struct YAMLSlipTests {
    static let slips: [(text: String, says: String)] = [
        ("version: 1\nduration: 5\ntimeline:\n  - time: 1\n      tap: {at: [1, 2]}\n",
         "slip.yaml:5:10: malformed YAML: `tap:` is indented deeper than `time:` above it; give it the same indentation"),
        ("version: 1\nduration: 5\n  canvas: {width: 10}\n",
         "slip.yaml:3:9: malformed YAML: `canvas:` is indented deeper than `duration:` above it"),
        ("version: 1\nduration: 5\ncharacters: [\n  {id: a, kind: luna\n",
         "slip.yaml:5:1: malformed YAML: the `{` opened at line 4, column 3 is not closed: a `}` is missing, or a `,` between its entries"),
        ("version: 1\n\tduration: 5\n", "slip.yaml:2:1: malformed YAML: a tab indents this line; YAML indents with spaces only"),
        // A tab before a list's dash is another of the reader's errors, the same slip.
        ("version: 1\nduration: 5\ncharacters:\n\t- {id: a, kind: luna}\n",
         "slip.yaml:4:1: malformed YAML: a tab indents this line; YAML indents with spaces only"),
        ("version: 1\nduration: \"5\n", "slip.yaml:3:1: malformed YAML: the quote opened at line 2, column 11 is never closed"),
        ("version: 1\nduration: 5\ncharacters: [{id: a, kind: luna}\n",
         "slip.yaml:4:1: malformed YAML: the `[` opened at line 3, column 13 is not closed: a `]` is missing, or a `,` between its items"),
    ]

    @Test(arguments: 0..<slips.count)
    func aSlipIsSaidInPlainWordsAtItsPlace(index: Int) throws {
        let folder = try makeTemporaryFolder("slip-\(index)")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.slips[index].text.write(toFile: folder + "/slip.yaml", atomically: true, encoding: .utf8)
        let outcome = try AriaRenderTool.run(["validate", "slip.yaml"], in: folder)
        #expect(outcome.status == 2)
        let first = outcome.standardError.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix(Self.slips[index].says), "\(first)")
        #expect(first.contains("(the YAML reader: "), "the reader's own words follow")
    }

    @Test func aQuotedVersionIsToldToLoseItsQuotes() throws {
        let folder = try makeTemporaryFolder("slip-version")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "version: \"1\"\nduration: 5\n".write(toFile: folder + "/slip.yaml", atomically: true, encoding: .utf8)
        let outcome = try AriaRenderTool.run(["validate", "slip.yaml"], in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("slip.yaml:1:10: version is the number 1, not the text \"1\": write 'version: 1' without quotes\n"),
                "\(outcome.standardError)")
    }
}
