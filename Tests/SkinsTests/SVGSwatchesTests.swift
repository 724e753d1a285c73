import Drawing
@testable import Skins
import Testing

/// An export's colours become named swatches: every flat fill and stroke of a colour is painted
/// with its swatch, a colour only a shading's stops use has a swatch too, names never take an id
/// the files have, and librsvg draws the same pixels.
@Suite struct SVGSwatchesTests {
    static let part = """
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">
        <defs><clipPath id="crown-1"><rect width="40" height="20"/></clipPath>
        <linearGradient id="g" x1="0" x2="40" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#777777"/><stop offset="1" style="stop-color:#ff3366"/></linearGradient></defs>
        <rect x="30" y="0" width="10" height="4" fill="url(#g)"/>
        <path style="fill-rule:nonzero;fill:#ff3366;fill-opacity:0.8;stroke-width:1.5;stroke:#203040;stroke-opacity:1;" d="M 2 2 C 20 0 30 8 38 18 L 4 16 Z"/>
        <path fill="none" stroke-width="2" stroke="#ff3366" d="M 0 10 L 40 10"/>
        <rect x="5" y="5" width="4" height="4" fill="#00aa00" style="marker-fill:#123456"/>
        </svg>
        """

    @Test func everyFlatColourGetsANameKnownFirstThenByItsPart() {
        #expect(SVGSwatches.colours(in: Self.part) == ["#777777", "#ff3366", "#203040", "#00aa00"])
        let names = SVGSwatches.names(for: [(part: "crown", svg: Self.part)], known: ["#203040": "outline", "#999999": "unused"])
        // `crown-1` is a clip path's id already.
        #expect(names == ["#203040": "outline", "#777777": "crown-1-2", "#ff3366": "crown-2", "#00aa00": "crown-3"])
    }

    @Test func theSwatchesDrawTheSamePixels() throws {
        let names = SVGSwatches.names(for: [(part: "crown", svg: Self.part)], known: [:])
        let swatched = SVGSwatches.rewrite(Self.part, names: names)
        #expect(swatched.contains("fill:url(#crown-2)") && swatched.contains("stroke=\"url(#crown-2)\""))
        #expect(swatched.contains("marker-fill:#123456"), "a property that is no fill or stroke is left alone")
        #expect(swatched.firstMatch(of: #/[\s;"](?:fill|stroke)(?::|=")#/#) == nil, "a flat colour is left")
        let before = try SVGArt.parse(Array(Self.part.utf8), path: "/tmp/flat.svg")
        let after = try SVGArt.parse(Array(swatched.utf8), path: "/tmp/swatched.svg")
        #expect(Set(after.swatchColors.values) == ["#777777", "#ff3366", "#203040", "#00aa00"])
        func pixels(_ art: SVGArt) throws -> [Int] {
            let surface = try #require(ImageSurface(width: 80, height: 40))
            let dc = surface.makeContext()
            dc.scale(2, 2)
            art.draw(on: dc)
            return (0..<40).flatMap { y in (0..<80).flatMap { x in [surface.pixels.rgba(x: x, y: y)].flatMap { [$0.red, $0.green, $0.blue, $0.alpha] } } }
        }
        let flat = try pixels(before)
        #expect(flat.contains { $0 != 0 })
        #expect(try pixels(after) == flat)
    }
}
