import Foundation
import CCairo
import ECS
import Effects
import Scene

/// Draws one princess from her pose with vector paths. She is laid out in body units: the
/// origin at her feet, y downwards, 100 units from the soles to the top of the crown; the
/// pose then places, leans, squashes, turns and fades that figure. It only reads the pose.
struct PrincessPainter {
    let dc: DrawingContext
    let style: PrincessStyle
    let shades: PrincessShades
    /// Outline width in body units, never thinner than about a device pixel in high contrast.
    let outlineWidth: Double
    /// True when she has turned her back to the viewer during a twirl.
    let facingAway: Bool
    /// How far the skirt flares out while twirling, 0…0.3.
    let flare: Double
    /// The pose being drawn.
    let pose: CharacterPose

    /// Paints `pose` on `dc`: shadow and glow in canvas space, the figure in body space.
    static func paint(_ pose: CharacterPose, on dc: DrawingContext, highContrast: Bool) {
        let appear = Double(min(max(pose.appear, 0), 1))
        let vanish = Double(min(max(pose.vanish, 0), 1))
        let opacity = min(1, appear * 1.6) * (1 - vanish)
        guard opacity > 0.002 else { return }
        // Appearing pops in with a little overshoot; vanishing shrinks away as it fades.
        let growth = easeOutBack(appear) * (1 - 0.75 * vanish * vanish)
        let height = Double(pose.baseHeight) * Double(min(max(pose.scale, 0.05), 4)) * growth
        guard height > 0.5 else { return }
        let unit = height / 100

        let spin = Double(pose.spin)
        var turn = cos(spin)
        // Edge-on she would vanish; keep a sliver so the twirl reads as turning, not blinking.
        if abs(turn) < 0.18 { turn = turn < 0 ? -0.18 : 0.18 }
        let flare = 0.3 * abs(sin(spin / 2)) * (pose.action == .twirl || spin != 0 ? 1 : 0)
        let stretch = Double(min(max(pose.stretch, 0.4), 2.5))
        let liftPixels = Double(max(pose.lift, 0)) * Double(pose.scale)
        let x = Double(pose.position.x), y = Double(pose.position.y)

        let shades = PrincessShades(theme: pose.kind.themeColor, highContrast: highContrast)
        let minimumDevicePixels = highContrast ? 1.2 : 0.5
        let painter = PrincessPainter(
            dc: dc, style: .of(pose.kind), shades: shades,
            outlineWidth: max(shades.outlineWidth, minimumDevicePixels / unit),
            facingAway: turn < 0, flare: flare, pose: pose)

        let faded = opacity < 0.999
        if faded {
            // Fade the figure as one layer, so overlapping parts do not show through each other.
            dc.saved {
                let reach = height * 0.9
                dc.rect(x - reach, y - height * 1.5 - liftPixels - reach * 0.2, reach * 2, height * 1.8 + liftPixels)
                dc.clip()
                cairo_push_group(dc.cr)
                painter.paintAll(x: x, y: y, unit: unit, turn: turn, stretch: stretch, lift: liftPixels)
                cairo_pop_group_to_source(dc.cr)
                cairo_paint_with_alpha(dc.cr, opacity)
            }
        } else {
            painter.paintAll(x: x, y: y, unit: unit, turn: turn, stretch: stretch, lift: liftPixels)
        }
    }

    private func paintAll(x: Double, y: Double, unit: Double, turn: Double, stretch: Double, lift: Double) {
        let glow = max(Double(pose.glow), pose.highlighted ? 0.35 : 0)
        if pose.highlighted { paintHoldRing(x: x, y: y, unit: unit) }
        paintShadow(x: x, y: y, unit: unit, lift: lift)
        if glow > 0.01 { paintGlow(x: x, y: y - lift, unit: unit, amount: glow) }
        dc.saved {
            dc.translate(x, y - lift)
            dc.rotate(Double(pose.sway))
            // Squash and stretch keep her area: wider as she squashes.
            dc.scale(unit * turn / stretch, unit * stretch)
            paintFigure()
        }
    }

