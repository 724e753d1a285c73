import Foundation
import TestSupport
import Testing

/// `aria-render skin export` writes a skin the renderer reads back; a broken skin stops a
/// render with one line per problem at its position and exit 2.
@Suite struct SkinCommandTests {
    @Test func anExportedSkinRendersAndABrokenOneIsBadInput() throws {
        let folder = URL(fileURLWithPath: try makeTemporaryFolder())
        defer { try? FileManager.default.removeItem(at: folder) }
        let export = try AriaRenderTool.run(["skin", "export", "--character", "luna", "-o", "art/luna"], in: folder.path)
        #expect(export.status == 0, "\(export.standardError)")
        let skin = folder.appendingPathComponent("art/luna")
        let files = try FileManager.default.contentsOfDirectory(atPath: skin.path)
        #expect(files.contains("skin.yaml") && files.filter { $0.hasSuffix(".svg") }.count == 20)
        // Cairo's SVG surface wrote real vector art.
        let head = try String(contentsOf: skin.appendingPathComponent("head.svg"), encoding: .utf8)
        #expect(head.contains("<svg") && head.contains("<path"))
        // Its colours as an editor shows them, not Cairo's percentages, each a named swatch.
        #expect(!head.contains("rgb(") && head.contains("fill:url(#skin)")
                && head.contains("<stop offset=\"0\" style=\"stop-color:#"), "\(head.prefix(600))")

        let scene = "version: 1\nduration: 1\nskins: {luna: art/luna/}\ncharacters:\n  - {id: luna, kind: luna, position: [640, 600]}\n"
        try scene.write(to: folder.appendingPathComponent("skinned.yaml"), atomically: true, encoding: .utf8)
        let render = try AriaRenderTool.run(["render", "skinned.yaml", "--frame", "5", "--size", "320x180", "-o", "f.png", "--quiet"], in: folder.path)
        #expect(render.status == 0, "\(render.standardError)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("f.png").path))

        // A part unknown to the painter and an SVG librsvg cannot parse: both lines, exit 2, no frame.
        let yaml = skin.appendingPathComponent("skin.yaml")
        let text = try String(contentsOf: yaml, encoding: .utf8).replacingOccurrences(of: "  crown:", with: "  crwn:")
        try text.write(to: yaml, atomically: true, encoding: .utf8)
        try "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<rect width=4/>\n</svg>\n"
            .write(to: skin.appendingPathComponent("shoes.svg"), atomically: true, encoding: .utf8)
        let broken = try AriaRenderTool.run(["render", "skinned.yaml", "--frame", "5", "-o", "g.png"], in: folder.path)
        #expect(broken.status == 2)
        let lines = broken.standardError.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("skin.yaml:") && $0.contains("unknown part 'crwn'") && $0.contains("did you mean 'crown'") })
        #expect(lines.contains { $0.contains("shoes.svg:2:") && $0.contains("librsvg cannot parse the SVG") })
        // Each problem at its place, then one closing line, as for a scene file (scripts/fuzz-scenes.sh).
        #expect(lines.dropLast().allSatisfy { $0.contains(".yaml:") || $0.contains(".svg:") }, "\(lines)")
        #expect(lines.last == "aria-render: the scene's files are invalid")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("g.png").path))
        // `validate` refuses what `render` refuses, with the same lines: the run reads the skin.
        let validate = try AriaRenderTool.run(["validate", "skinned.yaml"], in: folder.path)
        #expect(validate.status == 2 && validate.standardOutput.isEmpty, "\(validate.standardOutput)")
        #expect(validate.standardError.split(separator: "\n").dropLast() == broken.standardError.split(separator: "\n").dropLast())

        let unknown = try AriaRenderTool.run(["skin", "export", "--character", "lunna", "-o", "x"], in: folder.path)
        #expect(unknown.status == 2 && unknown.standardError.contains("characters: sparkle, luna"))
    }
}
