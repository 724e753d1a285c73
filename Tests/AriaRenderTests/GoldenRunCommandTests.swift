import Foundation
import TestSupport
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `golden update` and `check` with golden traces, soundtracks and rules, as subprocesses on
/// a golden folder of their own (a copy of the gestures scene, so a test can change it).
@Suite struct GoldenRunCommandTests {
    func goldenFolder(rules: String = "") throws -> URL {
        try GestureGoldenFolder.make(size: "160x90", frames: "[0, 45]", more: """
        rules:
          - {name: clap-makes-everyone-jump, rule: every_character, when: {event: clap}, then: {event: action_start, action: jump}}
          - {name: at-most-four, rule: max_characters, max: 4}
        \(rules)
        """)
    }

    func run(_ arguments: [String]) throws -> (status: Int32, standardOutput: String, standardError: String) {
        let result = try AriaRenderTool.run(arguments)
        return (result.status, result.standardOutput, result.standardError)
    }

    @Test func updateWritesATraceAndASoundThatCheckFindsIdentical() throws {
        let folder = try goldenFolder()
        let update = try run(["golden", "update", "--golden", folder.path])
        #expect(update.status == 0, "\(update.standardError)")
        #expect(update.standardOutput.contains("gestures: 2 added, 0 unchanged; trace added, sound added"))
        let sound = folder.appendingPathComponent("gestures/sound.flac").path
        // ffprobe, not this project, says what the golden sound is.
        let probe = try MediaProbe.probe(sound, stream: "a:0", entries: "stream=codec_name,sample_rate,channels:format=duration")
        #expect(probe["codec_name"] == "flac" && probe["sample_rate"] == "48000" && probe["channels"] == "2", "\(probe)")
        #expect(abs((Double(probe["duration"] ?? "") ?? 0) - 12) < 0.01, "\(probe)")
        // Its samples are those of `render -o sound.wav`, bit for bit.
        let wav = folder.appendingPathComponent("render.wav").path
        let rendered = try run(["render", folder.appendingPathComponent("scene.yaml").path, "-o", wav, "--quiet"])
        #expect(rendered.status == 0, "\(rendered.standardError)")
        let decoded = try MediaProbe.output(of: "ffmpeg", ["-v", "error", "-i", sound, "-f", "s16le", "-"])
        let wavBytes = try #require(FileManager.default.contents(atPath: wav))
        #expect(decoded == wavBytes.suffix(decoded.count) && wavBytes.count == decoded.count + 44)
        // The trace is the one `simulate` writes for the same frames.
        let trace = try String(contentsOf: folder.appendingPathComponent("gestures/trace.jsonl"), encoding: .utf8)
        #expect(trace.hasPrefix(#"{"t":0,"frame":0,"event":"select""#) || trace.hasPrefix(#"{"t":0"#))

        let report = folder.appendingPathComponent("report").path
        let check = try run(["check", "--golden", folder.path, "--report", report])
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(check.standardOutput.contains("ok  gestures: 2 frames at 160x90 bit-identical; trace ("), "\(check.standardOutput)")
        #expect(check.standardOutput.contains("events) and sound identical, 2 rules kept in "))
        let again = try run(["golden", "update", "--golden", folder.path])
        #expect(again.standardOutput.contains("gestures: 2 unchanged; trace unchanged, sound unchanged"), "\(again.standardOutput)")
    }

    @Test func onlyTracesDrawsNothingAndARefusedSpawnIsSaidInWords() throws {
        let folder = try goldenFolder()
        #expect(try run(["golden", "update", "--golden", folder.path]).status == 0)
        // Crystal's tap now lands next to Luna: the spawn is refused.
        let scenePath = folder.appendingPathComponent("scene.yaml")
        let text = try String(contentsOf: scenePath, encoding: .utf8)
        #expect(text.contains("tap: {at: [980, 640], id: crystal}"))
        try text.replacingOccurrences(of: "tap: {at: [980, 640], id: crystal}", with: "tap: {at: [700, 560], id: crystal}")
            .write(to: scenePath, atomically: true, encoding: .utf8)
        let report = folder.appendingPathComponent("report").path
        let traces = try run(["check", "--golden", folder.path, "--report", report, "--only", "traces"])
        #expect(traces.status == 1, "\(traces.standardOutput)\(traces.standardError)")
        #expect(traces.standardOutput.contains("FAIL  gestures: no frames drawn"), "\(traces.standardOutput)")
        #expect(traces.standardOutput.contains("first: t=2.60 gesture tap: x 980 → 700, y 640 → 560"), "\(traces.standardOutput)")
        #expect(traces.standardOutput.contains("\n        t=2.60 spawn crystal: now refused too_close\n"), "\(traces.standardOutput)")
        let written = try FileManager.default.contentsOfDirectory(atPath: report + "/gestures")
        #expect(written.sorted() == ["trace_actual.jsonl", "trace_golden.jsonl"], "no frame was drawn: \(written)")
        let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        #expect(html.contains("t=2.60 spawn crystal: now refused too_close"))
        #expect(XMLParser(data: Data(html.utf8)).parse(), "the HTML report is well-formed")
        let junit = try String(contentsOfFile: report + "/junit.xml", encoding: .utf8)
        #expect(junit.contains(#"name="trace.jsonl""#) && junit.contains(#"type="TraceDiffers""#))
        #expect(XMLParser(data: Data(junit.utf8)).parse())

        // The whole check also hears it: her spawn sound is gone.
        let all = try run(["check", "--golden", folder.path, "--report", report])
        #expect(all.status == 1)
        #expect(all.standardOutput.contains("sound: "), "\(all.standardOutput)")
        #expect(FileManager.default.fileExists(atPath: report + "/gestures/sound_diff.png"))
        #expect(FileManager.default.fileExists(atPath: report + "/gestures/sound_actual.wav"))
    }

