import Foundation
import TestSupport
import ImageDiff
import Output
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
import PrincessGame

/// `check`, `golden update` and `diff` run as subprocesses on small golden folders of their own.
@Suite struct GoldenCommandTests {
    /// A golden folder with one reference scene: a copy of an example scene, so a test can
    /// change one parameter of it.
    func goldenFolder(frames: String = "[0, 20, 45]") throws -> URL {
        try GestureGoldenFolder.make(size: "320x180", frames: frames)
    }

    func parses(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return XMLParser(data: data).parse()
    }

    @Test func updateThenCheckPassesAndAChangedSceneFails() throws {
        let folder = try goldenFolder()
        let update = try AriaRenderTool.run(["golden", "update", "--golden", folder.path])
        #expect(update.status == 0, "\(update.standardError)")
        #expect(update.standardOutput.contains("gestures: 3 added, 0 unchanged"))
        let report = folder.appendingPathComponent("report").path
        let pass = try AriaRenderTool.run(["check", "--golden", folder.path, "--report", report])
        #expect(pass.status == 0, "\(pass.standardOutput)\(pass.standardError)")
        #expect(pass.standardOutput.contains("ok  gestures: 3 frames at 320x180"))

        // One changed parameter: the room behind the princesses.
        let scenePath = folder.appendingPathComponent("scene.yaml")
        let text = try String(contentsOf: scenePath, encoding: .utf8)
        #expect(text.contains("background: playroom"))
        try text.replacingOccurrences(of: "background: playroom", with: "background: nursery")
            .write(to: scenePath, atomically: true, encoding: .utf8)
        let fail = try AriaRenderTool.run(["check", "--golden", folder.path, "--report", report])
        #expect(fail.status == 1, "\(fail.standardOutput)\(fail.standardError)")
        #expect(fail.standardOutput.contains("FAIL  gestures"))
        #expect(fail.standardOutput.contains("see \(report)/index.html"))
        #expect(parses(report + "/index.html"), "the HTML report is well-formed")
        #expect(parses(report + "/junit.xml"), "the JUnit report is well-formed")
        let junit = try String(contentsOfFile: report + "/junit.xml", encoding: .utf8)
        #expect(junit.contains("<failure message=\""))
        let diff = try PNGImageFile.read(report + "/gestures/frame_00000_diff.png")
        #expect(diff.width == 320 && diff.height == 180)
        #expect(diff.bytes.chunks(ofCount: 4).contains { $0.elementsEqual([255, 0, 0, 255]) }, "red where it differs")
    }

    /// Goldens that drifted within tolerance stay as they are unless asked (`--all`, `--frame`):
    /// an update then shows a reviewer only what really changed. `check` counts the drift and
    /// `--exact` fails on it.
    @Test func updateRewritesOnlyFramesBeyondToleranceAndCheckCountsTheDrift() throws {
        let folder = try GestureGoldenFolder.make(size: "160x90", frames: "[0, 45, 200]")
        #expect(try AriaRenderTool.run(["golden", "update", "--golden", folder.path]).status == 0)
        let drifted = folder.appendingPathComponent("gestures/frame_00045.png").path
        let beyond = folder.appendingPathComponent("gestures/frame_00200.png").path
        let rendered45 = try #require(FileManager.default.contents(atPath: drifted))
        let rendered200 = try #require(FileManager.default.contents(atPath: beyond))
        var image = try PNGImageFile.read(drifted)
        let p = image.pixel(x: 10, y: 10)
        image.setPixel(x: 10, y: 10, red: p.red == 255 ? 254 : p.red + 1, green: p.green, blue: p.blue)
        try PNGImageFile.write(image, to: drifted)
        let drift = try #require(FileManager.default.contents(atPath: drifted))

        let report = folder.appendingPathComponent("report").path
        let check = try AriaRenderTool.run(["check", "--golden", folder.path, "--report", report, "--only", "frames"])
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(check.standardOutput.contains("1 passed but not bit-identical"), "\(check.standardOutput)")
        let exact = try AriaRenderTool.run(["check", "--golden", folder.path, "--report", report, "--only", "frames", "--exact"])
        #expect(exact.status == 1, "\(exact.standardOutput)\(exact.standardError)")
        #expect(exact.standardOutput.contains("1 passed but not bit-identical"), "\(exact.standardOutput)")

        var block = try PNGImageFile.read(beyond)
        for y in 20..<60 { for x in 40..<100 { block.setPixel(x: x, y: y, red: 0, green: 0, blue: 0) } }
        try PNGImageFile.write(block, to: beyond)
        // --failed: the frames the last report shows, nothing else.
        #expect(try AriaRenderTool.run(["check", "--golden", folder.path, "--report", report, "--only", "frames"]).status == 1)
        let failed = try AriaRenderTool.run(["golden", "update", "--golden", folder.path, "--failed", "--report", report])
        #expect(failed.standardOutput.contains("gestures: 1 changed (frames 200), 2 left as they were"), "\(failed.standardOutput)")
        #expect(FileManager.default.contents(atPath: beyond) == rendered200 && FileManager.default.contents(atPath: drifted) == drift)
        try PNGImageFile.write(block, to: beyond)
        let update = try AriaRenderTool.run(["golden", "update", "--golden", folder.path])
        #expect(update.status == 0, "\(update.standardError)")
        #expect(update.standardOutput.contains("gestures: 1 changed (frames 200), 1 unchanged, 1 kept within tolerance (frames 45)"),
                "\(update.standardOutput)")
        #expect(FileManager.default.contents(atPath: drifted) == drift, "a frame within tolerance keeps its golden")
        #expect(FileManager.default.contents(atPath: beyond) == rendered200, "a frame beyond tolerance is rewritten")

