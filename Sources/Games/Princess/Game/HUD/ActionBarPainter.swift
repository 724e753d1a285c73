import Drawing
import Foundation
import Princess
import Vocabulary

/// The action bar: round 60 pt buttons with a themed gradient, icon and label, pressed
/// (smaller), bouncing, disabled (faded grey), pulsing for a hint, glowing while its
/// effect runs; plus the round settings and help buttons.
struct ActionBarPainter {
    let canvas: HUDCanvas

    func paint(_ buttons: [ButtonView]) {
        guard !buttons.isEmpty else { return }
        paintChrome()
        // The buttons at rest are one cached layer (it changes only when a press starts or
        // ends, or a button is enabled or lights up); the moving ones and the hint's pulse
        // are drawn over it.
        let resting = buttons.filter { $0.scale == 1 }
        let key = "bar|" + resting.map { "\($0.button.rawValue)\($0.enabled ? 1 : 0)\($0.active ? 1 : 0)" }.joined(separator: ",")
            + "|\(canvas.style)|\(canvas.layout.width)"
        let (left, top, width, height) = barBox
        if let layer = canvas.surfaces.surface(key, width: width, height: height, draw: { dc in
            let painter = ActionBarPainter(canvas: canvas.layer(dc, originX: left, originY: top))
            for view in resting {
                var still = view
                still.hint = 0
                painter.paintButton(still, live: true)
            }
        }) {
            canvas.dc.draw(layer, x: left, y: top)
        }
        for view in buttons where view.scale != 1 || view.hint > 0 {
            paintButton(view, face: view.scale != 1)
        }
    }

    /// The box (pixels) that holds the bar and its rings: left, top, width, height.
    private var barBox: (Double, Double, Double, Double) {
        let s = canvas.s
        let left = (canvas.layout.width / s - HUDLayout.margin - 5 * HUDLayout.button - 4 * HUDLayout.buttonGap - 12) * s
        let box = (left.rounded(.down), 0.0, canvas.layout.width - left.rounded(.down), canvas.layout.barBottom + 12 * s)
        return box
    }

    /// One button: its ring (hint or running effect) and, unless only the ring is wanted, its
    /// face; `live` strokes the ring now (into a layer that is itself kept).
    private func paintButton(_ view: ButtonView, face wanted: Bool = true, live: Bool = false) {
        let s = canvas.s, dc = canvas.dc
        let (x, y) = canvas.layout.buttonCenter(view.button)
        let r = HUDLayout.button / 2 * s
        if view.active || view.hint > 0 { paintRing(view, x: x, y: y, r: r, live: live) }
        guard wanted, let face = face(view.button, enabled: view.enabled) else { return }
        // The face's circle sits in the top of its surface; scale about the circle's centre.
        let offset = (Double(face.height) / 2 - (HUDLayout.button / 2 + 4) * s)
        dc.saved {
            dc.translate(x, y)
            dc.scale(Double(view.scale), Double(view.scale))
            dc.place(face, centerX: 0, centerY: offset)
        }
    }

    /// The ring of a hint or a running effect around the button centred at (x, y). On the
    /// frame its coverage comes from a small mask, stroked once at a whole-pixel origin and
    /// kept: painting the colour through it blends exactly as stroking on the frame does
    /// (same coverage, same operator) for a fraction of the cost, and a hint pulses through
    /// the same few dozen sizes every 1.2 s. `live` strokes it now instead.
    private func paintRing(_ view: ButtonView, x: Double, y: Double, r: Double, live: Bool) {
        let s = canvas.s, dc = canvas.dc
        let color = view.hint > 0 ? canvas.theme.accent : HUDTheme.themeKind(of: view.button).themeColor
        let amount = view.hint > 0 ? Double(view.hint) : 0.7
        let radius = r + (3 + 5 * amount) * s, width = (3 + 2 * amount) * s
        func stroke(_ dc: DrawingContext) {
            dc.newPath()
            dc.circle(x, y, radius)
            dc.stroke(width: width)
        }
        guard !live else {
            dc.setColor(color, alpha: 0.35 + 0.5 * amount)
            return stroke(dc)
        }
        let reach = radius + width / 2 + 2
        let left = (x - reach).rounded(.down), top = (y - reach).rounded(.down)
        guard let mask = canvas.surfaces.surface("ring|\(amount)|\(canvas.style)|\(x),\(y)", width: (x + reach).rounded(.up) - left,
                                                 height: (y + reach).rounded(.up) - top, format: .alpha8, draw: { mask in
            mask.translate(-left, -top)
            mask.setColor(RGBColor.white)
            stroke(mask)
        }) else { return }
        dc.setColor(color, alpha: 0.35 + 0.5 * amount)
        dc.mask(mask, x: left, y: top)
    }

