import Foundation
import ImageDiff
import Output
import TestSupport
import Testing

/// A skin's `palette:` names a swatch once; changing its one line in skin.yaml recolours the
/// dress in the rendered frame and nothing else; a palette naming no swatch, or no colour, is
/// bad input at its place in skin.yaml.
@Suite struct SkinPaletteCommandTests {
    static let scene = "version: 1\nduration: 1\nskins: {willow: art/willow/}\ncharacters:\n  - {id: willow, kind: willow, position: [640, 600]}\n"

    /// Willow's exported skin with her skirt filled with the swatch `gown` (a gradient of one
    /// stop, as Inkscape makes a swatch) and skin.yaml's palette line for it.
    static func swatchSkin(in folder: URL, dress: String) throws -> URL {
        let export = try AriaRenderTool.run(["skin", "export", "--character", "willow", "-o", "art/willow"], in: folder.path)
        #expect(export.status == 0, "\(export.standardError)")
        let skin = folder.appendingPathComponent("art/willow")
        let skirt = skin.appendingPathComponent("skirt.svg")
        var text = try String(contentsOf: skirt, encoding: .utf8)
        #expect(text.contains("<defs>") && text.contains("fill:url(#linear0)"))
        text = text.replacingOccurrences(of: "<defs>", with: "<defs>\n<linearGradient id=\"gown\"><stop offset=\"0\" style=\"stop-color:#33ff99;stop-opacity:1;\"/></linearGradient>")
            .replacingOccurrences(of: "fill:url(#linear0)", with: "fill:url(#gown)")
        try text.write(to: skirt, atomically: true, encoding: .utf8)
        try (try String(contentsOf: skin.appendingPathComponent("skin.yaml"), encoding: .utf8) + "palette:\n  gown: \"\(dress)\"\n")
            .write(to: skin.appendingPathComponent("skin.yaml"), atomically: true, encoding: .utf8)
        try scene.write(to: folder.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
        return skin
    }

    static func render(in folder: URL) throws -> RGBAImage {
        let result = try AriaRenderTool.run(["render", "scene.yaml", "--frame", "10", "--size", "640x360", "-o", "f.png", "--quiet"], in: folder.path)
        #expect(result.status == 0, "\(result.standardError)")
        return try PNGImageFile.read(folder.appendingPathComponent("f.png").path)
    }

    static func pixels(_ image: RGBAImage, _ rgb: (UInt8, UInt8, UInt8)) -> Set<Int> {
        Set(stride(from: 0, to: image.bytes.count, by: 4).filter {
            image.bytes[$0] == rgb.0 && image.bytes[$0 + 1] == rgb.1 && image.bytes[$0 + 2] == rgb.2
        }.map { $0 / 4 })
    }

    @Test func aRecolourIsOneLineAndChangesTheDressAlone() throws {
        let folder = URL(fileURLWithPath: try makeTemporaryFolder())
        defer { try? FileManager.default.removeItem(at: folder) }
        let skin = try Self.swatchSkin(in: folder, dress: "#33ff99")
        let green = try Self.render(in: folder)
        let yaml = skin.appendingPathComponent("skin.yaml")
        let before = try String(contentsOf: yaml, encoding: .utf8)
        let after = before.replacingOccurrences(of: "gown: \"#33ff99\"", with: "gown: \"#ff3366\"")
        // One line of skin.yaml changes, and no SVG.
        #expect(zip(before.split(separator: "\n"), after.split(separator: "\n")).filter { $0 != $1 }.count == 1)
        try after.write(to: yaml, atomically: true, encoding: .utf8)
        let pink = try Self.render(in: folder)

        // The swatch's pixels (those the dress's shading leaves unblended) take the new colour.
        let dress = Self.pixels(green, (0x33, 0xff, 0x99))
        #expect(dress.count > 500, "\(dress.count) pixels of the swatch's colour")
        #expect(Self.pixels(pink, (0x33, 0xff, 0x99)).isEmpty)
        #expect(Self.pixels(pink, (0xff, 0x33, 0x66)).count > 500)

        // Where the dress's fill shows: the pixels that change when the skirt is not filled at all.
        let skirt = skin.appendingPathComponent("skirt.svg")
        let swatched = try String(contentsOf: skirt, encoding: .utf8)
        try swatched.replacingOccurrences(of: "fill:url(#gown)", with: "fill:none").write(to: skirt, atomically: true, encoding: .utf8)
        let unfilled = try Self.render(in: folder)
        let fill = Set(Self.changed(green, unfilled))
        let recoloured = Self.changed(green, pink)
        #expect(recoloured.count > 1000, "\(recoloured.count) pixels recoloured")
        // Nothing but the dress changed: every recoloured pixel is where the fill shows, or next to
        // it (an edge pixel the fill barely covers can round alike filled and unfilled).
        let width = green.width
        let strays = recoloured.filter { index in
            let x = index % width, y = index / width
            return !(-1...1).contains { dy in (-1...1).contains { dx in fill.contains((y + dy) * width + x + dx) } }
        }
        #expect(strays.isEmpty, "\(strays.count) pixels changed away from the dress")
        print("palette recolour: \(recoloured.count) pixels changed, \(recoloured.filter { !fill.contains($0) }.count) of them "
              + "on the edge of the \(fill.count) the fill shows in, \(strays.count) elsewhere")
    }

    /// The indices of the pixels whose bytes differ.
    static func changed(_ a: RGBAImage, _ b: RGBAImage) -> [Int] {
        stride(from: 0, to: a.bytes.count, by: 4).filter { a.bytes[$0..<$0 + 4] != b.bytes[$0..<$0 + 4] }.map { $0 / 4 }
    }

    @Test func aPaletteNamingNoSwatchOrNoColourIsOneLineEach() throws {
        let folder = URL(fileURLWithPath: try makeTemporaryFolder())
        defer { try? FileManager.default.removeItem(at: folder) }
        let skin = try Self.swatchSkin(in: folder, dress: "#33ff99")
        let yaml = skin.appendingPathComponent("skin.yaml")
        let text = try String(contentsOf: yaml, encoding: .utf8)
            .replacingOccurrences(of: "  gown: \"#33ff99\"\n", with: "  gowm: \"#ff3366\"\n  gown: pink\n")
        try text.write(to: yaml, atomically: true, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let gowm = try #require(lines.firstIndex { $0.hasPrefix("  gowm:") }) + 1
        let result = try AriaRenderTool.run(["render", "scene.yaml", "--frame", "1", "-o", "f.png"], in: folder.path)
        #expect(result.status == 2)
        let errors = result.standardError.split(separator: "\n").map(String.init)
        #expect(errors.count == 3, "\(errors)")
        #expect(errors.contains { $0.hasSuffix("skin.yaml:\(gowm + 1):9: palette.gown must be a colour \"#rrggbb\"; found 'pink'") }, "\(errors)")
        #expect(errors.contains { $0.contains("skin.yaml:\(gowm):3: palette.gowm is no swatch in the skin's files; did you mean 'gown'? "
                                              + "(its swatches: ") && $0.contains(" gown, ") && !$0.contains("linear0") }, "\(errors)")
        #expect(errors.last == "aria-render: the scene's files are invalid")
    }

    /// An exported skin names its colours as swatches, and its commented palette is the way to
    /// recolour: taking the lines of her dress's tones recolours her whole dress, its flat parts
    /// and its shading, and leaves her hair alone.
    @Test func anExportedSkinsPaletteRecoloursItsDressWithOneLine() throws {
        let folder = URL(fileURLWithPath: try makeTemporaryFolder())
        defer { try? FileManager.default.removeItem(at: folder) }
        let export = try AriaRenderTool.run(["skin", "export", "--character", "willow", "-o", "art/willow"], in: folder.path)
        #expect(export.status == 0, "\(export.standardError)")
        try Self.scene.write(to: folder.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
        let skin = folder.appendingPathComponent("art/willow")
        let skirt = try String(contentsOf: skin.appendingPathComponent("skirt.svg"), encoding: .utf8)
        #expect(skirt.contains("url(#dress)") && skirt.contains("<linearGradient id=\"dress\" inkscape:swatch=\"solid\""))
        // No flat colour is left outside a swatch.
        #expect(skirt.firstMatch(of: #/[\s;"](?:fill|stroke)(?::|=")#[0-9a-f]{6}/#) == nil)
        let yaml = skin.appendingPathComponent("skin.yaml")
        let text = try String(contentsOf: yaml, encoding: .utf8)
        func swatch(_ name: String) throws -> (line: String, rgb: (UInt8, UInt8, UInt8)) {
            let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("#  \(name): \"#") })
            let value = try #require(Int(line.dropFirst("#  \(name): \"#".count).prefix(6), radix: 16))
            return (String(line), (UInt8(value >> 16), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)))
        }
        // Every colour of her skirt is one of her dress's tones, named so.
        #expect(!text.contains("#  skirt-"), "\(text)")
        let hair = try swatch("hair")
        let before = try Self.render(in: folder)

        // Each `dress…` line taken and made magenta.
        let recoloured = text.replacingOccurrences(of: "#palette:\n", with: "palette:\n")
            .replacing(#/#  (?<name>dress[a-z-]*): "#[0-9a-f]{6}"/#) { "  \($0.name): \"#ff00ff\"" }
        #expect(recoloured.components(separatedBy: "\"#ff00ff\"").count - 1 >= 6, "\(recoloured)")
        try recoloured.write(to: yaml, atomically: true, encoding: .utf8)
        let after = try Self.render(in: folder)
        let changed = Self.changed(before, after)
        #expect(changed.count > 2000, "\(changed.count) pixels changed")
        // The changed pixels turned from her green toward magenta.
        func greenOverRed(_ image: RGBAImage) -> Double {
            Double(changed.reduce(0) { $0 + Int(image.bytes[$1 * 4 + 1]) - Int(image.bytes[$1 * 4]) }) / Double(max(changed.count, 1))
        }
        #expect(greenOverRed(before) > 60 && greenOverRed(after) < -30, "\(greenOverRed(before)) → \(greenOverRed(after))")
        // Her hair keeps its colour, pixel for pixel.
        let hairBefore = Self.pixels(before, hair.rgb)
        #expect(hairBefore.count > 50 && Self.pixels(after, hair.rgb) == hairBefore, "\(hairBefore.count) hair pixels")
        print("exported palette: the dress's tones → #ff00ff, \(changed.count) pixels changed; green over red \(greenOverRed(before)) → \(greenOverRed(after))")
    }
}
