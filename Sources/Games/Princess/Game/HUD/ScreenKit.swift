import Drawing
import Foundation
import Princess
import Vocabulary

/// The building blocks of the screen cards, in one card's surface: titles, paragraphs,
/// pill buttons, toggles, sliders and segmented pickers, sized in points.
struct ScreenKit {
    let canvas: HUDCanvas
    let dc: DrawingContext
    /// The card's size in pixels.
    let width: Double
    let height: Double

    var s: Double { canvas.s }
    var theme: HUDTheme { canvas.theme }

    /// A line of text in the box, centred or from the left; returns its pixel size.
    @discardableResult
    func text(_ text: String, x: Double, y: Double, width: Double, height: Double, points: Double,
              bold: Bool = true, color: RGBColor, alignment: PangoText.Alignment = .center, top: Bool = false) -> Double {
        PangoText.draw(text, in: dc, x: x, y: y, width: width, height: height, size: canvas.textSize(points),
                       minimum: 9, bold: bold, color: color.cairo, alignment: alignment, top: top)
    }

    /// A pill button with its label, at least 44 pt tall.
    func pill(_ label: String, centerX: Double, centerY: Double, width: Double, fill: RGBColor, textColor: RGBColor) {
        let h = 44 * s
        dc.newPath()
        dc.roundedRect(centerX - width / 2, centerY - h / 2, width, h, radius: h / 2)
        dc.setColor(fill)
        dc.fillPreserve()
        dc.setColor(theme.highContrast ? RGBColor(0, 0, 0) : RGBColor.white, alpha: 0.9)
        dc.stroke(width: theme.outlineWidth * s)
        text(label, x: centerX - width / 2 + 8 * s, y: centerY - h / 2, width: width - 16 * s, height: h, points: 18,
             color: textColor)
    }

    /// The round ✕ that closes a screen, 44 pt, at the card's top right.
    func closeButton() {
        let r = 22 * s, x = width - r - 12 * s, y = r + 12 * s
        dc.newPath()
        dc.circle(x, y, r)
        dc.setColor(theme.highContrast ? RGBColor(0, 0, 0) : HUDTheme.accent)
        dc.fill()
        text("✕", x: x - r, y: y - r, width: 2 * r, height: 2 * r, points: 20, color: .white)
    }

    /// An on/off switch, 51×31 pt, its left edge at x, centred on y.
    func toggle(_ on: Bool, x: Double, y: Double) {
        let w = 51 * s, h = 31 * s
        dc.newPath()
        dc.roundedRect(x, y - h / 2, w, h, radius: h / 2)
        let onColor = theme.highContrast ? RGBColor(0, 0, 0) : RGBColor(0.3, 0.8, 0.45)
        dc.setColor(on ? onColor : RGBColor(0.78, 0.78, 0.82))
        dc.fillPreserve()
        dc.setColor(theme.highContrast ? RGBColor(0, 0, 0) : RGBColor.white)
        dc.stroke(width: (theme.highContrast ? 2 : 1) * s)
        dc.newPath()
        dc.circle(on ? x + w - h / 2 : x + h / 2, y, h / 2 - 3 * s)
        dc.setColor(.white)
        dc.fill()
    }

    /// A slider at `value` (0…1), `width` pixels from x, centred on y.
    func slider(_ value: Double, x: Double, y: Double, width: Double) {
        let v = min(max(value, 0), 1)
        dc.newPath()
        dc.move(x, y)
        dc.line(x + width, y)
        dc.setColor(RGBColor(0.8, 0.8, 0.85))
        dc.stroke(width: 6 * s)
        dc.newPath()
        dc.move(x, y)
        dc.line(x + width * v, y)
        dc.setColor(theme.accent)
        dc.stroke(width: 6 * s)
        dc.newPath()
        dc.circle(x + width * v, y, 12 * s)
        dc.setColor(.white)
        dc.fillPreserve()
        dc.setColor(theme.highContrast ? RGBColor(0, 0, 0) : RGBColor(0.6, 0.55, 0.7))
        dc.stroke(width: 1.5 * s)
    }

    /// A segmented picker of `labels` with `selected` chosen.
    func segmented(_ labels: [String], selected: Int, x: Double, y: Double, width: Double) {
        let h = 32 * s, w = width / Double(labels.count)
        dc.newPath()
        dc.roundedRect(x, y - h / 2, width, h, radius: 9 * s)
        dc.setColor(RGBColor(0.88, 0.87, 0.93))
        dc.fill()
        for (index, label) in labels.enumerated() {
            let left = x + Double(index) * w
            if index == selected {
                dc.newPath()
                dc.roundedRect(left + 2 * s, y - h / 2 + 2 * s, w - 4 * s, h - 4 * s, radius: 7 * s)
                dc.setColor(theme.highContrast ? RGBColor(0, 0, 0) : theme.accent)
                dc.fill()
            }
            text(label, x: left + 3 * s, y: y - h / 2, width: w - 6 * s, height: h, points: 14,
                 color: index == selected ? .white : theme.text)
        }
    }

    /// Five princesses side by side, drawn by the scene's painter, with their names if asked.
    func cast(centerX: Double, top: Double, width: Double, height: Double, names: Bool, nameColor: RGBColor) {
        let kinds = CharacterKind.allCases
        let step = width / Double(kinds.count)
        let nameHeight = names ? 22 * s : 0
        let figure = min(height - nameHeight, step * 1.5)
        for (index, kind) in kinds.enumerated() {
            let x = centerX - width / 2 + step * (Double(index) + 0.5)
            // Centred in the space, the names just beneath.
            let feet = top + (height - nameHeight + figure) / 2
            canvas.portrait(kind, in: dc, feetX: x, feetY: feet - figure * 0.04, height: figure * 0.92)
            if names {
                text(kind.displayName, x: x - step / 2, y: feet, width: step, height: nameHeight,
                     points: 15, color: nameColor)
            }
        }
    }
}
