import Foundation
import GameKit
@testable import GlitchSquadGame
import Scene
import TestSupport
import Testing

/// Pixel and the fruit written as skins (Cairo's SVG surface) and drawn back by librsvg, posed
/// and placed by the painter, look like the built-in drawing on mission 01's golden frames;
/// a skin drawn in the wrong place, or in the wrong state, does not.
@Suite struct GlitchSquadSkinTests {
    /// mission 01's golden frames (Golden/glitch-squad/manifest.yaml, `mission-01`).
    static let goldenFrames = [45, 150, 185, 306, 318, 360, 446, 482, 530, 545, 640]

    static func exportedSkins() throws -> [String: String] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("glitch-skins-\(UUID().uuidString)").path
        var skins: [String: String] = [:]
        for kind in GlitchSquadGameModule().skinCharacters {
            let files = try GlitchSquadGameModule().exportSkin(character: kind, to: root + "/" + kind)
            #expect(files.contains(root + "/" + kind + "/skin.yaml"))
            skins[kind] = root + "/" + kind
        }
        return skins
    }

    static func mission01() throws -> GlitchSquadScene {
        let path = RepositoryRoot.path + "/Scenes/glitch-squad/mission-01.yaml"
        return try #require(try GlitchSquadGameModule().decodeScene(try SceneDocument.load(path: path)) as? GlitchSquadScene)
    }

    /// Per golden frame: pixels beyond the default threshold between the built-in look and `skins`.
    static func differences(with skins: [String: String]) throws -> [(frame: Int, different: Int, total: Int, identical: Bool)] {
        let scene = try mission01()
        var skinned = scene
        skinned.skins = skins
        let options = RunOptions(width: 360, height: 640)
        return try LookComparison.differences(try GlitchSquadGameModule().makeRun(of: scene, options: options),
                                              try GlitchSquadGameModule().makeRun(of: skinned, options: options),
                                              frames: goldenFrames)
    }

    @Test func theExportedSkinsDrawTheBuiltInLookOnMission01sGoldenFrames() throws {
        let results = try Self.differences(with: try Self.exportedSkins())
        for (frame, different, total, _) in results {
            // At most 0.5 % of the frame beyond the default threshold.
            #expect(Double(different) <= 0.005 * Double(total), "frame \(frame): \(different) of \(total) pixels differ")
        }
        // librsvg drew the skins, not the built-in paths: some bytes differ.
        #expect(results.contains { !$0.identical })
        print("glitch squad skin round trip: \(results.map { "\($0.frame): \($0.different)" })")
    }

    @Test func aSkinPlacedWrongIsCaught() throws {
        var skins = try Self.exportedSkins()
        // Pixel's frame moved by 8 body units (a broken placement): his whole figure shifts.
        let pixel = try #require(skins["pixel"])
        let yaml = pixel + "/skin.yaml"
        let text = try String(contentsOfFile: yaml, encoding: .utf8)
        #expect(text.contains("origin: [240, 240]"))
        try text.replacingOccurrences(of: "origin: [240, 240]", with: "origin: [272, 240]").write(toFile: yaml, atomically: true, encoding: .utf8)
        skins["pixel"] = pixel
        let results = try Self.differences(with: skins)
        #expect(results.contains { Double($0.different) > 0.005 * Double($0.total) }, "\(results.map(\.different))")
    }

    @Test func theMouthAndAntennaFollowPixelsMood() throws {
        let skins = try Self.exportedSkins()
        let pixel = try #require(skins["pixel"])
        // The happy and sad looks swapped: the reward frame (he is happy) must move away from the built-in look.
        let before = try Self.differences(with: skins).first { $0.frame == 640 }?.different ?? 0
        let yaml = pixel + "/skin.yaml"
        let text = try String(contentsOfFile: yaml, encoding: .utf8)
            .replacingOccurrences(of: "-sad.svg", with: "-TMP.svg").replacingOccurrences(of: "-happy.svg", with: "-sad.svg")
            .replacingOccurrences(of: "-TMP.svg", with: "-happy.svg")
        try text.write(toFile: yaml, atomically: true, encoding: .utf8)
        let after = try Self.differences(with: skins).first { $0.frame == 640 }?.different ?? 0
        #expect(after > before + 20, "reward frame: \(before) → \(after) pixels differ")
    }

    @Test func anUnknownKindAndABadSkinAreRefusedWithTheirPositions() throws {
        let bad = "version: 1\ngame: glitch-squad\nskins: {pixle: art/x/}\n"
        do {
            _ = try GlitchSquadGameModule().decodeScene(try SceneDocument.parse(bad, fileName: "bad.yaml"))
            Issue.record("an unknown skin kind was accepted")
        } catch let errors as SceneErrors {
            #expect(errors.diagnostics.map(\.description).contains { $0.hasPrefix("bad.yaml:3:9: skins: unknown kind 'pixle'") && $0.contains("did you mean 'pixel'") },
                    "\(errors.diagnostics)")
        }
        var scene = try Self.mission01()
        scene.skins = ["apple": "/nonexistent/skin"]
        // A missing skin folder is bad input of the scene's files, at its place.
        do {
            _ = try GlitchSquadGameModule().makeRun(of: scene, options: RunOptions())
            Issue.record("a missing skin folder was accepted")
        } catch let errors as SceneErrors {
            #expect(errors.diagnostics.first?.description.hasPrefix("/nonexistent/skin/skin.yaml:1:1: the skin folder /nonexistent/skin has no skin.yaml") == true)
        }
        // A skin folder whose part is missing is refused by `validate` too, as by `render`: not "ok, not run".
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try AriaRenderTool.run(["skin", "export", "--character", "pixel", "-o", "art/pixel"], in: folder).status == 0)
        try FileManager.default.removeItem(atPath: folder + "/art/pixel/face.svg")
        try "version: 1\ngame: glitch-squad\nduration: 5\nskins: {pixel: art/pixel/}\n".write(toFile: folder + "/skinned.yaml", atomically: true, encoding: .utf8)
        let validate = try AriaRenderTool.run(["validate", "skinned.yaml"], in: folder)
        #expect(validate.status == 2 && validate.standardOutput.isEmpty, "\(validate.standardOutput)")
        #expect(validate.standardError.contains("art/pixel/face.svg:1:1: the SVG file does not exist"), "\(validate.standardError)")
    }
}