    /// The figure in body units, back to front.
    private func paintFigure() {
        paintBackHair()
        paintShoes()
        paintSkirt()
        paintBodice()
        paintArm(side: -1, angle: Double(pose.waveArmAngle))
        paintArm(side: 1, angle: Double(pose.otherArmAngle))
        paintHead()
        if facingAway {
            paintHairSeenFromBehind()
        } else {
            paintFace()
            paintFrontHair()
        }
        paintCrown()
    }

    /// A soft oval on the floor that shrinks and fades as she rises.
    private func paintShadow(x: Double, y: Double, unit: Double, lift: Double) {
        let rise = lift / (unit * 100)
        let shrink = 1 / (1 + 1.6 * rise)
        let rx = 26 * unit * shrink, ry = 6 * unit * shrink
        guard rx > 0.3 else { return }
        let strength = (shades.highContrast ? 0.55 : 0.32) * shrink
        dc.saved {
            dc.translate(x, y)
            dc.scale(rx, ry)
            dc.setRadialGradient(center: (0, 0), radius: 1, stops: [
                (0, RGBColor(0.18, 0.08, 0.2, alpha: Float(strength))),
                (0.6, RGBColor(0.18, 0.08, 0.2, alpha: Float(strength * 0.7))),
                (1, RGBColor(0.18, 0.08, 0.2, alpha: 0)),
            ])
            dc.circle(0, 0, 1)
            dc.fill()
        }
    }

    /// A halo of her lightened theme colour (sparkle magic, or being held).
    private func paintGlow(x: Double, y: Double, unit: Double, amount: Double) {
        let cx = x, cy = y - 52 * unit
        let radius = 68 * unit
        let glowColor = shades.main.mixed(with: .white, 0.55)
        dc.setRadialGradient(center: (cx, cy), radius: radius, stops: [
            (0, glowColor.withAlpha(Float(0.75 * amount))),
            (0.45, glowColor.withAlpha(Float(0.4 * amount))),
            (1, glowColor.withAlpha(0)),
        ])
        dc.circle(cx, cy, radius)
        dc.fill()
    }

    /// A bright ring on the floor around her feet while a finger holds her.
    private func paintHoldRing(x: Double, y: Double, unit: Double) {
        dc.saved {
            dc.translate(x, y)
            dc.scale(1, 0.28)
            let ring = shades.highContrast ? RGBColor(1, 0.85, 0) : RGBColor(1, 1, 1, alpha: 0.9)
            dc.circle(0, 0, 32 * unit)
            dc.setColor(shades.main.withAlpha(0.35))
            dc.fillPreserve()
            dc.setColor(ring)
            dc.stroke(width: max(3 * unit, 1.5))
        }
    }

    // MARK: shared drawing

    /// Fills the current path, first stroking a double-width edge so that only the outer half
    /// of the outline shows, even where sub-paths of one part overlap.
    func fillOutlined(_ color: RGBColor, edge: RGBColor? = nil, width: Double? = nil) {
        dc.setColor(edge ?? shades.edge(of: color))
        dc.strokePreserve(width: 2 * (width ?? outlineWidth))
        dc.setColor(color)
        dc.fill()
    }

    /// Like `fillOutlined`, with a gradient source across the part from `left` to `right` x.
    func fillShaded(from left: Double, to right: Double, stops: [(Double, RGBColor)], edge: RGBColor) {
        dc.setColor(edge)
        dc.strokePreserve(width: 2 * outlineWidth)
        dc.setLinearGradient(from: (left, 0), to: (right, 0), stops: stops)
        dc.fill()
    }
}

/// The ease-out curve with a small overshoot used for popping into view.
func easeOutBack(_ t: Double) -> Double {
    let c1 = 1.70158, c3 = c1 + 1
    let u = t - 1
    return 1 + c3 * u * u * u + c1 * u * u
}
