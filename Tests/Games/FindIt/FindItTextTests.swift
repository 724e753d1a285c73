import Foundation
import TestSupport
import Testing

/// The Korean on FindIt's screens is legible: tesseract (`kor`) reads the mission card's
/// name and hint, and the Home grid's names, back off frames the tool rendered at 720×1280,
/// with at least 90 % of the characters right.
@Suite struct FindItTextTests {
    static func read(frame: Int, of scene: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("findit-ocr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("frame.png").path
        let scenePath = RepositoryRoot.url.appendingPathComponent("Scenes/findit/\(scene).yaml").path
        let result = try AriaRenderTool.run(["render", scenePath, "--frame", String(frame), "--size", "720x1280", "-o", png])
        guard result.status == 0 else { throw FixtureError("render failed: \(result.standardError)") }
        return try TextRecognition.read(png: png, language: "kor", pageSegmentation: 6)
    }

    @Test func theMissionCardsNameAndHintReadBack() throws {
        let text = try Self.read(frame: 75, of: "hunt")
        for words in ["아빠의 차 키", "현관 신발장 위에 있어", "미션"] {
            let accuracy = TextRecognition.accuracy(of: words, in: text)
            #expect(accuracy >= 0.9, "\(words): \(accuracy) in \(text)")
        }
    }

    @Test func theHomeGridsNamesReadBack() throws {
        let text = try Self.read(frame: 15, of: "hunt")
        for words in ["아빠의 차 키", "곰 인형", "노란 컵", "우리집 보물찾기 도감"] {
            let accuracy = TextRecognition.accuracy(of: words, in: text)
            #expect(accuracy >= 0.9, "\(words): \(accuracy) in \(text)")
        }
    }

    @Test func accuracyCountsEditsAgainstTheBestStretch() {
        #expect(TextRecognition.accuracy(of: "곰 인형", in: "| 조\n곰 인형\n") == 1)
        #expect(abs(TextRecognition.accuracy(of: "현관 신발장 위에 있어", in: "현관 신발장 우 에 있어") - 8.0 / 9) < 1e-9)
        #expect(TextRecognition.accuracy(of: "노란 컵", in: "아빠") < 0.5)
    }
    /// Registration's message (too few photos, too dark) goes as soon as a good photo is kept,
    /// read by tesseract off the banner of frames rendered at 720×1280: shown before the photo,
    /// gone after it.
    @Test func aGoodPhotoClearsTheRegistrationMessage() throws {
        let folder = try FindItFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FindItFixtures.text("""
        flow:
          - {time: 0.5, tap: register}
          - {time: 1, tap: photo, file: photos/ball-front.png}
          - {time: 1.5, tap: photo, file: photos/ball-back.png}
          - {time: 2, tap: photo, file: photos/ball-left.png}
          - {time: 2.5, tap: save, item: ball, name: 빨간 공, difficulty: 2}
          - {time: 3, tap: photo, file: photos/ball-right.png}
          - {time: 3.5, tap: photo, file: photos/ball-dark.png}
          - {time: 4, tap: photo, file: photos/ball-top.png}
        """).write(to: folder.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
        let outcome = try AriaRenderTool.run(["render", "scene.yaml", "--size", "720x1280", "--frame", "2.9s,3.1s,3.9s,4.1s",
                                              "-o", "frames/", "--quiet"], in: folder.path)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        // The banner, FindItLayout.banner at 720×1280.
        func banner(_ frame: Int) throws -> String {
            let png = folder.path + String(format: "/frames/frame_%05d.png", frame), cut = folder.path + "/banner.png"
            let crop = try Subprocess.run("convert", [png, "-crop", "634x115+43+864", "+repage", cut], timeout: 60)
            guard crop.status == 0 else { throw FixtureError("convert: \(crop.standardError)") }
            return try TextRecognition.read(png: cut, language: "kor", pageSegmentation: 6)
        }
        let tooFew = "사진을 5장 이상 찍어주세요", tooDark = "밝은 곳에서 찍어주세요"
        let before = try banner(87), after = try banner(93), dark = try banner(117), kept = try banner(123)
        #expect(TextRecognition.accuracy(of: tooFew, in: before) >= 0.9, "\(before)")
        #expect(TextRecognition.accuracy(of: tooDark, in: dark) >= 0.9, "\(dark)")
        for read in [after, kept] {
            #expect(TextRecognition.accuracy(of: tooFew, in: read) < 0.5 && TextRecognition.accuracy(of: tooDark, in: read) < 0.5, "\(read)")
        }
    }
    /// A scene without `canvas:` is the game's portrait 720×1280 (GameModule.defaultCanvas),
    /// not landscape: the frame is that size and the mission card's name reads back whole.
    @Test func aSceneWithoutCanvasIsPortrait() throws {
        let folder = try FindItFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        version: 1
        game: findit
        duration: 3
        items:
          keys: {name: 아빠의 차 키, hint: 현관 신발장 위에 있어, difficulty: 2, photos: \(FindItFixtures.five("keys"))}
        flow:
          - {time: 0.5, tap: start, item: keys}
        """.write(to: folder.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
        let validate = try AriaRenderTool.run(["validate", "scene.yaml"], in: folder.path)
        #expect(validate.standardOutput.contains(", 720x1280, 3 s)"), "\(validate.standardOutput)\(validate.standardError)")
        let outcome = try AriaRenderTool.run(["render", "scene.yaml", "--frame", "2s", "-o", "card.png", "--quiet"], in: folder.path)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let png = folder.path + "/card.png"
        let size = try Subprocess.run("identify", ["-format", "%wx%h", png], timeout: 60)
        #expect(size.standardOutput == "720x1280")
        let text = try TextRecognition.read(png: png, language: "kor", pageSegmentation: 6)
        for words in ["아빠의 차 키", "현관 신발장 위에 있어", "미션"] {
            #expect(TextRecognition.accuracy(of: words, in: text) >= 0.9, "\(words) in \(text)")
        }
    }
}