    /// A button's face: its circle, icon and label (cached).
    private func face(_ button: HUDButton, enabled: Bool) -> ImageSurface? {
        let s = canvas.s, theme = canvas.theme
        let width = (HUDLayout.button + HUDLayout.buttonGap + 6) * s, height = (HUDLayout.rowHeight + 4) * s
        return canvas.surfaces.surface("button|\(button)|\(enabled)|\(canvas.style)", width: width, height: height) { dc in
            let cx = width / 2, cy = (HUDLayout.button / 2 + 4) * s, r = HUDLayout.button / 2 * s
            // A soft shadow under the button.
            dc.newPath()
            dc.ellipse(cx, cy + r * 0.9, r * 0.8, r * 0.18)
            dc.setColor(RGBColor(0.2, 0.05, 0.3), alpha: 0.18)
            dc.fill()
            var (light, dark) = theme.buttonGradient(button)
            if !enabled {
                light = RGBColor(0.85, 0.85, 0.88)
                dark = RGBColor(0.62, 0.62, 0.68)
            }
            dc.newPath()
            dc.circle(cx, cy, r)
            dc.setLinearGradient(from: (cx, cy - r), to: (cx, cy + r), stops: [(0, light), (1, dark)])
            dc.fillPreserve()
            dc.setColor(theme.outline)
            dc.stroke(width: theme.outlineWidth * s)
            // A glossy highlight on the upper half.
            if !theme.highContrast {
                dc.newPath()
                dc.ellipse(cx, cy - r * 0.45, r * 0.6, r * 0.3)
                dc.setColor(RGBColor.white, alpha: enabled ? 0.35 : 0.2)
                dc.fill()
            }
            let iconColor = enabled ? RGBColor.white : RGBColor(0.97, 0.97, 1, alpha: 0.9)
            HUDIcon.draw(button, in: dc, x: cx, y: cy, size: r * 0.95, color: iconColor)
            // The label beneath, on a pill so it reads over any backdrop.
            let labelTop = cy + r + 3 * s, labelHeight = 16 * s
            dc.newPath()
            dc.roundedRect(2 * s, labelTop, width - 4 * s, labelHeight + 2 * s, radius: 8 * s)
            dc.setColor(theme.surface, alpha: theme.highContrast ? 1 : 0.85)
            dc.fillPreserve()
            if theme.highContrast { dc.setColor(theme.outline); dc.stroke(width: 1.5 * s) } else { dc.newPath() }
            let text = enabled ? theme.text : theme.text.withAlpha(0.55)
            PangoText.draw(button.label, in: dc, x: 3 * s, y: labelTop, width: width - 6 * s, height: labelHeight + 2 * s,
                           size: canvas.textSize(13), minimum: 8, color: text.cairo)
        }
    }

    /// The settings (gear) and help buttons, 44 pt, at the top left.
    private func paintChrome() {
        let s = canvas.s, theme = canvas.theme
        for (index, (x, y)) in canvas.layout.chromeCenters.enumerated() {
            let size = (HUDLayout.smallButton + 6) * s
            let surface = canvas.surfaces.surface("chrome|\(index)|\(canvas.style)", width: size, height: size) { dc in
                let r = HUDLayout.smallButton / 2 * s, c = size / 2
                dc.newPath()
                dc.circle(c, c, r)
                dc.setColor(theme.surface, alpha: theme.highContrast ? 1 : 0.9)
                dc.fillPreserve()
                dc.setColor(theme.highContrast ? theme.outline : theme.accent)
                dc.stroke(width: theme.outlineWidth * s)
                PangoText.draw(index == 0 ? "⚙" : "?", in: dc, x: c - r, y: c - r, width: 2 * r, height: 2 * r,
                               size: r * 1.15, minimum: r * 0.6, color: theme.text.cairo)
            }
            if let surface { canvas.dc.place(surface, centerX: x, centerY: y) }
        }
    }
}
