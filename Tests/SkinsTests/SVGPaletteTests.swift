import Foundation
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

    /// A shading (a gradient of several stops) drawn from a swatch's colour follows the swatch's
    /// new colour at those stops, and keeps its other stops.
    @Test func aShadingFollowsItsSwatchsColour() throws {
        let text = """
            <svg xmlns="http://www.w3.org/2000/svg" width="40" height="10">
              <defs>
                <linearGradient id="dress"><stop offset="0" style="stop-color:#33ff99;stop-opacity:1"/></linearGradient>
                <linearGradient id="shade" x1="0" x2="40" gradientUnits="userSpaceOnUse">
                  <stop offset="0" style="stop-color:#33ff99;stop-opacity:1;"/><stop offset="0.5" stop-color="#33ff99"/><stop offset="1" stop-color="#000000"/>
                </linearGradient>
              </defs>
              <rect width="40" height="10" fill="url(#shade)"/>
            </svg>
            """
        let art = try SVGArt.parse(Array(text.utf8), path: "/tmp/shade.svg")
        #expect(art.swatchColors == ["dress": "#33ff99"])
        #expect(art.recolorGradients([:], stops: ["#33ff99": "#ff3366"]))
        let surface = try #require(ImageSurface(width: 40, height: 10))
        art.draw(on: surface.makeContext())
        let start = surface.pixels.rgba(x: 0, y: 5), end = surface.pixels.rgba(x: 39, y: 5)
        #expect(start.0 == 0xff && start.1 == 0x33 && start.2 == 0x66, "\(start)")
        #expect(end.0 < 16 && end.1 < 16 && end.2 < 16, "\(end)")
    }

    /// A swatch is a gradient of one stop with a `#rrggbb` colour, whatever its prefix, and a
    /// gradient closed in its own tag (borrowing another's stops) does not swallow the next.
    @Test func swatchesAreTheGradientsOfOneStop() {
        let text = """
            <defs>
              <linearGradient xlink:href="#a" id="uses-a" x1="0"/>
              <linearGradient id="a" inkscape:swatch="solid"><stop style="stop-color:#AABBCC" offset="0"/></linearGradient>
              <svg:radialGradient id="b"><svg:stop offset="0" stop-color="#102030"/></svg:radialGradient>
              <linearGradient id="two"><stop offset="0" stop-color="#000000"/><stop offset="1" stop-color="#ffffff"/></linearGradient>
              <linearGradient id="named"><stop offset="0" stop-color="red"/></linearGradient>
            </defs>
            """
        #expect(SVGArt.swatches(in: text) == ["a": "#aabbcc", "b": "#102030"])
    }

    /// Many gradients never closed (hostile art near the 10 MB limit) are read in one pass.
    @Test func unclosedGradientsAreReadInOnePass() {
        let text = String(repeating: "<linearGradient id=\"a\"><stop stop-color=\"#000000\"/>", count: 100_000)
        let start = Date()
        #expect(SVGArt.swatches(in: text).isEmpty)
        #expect(Date().timeIntervalSince(start) < 30, "\(Date().timeIntervalSince(start)) s for \(text.utf8.count) bytes")
    }
}
