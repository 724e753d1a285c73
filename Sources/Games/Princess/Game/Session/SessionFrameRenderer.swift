import CCairo
import Drawing
import GameKit
import Princess
import Vocabulary

/// Draws a shared session side by side: each peer's view (drawn by its own `FrameRenderer`,
/// so caches stay per view) in its panel, a thin divider between panels, and in each
/// panel's top-left corner a small sync indicator — a green dot in sync, an amber arc
/// catching up, a grey struck-through dot offline (its panel dimmed) — with the peer's
/// number as white dots. No text: the same pixels on every machine, whatever its fonts.
public final class SessionFrameRenderer: GamePainter {
    private var views: [FrameRenderer] = []
    private let canvas = ReusableCanvas()
    private let skins: PrincessSkins

    /// A renderer; its canvas is made at the size of the first panels; every view draws `skins`.
    public init(skins: PrincessSkins = PrincessSkins()) { self.skins = skins }

    /// Draws `panels` (all of one size) and returns the pixels, valid until the next call.
    public func render(_ panels: [PeerPanel]) throws -> FramePixels {
        guard let first = panels.first else { throw RenderError.badCanvas(width: 0, height: 0) }
        let grid = PeerPanel.grid(for: panels.count)
        let dc = try canvas.context(width: first.snapshot.width * grid.columns, height: first.snapshot.height * grid.rows)
        try paint(panels, on: dc)
        return dc.surface.pixels
    }

    /// Draws `panels` (all of one size) onto `dc`, a canvas of the grid's size.
    package func paint(_ panels: [PeerPanel], on dc: DrawingContext) throws {
        guard let first = panels.first else { throw RenderError.badCanvas(width: 0, height: 0) }
        let width = first.snapshot.width, height = first.snapshot.height
        let grid = PeerPanel.grid(for: panels.count)
        while views.count < panels.count { views.append(FrameRenderer(skins: skins)) }
        dc.setColor(RGBColor(0.1, 0.08, 0.14))
        dc.paint()
        for (index, panel) in panels.enumerated() {
            _ = try views[index].render(panel.snapshot)
            guard let view = views[index].canvas else { continue }
            let x = Double((index % grid.columns) * width), y = Double((index / grid.columns) * height)
            dc.saved {
                dc.rect(x, y, Double(width), Double(height))
                dc.clip()
                dc.copy(view, x: x, y: y)
                if panel.status == .offline {
                    dc.setColor(RGBColor(0.05, 0.05, 0.08), alpha: 0.5)
                    dc.paint()
                }
                indicator(panel, in: dc, x: x, y: y, height: Double(height))
            }
        }
        dividers(dc, grid: grid, width: width, height: height)
    }

    private func indicator(_ panel: PeerPanel, in dc: DrawingContext, x: Double, y: Double, height: Double) {
        let radius = max(3, (height * 0.028).rounded())
        let margin = radius * 0.8
        let dots = min(max(panel.number, 1), 8)
        let dotRadius = max(1.5, radius * 0.28)
        let pillWidth = radius * 2 + margin * 1.5 + Double(dots) * dotRadius * 2.8
        dc.roundedRect(x + margin * 0.5, y + margin * 0.5, pillWidth, radius * 2 + margin, radius: radius * 0.5 + margin * 0.5)
        dc.setColor(RGBColor(0, 0, 0), alpha: 0.45)
        dc.fill()
        let cx = x + margin + radius, cy = y + margin + radius
        switch panel.status {
        case .inSync:
            dc.circle(cx, cy, radius)
            dc.setColor(RGBColor(0.25, 0.85, 0.4))
            dc.fill()
        case .catchingUp:
            dc.newPath()
            dc.arc(cx, cy, radius * 0.75, from: -.pi / 2, to: .pi)
            dc.setColor(RGBColor(1, 0.72, 0.15))
            dc.stroke(width: radius * 0.45)
        case .offline:
            dc.circle(cx, cy, radius)
            dc.setColor(RGBColor(0.55, 0.55, 0.6))
            dc.fill()
            dc.newPath()
            dc.move(cx - radius * 0.7, cy + radius * 0.7)
            dc.line(cx + radius * 0.7, cy - radius * 0.7)
            dc.setColor(RGBColor(0.9, 0.2, 0.25))
            dc.stroke(width: radius * 0.3)
        }
        for dot in 0..<dots {
            dc.circle(cx + radius + margin * 0.75 + dotRadius * 1.4 + Double(dot) * dotRadius * 2.8, cy, dotRadius)
        }
        dc.setColor(.white)
        dc.fill()
    }

    private func dividers(_ dc: DrawingContext, grid: (columns: Int, rows: Int), width: Int, height: Int) {
        let line = max(1, Double(height) * 0.004)
        dc.setColor(RGBColor(1, 1, 1), alpha: 0.85)
        for column in 1..<max(grid.columns, 1) {
            dc.rect(Double(column * width) - line / 2, 0, line, Double(height * grid.rows))
        }
        for row in 1..<max(grid.rows, 1) {
            dc.rect(0, Double(row * height) - line / 2, Double(width * grid.columns), line)
        }
        dc.fill()
    }
}
