@testable import Drawing
import Foundation
import Testing
import Vocabulary

/// The liquid glass card and its frosted backdrop, by their pixels: the glass shows a blur of
/// what lies behind it (stripes become an even mix), its border is white at 30 %, high contrast
/// makes it solid; a button's gradient runs from its fill at the top to its end at the bottom.
@Suite struct GlassCardTests {
    /// Black and white stripes 4 pixels wide: what a blur turns grey.
    static func stripes(width: Int, height: Int) -> ImageSurface {
        let surface = ImageSurface(width: width, height: height)!
        let dc = surface.makeContext()
        dc.setColor(.white)
        dc.paint()
        for x in stride(from: 0, to: width, by: 8) { dc.rect(Double(x), 0, 4, Double(height)) }
        dc.setColor(RGBColor(0, 0, 0))
        dc.fill()
        return surface
    }

    @Test func theGlassShowsABlurOfWhatLiesBehindIt() throws {
        let canvas = WidgetCanvas(width: 200, height: 120)
        let behind = Self.stripes(width: 200, height: 120)
        canvas.dc.draw(behind, x: 0, y: 0)
        let frosted = try #require(FrostedBackdrop(source: behind, radius: 12))
        let rect = LayoutRect(x: 40, y: 20, width: 120, height: 80)
        GlassCard(backdrop: (frosted, 0, 0), tint: RGBColor(1, 1, 1, alpha: 0), glowStrength: 0).draw(in: rect, on: canvas.dc, theme: .playful)
        // Outside the card: the stripes, black and white. Inside: an even grey, the stripes gone.
        #expect(canvas.color(2, 5).red < 10 && canvas.color(6, 5).red > 245)
        var values: [Int] = []
        for x in 70..<130 { values.append(canvas.color(x, 80).red) }
        #expect(values.max()! - values.min()! < 12, "\(values)")
        #expect(values.allSatisfy { $0 > 100 && $0 < 160 })
    }

    @Test func itsBorderIsWhiteAt30PercentAndHighContrastIsSolid() {
        let rect = LayoutRect(x: 40, y: 20, width: 120, height: 80)
        let glass = WidgetCanvas(width: 200, height: 120, backdrop: RGBColor(0, 0, 0))
        GlassCard(backdrop: nil, tint: RGBColor(1, 1, 1, alpha: 0), glowStrength: 0).draw(in: rect, on: glass.dc, theme: .playful)
        // The border's pixel on black: white at 30 % (77 of 255), give or take the sheen.
        let border = glass.color(100, 99).red
        #expect(border > 60 && border < 110, "\(border)")
        let solid = WidgetCanvas(width: 200, height: 120, backdrop: RGBColor(1, 1, 1))
        GlassCard(backdrop: nil, solid: true).draw(in: rect, on: solid.dc, theme: .playful)
        #expect(solid.color(100, 60).red < 15 && solid.color(100, 60).blue < 30)
    }

    @Test func aButtonsGradientRunsFromItsFillToItsEnd() {
        let canvas = WidgetCanvas(width: 300, height: 120)
        var theme = WidgetTheme.playful
        theme.outline = theme.outline.withAlpha(0)
        theme.shadow = theme.shadow.withAlpha(0)
        PushButton(label: "", fill: RGBColor(0.4, 1, 0.5), gradientEnd: RGBColor(0, 0.4, 0.2))
            .draw(in: LayoutRect(x: 20, y: 10, width: 260, height: 100), on: canvas.dc, theme: theme)
        let top = canvas.color(150, 14), bottom = canvas.color(150, 106)
        #expect(top.green > 230 && bottom.green < 120 && top.red > bottom.red, "top \(top), bottom \(bottom)")
    }
}
