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
}
