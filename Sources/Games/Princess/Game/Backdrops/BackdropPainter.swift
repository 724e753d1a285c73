import Drawing
import Foundation
import Effects
import Princess
import Vocabulary

/// Draws a whole room behind the scene: a wall with a soft gradient and a pattern, a floor in
/// perspective meeting it at the horizon, a baseboard, the room's furniture and a pool of
/// gentle light. Expensive (gradients, many paths), so it is drawn once per size and cached.
struct BackdropPainter {
    let dc: DrawingContext
    let width: Double
    let height: Double
    let horizon: Double
    let palette: RoomPalette
    /// Size unit: 1 at a 720-pixel-high canvas.
    let s: Double

    init(dc: DrawingContext, width: Int, height: Int, horizonY: Float, backdrop: Backdrop, highContrast: Bool) {
        self.dc = dc
        self.width = Double(width)
        self.height = Double(height)
        horizon = min(max(Double(horizonY), 0), Double(height))
        palette = RoomPalette.of(backdrop, highContrast: highContrast)
        s = Double(height) / 720
    }

    func paint(_ backdrop: Backdrop) {
        // An opaque ground first: where the horizon falls inside a row of pixels, the wall and
        // the floor each cover only part of it, and the room must still be opaque there.
        dc.setColor(palette.wallBottom)
        dc.paint()
        paintWall()
        switch backdrop {
        case .bedroom:
            paintStripes()
            paintWindow(centerX: width * 0.24, night: false)
        case .playroom:
            paintDots()
            paintShelf()
        case .nursery:
            paintCloudsAndStars()
            paintMobile()
        case .nightlight:
            paintDots()
            paintWindow(centerX: width * 0.76, night: true)
        }
        paintFloor(backdrop)
        paintBaseboard()
        if backdrop == .nightlight { paintLamp() }
        paintLight(backdrop)
    }

    // MARK: wall and floor

    private func paintWall() {
        dc.setLinearGradient(from: (0, 0), to: (0, horizon), stops: [(0, palette.wallTop), (1, palette.wallBottom)])
        dc.rect(0, 0, width, horizon)
        dc.fill()
    }

    private func paintStripes() {
        let stripe = 46 * s
        dc.newPath()
        var x = stripe / 2
        while x < width {
            dc.rect(x, 0, stripe / 2, horizon)
            x += stripe * 1.5
        }
        dc.setColor(palette.wallPattern)
        dc.fill()
    }

    private func paintDots() {
        let step = 64 * s
        dc.newPath()
        var row = 0
        var y = step / 2
        while y < horizon - 20 * s {
            var x = (row % 2 == 0 ? step / 2 : step)
            while x < width + step {
                dc.circle(x, y, 5 * s)
                x += step
            }
            y += step * 0.8
            row += 1
        }
        dc.setColor(palette.wallPattern)
        dc.fill()
    }

    private func paintCloudsAndStars() {
        dc.newPath()
        for (fx, fy) in [(0.12, 0.2), (0.42, 0.12), (0.7, 0.26), (0.9, 0.1)] {
            let cx = width * fx, cy = horizon * fy + 30 * s
            for (dx, dy, r) in [(-28.0, 4.0, 18.0), (0.0, -6.0, 24.0), (28.0, 4.0, 18.0)] {
                dc.circle(cx + dx * s, cy + dy * s, r * s)
            }
        }
        dc.setColor(palette.wallPattern)
        dc.fill()
        dc.newPath()
        for (fx, fy) in [(0.26, 0.35), (0.55, 0.3), (0.82, 0.45), (0.08, 0.55), (0.36, 0.6)] {
            traceStar(x: width * fx, y: horizon * fy, outer: 12 * s, inner: 5 * s, points: 5)
        }
        dc.setColor(palette.accent2.withAlpha(0.8))
        dc.fill()
    }

