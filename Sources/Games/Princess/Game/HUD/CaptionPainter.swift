import Drawing
import Foundation
import Princess
import Vocabulary

/// Captions and prompts ("Clap your hands!"): large rounded text on a pill, wrapped to the
/// screen's width and shrunk if it must be, at the top, middle, bottom or a point.
struct CaptionPainter {
    let canvas: HUDCanvas

    /// Caption text size, points.
    static let size = 24.0

    /// Draws the captions; `pickerTop` and `barBottom` (pixels) when those parts show.
    func paint(_ captions: [CaptionView], pickerTop: Double?, barBottom: Double?) {
        let layout = canvas.layout, s = canvas.s
        for caption in captions {
            let maxWidth = min(layout.width * 0.8, 520 * s)
            guard let surface = pill(caption.text, maxWidth: maxWidth) else { continue }
            let h = Double(surface.height)
            let x: Double, y: Double
            if let point = caption.point {
                x = Double(point.x)
                y = Double(point.y)
            } else {
                x = layout.width / 2
                switch caption.place {
                case .middle: y = layout.height / 2
                case .bottom: y = (pickerTop.map { $0 - 16 * s } ?? layout.height - 20 * s) - h / 2
                default:
                    // Just below the action bar, or high up when there is none.
                    y = barBottom.map { $0 + 6 * s + h / 2 } ?? max(layout.height * 0.2, 16 * s + h / 2)
                }
            }
            let half = Double(surface.width) / 2
            canvas.dc.place(surface, centerX: min(max(x, half), layout.width - half),
                            centerY: min(max(y, h / 2), layout.height - h / 2),
                            scale: Double(caption.scale), alpha: Double(caption.alpha))
        }
    }

    /// The caption's pill (cached by its text).
    func pill(_ text: String, maxWidth: Double) -> ImageSurface? {
        let s = canvas.s, theme = canvas.theme
        let size = canvas.textSize(Self.size)
        let padX = 18 * s, padY = 10 * s
        // At most 40 % of the canvas tall: longer text is shrunk to fit, never cut.
        let maxHeight = canvas.layout.height * 0.4
        var w = 0.0, h = 0.0
        return canvas.surfaces.surface("caption|\(text)|\(Int(maxWidth))|\(canvas.style)", size: {
            let (tw, th) = PangoText.measure(text, on: canvas.dc, width: maxWidth - 2 * padX, height: maxHeight - 2 * padY,
                                             size: size)
            w = min(maxWidth, tw + 2 * padX + 2)
            h = th + 2 * padY + 2
            return (w, h)
        }) { dc in
            dc.newPath()
            dc.roundedRect(1.5 * s, 1.5 * s, w - 3 * s, h - 3 * s, radius: min(h / 2, 22 * s))
            dc.setColor(theme.highContrast ? RGBColor(0, 0, 0) : RGBColor.white, alpha: theme.highContrast ? 1 : 0.93)
            dc.fillPreserve()
            dc.setColor(theme.highContrast ? RGBColor(1, 0.9, 0) : theme.accent)
            dc.stroke(width: 3 * s)
            PangoText.draw(text, in: dc, x: padX, y: padY, width: w - 2 * padX, height: h - 2 * padY,
                           size: size, minimum: 9, color: (theme.highContrast ? RGBColor.white : theme.text).cairo)
        }
    }
}
