import Foundation
import GameKit
import Princess
@testable import PrincessGame
import Scene
import TestSupport
import Testing

/// The built-in look written as skins (Cairo's SVG surface) and drawn back by librsvg, posed by
/// the skinned painter, matches the built-in drawing on the default scene's golden frames.
@Suite struct SkinRoundTripTests {
    /// The golden frames of the default scene (Golden/princess/manifest.yaml: every 60 until 299, and these).
    static let goldenFrames = [0, 60, 120, 180, 240, 15, 33, 54, 63, 72, 87, 105, 114, 129, 168, 186, 222, 258, 285, 299]

    static func exportedSkins() throws -> [CharacterKind: String] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("skins-\(UUID().uuidString)")
        var skins: [CharacterKind: String] = [:]
        for kind in CharacterKind.allCases {
            let folder = root.appendingPathComponent(kind.rawValue).path
            try PrincessSkinExport.write(kind, to: folder)
            skins[kind] = folder
        }
        return skins
    }

    @Test func theExportedSkinsDrawTheBuiltInLookOnTheDefaultScenesGoldenFrames() throws {
        try Self.expectBuiltInLook(with: try Self.exportedSkins())
    }

    /// Every exported part opened and re-saved as plain SVG by Inkscape (Debian's, a tool this
    /// project did not write, in one run of its actions) draws the same.
    @Test func theExportedPartsResavedByInkscapeDrawTheSame() throws {
        var skins = try Self.exportedSkins()
        let luna = try #require(skins[.luna])
        let resaved = luna + "-inkscape"
        try FileManager.default.createDirectory(atPath: resaved, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: luna + "/skin.yaml", toPath: resaved + "/skin.yaml")
        let parts = try FileManager.default.contentsOfDirectory(atPath: luna).filter { $0.hasSuffix(".svg") }.sorted()
        #expect(parts.count == 20)
        let actions = ["export-plain-svg"] + parts.enumerated().flatMap { index, part in
            (index == 0 ? [] : ["file-close", "file-open:\(luna)/\(part)"]) + ["export-filename:\(resaved)/\(part)", "export-do"]
        }
        let inkscape = try Subprocess.run("/usr/bin/inkscape", ["--actions=" + actions.joined(separator: ";"), luna + "/" + parts[0]],
                                          environment: ["HOME": NSTemporaryDirectory()], timeout: 240)
        #expect(inkscape.status == 0, "\(inkscape.standardError)")
        for part in parts {
            let original = try String(contentsOfFile: luna + "/" + part, encoding: .utf8)
            let rewritten = try String(contentsOfFile: resaved + "/" + part, encoding: .utf8)
            // Inkscape wrote its own file: its own ids and layout, not Cairo's bytes.
            #expect(rewritten != original && rewritten.contains("id=\"svg"), "\(part) was not re-saved by Inkscape")
        }
        skins[.luna] = resaved
        try Self.expectBuiltInLook(with: skins)
    }

    /// Renders the default scene's golden frames with `skins` and built-in, and expects at most
    /// 0.5 % of each frame's pixels to differ beyond the default threshold.
    static func expectBuiltInLook(with skins: [CharacterKind: String]) throws {
        let module = PrincessGameModule()
        let document = try SceneDocument.load(path: RepositoryRoot.url.appendingPathComponent("Scenes/princess/default.yaml").path)
        let scene = try #require(try module.decodeScene(document) as? SceneDescription)
        var skinnedScene = scene
        skinnedScene.skins = skins
        let options = RunOptions(width: 640, height: 360)
        let builtIn = try module.makeRun(of: scene, options: options)
        let skinned = try module.makeRun(of: skinnedScene, options: options)
        var worst = 0, anyDifferent = false
        for (frame, different, total, identical) in try LookComparison.differences(builtIn, skinned, frames: Self.goldenFrames) {
            worst = max(worst, different)
            anyDifferent = anyDifferent || !identical
            // At most 0.5 % of the frame beyond the default threshold.
            #expect(Double(different) <= 0.005 * Double(total), "frame \(frame): \(different) of \(total) pixels differ")
        }
        // The skins were drawn (by librsvg), not the built-in paths: some pixels differ a little.
        #expect(anyDifferent)
        print("skin round trip: worst frame \(worst) of \(640 * 360) pixels beyond the threshold")
    }

    @Test func theTimelineChangesASkin() throws {
        let path = RepositoryRoot.url.appendingPathComponent("Scenes/princess/luna-winter.yaml").path
        let scene = try #require(try PrincessGameModule().decodeScene(try SceneDocument.load(path: path)) as? SceneDescription)
        #expect(scene.skins[.luna]?.hasSuffix("/Scenes/princess/art/luna-winter") == true)
        let builtIn: [CharacterKind: String?] = [.luna: String?.none]
        #expect(scene.skinChanges == [SkinChange(time: 3.7, skins: builtIn)])
        let skins = try PrincessSkins.load(scene.skins, changes: scene.skinChanges)
        #expect(skins.active(at: 3.6)[.luna] == 1 && skins.skin(1) != nil)
        #expect(skins.active(at: 3.7)[.luna] == 0 && skins.skin(0) == nil)

        let bad = "version: 1\nduration: 2\ntimeline:\n  - time: 1\n    skins: {lunna: art/x/}\n"
        do {
            _ = try PrincessGameModule().decodeScene(try SceneDocument.parse(bad, fileName: "bad.yaml"))
            Issue.record("an unknown kind in a timeline skins entry was accepted")
        } catch let errors as SceneErrors {
            #expect(errors.diagnostics.map(\.description) .contains { $0.hasPrefix("bad.yaml:5:13: timeline[0].skins: unknown character or kind 'lunna'") })
        }
    }

    @Test func aSkinWithABadPartIsRefusedWithItsPosition() throws {
        let skins = try Self.exportedSkins()
        let luna = try #require(skins[.luna])
        let yaml = (luna as NSString).appendingPathComponent("skin.yaml")
        let text = try String(contentsOfFile: yaml, encoding: .utf8).replacingOccurrences(of: "  crown: {file: crown.svg}", with: "  crwn: {file: crown.svg}")
        try text.write(toFile: yaml, atomically: true, encoding: .utf8)
        var scene = SceneDescription(name: "s", canvasWidth: 640, canvasHeight: 360, duration: 1)
        scene.skins = [.luna: luna]
        do {
            _ = try PrincessGameModule().makeRun(of: scene, options: RunOptions())
            Issue.record("a skin with an unknown part was accepted")
        } catch let errors as SceneErrors {
            // Bad input of the scene's files, as a scene file's: each problem at its place.
            let lines = errors.diagnostics.map(\.description)
            #expect(lines.count == 1)
            let line = text.components(separatedBy: "\n").firstIndex { $0.contains("crwn") }.map { $0 + 1 } ?? 0
            #expect(lines.last?.hasPrefix("\(yaml):\(line):3: unknown part 'crwn'") == true, "\(lines)")
            #expect(lines.last?.contains("did you mean 'crown'") == true)
        }
    }
}