    private func paintFloor(_ backdrop: Backdrop) {
        dc.setLinearGradient(from: (0, horizon), to: (0, height), stops: [(0, palette.floorFar), (1, palette.floorNear)])
        dc.rect(0, horizon, width, height - horizon)
        dc.fill()
        guard height - horizon > 2 else { return }

        dc.saved {
            dc.rect(0, horizon, width, height - horizon)
            dc.clip()
            // Boards (or tiles) converge toward a vanishing point above the horizon.
            let vanishX = width / 2, vanishY = horizon - (height - horizon) * 1.2
            let spacing = backdrop == .playroom ? 150 * s : 90 * s
            dc.newPath()
            var x = vanishX - 30 * spacing
            while x <= vanishX + 30 * spacing {
                dc.move(vanishX + (x - vanishX) * 0.45, horizon)
                dc.line(vanishX + (x - vanishX) * (height - vanishY) / (horizon - vanishY) * 0.45, height)
                x += spacing
            }
            // Cross seams get closer together toward the horizon.
            let rows = backdrop == .playroom ? 5 : 8
            for k in 1..<rows {
                let t = Double(k) / Double(rows)
                let y = horizon + (height - horizon) * t * t
                dc.move(0, y)
                dc.line(width, y)
            }
            dc.setColor(palette.floorLine)
            dc.stroke(width: max(1.5 * s, 0.75))

            if backdrop == .nursery {
                // A round rug in perspective.
                dc.saved {
                    dc.translate(width * 0.5, horizon + (height - horizon) * 0.55)
                    dc.scale(1, 0.28)
                    dc.newPath()
                    dc.circle(0, 0, min(width * 0.36, 520 * s))
                    dc.setColor(palette.accent.withAlpha(0.75))
                    dc.fillPreserve()
                    dc.setColor(.white)
                    dc.stroke(width: 10 * s)
                    dc.circle(0, 0, min(width * 0.36, 520 * s) * 0.72)
                    dc.setColor(RGBColor(1, 1, 1, alpha: 0.6))
                    dc.stroke(width: 6 * s)
                }
            }
        }
    }

    private func paintBaseboard() {
        let board = 16 * s
        dc.newPath()
        dc.rect(0, horizon - board, width, board)
        dc.setColor(palette.trim)
        dc.fill()
        dc.newPath()
        dc.move(0, horizon)
        dc.line(width, horizon)
        dc.setColor(palette.outline ?? palette.floorLine.withAlpha(0.5))
        dc.stroke(width: max((palette.outline == nil ? 2 : 4) * s, 1))
    }

    // MARK: furniture

    private func paintWindow(centerX: Double, night: Bool) {
        let w = min(300 * s, width * 0.3), h = min(240 * s, horizon * 0.62)
        let x = centerX - w / 2, y = max(horizon * 0.16, horizon - h - 120 * s)
        guard h > 8 else { return }
        let frame = 12 * s
        // Sky.
        dc.newPath()
        dc.rect(x, y, w, h)
        if palette.outline != nil {
            dc.setColor(night ? RGBColor(0, 0, 0.2) : RGBColor(0.55, 0.8, 1))
        } else if night {
            dc.setLinearGradient(from: (0, y), to: (0, y + h), stops: [(0, RGBColor(0.05, 0.06, 0.2)), (1, RGBColor(0.2, 0.18, 0.42))])
        } else {
            dc.setLinearGradient(from: (0, y), to: (0, y + h), stops: [(0, RGBColor(0.5, 0.78, 1)), (1, RGBColor(0.85, 0.94, 1))])
        }
        dc.fill()
        dc.saved {
            dc.rect(x, y, w, h)
            dc.clip()
            if night {
                dc.newPath()
                dc.circle(x + w * 0.7, y + h * 0.3, 26 * s)
                dc.circle(x + w * 0.7 + 11 * s, y + h * 0.3 - 8 * s, 22 * s)
                dc.setEvenOdd(true)
                dc.setColor(RGBColor(1, 0.95, 0.7))
                dc.fill()
                dc.setEvenOdd(false)
                dc.newPath()
                for (fx, fy) in [(0.15, 0.2), (0.3, 0.55), (0.45, 0.15), (0.2, 0.8), (0.55, 0.7), (0.85, 0.75)] {
                    traceStar(x: x + w * fx, y: y + h * fy, outer: 5 * s, inner: 2 * s, points: 4)
                }
                dc.setColor(RGBColor(1, 1, 0.85))
                dc.fill()
            } else {
                dc.newPath()
                for (fx, fy, k) in [(0.3, 0.35, 1.0), (0.75, 0.6, 0.7)] {
                    for (dx, dy, r) in [(-22.0, 4.0, 14.0), (0.0, -4.0, 19.0), (22.0, 4.0, 14.0)] {
                        dc.circle(x + w * fx + dx * s * k, y + h * fy + dy * s * k, r * s * k)
                    }
                }
                dc.setColor(RGBColor(1, 1, 1, alpha: 0.9))
                dc.fill()
            }
        }
        // Frame, mullions and sill.
        dc.newPath()
        dc.rect(x, y, w, h)
        dc.move(x + w / 2, y)
        dc.line(x + w / 2, y + h)
        dc.move(x, y + h / 2)
        dc.line(x + w, y + h / 2)
        dc.setColor(palette.outline ?? palette.trim)
        dc.stroke(width: frame)
        dc.newPath()
        dc.roundedRect(x - 20 * s, y + h + frame / 2 - 2 * s, w + 40 * s, 14 * s, radius: 4 * s)
        dc.setColor(palette.trim)
        dc.fill(outline: palette.outline.map { ($0, 3 * s) })
        // Curtains gathered at both sides.
        for side in [-1.0, 1.0] {
            let cx = side < 0 ? x - 10 * s : x + w + 10 * s
            dc.newPath()
            dc.move(cx - side * 52 * s, y - 24 * s)
            dc.line(cx + side * 16 * s, y - 24 * s)
            dc.curve(cx + side * 10 * s, y + h * 0.5, cx + side * 24 * s, y + h, cx + side * 20 * s, y + h + 30 * s)
            dc.curve(cx - side * 20 * s, y + h + 34 * s, cx - side * 14 * s, y + h * 0.55, cx - side * 52 * s, y - 24 * s)
            dc.close()
            if palette.outline == nil {
                dc.setLinearGradient(from: (cx - 30 * s, 0), to: (cx + 30 * s, 0),
                                     stops: [(0, palette.accent), (0.5, palette.accent.mixed(with: .white, 0.3)), (1, palette.accent)])
            } else {
                dc.setColor(palette.accent)
            }
            dc.fill(outline: palette.outline.map { ($0, 3 * s) })
        }
        // The curtain rod.
        dc.newPath()
        dc.roundedRect(x - 80 * s, y - 30 * s, w + 160 * s, 8 * s, radius: 4 * s)
        dc.setColor(palette.outline ?? palette.accent.mixed(with: RGBColor(0.4, 0.2, 0.3), 0.5))
        dc.fill()
    }

