@testable import Drawing
import Foundation
import Vocabulary

/// A canvas for a widget test: an opaque backdrop of a colour no widget uses, so every pixel a
/// widget touches can be told from it.
struct WidgetCanvas {
    static let backdrop = RGBColor(0.1, 0.6, 0.2)
    let surface: ImageSurface
    let dc: DrawingContext

    init(width: Int, height: Int, backdrop: RGBColor = WidgetCanvas.backdrop) {
        surface = ImageSurface(width: width, height: height)!
        dc = surface.makeContext()
        dc.setColor(backdrop)
        dc.paint()
    }

    /// The straight colour at a pixel, 0…255.
    func color(_ x: Int, _ y: Int) -> (red: Int, green: Int, blue: Int) {
        let c = surface.pixels.rgba(x: x, y: y)
        return (c.red, c.green, c.blue)
    }

    /// Whether the pixel is within `tolerance` (per component, 0…255) of `expected`.
    func matches(_ x: Int, _ y: Int, _ expected: RGBColor, tolerance: Int = 3) -> Bool {
        let c = color(x, y)
        return abs(c.red - Int((expected.red * 255).rounded())) <= tolerance
            && abs(c.green - Int((expected.green * 255).rounded())) <= tolerance
            && abs(c.blue - Int((expected.blue * 255).rounded())) <= tolerance
    }

    /// Whether the pixel still shows the backdrop.
    func isBackdrop(_ x: Int, _ y: Int) -> Bool { matches(x, y, Self.backdrop, tolerance: 2) }

    /// Every pixel's bytes, to compare two drawings.
    var bytes: [UInt8] {
        let pixels = surface.pixels
        return Array(UnsafeRawBufferPointer(start: pixels.base, count: pixels.stride * pixels.height))
    }

    /// Writes the canvas as a PNG in a fresh temporary file and returns its path.
    func writePNG(_ label: String) -> String {
        let path = NSTemporaryDirectory() + "widget-\(label)-\(UUID().uuidString.prefix(8)).png"
        _ = surface.writeWithCairo(to: path)
        return path
    }
}