    @Test func aMissingGoldenTraceSaysToRunGoldenUpdate() throws {
        let folder = try goldenFolder()
        #expect(try run(["golden", "update", "--golden", folder.path]).status == 0)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("gestures/trace.jsonl"))
        let check = try run(["check", "--golden", folder.path, "--report", folder.appendingPathComponent("r").path])
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("trace: no golden trace yet; run `aria-render golden update --missing-only` to make it"))
        let fill = try run(["golden", "update", "--golden", folder.path, "--missing-only"])
        #expect(fill.standardOutput.contains("gestures: 2 left as they were; trace added"), "\(fill.standardOutput)")
        #expect(try run(["check", "--golden", folder.path, "--report", folder.appendingPathComponent("r").path]).status == 0)
    }

    @Test func aBrokenRuleFailsWithTheEventsThatBrokeIt() throws {
        let folder = try goldenFolder(rules: "  - {name: three-at-most, says: a crowded scene is too much, rule: max_characters, max: 3}")
        #expect(try run(["golden", "update", "--golden", folder.path]).status == 0)
        let report = folder.appendingPathComponent("report").path
        let check = try run(["check", "--golden", folder.path, "--report", report, "--only", "traces"])
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("rule three-at-most broken 2 times: t=9.20 spawn rosie: 4 characters at once, more than 3"),
                "\(check.standardOutput)")
        let junit = try String(contentsOfFile: report + "/junit.xml", encoding: .utf8)
        #expect(junit.contains(#"name="rule three-at-most""#) && junit.contains(#"type="RuleBroken""#))
        let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        #expect(html.contains("a crowded scene is too much") && html.contains("&quot;event&quot;:&quot;spawn&quot;"))
    }

    @Test func aSceneFilesOwnRuleIsCheckedToo() throws {
        let folder = try goldenFolder()
        #expect(try run(["golden", "update", "--golden", folder.path]).status == 0)
        let scenePath = folder.appendingPathComponent("scene.yaml")
        try (String(contentsOf: scenePath, encoding: .utf8) + "rules:\n  - {name: three-in-this-scene, rule: max_characters, max: 3}\n")
            .write(to: scenePath, atomically: true, encoding: .utf8)
        let check = try run(["check", "--golden", folder.path, "--only", "traces", "--report", folder.appendingPathComponent("r").path])
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("trace (82 events) identical, 2 of 3 rules kept"), "\(check.standardOutput)")
        #expect(check.standardOutput.contains("rule three-in-this-scene broken"))
    }

    @Test func noFFmpegIsOneLineThatSaysHowToGoOnWithoutTheSound() throws {
        let folder = try goldenFolder()
        #expect(try run(["golden", "update", "--golden", folder.path]).status == 0)
        let report = folder.appendingPathComponent("r").path
        let result = try AriaRenderTool.run(["check", "--golden", folder.path, "--report", report, "--only", "sound"],
                                            environment: ["PATH": "/nonexistent"])
        #expect(result.status == 3, "\(result.standardError)")
        #expect(result.standardError == "aria-render: ffmpeg not found on PATH; install it (Debian: apt-get install ffmpeg) "
                + "(it reads the golden sound; --only frames,traces leaves the sound out)\n")
        let traces = try AriaRenderTool.run(["check", "--golden", folder.path, "--report", report, "--only", "frames,traces"],
                                            environment: ["PATH": "/nonexistent"])
        #expect(traces.status == 0, "\(traces.standardOutput)\(traces.standardError)")
    }

    /// An ffmpeg that is there but fails (a broken library, a bad build) is the machine's
    /// failure, exit 3, not a golden that cannot be read (exit 1); a golden that really is
    /// broken stays GoldenUnreadable.
    @Test func aFailingFFmpegIsExitThreeAndABrokenGoldenStaysUnreadable() throws {
        let folder = try goldenFolder()
        #expect(try run(["golden", "update", "--golden", folder.path]).status == 0)
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let fake = bin.appendingPathComponent("ffmpeg").path
        try "#!/bin/sh\necho 'ffmpeg: error while loading shared libraries: libavcodec.so.61' >&2\nexit 127\n"
            .write(toFile: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        let report = folder.appendingPathComponent("r").path
        let failing = try AriaRenderTool.run(["check", "--golden", folder.path, "--report", report, "--only", "sound"],
                                             environment: ["PATH": bin.path])
        #expect(failing.status == 3, "\(failing.standardOutput)\(failing.standardError)")
        #expect(failing.standardError.hasPrefix("aria-render: ffmpeg is installed but fails"), "\(failing.standardError)")
        #expect(failing.standardError.contains("libavcodec.so.61") && failing.standardError.split(separator: "\n").count == 1)

        try Data("not a FLAC file".utf8).write(to: folder.appendingPathComponent("gestures/sound.flac"))
        let broken = try run(["check", "--golden", folder.path, "--report", report, "--only", "sound"])
        #expect(broken.status == 1, "\(broken.standardOutput)\(broken.standardError)")
        #expect(broken.standardOutput.contains("sound: the golden soundtrack cannot be read"), "\(broken.standardOutput)")
        let junit = try String(contentsOfFile: report + "/junit.xml", encoding: .utf8)
        #expect(junit.contains("GoldenUnreadable"))
    }

    /// Rules that could never fire are bad input when read (a value the game never writes, a
    /// range of a text field, min above max, a deadline that is not a number), each at its
    /// `file:line:column`; a well-formed rule that matched nothing in the scenes it ran on is
    /// a warning.
    @Test func rulesThatCanNeverFireAreBadInputOrAWarning() throws {
        let cases: [(rule: String, says: String)] = [
            ("{name: x, rule: never, event: {event: gesture, gesture: tapp}}", "unknown gesture 'tapp'"),
            ("{name: x, rule: never, event: {event: haptic, kind: warnnig}}", "did you mean 'warning'"),
            ("{name: x, rule: range, event: {event: action_start}, field: action, max: 3}", "'action' is not a number in action_start"),
            ("{name: x, rule: range, event: {event: expression}, field: latency, min: 0.5, max: 0.1}", "min 0.5 is greater than max 0.1"),
            ("{name: x, rule: follows, when: {event: action_start}, then: {event: action_end}, within: action}",
             "'action' is not a number in action_start; its number fields: duration"),
        ]
        for (rule, says) in cases {
            let folder = try goldenFolder(rules: "  - \(rule)")
            let bad = try run(["check", "--golden", folder.path, "--only", "traces"])
            #expect(bad.status == 2, "\(rule): \(bad.standardOutput)\(bad.standardError)")
            #expect(bad.standardError.contains("manifest.yaml:7:") && bad.standardError.contains(says), "\(rule): \(bad.standardError)")
            #expect(bad.standardError.split(separator: "\n").count == 1, "\(bad.standardError)")
        }
        let folder = try goldenFolder(rules: "  - {name: smiles-sparkle, rule: follows, when: {event: expression, expression: smile}, "
                                      + "then: {event: effect_start}, within: 0.3}")
        #expect(try run(["golden", "update", "--golden", folder.path]).status == 0)
        let idle = try run(["check", "--golden", folder.path, "--only", "traces", "--report", folder.appendingPathComponent("r").path])
        #expect(idle.status == 0, "\(idle.standardOutput)\(idle.standardError)")
        #expect(idle.standardError.contains("manifest.yaml:7:5: rule 'smiles-sparkle' matched nothing in the scene it ran on "
                                            + "(no expression with expression smile), so it can never fire there"), "\(idle.standardError)")
        #expect(!idle.standardError.contains("clap-makes-everyone-jump") || idle.standardError.contains("'clap-makes-everyone-jump' matched"),
                "\(idle.standardError)")
    }

    /// A rule of every scene is not idle because the scenes picked with `--scene` lack its
    /// event: the repository's manifest checked on three of its scenes warns of nothing.
    @Test func aCheckOfSomeScenesWarnsOnlyOfRulesItRanEverywhere() throws {
        let report = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: report) }
        let some = try run(["check", "--golden", RepositoryRoot.path + "/Golden", "--scene", "princess/gestures", "--scene", "findit/hunt",
                            "--scene", "glitch-squad/time-out", "--only", "traces", "--report", report])
        #expect(some.status == 0, "\(some.standardOutput)\(some.standardError)")
        #expect(some.standardError.isEmpty, "\(some.standardError)")
    }

    @Test func badRulesAndPartsAreBadInput() throws {
        let folder = try goldenFolder(rules: "  - {name: x, rule: never, event: {event: hapticc}}")
        let bad = try run(["check", "--golden", folder.path])
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("manifest.yaml:7:43: unknown event 'hapticc'"), "\(bad.standardError)")
        #expect(bad.standardError.contains("did you mean 'haptic'"))
        #expect(bad.standardError.split(separator: "\n").count == 1)
        let part = try run(["check", "--golden", try goldenFolder().path, "--only", "trace"])
        #expect(part.status == 2 && part.standardError.contains("did you mean 'traces'"), "\(part.standardError)")
    }
}
