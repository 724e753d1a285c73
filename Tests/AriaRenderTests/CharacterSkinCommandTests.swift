import Foundation
import ImageDiff
import Output
import TestSupport
import Testing

/// `skins:` keyed by a character's id dresses her alone: of two Willows, the one named wears
/// the skin and the other keeps the built-in look, rendered by the tool and checked by pixels.
@Suite struct CharacterSkinCommandTests {
    /// Two Willows, `willow-1` on the left half of the frame and `willow-2` on the right.
    static func scene(skins: String, timeline: String = "") -> String {
        "version: 1\nduration: 2\n" + skins + "characters:\n"
            + "  - {id: willow-1, kind: willow, position: [400, 600]}\n"
            + "  - {id: willow-2, kind: willow, position: [880, 600]}\n" + timeline
    }

    /// Willow's exported skin with every colour of her skirt made pure green, which nothing
    /// else in the frame is.
    static func greenSkirtSkin(in folder: URL) throws {
        let export = try AriaRenderTool.run(["skin", "export", "--character", "willow", "-o", "art/willow"], in: folder.path)
        #expect(export.status == 0, "\(export.standardError)")
        let skirt = folder.appendingPathComponent("art/willow/skirt.svg")
        let text = try String(contentsOf: skirt, encoding: .utf8)
        let colour = try Regex(#"rgb\([^)]*\)|#[0-9a-fA-F]{6}\b"#)
        let green = text.replacing(colour, with: "#00ff00")
        #expect(green != text)
        try green.write(to: skirt, atomically: true, encoding: .utf8)
    }

    static func render(_ scene: String, frame: Int, in folder: URL) throws -> RGBAImage {
        try scene.write(to: folder.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
        let result = try AriaRenderTool.run(["render", "scene.yaml", "--frame", "\(frame)", "--size", "640x360", "-o", "f.png", "--quiet"],
                                            in: folder.path)
        #expect(result.status == 0, "\(result.standardError)")
        return try PNGImageFile.read(folder.appendingPathComponent("f.png").path)
    }

    /// Pure green pixels in the columns `columns`.
    static func green(_ image: RGBAImage, _ columns: Range<Int>) -> Int {
        var count = 0
        for y in 0..<image.height {
            for x in columns {
                let i = (y * image.width + x) * 4
                if image.bytes[i] == 0 && image.bytes[i + 1] == 255 && image.bytes[i + 2] == 0 { count += 1 }
            }
        }
        return count
    }

    /// Whether `a` and `b` have the same bytes in the columns `columns`.
    static func same(_ a: RGBAImage, _ b: RGBAImage, _ columns: Range<Int>) -> Bool {
        (0..<a.height).allSatisfy { y in
            let row = (y * a.width + columns.lowerBound) * 4..<(y * a.width + columns.upperBound) * 4
            return a.bytes[row] == b.bytes[row]
        }
    }

    @Test func aSkinByIdDressesOneCharacterOfHerKind() throws {
        let folder = URL(fileURLWithPath: try makeTemporaryFolder())
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.greenSkirtSkin(in: folder)
        let left = 0..<320, right = 320..<640

        let plain = try Self.render(Self.scene(skins: ""), frame: 10, in: folder)
        let byID = try Self.render(Self.scene(skins: "skins: {willow-2: art/willow/}\n"), frame: 10, in: folder)
        #expect(Self.green(plain, 0..<640) == 0)
        // willow-2 wears the green skirt; willow-1 keeps the built-in look, byte for byte.
        #expect(Self.green(byID, right) > 500, "\(Self.green(byID, right)) green pixels")
        #expect(Self.green(byID, left) == 0)
        #expect(Self.same(byID, plain, left))
        #expect(!Self.same(byID, plain, right))

        // The kind's skin for both, and willow-1's own (built-in) winning over it: the same frame.
        let kindAndOwn = try Self.render(Self.scene(skins: "skins: {willow: art/willow/, willow-1: built-in}\n"), frame: 10, in: folder)
        #expect(kindAndOwn == byID)
        let kind = try Self.render(Self.scene(skins: "skins: {willow: art/willow/}\n"), frame: 10, in: folder)
        #expect(Self.green(kind, left) > 500 && Self.green(kind, right) > 500)
    }

    @Test func theTimelineChangesOneCharactersSkin() throws {
        let folder = URL(fileURLWithPath: try makeTemporaryFolder())
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.greenSkirtSkin(in: folder)
        let left = 0..<320, right = 320..<640
        let scene = Self.scene(skins: "skins: {willow: art/willow/}\n", timeline: "timeline:\n  - time: 1\n    skins: {willow-2: built-in}\n")
        let before = try Self.render(scene, frame: 15, in: folder)
        #expect(Self.green(before, left) > 500 && Self.green(before, right) > 500)
        let after = try Self.render(scene, frame: 45, in: folder)
        let plain = try Self.render(Self.scene(skins: ""), frame: 45, in: folder)
        #expect(Self.green(after, left) > 500)
        #expect(Self.green(after, right) == 0)
        #expect(Self.same(after, plain, right))
    }

    @Test func anUnknownKeyIsOneLineWithItsPosition() throws {
        let folder = URL(fileURLWithPath: try makeTemporaryFolder())
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = Self.scene(skins: "skins:\n  wilow-2: built-in\n", timeline: "timeline:\n  - time: 1\n    skins: {willow-2: built-in, wilow: built-in}\n")
        try scene.write(to: folder.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
        let result = try AriaRenderTool.run(["render", "scene.yaml", "--frame", "1", "-o", "f.png"], in: folder.path)
        #expect(result.status == 2)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.first == "scene.yaml:4:3: skins: unknown character or kind 'wilow-2' (characters: willow-1, willow-2; "
                + "kinds: sparkle, luna, rosie, crystal, willow); did you mean 'willow-2'?", "\(lines)")
        #expect(lines.dropFirst().first?.hasPrefix("scene.yaml:10:33: timeline[0].skins: unknown character or kind 'wilow'") == true, "\(lines)")
        #expect(lines.dropFirst().first?.hasSuffix("did you mean 'willow'?") == true, "\(lines)")
        #expect(lines.last == "aria-render: the scene file scene.yaml is invalid")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("f.png").path))
    }

    /// A scene with problems of its own, in a moves file and under a mistyped `skins:` key whose
    /// skin has a palette problem: every problem at once, each file's together, the scene's first.
    @Test func everyFilesProblemsShowAtOnceEachFileTogether() throws {
        let folder = URL(fileURLWithPath: try makeTemporaryFolder())
        defer { try? FileManager.default.removeItem(at: folder) }
        let export = try AriaRenderTool.run(["skin", "export", "--character", "willow", "-o", "art/willow"], in: folder.path)
        #expect(export.status == 0, "\(export.standardError)")
        let yaml = folder.appendingPathComponent("art/willow/skin.yaml")
        try (try String(contentsOf: yaml, encoding: .utf8) + "palette:\n  dres: \"#ff3366\"\n").write(to: yaml, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("moves"), withIntermediateDirectories: true)
        try "name: curtsy\nduration: 1\nkeys:\n  lean:\n    - {at: 0, value: 0}\n    - {at: 2, value: 5}\n"
            .write(to: folder.appendingPathComponent("moves/curtsy.yaml"), atomically: true, encoding: .utf8)
        // Line 3 names the moves file, line 4 the mistyped key, line 11 gives a bad time.
        let scene = "version: 1\nduration: 2\nmoves: [moves/curtsy.yaml]\nskins: {wilow-2: art/willow/}\ncharacters:\n"
            + "  - {id: willow-1, kind: willow, position: [400, 600]}\n"
            + "  - {id: willow-2, kind: willow, position: [880, 600]}\n"
            + "timeline:\n  - time: 1\n    action: {kind: wave, target: willow-1}\n  - time: 9\n    action: {kind: wave, target: willow-2}\n"
        try scene.write(to: folder.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
        let result = try AriaRenderTool.run(["validate", "scene.yaml"], in: folder.path)
        #expect(result.status == 2)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        let files = lines.dropLast().map { String($0.prefix { $0 != ":" }) }
        #expect(files.count == 4, "\(lines)")
        // The scene's own lines first, in order; then each other file's.
        #expect(files.prefix(2).allSatisfy { $0 == "scene.yaml" }, "\(lines)")
        #expect(lines[0].hasPrefix("scene.yaml:4:9: skins: unknown character or kind 'wilow-2'"), "\(lines)")
        #expect(lines[1].hasPrefix("scene.yaml:11:"), "\(lines)")
        #expect(files[2].hasSuffix("curtsy.yaml"), "\(lines)")
        // Named from the working folder, as the scene file is.
        #expect(lines.last == "aria-render: the scene file scene.yaml or a file it names is invalid", "\(lines)")
        #expect(files[3] == "art/willow/skin.yaml" && lines[3].contains("palette.dres is no swatch in the skin's files; did you mean 'dress'?"),
                "\(lines)")
    }
}
