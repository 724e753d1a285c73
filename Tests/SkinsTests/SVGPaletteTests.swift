import Drawing
@testable import Skins
import Testing

/// A palette colour recolours the stops of the gradient it names, through librsvg's cascade,
/// including gradients that take their stops from it; other gradients and flat fills keep theirs.
@Suite struct SVGPaletteTests {
    static let swatches = """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="10">
          <defs>
            <linearGradient id="dress"><stop offset="0" style="stop-color:#33ff99;stop-opacity:1;"/></linearGradient>
            <linearGradient id="dress-edge" xlink:href="#dress"/>
            <svg:radialGradient xmlns:svg="http://www.w3.org/2000/svg" id="sky"><svg:stop offset="0" stop-color="#0000ff"/></svg:radialGradient>
          </defs>
          <rect x="0" width="10" height="10" style="fill:url(#dress)"/>
          <rect x="10" width="10" height="10" fill="url(#dress-edge)"/>
          <rect x="20" width="10" height="10" fill="url(#sky)"/>
          <rect x="30" width="10" height="10" fill="#33ff99"/>
        </svg>
        """

    static func colors(_ art: SVGArt) throws -> [RGBA] {
        let surface = try #require(ImageSurface(width: 40, height: 10))
        art.draw(on: surface.makeContext())
        return [5, 15, 25, 35].map { surface.pixels.rgba(x: $0, y: 5) }.map { RGBA(red: $0.0, green: $0.1, blue: $0.2) }
    }

    struct RGBA: Equatable { let red: Int, green: Int, blue: Int }

    @Test func aPaletteColourRecoloursItsSwatchAlone() throws {
        let art = try SVGArt.parse(Array(Self.swatches.utf8), path: "/tmp/swatches.svg")
        #expect(art.gradientIDs == ["dress", "dress-edge", "sky"])
        let green = RGBA(red: 0x33, green: 0xff, blue: 0x99), blue = RGBA(red: 0, green: 0, blue: 0xff)
        #expect(try Self.colors(art) == [green, green, blue, green])
        #expect(art.recolorGradients(["dress": "#ff3366"]))
        let pink = RGBA(red: 0xff, green: 0x33, blue: 0x66)
        #expect(try Self.colors(art) == [pink, pink, blue, green])
    }
}
