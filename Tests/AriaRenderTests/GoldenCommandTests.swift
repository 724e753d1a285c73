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
        #expect(past.standardError.contains("golden frame 99999 is past the scene's last frame"))
        let unknown = try AriaRenderTool.run(["check", "--golden", folder.path, "--scene", "nope"])
        #expect(unknown.status == 2 && unknown.standardError.contains("no reference scene named \"nope\""))
        try "version: 1\nscenes:\n  - {name: x, scene: scene.yaml, size: 320x180, frame: [0]}\n"
            .write(to: folder.appendingPathComponent("manifest.yaml"), atomically: true, encoding: .utf8)
        let typo = try AriaRenderTool.run(["check", "--golden", folder.path])
        #expect(typo.status == 2)
        #expect(typo.standardError.contains("manifest.yaml:3:"), "\(typo.standardError)")
        #expect(typo.standardError.contains("did you mean 'frames'"))
        #expect(typo.standardError.split(separator: "\n").count == 1)
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
        let different = try AriaRenderTool.run(["diff", a, b, "-o", diffPath, "--json"])
        #expect(different.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(different.standardOutput.utf8)) as? [String: Any])
        #expect(json["identical"] as? Bool == false)
        #expect(json["size_mismatch"] as? Bool == false)
        #expect(json["different_pixels"] as? Int == 1)
        #expect(json["antialiased_pixels"] as? Int == 0)
        #expect(json["total_pixels"] as? Int == 1200)
        #expect(try PNGImageFile.read(diffPath).pixel(x: 3, y: 4) == (255, 0, 0, 255))
        // Without a diff image, and in the sentence rather than JSON.
        let plain = try AriaRenderTool.run(["diff", a, b])
        #expect(plain.status == 1, "\(plain.standardError)")
        #expect(plain.standardOutput.hasPrefix("different: 1 pixels"), "\(plain.standardOutput)")
        try "not a png".write(toFile: b, atomically: true, encoding: .utf8)
        let bad = try AriaRenderTool.run(["diff", a, b])
        #expect(bad.status == 2 && bad.standardError.hasPrefix("aria-render: ") && bad.standardError.contains(b))
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