    private func paintShelf() {
        let shelfW = min(420 * s, width * 0.42), x = width * 0.68 - shelfW / 2
        let y = horizon - 250 * s
        guard y > 10 * s else { return }
        let outline = palette.outline.map { ($0, 3 * s) }
        // Toys standing on the shelf: blocks, a ball and a teddy.
        let blockColors = [RGBColor(1, 0.45, 0.45), RGBColor(0.45, 0.7, 1), RGBColor(1, 0.82, 0.3)]
        for (i, c) in blockColors.enumerated() {
            dc.newPath()
            dc.roundedRect(x + 24 * s + Double(i) * 46 * s, y - 42 * s, 40 * s, 42 * s, radius: 5 * s)
            dc.setColor(c)
            dc.fill(outline: outline)
        }
        dc.newPath()
        dc.roundedRect(x + 47 * s, y - 82 * s, 40 * s, 40 * s, radius: 5 * s)
        dc.setColor(RGBColor(0.5, 0.85, 0.55))
        dc.fill(outline: outline)
        dc.newPath()
        dc.circle(x + 215 * s, y - 30 * s, 30 * s)
        dc.setColor(palette.accent2)
        dc.fill(outline: outline)
        dc.newPath()
        dc.move(x + 186 * s, y - 30 * s)
        dc.quad(x + 215 * s, y - 12 * s, x + 244 * s, y - 30 * s)
        dc.setColor(RGBColor(1, 1, 1, alpha: 0.8))
        dc.stroke(width: 6 * s)
        // Teddy.
        let tx = x + shelfW - 70 * s
        dc.newPath()
        dc.ellipse(tx, y - 30 * s, 28 * s, 30 * s)
        dc.circle(tx, y - 78 * s, 22 * s)
        dc.circle(tx - 18 * s, y - 96 * s, 9 * s)
        dc.circle(tx + 18 * s, y - 96 * s, 9 * s)
        dc.setColor(RGBColor(0.78, 0.56, 0.38))
        dc.fill(outline: outline)
        dc.newPath()
        dc.ellipse(tx, y - 70 * s, 9 * s, 7 * s)
        dc.setColor(RGBColor(0.95, 0.82, 0.66))
        dc.fill()
        dc.newPath()
        dc.circle(tx - 8 * s, y - 82 * s, 2.6 * s)
        dc.circle(tx + 8 * s, y - 82 * s, 2.6 * s)
        dc.circle(tx, y - 72 * s, 2.6 * s)
        dc.setColor(RGBColor(0.2, 0.12, 0.1))
        dc.fill()
        // The plank and its brackets.
        dc.newPath()
        dc.roundedRect(x, y, shelfW, 16 * s, radius: 3 * s)
        dc.setColor(palette.outline == nil ? RGBColor(0.9, 0.72, 0.55) : palette.accent)
        dc.fill(outline: outline)
        dc.newPath()
        dc.rect(x, y + 16 * s, shelfW, 6 * s)
        dc.setColor(RGBColor(0, 0, 0, alpha: 0.08))
        dc.fill()
    }

