import Audio
import Catalogue
import Fingerprint
import GameKit
import Scene
import Speech
import Trace
import Foundation
@testable import Golden
import ImageDiff
import Output
import TestSupport
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
import PrincessGame

@Suite struct GoldenCheckerTests {
    func parses(_ text: String) -> Bool {
        let parser = XMLParser(data: Data(text.utf8))
        return parser.parse()
    }

    @Test func freshGoldensPassAndAChangedRenderFails() throws {
        let folder = try GoldenFolder.make()
        let manifest = try GoldenManifestReader.read(folder: folder, games: Catalogue.games)
        let results = try GoldenUpdater(manifest: manifest, source: DiscFrameSource()).update()
        #expect(results.map(\.added.count) == [4, 2])
        let report = folder + "/report"
        let passing = try manifest.scenes.map { try GoldenChecker(manifest: manifest, source: DiscFrameSource(), reportFolder: report).check($0) }
        #expect(passing.allSatisfy { $0.passed })

        let changed = DiscFrameSource(colourShift: 55)
        let failing = try manifest.scenes.map { try GoldenChecker(manifest: manifest, source: changed, reportFolder: report).check($0) }
        #expect(failing.allSatisfy { !$0.passed })
        let frame = failing[0].frames[0]
        #expect(frame.status == .failed)
        #expect((frame.comparison?.differentPixels ?? 0) > 100)
        #expect(FileManager.default.fileExists(atPath: frame.actualPath ?? ""))
        let diff = try PNGImageFile.read(frame.diffPath ?? "")
        #expect(diff.pixel(x: 32, y: 24) == (255, 0, 0, 255), "the disc's centre differs")
        #expect(failing[0].summaryLine.hasPrefix("FAIL  first: 4 frames at 64x48 (4 differ)"))

        let junit = JUnitReport.xml(failing)
        #expect(parses(junit))
        #expect(junit.contains("<testsuites name=\"aria-render check\" tests=\"6\" failures=\"6\" errors=\"0\""))
        #expect(junit.contains("timestamp=\"") && junit.contains("hostname=\""))
        #expect(!junit.contains("time=\"0.000\"") || failing.allSatisfy { $0.seconds < 0.001 }, "each frame has its own time")
        let html = HTMLReport.html(failing, fingerprint: .current, goldenFingerprint: manifest.fingerprint, reportFolder: report)
        #expect(parses(html), "the HTML report is well-formed")
        #expect(!html.contains("data:image/png;base64,"), "images are linked, not embedded")
        #expect(html.utf8.count < 20_000, "six failing frames make a small page")
        #expect(html.contains("href=\"#scene-first\""), "a summary row links to its scene's frames")
        #expect(html.contains("<a href=\"first/"), "the actual and diff PNGs open full size")
        #expect(html.contains("flicker golden and actual"))
    }

    @Test func missingAndUnreadableGoldensAreReportedNotCrashed() throws {
        let folder = try GoldenFolder.make()
        let manifest = try GoldenManifestReader.read(folder: folder, games: Catalogue.games)
        _ = try GoldenUpdater(manifest: manifest, source: DiscFrameSource()).update()
        try FileManager.default.removeItem(atPath: folder + "/first/frame_00005.png")
        try "garbage".write(toFile: folder + "/first/frame_00010.png", atomically: true, encoding: .utf8)
        let result = try GoldenChecker(manifest: manifest, source: DiscFrameSource(), reportFolder: nil).check(manifest.scenes[0])
        #expect(result.frames.map(\.status).map { "\($0)".prefix(6) } == ["passed", "missin", "unread", "passed"])
        let junit = JUnitReport.xml([result])
        #expect(parses(junit))
        #expect(junit.contains("errors=\"2\""))
    }

    @Test func aGoldenOfAnotherSizeIsReportedAsSuch() throws {
        let folder = try GoldenFolder.make()
        let manifest = try GoldenManifestReader.read(folder: folder, games: Catalogue.games)
        _ = try GoldenUpdater(manifest: manifest, source: DiscFrameSource()).update()
        try PNGImageFile.write(CraftedImage.disc(width: 32, height: 24), to: folder + "/first/frame_00000.png")
        let result = try GoldenChecker(manifest: manifest, source: DiscFrameSource(), reportFolder: nil).check(manifest.scenes[0])
        #expect(result.frames[0].status == .wrongSize(golden: "32x24", actual: "64x48"))
        #expect(result.frames[0].problem == "different sizes: golden 32x24 against actual 64x48")
        #expect(result.summaryLine.contains("1 of another size"))
        let junit = JUnitReport.xml([result])
        #expect(junit.contains("message=\"different sizes: golden 32x24 against actual 64x48\""))
        #expect(!junit.contains("0 pixels differ"))
        let html = HTMLReport.html([result], fingerprint: .current, goldenFingerprint: nil)
        #expect(html.contains("different sizes: golden 32x24 against actual 64x48"))
        #expect(!html.contains("flicker golden and actual"), "no flicker between images of different sizes")
    }

