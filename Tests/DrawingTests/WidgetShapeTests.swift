@testable import Drawing
import Foundation
import Testing
import Vocabulary

/// The shared widgets, by their pixels: a card's fill, a button's three states, a bar's filled
/// length, a bubble's tail reaching its point.
@Suite struct WidgetShapeTests {
    /// The playful theme without outline or shadow, so that edges can be measured exactly.
    static let flat: WidgetTheme = {
        var theme = WidgetTheme.playful
        theme.outline = theme.outline.withAlpha(0)
        theme.shadow = theme.shadow.withAlpha(0)
        return theme
    }()

    @Test func aCardIsFilledWithItsColourInsideAndRoundedAtItsCorners() {
        let canvas = WidgetCanvas(width: 300, height: 200)
        let orange = RGBColor(0.9, 0.45, 0.1)
        let rect = LayoutRect(x: 50, y: 40, width: 200, height: 120)
        Card(fill: orange).draw(in: rect, on: canvas.dc, theme: .playful)
        for (x, y) in [(60, 60), (150, 100), (240, 150), (150, 45), (55, 100)] {
            #expect(canvas.matches(x, y, orange), "(\(x), \(y)) is \(canvas.color(x, y))")
        }
        // The corner is cut by the radius; far outside (beyond the shadow) is untouched.
        #expect(!canvas.matches(51, 41, orange))
        #expect(canvas.isBackdrop(20, 20) && canvas.isBackdrop(280, 100) && canvas.isBackdrop(150, 190))
        // The shadow falls below, not above.
        #expect(!canvas.isBackdrop(150, rect.maxYPixel + 3))
        #expect(canvas.isBackdrop(150, 36))
    }

    @Test func aCardsThemeSurfaceIsItsDefaultFill() {
        let canvas = WidgetCanvas(width: 200, height: 120)
        Card().draw(in: LayoutRect(x: 10, y: 10, width: 180, height: 100), on: canvas.dc, theme: .playful)
        #expect(canvas.matches(100, 30, WidgetTheme.playful.surface))
    }

    @Test func aButtonSinksWhenPressedAndGreysWhenDisabled() {
        let rect = LayoutRect(x: 40, y: 30, width: 220, height: 60)
        let probe = (x: Int(rect.x + 14), y: Int(rect.midY))
        let theme = WidgetTheme.playful
        func drawn(_ state: PushButton.State) -> WidgetCanvas {
            let canvas = WidgetCanvas(width: 300, height: 120)
            PushButton(label: "GO", state: state).draw(in: rect, on: canvas.dc, theme: theme)
            return canvas
        }
        let normal = drawn(.normal), pressed = drawn(.pressed), disabled = drawn(.disabled)
        #expect(normal.matches(probe.x, probe.y, theme.accent), "\(normal.color(probe.x, probe.y))")
        #expect(pressed.matches(probe.x, probe.y, theme.accent.mixed(with: RGBColor(0, 0, 0), 0.2)), "\(pressed.color(probe.x, probe.y))")
        #expect(disabled.matches(probe.x, probe.y, theme.disabled), "\(disabled.color(probe.x, probe.y))")
        // Pressed, its top edge has moved down: the row just inside the top shows the backdrop.
        let sink = PushButton.sink(height: rect.height)
        let topRow = Int(rect.y + sink / 2)
        #expect(!normal.isBackdrop(Int(rect.midX), topRow))
        #expect(pressed.isBackdrop(Int(rect.midX), topRow))
        // Only the normal button stands on a shadow.
        let below = Int(rect.maxY + 2)
        #expect(!normal.isBackdrop(Int(rect.midX), below))
        #expect(disabled.isBackdrop(Int(rect.midX), below))
    }

    /// The filled length along the bar's middle row (or column), in pixels.
    static func filledLength(_ canvas: WidgetCanvas, _ rect: LayoutRect, fill: RGBColor, vertical: Bool = false) -> Int {
        if vertical {
            return (Int(rect.y)..<Int(rect.maxY)).filter { canvas.matches(Int(rect.midX), $0, fill, tolerance: 8) }.count
        }
        return (Int(rect.x)..<Int(rect.maxX)).filter { canvas.matches($0, Int(rect.midY), fill, tolerance: 8) }.count
    }