        let one = try AriaRenderTool.run(["golden", "update", "--golden", folder.path, "--frame", "45"])
        #expect(one.status == 0, "\(one.standardError)")
        #expect(one.standardOutput.contains("gestures: 1 changed (frames 45), 2 left as they were"), "\(one.standardOutput)")
        #expect(FileManager.default.contents(atPath: drifted) == rendered45)

        try PNGImageFile.write(image, to: drifted)
        let all = try AriaRenderTool.run(["golden", "update", "--golden", folder.path, "--all"])
        #expect(all.standardOutput.contains("gestures: 1 changed (frames 45), 2 unchanged"), "\(all.standardOutput)")
        #expect(FileManager.default.contents(atPath: drifted) == rendered45)
        let unknown = try AriaRenderTool.run(["golden", "update", "--golden", folder.path, "--frame", "46"])
        #expect(unknown.status == 2 && unknown.standardError.contains("46"), "\(unknown.standardError)")
    }

    /// `--failed` rewrites the trace a check found different too, so the next check passes.
    @Test func updateOfTheFailedRewritesTheTraceThatDiffered() throws {
        let folder = try GestureGoldenFolder.make(size: "160x90", frames: "[0]")
        #expect(try AriaRenderTool.run(["golden", "update", "--golden", folder.path]).status == 0)
        let trace = folder.appendingPathComponent("gestures/trace.jsonl").path
        let approved = try String(contentsOfFile: trace, encoding: .utf8)
        try String(approved.split(separator: "\n").dropLast(2).joined(separator: "\n") + "\n").write(toFile: trace, atomically: true, encoding: .utf8)
        let report = folder.appendingPathComponent("report").path
        let check = try AriaRenderTool.run(["check", "--golden", folder.path, "--report", report, "--only", "frames,traces"])
        #expect(check.status == 1, "\(check.standardOutput)\(check.standardError)")
        let failed = try AriaRenderTool.run(["golden", "update", "--golden", folder.path, "--failed", "--report", report])
        #expect(failed.status == 0, "\(failed.standardError)")
        #expect(failed.standardOutput.contains("gestures: 1 left as it was; trace changed"), "\(failed.standardOutput)")
        #expect(try String(contentsOfFile: trace, encoding: .utf8) == approved)
        #expect(try AriaRenderTool.run(["check", "--golden", folder.path, "--report", report, "--only", "frames,traces"]).status == 0)
    }

    /// The fingerprint warning names the library that differs, not the whole list.
    @Test func theFingerprintWarningNamesTheLibraryThatDiffers() throws {
        let folder = try GestureGoldenFolder.make(size: "160x90", frames: "[0]")
        #expect(try AriaRenderTool.run(["golden", "update", "--golden", folder.path]).status == 0)
        let path = folder.appendingPathComponent("fingerprint.yaml").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let pixman = try #require(text.split(separator: "\n").first { $0.hasPrefix("pixman: ") })
        try text.replacingOccurrences(of: String(pixman), with: "pixman: 0.1.0").write(toFile: path, atomically: true, encoding: .utf8)
        let check = try AriaRenderTool.run(["check", "--golden", folder.path, "--only", "traces",
                                            "--report", folder.appendingPathComponent("r").path])
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(check.standardError.contains("warning: the goldens were made with other libraries than this machine's: pixman 0.1.0 → "
                                             + pixman.dropFirst("pixman: ".count) + " (goldens' version → this machine's)"),
                "\(check.standardError)")
        #expect(!check.standardError.contains("cairo"), "\(check.standardError)")
    }

    @Test func aMissingGoldenIsReportedAsMissing() throws {
        let folder = try goldenFolder()
        let outcome = try AriaRenderTool.run(["check", "--golden", folder.path, "--report", folder.appendingPathComponent("r").path])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains("FAIL  gestures: 3 frames at 320x180 (3 missing)"))
        let filled = try AriaRenderTool.run(["golden", "update", "--golden", folder.path, "--missing-only"])
        #expect(filled.standardOutput.contains("gestures: 3 added"))
        let again = try AriaRenderTool.run(["check", "--golden", folder.path, "--report", folder.appendingPathComponent("r").path])
        #expect(again.status == 0)
    }

    @Test func badManifestsAndScenesAreExitTwo() throws {
        let folder = try goldenFolder(frames: "[0, 99999]")
        let past = try AriaRenderTool.run(["check", "--golden", folder.path, "--report", folder.appendingPathComponent("r").path])
        #expect(past.status == 2)
        // Where the frames are written, as for every other problem of the manifest.
        #expect(past.standardError.contains("manifest.yaml:3:64: scene gestures: golden frame 99999 is past the scene's last frame"),
                "\(past.standardError)")
        let unknown = try AriaRenderTool.run(["check", "--golden", folder.path, "--scene", "nope"])
        #expect(unknown.status == 2 && unknown.standardError.contains("no reference scene named \"nope\""))
        try "version: 1\nscenes:\n  - {name: x, scene: scene.yaml, size: 320x180, frame: [0]}\n"
            .write(to: folder.appendingPathComponent("manifest.yaml"), atomically: true, encoding: .utf8)
        let typo = try AriaRenderTool.run(["check", "--golden", folder.path])
        #expect(typo.status == 2)
        #expect(typo.standardError.contains("manifest.yaml:3:"), "\(typo.standardError)")
        #expect(typo.standardError.contains("did you mean 'frames'"))
        #expect(typo.standardError.split(separator: "\n").count == 1, "a misspelt key is one problem, not also a missing one")
        try "version: 1\nscenes:\n  - {name: x, scene: scene.yaml, size: 3x3, frames: [0]}\n  - {name: y, scene: scene.yaml, size: 320x180, frames: [-1]}\n"
            .write(to: folder.appendingPathComponent("manifest.yaml"), atomically: true, encoding: .utf8)
        let two = try AriaRenderTool.run(["check", "--golden", folder.path])
        let lines = two.standardError.split(separator: "\n")
        #expect(two.status == 2 && lines.count == 3, "\(two.standardError)")
        #expect(lines.first?.contains("manifest.yaml:3:40: size: expected WxH") == true && lines.dropFirst().first?.contains("manifest.yaml:4:") == true)
        #expect(lines.last == "aria-render: the golden manifest has 2 problems, each at its place above")
    }

    @Test func diffExitCodesAndJSON() throws {
        let folder = URL(fileURLWithPath: try makeTemporaryFolder())
        let a = folder.appendingPathComponent("a.png").path, b = folder.appendingPathComponent("b.png").path
        var image = RGBAImage(width: 40, height: 30, red: 240, green: 220, blue: 230)
        try PNGImageFile.write(image, to: a)
        let same = try AriaRenderTool.run(["diff", a, a, "--json"])
        #expect(same.status == 0)
        #expect(try JSONSerialization.jsonObject(with: Data(same.standardOutput.utf8)) as? [String: Any] != nil)
        #expect(same.standardOutput.contains("\"identical\":true"))
        image.setPixel(x: 3, y: 4, red: 0, green: 0, blue: 0)
        try PNGImageFile.write(image, to: b)
        let diffPath = folder.appendingPathComponent("d.png").path
        // The same box notation as check's: "1×1 at (3, 4)".
        let words = try AriaRenderTool.run(["diff", a, b])
        #expect(words.standardOutput.contains("in 1 region [1×1 at (3, 4)]"), "\(words.standardOutput)")
        let different = try AriaRenderTool.run(["diff", a, b, "-o", diffPath, "--json"])
        #expect(different.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(different.standardOutput.utf8)) as? [String: Any])
        #expect(json["identical"] as? Bool == false)
        #expect(json["size_mismatch"] as? Bool == false)
        #expect(json["different_pixels"] as? Int == 1)
        #expect(json["antialiased_pixels"] as? Int == 0)
        #expect(json["total_pixels"] as? Int == 1200)
        #expect(try PNGImageFile.read(diffPath).pixel(x: 3, y: 4) == (0, 190, 0, 255), "darker in b: green")
        // Without a diff image, and in the sentence rather than JSON.
        let plain = try AriaRenderTool.run(["diff", a, b])
        #expect(plain.status == 1, "\(plain.standardError)")
        #expect(plain.standardOutput.hasPrefix("different: 1 pixels"), "\(plain.standardOutput)")
        try "not a png".write(toFile: b, atomically: true, encoding: .utf8)
        let bad = try AriaRenderTool.run(["diff", a, b])
        #expect(bad.status == 2 && bad.standardError.hasPrefix("aria-render: ") && bad.standardError.contains(b))
        #expect(bad.standardError.hasSuffix("not a PNG image (it does not start with PNG's signature)\n"), "\(bad.standardError)")
        let threshold = try AriaRenderTool.run(["diff", a, a, "--threshold", "2"])
        #expect(threshold.status == 2)
    }
}

extension Array {
    /// Consecutive slices of `count` elements.
    func chunks(ofCount count: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: self.count, by: count).map { self[$0..<Swift.min($0 + count, self.count)] }
    }
}
