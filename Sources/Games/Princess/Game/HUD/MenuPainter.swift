import Drawing
import Foundation
import Princess
import Vocabulary

/// The long-press action menu: the five actions on an arc above the princess, in her
/// colours, 52 pt round items (above the 44 pt minimum); the picked one pressed.
struct MenuPainter {
    let canvas: HUDCanvas

    static let item = 52.0

    func paint(_ menu: MenuView) {
        let s = canvas.s, dc = canvas.dc
        let presence = Double(menu.presence)
        let cx = Double(menu.center.x), cy = Double(menu.center.y)
        let radius = (Double(menu.height) * 0.55 + 40 * s) * (0.55 + 0.45 * presence)
        let count = menu.actions.count
        let half = (Self.item / 2 + 20) * s
        for (index, action) in menu.actions.enumerated() {
            let angle = -.pi * (5.0 / 6.0) + Double(index) * (.pi * 2.0 / 3.0) / Double(max(count - 1, 1))
            // Kept on the canvas, whatever her place.
            let x = min(max(cx + cos(angle) * radius, half), canvas.layout.width - half)
            let y = min(max(cy + sin(angle) * radius, half), canvas.layout.height - half)
            guard let surface = item(action, kind: menu.kind) else { continue }
            let picked = menu.picked == action
            if picked {
                dc.newPath()
                dc.circle(x, y - 8 * s, (Self.item / 2 + 6) * s)
                dc.setColor(canvas.theme.accent, alpha: presence)
                dc.stroke(width: 4 * s)
            }
            dc.place(surface, centerX: x, centerY: y, scale: picked ? 0.85 : 1, alpha: presence)
        }
    }

    /// One item: a white disc ringed in her colour with the action's icon, and its name.
    private func item(_ action: ActionKind, kind: CharacterKind) -> ImageSurface? {
        let s = canvas.s, theme = canvas.theme
        let w = (Self.item + 28) * s, h = (Self.item + 26) * s
        return canvas.surfaces.surface("menu|\(action)|\(kind)|\(canvas.style)", width: w, height: h) { dc in
            let r = Self.item / 2 * s, cx = w / 2, cy = r + 3 * s
            let color = theme.highContrast ? RGBColor(0, 0, 0) : kind.themeColor
            dc.newPath()
            dc.circle(cx, cy, r)
            dc.setColor(RGBColor.white)
            dc.fillPreserve()
            dc.setColor(color)
            dc.stroke(width: 4 * s)
            HUDIcon.draw(HUDButton(action: action), in: dc, x: cx, y: cy, size: r * 0.85, color: color)
            let top = cy + r + 3 * s
            dc.newPath()
            dc.roundedRect(s, top, w - 2 * s, 17 * s, radius: 8 * s)
            dc.setColor(theme.surface, alpha: 0.92)
            dc.fill()
            PangoText.draw(HUDButton(action: action).label, in: dc, x: 2 * s, y: top, width: w - 4 * s, height: 17 * s,
                           size: canvas.textSize(13), minimum: 8, color: theme.text.cairo)
        }
    }
}
