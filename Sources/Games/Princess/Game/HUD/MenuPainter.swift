import Drawing
import Foundation
import Princess
import Vocabulary

/// The long-press action menu: the five actions, then the scene's moves, on an arc above the
/// princess, in her colours, 52 pt round items (above the 44 pt minimum); the picked one pressed.
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
        // 30° between items, centred above her (the five built-in ones span 120°, from 150° left
        // of straight up; written so that five items fall exactly where they always did); beyond
        // nine items the arc stops widening at 240° and they close up.
        let fiveSpan = .pi * 2.0 / 3.0
        let span = min(Double(max(count - 1, 1)) * fiveSpan / 4, fiveSpan * 2)
        let start = -.pi * (5.0 / 6.0) - (span - fiveSpan) / 2
        for (index, action) in menu.actions.enumerated() {
            let angle = start + Double(index) * span / Double(max(count - 1, 1))
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

    /// One item: a white disc ringed in her colour with the action's icon, and its name; a
    /// move's icon is its name's first letter, since a moves file draws none.
    private func item(_ action: ActionName, kind: CharacterKind) -> ImageSurface? {
        let s = canvas.s, theme = canvas.theme
        let w = (Self.item + 28) * s, h = (Self.item + 26) * s
        let label: String
        switch action {
        case .builtIn(let builtIn): label = HUDButton(action: builtIn).label
        case .move(let name): label = name
        }
        return canvas.surfaces.surface("menu|\(action.text)|\(kind)|\(canvas.style)", width: w, height: h) { dc in
            let r = Self.item / 2 * s, cx = w / 2, cy = r + 3 * s
            let color = theme.highContrast ? RGBColor(0, 0, 0) : kind.themeColor
            dc.newPath()
            dc.circle(cx, cy, r)
            dc.setColor(RGBColor.white)
            dc.fillPreserve()
            dc.setColor(color)
            dc.stroke(width: 4 * s)
            switch action {
            case .builtIn(let builtIn):
                HUDIcon.draw(HUDButton(action: builtIn), in: dc, x: cx, y: cy, size: r * 0.85, color: color)
            case .move(let name):
                let size = r * 0.85
                PangoText.draw(String(name.prefix(1)).uppercased(), in: dc, x: cx - size, y: cy - size, width: 2 * size, height: 2 * size,
                               size: size * 0.95, minimum: size * 0.5, bold: true, color: color.cairo)
            }
            let top = cy + r + 3 * s
            dc.newPath()
            dc.roundedRect(s, top, w - 2 * s, 17 * s, radius: 8 * s)
            dc.setColor(theme.surface, alpha: 0.92)
            dc.fill()
            PangoText.draw(label, in: dc, x: 2 * s, y: top, width: w - 4 * s, height: 17 * s,
                           size: canvas.textSize(13), minimum: 8, color: theme.text.cairo)
        }
    }
}
