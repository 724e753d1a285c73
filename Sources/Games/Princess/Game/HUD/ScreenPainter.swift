import Drawing
import Foundation
import Princess
import Vocabulary

/// The full-screen cards: a dimmed scene behind, the card sliding up with a spring as it
/// opens and down as it closes, pages sliding sideways as they turn (crossfades instead with
/// reduce motion). A card's face is drawn once per page and settings, then only moved.
struct ScreenPainter {
    let canvas: HUDCanvas
    let settings: SceneSettings

    static let margin = 14.0

    func paint(_ view: ScreenView) {
        let s = canvas.s, dc = canvas.dc, layout = canvas.layout
        let presence = Double(view.presence), alpha = Double(view.alpha)
        let x0 = Self.margin * s, y0 = Self.margin * s
        let w = layout.width - 2 * x0, h = layout.height - 2 * y0
        dc.newPath()
        dc.rect(0, 0, layout.width, layout.height)
        dc.setColor(RGBColor(0.1, 0.02, 0.15), alpha: 0.4 * min(max(presence, 0), 1) * alpha)
        dc.fill()
        let offsetY = (1 - presence) * layout.height
        guard let page = face(view.screen, page: view.page, ticked: view.ticked, width: w, height: h) else { return }
        if let previous = view.previousPage, let old = face(view.screen, page: previous, ticked: view.ticked, width: w, height: h) {
            let turn = Double(view.turn)
            if alpha < 1 || settings.reduceMotion {
                dc.place(old, centerX: x0 + w / 2, centerY: y0 + offsetY + h / 2, alpha: alpha * (1 - turn))
                dc.place(page, centerX: x0 + w / 2, centerY: y0 + offsetY + h / 2, alpha: alpha * turn)
            } else {
                let direction: Double = view.page > previous ? 1 : -1
                dc.saved {
                    dc.newPath()
                    dc.roundedRect(x0, y0 + offsetY, w, h, radius: 24 * s)
                    dc.clip()
                    dc.place(old, centerX: x0 + w / 2 - direction * turn * w, centerY: y0 + offsetY + h / 2)
                    dc.place(page, centerX: x0 + w / 2 + direction * (1 - turn) * w, centerY: y0 + offsetY + h / 2)
                }
            }
            return
        }
        dc.place(page, centerX: x0 + w / 2, centerY: y0 + offsetY + h / 2, alpha: alpha)
    }

    /// A page's card (cached by screen, page, size and, for settings, the settings shown).
    private func face(_ screen: UIScreen, page: Int, ticked: Bool, width w: Double, height h: Double) -> ImageSurface? {
        let live = screen == .settings ? "\(settings)" : ticked ? "ticked" : ""
        let w = w.rounded(), h = h.rounded()
        return canvas.surfaces.surface("screen|\(screen)|\(page)|\(w)x\(h)|\(live)|\(canvas.style)", width: w, height: h) { dc in
            let kit = ScreenKit(canvas: canvas, dc: dc, width: w, height: h)
            ScreenContent(kit: kit, settings: settings, ticked: ticked).draw(screen, page: page)
        }
    }
}
