import Drawing
import Foundation
import Skins

/// One skin exported twice, with Cairo's colours (`rgb(48.000002%,…)`) and with `#rrggbb`,
/// compared file by file: librsvg's pixels of each part, and the text with its colours taken out.
public enum ExportedSkinColors {
    /// What differs between the two exports of one SVG file.
    public struct Comparison {
        /// The file's name.
        public let name: String
        /// Pixels (of the part drawn by librsvg at twice its size) whose bytes differ.
        public let differingPixels: Int
        /// Whether the texts are the same once every colour value is taken out of both.
        public let sameBesidesColors: Bool
        /// How many `rgb(` each text has.
        public let cairoRGB: Int, hexRGB: Int
    }

    /// Every SVG file of the folder `cairo` against its namesake in `hex`.
    public static func compare(cairo: String, hex: String) throws -> [Comparison] {
        let names = try FileManager.default.contentsOfDirectory(atPath: cairo).filter { $0.hasSuffix(".svg") }.sorted()
        return try names.map { name in
            let before = (cairo as NSString).appendingPathComponent(name), after = (hex as NSString).appendingPathComponent(name)
            let beforeText = try String(contentsOfFile: before, encoding: .utf8)
            let afterText = try String(contentsOfFile: after, encoding: .utf8)
            let a = try pixels(before), b = try pixels(after)
            let differing = a.count == b.count ? ExactPixels.differing(a, b) : -1
            return Comparison(name: name, differingPixels: differing,
                              sameBesidesColors: withoutColors(beforeText) == withoutColors(afterText),
                              cairoRGB: beforeText.components(separatedBy: "rgb(").count - 1,
                              hexRGB: afterText.components(separatedBy: "rgb(").count - 1)
        }
    }

    /// `text` with every colour value (`rgb(…)`, `#rrggbb` or a paint `url(#…)`) made one mark,
    /// without the swatches an export adds (and their namespace), and without the number Cairo
    /// gives each surface it makes (`surface11`), which counts the process's surfaces.
    static func withoutColors(_ text: String) -> String {
        text.replacing(#/\n<defs>\n(?:<linearGradient [^\n]*inkscape:swatch="solid"[^\n]*\n)+</defs>/#, with: "")
            .replacing(" xmlns:inkscape=\"http://www.inkscape.org/namespaces/inkscape\"", with: "")
            .replacing(#/rgb\([^)]*\)|#[0-9a-fA-F]{6}|url\(#[^)]*\)/#, with: "#").replacing(#/surface[0-9]+/#, with: "surface")
    }

    /// The file drawn by librsvg at twice its size, as bytes.
    static func pixels(_ path: String) throws -> [UInt8] {
        let art = try SVGArt.load(path: path)
        guard let surface = ImageSurface(width: Int((art.width * 2).rounded(.up)), height: Int((art.height * 2).rounded(.up))) else {
            throw FixtureError("cannot make a surface for \(path)")
        }
        let dc = surface.makeContext()
        dc.scale(2, 2)
        _ = art.draw(on: dc)
        return frameBytes(surface.pixels)
    }
}
