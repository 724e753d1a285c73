import Foundation
import TestSupport
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The report of `check` shows this run alone: a run that stops says so in index.html and
/// junit.xml, a `--scene` run leaves no other scene's folder, and a manifest's `scene:` that
/// names no file is one of its problems, said before anything runs.
@Suite struct CheckReportTests {
    /// A golden folder of two scenes, both the gestures example at 160x90: `gestures` and `b`
    /// (its own copy, b.yaml).
    func folder() throws -> URL {
        let folder = try GestureGoldenFolder.make(size: "160x90", frames: "[0]", more: "  - {name: b, scene: b.yaml, size: 160x90, frames: [0]}")
        try FileManager.default.copyItem(at: folder.appendingPathComponent("scene.yaml"), to: folder.appendingPathComponent("b.yaml"))
        return folder
    }

    func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    func parses(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return XMLParser(data: data).parse()
    }

    /// A scene file that turns out bad half way through: the scene before it was checked, the
    /// report says the check stopped and why (a JUnit error), and no earlier run's results stay.
    @Test func aCheckThatStopsHalfWaySaysSoInItsReport() throws {
        let golden = try folder()
        let report = golden.appendingPathComponent("report").path
        #expect(try AriaRenderTool.run(["golden", "update", "--golden", golden.path]).status == 0)
        let pass = try AriaRenderTool.run(["check", "--golden", golden.path, "--report", report, "--only", "frames,traces"])
        #expect(pass.status == 0, "\(pass.standardOutput)\(pass.standardError)")
        #expect(text(report + "/junit.xml").contains("<testsuite name=\"b\""))

        try "game: princess\nthis is: [not a scene\n".write(to: golden.appendingPathComponent("b.yaml"), atomically: true, encoding: .utf8)
        let stopped = try AriaRenderTool.run(["check", "--golden", golden.path, "--report", report, "--only", "frames,traces"])
        #expect(stopped.status == 2, "\(stopped.standardOutput)\(stopped.standardError)")
        #expect(stopped.standardOutput.contains("ok  gestures:"), "\(stopped.standardOutput)")
        #expect(parses(report + "/index.html") && parses(report + "/junit.xml"))
        let html = text(report + "/index.html"), junit = text(report + "/junit.xml")
        #expect(html.contains("stopped before it finished") && html.contains("b.yaml"), "\(html)")
        #expect(junit.contains("type=\"CheckStopped\"") && junit.contains("b.yaml"), "\(junit)")
        #expect(junit.contains("<testsuite name=\"gestures\""), "the scene checked before the stop is reported")
        #expect(!junit.contains("<testsuite name=\"b\""), "no earlier run's result for the scene that stopped it")
        #expect(!FileManager.default.fileExists(atPath: report + "/results.json"), "golden update --failed reads no part-run")
        // And says why, rather than asking whether check was run at all.
        let failed = try AriaRenderTool.run(["golden", "update", "--golden", golden.path, "--failed", "--report", report])
        #expect(failed.status != 0 && failed.standardError.contains("the last check into \(report) stopped before its end"),
                "\(failed.standardError)")
    }

    /// A `scene:` naming a missing file is reported at the manifest's own line, with the
    /// manifest's other problems, before any scene runs; the report says the check stopped.
    @Test func aMissingSceneFileIsAManifestProblemAtItsLine() throws {
        let golden = try folder()
        let report = golden.appendingPathComponent("report").path
        #expect(try AriaRenderTool.run(["golden", "update", "--golden", golden.path]).status == 0)
        #expect(try AriaRenderTool.run(["check", "--golden", golden.path, "--report", report, "--only", "traces"]).status == 0)

        try """
        version: 1
        scenes:
          - {name: gestures, scene: scene.yaml, size: 160x90, frames: [0]}
          - {name: b, scene: bb.yaml, size: 160x90, frames: [0]}
          - {name: c, scene: b.yaml, size: 3x3, frames: [0]}
        """.write(to: golden.appendingPathComponent("manifest.yaml"), atomically: true, encoding: .utf8)
        let bad = try AriaRenderTool.run(["check", "--golden", golden.path, "--report", report, "--only", "traces"])
        #expect(bad.status == 2, "\(bad.standardOutput)\(bad.standardError)")
        #expect(bad.standardOutput.isEmpty, "nothing ran: \(bad.standardOutput)")
        let lines = bad.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(bad.standardError)")
        #expect(lines.first == "\(golden.path)/manifest.yaml:4:22: scene: bb.yaml does not exist; did you mean 'b.yaml'?",
                "\(bad.standardError)")
        #expect(lines.dropFirst().first?.contains("manifest.yaml:5:") == true, "\(bad.standardError)")
        let junit = text(report + "/junit.xml")
        #expect(junit.contains("type=\"CheckStopped\"") && junit.contains("manifest.yaml:4:22"), "\(junit)")
        #expect(!junit.contains("<testsuite name=\"gestures\""), "no earlier run's results: \(junit)")
        #expect(!FileManager.default.fileExists(atPath: report + "/gestures"))

        // golden update reads the manifest the same way.
        let update = try AriaRenderTool.run(["golden", "update", "--golden", golden.path])
        #expect(update.status == 2 && update.standardError.contains("manifest.yaml:4:22: scene: bb.yaml does not exist"), "\(update.standardError)")
    }

    /// `check --scene gestures` after a check of every scene: b's folder from the earlier run goes.
    @Test func aCheckOfOneSceneLeavesNoOtherScenesFolder() throws {
        let golden = try folder()
        let report = golden.appendingPathComponent("report").path
        // No goldens yet: each scene's actual frame is written to its report folder.
        let all = try AriaRenderTool.run(["check", "--golden", golden.path, "--report", report, "--only", "frames"])
        #expect(all.status == 1, "\(all.standardOutput)\(all.standardError)")
        #expect(FileManager.default.fileExists(atPath: report + "/gestures") && FileManager.default.fileExists(atPath: report + "/b"))
        let one = try AriaRenderTool.run(["check", "--golden", golden.path, "--report", report, "--only", "frames", "--scene", "gestures"])
        #expect(one.status == 1, "\(one.standardOutput)\(one.standardError)")
        #expect(FileManager.default.fileExists(atPath: report + "/gestures/frame_00000_actual.png"))
        #expect(!FileManager.default.fileExists(atPath: report + "/b"), "an earlier run's scene stays in the report")
    }
}