    @Test func toleranceAllowsAFewPixels() throws {
        var scene = GoldenScene(name: "t", sceneFile: "t.yaml", width: 64, height: 48, frames: [0],
                                tolerance: GoldenTolerance(threshold: 0.1, maxDifferentPixels: 2), regions: [])
        let golden = CraftedImage.disc()
        var actual = golden
        actual.setPixel(x: 1, y: 1, red: 0, green: 0, blue: 0)
        actual.setPixel(x: 3, y: 1, red: 0, green: 0, blue: 0)
        #expect(GoldenFrameComparison.compare(golden: golden, actual: actual, scene: scene).passed)
        actual.setPixel(x: 5, y: 1, red: 0, green: 0, blue: 0)
        #expect(!GoldenFrameComparison.compare(golden: golden, actual: actual, scene: scene).passed)
        // A region with a looser tolerance around the changes lets them through.
        scene.regions = [GoldenRegionTolerance(area: DiffRegion(x: 0, y: 0, width: 8, height: 4, pixels: 0),
                                               tolerance: GoldenTolerance(threshold: 0.1, maxDifferentPixels: 5))]
        let (comparison, passed) = GoldenFrameComparison.compare(golden: golden, actual: actual, scene: scene)
        #expect(passed)
        #expect(comparison.differentPixels == 3)
    }

    @Test func updateThatFailsMidwayLeavesTheOldSetIntact() throws {
        let folder = try GoldenFolder.make()
        let manifest = try GoldenManifestReader.read(folder: folder, games: Catalogue.games)
        _ = try GoldenUpdater(manifest: manifest, source: DiscFrameSource()).update()
        let before = GoldenFolder.files(folder)
        #expect(throws: GoldenSourceError.self) {
            try GoldenUpdater(manifest: manifest, source: DiscFrameSource(colourShift: 9, failAtFrame: 3)).update()
        }
        #expect(GoldenFolder.files(folder) == before, "not one golden file changed")
        let results = try GoldenUpdater(manifest: manifest, source: DiscFrameSource(colourShift: 9)).update()
        #expect(results[0].changed == [0, 5, 10, 20])
        #expect(GoldenFolder.files(folder) != before)
        #expect(FileManager.default.fileExists(atPath: folder + "/fingerprint.yaml"))
        #expect(try GoldenManifestReader.read(folder: folder, games: Catalogue.games).fingerprint == .current)
    }

    @Test func missingOnlyRendersJustTheMissingFrames() throws {
        let folder = try GoldenFolder.make()
        let manifest = try GoldenManifestReader.read(folder: folder, games: Catalogue.games)
        _ = try GoldenUpdater(manifest: manifest, source: DiscFrameSource()).update()
        try FileManager.default.removeItem(atPath: folder + "/first/frame_00010.png")
        let results = try GoldenUpdater(manifest: manifest, source: DiscFrameSource(colourShift: 9)).update(missingOnly: true)
        #expect(results[0].added == [10] && results[0].changed.isEmpty)
        #expect(results[1].added.isEmpty)
        #expect(FileManager.default.fileExists(atPath: folder + "/first/frame_00010.png"))
    }

    @Test func libraryFingerprintNamesRealVersions() {
        let fingerprint = LibraryFingerprint.current
        #expect(fingerprint.cairo.split(separator: ".").count == 3)
        #expect(fingerprint.pixman.split(separator: ".").count == 3)
        #expect(fingerprint.freetype != "unknown")
    }

    @Test func theFingerprintNamesEspeakNGAndTheFacesGamesDrawWith() throws {
        let current = LibraryFingerprint.current
        #expect(current.speech == SpeechSynthesizer.version)
        // A game's face (fontconfig's pick for it, as fc-match names it) joins the HUD's.
        let games = GameCatalogue([FaceDrawingGame(faces: ["NanumSquareRound:bold"])])
        let fonts = try #require(LibraryFingerprint.current(of: games).fonts)
        #expect(fonts.hasPrefix(try #require(current.fonts) + ", "))
        #expect(fonts.contains(try Self.fcMatch("NanumSquareRound:bold")))
        // Written and read back, and a different espeak-ng named as such.
        let folder = try GoldenFolder.make()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try current.yaml.write(toFile: folder + "/" + LibraryFingerprint.fileName, atomically: true, encoding: .utf8)
        let read = try GoldenManifestReader.read(folder: folder, games: Catalogue.games).fingerprint
        #expect(read == current)
        var older = current
        older.speech = "1.50"
        #expect(older.differences(from: current) == ["espeak-ng 1.50 → \(current.speech ?? "")"])
    }

    /// The file fontconfig's own fc-match picks for `pattern`.
    static func fcMatch(_ pattern: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["fc-match", "-f", "%{file}", pattern]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let path = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(path.split(separator: "/").last ?? "")
    }
}

/// A game that only says which faces it draws with.
private struct FaceDrawingGame: GameModule {
    let faces: [String]
    var fontFaces: [String] { faces }
    var info: GameInfo { Catalogue.games.games[0].info }
    var sceneKeys: [String] { [] }
    var builtInScene: (fileName: String, text: String) { ("none.yaml", "") }
    var vocabulary: TraceVocabulary { TraceVocabulary(events: [], settings: []) }
    var sounds: SoundBank { SoundBank(recipes: []) }
    func decodeScene(_ document: SceneDocument) throws -> any GameScene { throw GameRunError("no scenes") }
    func makeRun(of scene: any GameScene, options: RunOptions) throws -> any GameRun { throw GameRunError("no runs") }
}

@Suite struct GoldenUpdaterCleanupTests {
    @Test func stagingLeftByAKilledUpdateIsRemoved() throws {
        let folder = try GoldenFolder.make()
        let abandoned = folder + "/.update-999999"
        try FileManager.default.createDirectory(atPath: abandoned + "/first", withIntermediateDirectories: true)
        let manifest = try GoldenManifestReader.read(folder: folder, games: Catalogue.games)
        _ = try GoldenUpdater(manifest: manifest, source: DiscFrameSource()).update()
        #expect(!FileManager.default.fileExists(atPath: abandoned))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }.isEmpty)
    }
}
