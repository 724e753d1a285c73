import Drawing
import Foundation
import Princess
import Vocabulary

/// The character picker: five 120×150 pt cards in the characters' theme colours, each with
/// her portrait (drawn by the scene's own painter) and name; the chosen card glows at 1.1×,
/// the others at 0.7 opacity; a new choice springs up.
struct PickerPainter {
    let canvas: HUDCanvas

    func paint(_ picker: PickerView) {
        guard picker.previous == nil, picker.progress >= 1 else { return paintCards(picker) }
        // Settled, the whole picker is one cached layer: a frame only composites it.
        let layout = canvas.layout
        // The layer spans the cards and the chosen one's glow, not the whole width: a frame
        // composites only those pixels.
        let s = canvas.s
        let lefts = layout.cardLefts(selected: CharacterKind.allCases.firstIndex(of: picker.selected) ?? 0)
        let left = max(0, (lefts[0] - 20 * s).rounded(.down))
        let right = min(layout.width, (lefts[4] + (HUDLayout.cardWidth + 20) * s).rounded(.up))
        let top = (layout.pickerTop - 24 * s).rounded(.down)
        let key = "picker|\(picker.selected)|\(canvas.style)|\(layout.width)x\(layout.height)"
        if right > left, let layer = canvas.surfaces.surface(key, width: right - left, height: layout.height - top, draw: { dc in
            PickerPainter(canvas: canvas.layer(dc, originX: left, originY: top)).paintCards(picker)
        }) {
            canvas.dc.draw(layer, x: left, y: top)
        }
    }

    /// The strip and the cards, drawn now.
    private func paintCards(_ picker: PickerView) {
        let s = canvas.s, dc = canvas.dc
        let kinds = CharacterKind.allCases
        let selected = kinds.firstIndex(of: picker.selected) ?? 0
        let lefts = canvas.layout.cardLefts(selected: selected)
        let top = canvas.layout.pickerTop
        // A soft panel behind the cards.
        dc.newPath()
        dc.roundedRect(lefts[0] - 10 * s, top - 8 * s, lefts[4] - lefts[0] + (HUDLayout.cardWidth + 20) * s,
                       (HUDLayout.cardHeight + 16) * s, radius: 20 * s)
        dc.setLinearGradient(from: (0, top - 8 * s), to: (0, canvas.layout.height),
                             stops: [(0, RGBColor(1, 1, 1, alpha: 0)), (0.35, RGBColor(1, 1, 1, alpha: canvas.theme.highContrast ? 0.8 : 0.35)),
                                     (1, RGBColor(1, 1, 1, alpha: canvas.theme.highContrast ? 0.9 : 0.5))])
        dc.fill()
        let w = HUDLayout.cardWidth * s, h = HUDLayout.cardHeight * s
        // The chosen card last, over its neighbours.
        let order = kinds.indices.filter { $0 != selected } + [selected]
        for index in order {
            let kind = kinds[index]
            let cx = lefts[index] + w / 2, cy = top + h / 2
            guard cx + w > 0, cx - w < canvas.layout.width, let card = card(kind) else { continue }
            var scale = 1.0, alpha = 0.7
            if index == selected {
                scale = 1 + 0.1 * Self.springUp(Double(picker.progress))
                alpha = 1
                paintGlow(kind, cx: cx, cy: cy, scale: scale)
            } else if kind == picker.previous {
                scale = 1 + 0.1 * (1 - Double(picker.progress))
                alpha = 1 - 0.3 * Double(picker.progress)
            }
            dc.place(card, centerX: cx, centerY: cy, scale: scale, alpha: alpha)
        }
    }

    /// 0 → 1 with a little overshoot: the bounce of a selection.
    static func springUp(_ t: Double) -> Double {
        let c = 1.70158 * 1.2
        let x = t - 1
        return 1 + (c + 1) * x * x * x + c * x * x
    }

    /// The glowing border of the chosen card, in her colour.
    private func paintGlow(_ kind: CharacterKind, cx: Double, cy: Double, scale: Double) {
        let s = canvas.s, dc = canvas.dc
        let w = HUDLayout.cardWidth * s * scale, h = HUDLayout.cardHeight * s * scale
        let color = canvas.theme.highContrast ? canvas.theme.accent : kind.themeColor
        for (spread, alpha) in [(10.0, 0.18), (6.0, 0.3), (3.0, 0.9)] {
            dc.newPath()
            dc.roundedRect(cx - w / 2 - spread * s / 2, cy - h / 2 - spread * s / 2, w + spread * s, h + spread * s,
                           radius: (18 + spread / 2) * s)
            dc.setColor(color, alpha: alpha)
            dc.stroke(width: spread * s * 0.8)
        }
    }

    /// A card: her colours, portrait and name (cached).
    private func card(_ kind: CharacterKind) -> ImageSurface? {
        let s = canvas.s, theme = canvas.theme
        let w = HUDLayout.cardWidth * s, h = HUDLayout.cardHeight * s
        return canvas.surfaces.surface("card|\(kind)|\(canvas.style)", width: w + 2, height: h + 2) { dc in
            let color = kind.themeColor
            dc.newPath()
            dc.roundedRect(1, 1, w, h, radius: 16 * s)
            if theme.highContrast {
                dc.setColor(RGBColor.white)
            } else {
                dc.setLinearGradient(from: (0, 0), to: (0, h), stops: [(0, color.mixed(with: .white, 0.7)), (1, color.mixed(with: .white, 0.2))])
            }
            dc.fillPreserve()
            dc.setColor(theme.highContrast ? theme.outline : color.mixed(with: .white, 0.1))
            dc.stroke(width: theme.outlineWidth * s)
            canvas.portrait(kind, in: dc, feetX: 1 + w / 2, feetY: 1 + h * 0.74, height: h * 0.64)
            let band = 30 * s
            dc.newPath()
            dc.roundedRect(1 + 8 * s, 1 + h - band - 6 * s, w - 16 * s, band, radius: band / 2)
            dc.setColor(theme.highContrast ? RGBColor(0, 0, 0) : RGBColor.white, alpha: theme.highContrast ? 1 : 0.9)
            dc.fill()
            PangoText.draw(kind.displayName, in: dc, x: 1 + 10 * s, y: 1 + h - band - 6 * s, width: w - 20 * s, height: band,
                           size: canvas.textSize(18), minimum: 9,
                           color: (theme.highContrast ? RGBColor.white : HUDTheme.ink).cairo)
        }
    }
}