    @Test(arguments: [0.0, 0.1, 0.25, 0.5, 0.8, 1.0])
    func aBarIsFilledForItsFractionAlongItsLength(fraction: Double) {
        let canvas = WidgetCanvas(width: 460, height: 60)
        let rect = LayoutRect(x: 30, y: 15, width: 400, height: 30)
        let fill = RGBColor(0.95, 0.2, 0.3)
        ProgressBar(fraction: fraction, fill: fill).draw(in: rect, on: canvas.dc, theme: Self.flat)
        let filled = Self.filledLength(canvas, rect, fill: fill)
        #expect(abs(Double(filled) - fraction * rect.width) <= 1.5, "\(filled) of \(rect.width) pixels for \(fraction)")
        // What is not filled is the empty track, not the backdrop.
        if fraction < 0.9 { #expect(canvas.matches(Int(rect.maxX) - 20, Int(rect.midY), Self.flat.surface)) }
    }

    @Test func aBarClampsItsFractionAndATallBarFillsFromTheBottom() {
        let fill = RGBColor(0.95, 0.2, 0.3)
        let rect = LayoutRect(x: 10, y: 10, width: 200, height: 20)
        for (fraction, expected) in [(-0.5, 0.0), (1.7, 200.0), (Double.nan, 0.0), (Double.infinity, 200.0)] {
            // A full bar's rounded ends, antialiased on the middle row, take a pixel at each end.
            let canvas = WidgetCanvas(width: 220, height: 40)
            ProgressBar(fraction: fraction, fill: fill).draw(in: rect, on: canvas.dc, theme: Self.flat)
            #expect(abs(Double(Self.filledLength(canvas, rect, fill: fill)) - expected) <= 2.5, "\(fraction)")
        }
        let canvas = WidgetCanvas(width: 60, height: 320)
        let tall = LayoutRect(x: 15, y: 10, width: 30, height: 300)
        ProgressBar(fraction: 0.3, fill: fill).draw(in: tall, on: canvas.dc, theme: Self.flat)
        #expect(abs(Double(Self.filledLength(canvas, tall, fill: fill, vertical: true)) - 90) <= 1.5)
        #expect(canvas.matches(30, 300, fill, tolerance: 8) && !canvas.matches(30, 30, fill, tolerance: 8))
    }

    @Test(arguments: [(300.0, 330.0), (60.0, 20.0), (560.0, 130.0), (20.0, 150.0), (460.0, 300.0)])
    func aBubblesTailReachesItsPoint(tipX: Double, tipY: Double) throws {
        let canvas = WidgetCanvas(width: 600, height: 360)
        let body = LayoutRect(x: 150, y: 90, width: 300, height: 130)
        let bubble = SpeechBubble(text: "", pointingAt: tipX, tipY)
        bubble.draw(in: body, on: canvas.dc, theme: Self.flat)
        let triangle = try #require(bubble.tail(of: body, theme: Self.flat))
        let baseX = (triangle[0].0 + triangle[1].0) / 2, baseY = (triangle[0].1 + triangle[1].1) / 2
        let length = hypot(tipX - baseX, tipY - baseY)
        let (ux, uy) = ((tipX - baseX) / length, (tipY - baseY) / length)
        // Along the tail's middle, from its base to near its tip: the bubble's surface.
        for along in stride(from: 0.1, through: 0.9, by: 0.2) {
            let x = Int((baseX + (tipX - baseX) * along).rounded()), y = Int((baseY + (tipY - baseY) * along).rounded())
            #expect(canvas.matches(x, y, Self.flat.surface, tolerance: 6), "\(along) of the way: \(canvas.color(x, y))")
        }
        // Its very tip is drawn; just past it is the backdrop.
        let nearTip = (Int((tipX - ux * 1.5).rounded()), Int((tipY - uy * 1.5).rounded()))
        #expect(!canvas.isBackdrop(nearTip.0, nearTip.1), "nothing drawn at the tip")
        let beyond = (Int((tipX + ux * 4).rounded()), Int((tipY + uy * 4).rounded()))
        #expect(canvas.isBackdrop(beyond.0, beyond.1), "the tail overshoots its point")
    }

    @Test func aPointInsideTheBubbleGivesNoTail() {
        let body = LayoutRect(x: 10, y: 10, width: 100, height: 50)
        #expect(SpeechBubble(text: "hi", pointingAt: 50, 30).tail(of: body, theme: .playful) == nil)
        #expect(SpeechBubble(text: "hi", pointingAt: .nan, 30).tail(of: body, theme: .playful) == nil)
    }

    @Test func emptyOrAbsurdRectanglesDrawNothingAndNeverTrap() {
        let canvas = WidgetCanvas(width: 40, height: 40)
        let before = canvas.bytes
        for rect in [LayoutRect(x: 0, y: 0, width: 0, height: 10), LayoutRect(x: 0, y: 0, width: -5, height: 10),
                     LayoutRect(x: .nan, y: 0, width: 10, height: 10), LayoutRect(x: 0, y: 0, width: .infinity, height: 10)] {
            Card(title: "x").draw(in: rect, on: canvas.dc, theme: .playful)
            PushButton(label: "x").draw(in: rect, on: canvas.dc, theme: .playful)
            ProgressBar(fraction: 0.5).draw(in: rect, on: canvas.dc, theme: .playful)
            SpeechBubble(text: "x", pointingAt: 0, 0).draw(in: rect, on: canvas.dc, theme: .playful)
            Confetti(seed: 1).draw(at: 1, in: rect, on: canvas.dc)
            MessageScreen(icon: .star, title: "x", message: "y").draw(in: rect, on: canvas.dc, theme: .playful)
        }
        let untouched = canvas.bytes == before
        #expect(untouched)
    }
}

extension LayoutRect {
    /// The last pixel row inside.
    var maxYPixel: Int { Int(maxY) - 1 }
}