    private func paintMobile() {
        let cx = width * 0.5, top = 0.0, barY = min(110 * s, horizon * 0.3)
        let outline = palette.outline.map { ($0, 2 * s) }
        let stringColor = palette.outline ?? RGBColor(0.6, 0.55, 0.7, alpha: 0.8)
        dc.newPath()
        dc.move(cx, top)
        dc.line(cx, barY)
        dc.move(cx - 140 * s, barY)
        dc.quad(cx, barY - 20 * s, cx + 140 * s, barY)
        let hangers: [(Double, Double)] = [(-140, 70), (-70, 110), (0, 80), (70, 110), (140, 70)]
        for (dx, len) in hangers {
            dc.move(cx + dx * s, barY - (dx == 0 ? 10 : abs(dx) < 100 ? 7 : 0) * s)
            dc.line(cx + dx * s, barY + len * s)
        }
        dc.setColor(stringColor)
        dc.stroke(width: max(2 * s, 1))
        for (i, (dx, len)) in hangers.enumerated() {
            let hx = cx + dx * s, hy = barY + len * s + 16 * s
            dc.newPath()
            if i % 2 == 0 {
                traceStar(x: hx, y: hy, outer: 18 * s, inner: 8 * s, points: 5)
                dc.setColor(palette.accent2)
            } else {
                dc.circle(hx, hy, 15 * s)
                dc.circle(hx + 7 * s, hy - 5 * s, 13 * s)
                dc.setEvenOdd(true)
                dc.setColor(palette.accent)
            }
            dc.fill(outline: outline)
            dc.setEvenOdd(false)
        }
    }

    private func paintLamp() {
        let x = width * 0.14, floorY = horizon + (height - horizon) * 0.18
        let outline = palette.outline.map { ($0, 3 * s) }
        dc.newPath()
        dc.rect(x - 4 * s, floorY - 210 * s, 8 * s, 200 * s)
        dc.setColor(palette.outline ?? RGBColor(0.55, 0.48, 0.7))
        dc.fill()
        dc.newPath()
        dc.ellipse(x, floorY - 8 * s, 36 * s, 10 * s)
        dc.setColor(palette.outline ?? RGBColor(0.5, 0.44, 0.66))
        dc.fill()
        dc.newPath()
        dc.move(x - 34 * s, floorY - 212 * s)
        dc.line(x - 52 * s, floorY - 170 * s)
        dc.line(x + 52 * s, floorY - 170 * s)
        dc.line(x + 34 * s, floorY - 212 * s)
        dc.close()
        dc.setColor(palette.accent)
        dc.fill(outline: outline)
    }

    /// A wide, soft pool of light (and in the night room, the lamp's warm halo).
    private func paintLight(_ backdrop: Backdrop) {
        guard palette.light.alpha > 0 else { return }
        let (cx, cy, r): (Double, Double, Double)
        switch backdrop {
        case .bedroom: (cx, cy, r) = (width * 0.3, horizon + (height - horizon) * 0.35, width * 0.45)
        case .nightlight: (cx, cy, r) = (width * 0.14, horizon - 30 * s, width * 0.4)
        default: (cx, cy, r) = (width * 0.5, horizon * 0.4, width * 0.6)
        }
        dc.setRadialGradient(center: (cx, cy), radius: r, stops: [(0, palette.light), (1, palette.light.withAlpha(0))])
        dc.rect(0, 0, width, height)
        dc.fill()
        // A gentle vignette draws the eye to the middle.
        dc.setRadialGradient(center: (width / 2, height / 2), radius: max(width, height) * 0.75,
                             stops: [(0.6, RGBColor(0.1, 0.02, 0.1, alpha: 0)), (1, RGBColor(0.1, 0.02, 0.1, alpha: 0.16))])
        dc.rect(0, 0, width, height)
        dc.fill()
    }

    private func traceStar(x: Double, y: Double, outer: Double, inner: Double, points: Int) {
        for i in 0..<(points * 2) {
            let a = Double(i) * .pi / Double(points) - .pi / 2
            let r = i % 2 == 0 ? outer : inner
            if i == 0 { dc.move(x + cos(a) * r, y + sin(a) * r) } else { dc.line(x + cos(a) * r, y + sin(a) * r) }
        }
        dc.close()
    }
}
