import Drawing
import Foundation
import Effects
import Princess
import Vocabulary

/// Puts one princess on the frame: the ring while she is held, her shadow on the floor, her
/// glow, then her cached figure (already leaning) placed at her feet, squashed or stretched,
/// turned (twirl), lifted (jump), grown (appear) or shrunk (vanish) and faded. Placement only
/// scales and moves the figure, which Cairo does several times faster than rotating it.
struct CharacterCompositor {
    let dc: DrawingContext
    let figures: CharacterFigureCache
    let spots: SoftSpotMasks
    let highContrast: Bool

    /// How much of her width shows as she twirls (1 facing the viewer or away, the least
    /// edge-on): the width of a body as deep as `depth` of its width, turned by `spin`. Edge-on
    /// she keeps that depth, a readable silhouette rather than a stick, and the width changes
    /// smoothly through it, so no frame jumps.
    static func turnedWidth(spin: Float) -> Double {
        let c = cos(Double(spin)), s = sin(Double(spin))
        guard c.isFinite, s.isFinite else { return 1 }
        return (c * c + depth * depth * s * s).squareRoot()
    }

    /// Her depth as a share of her width, which is all that shows when she is edge-on.
    static let depth = 0.35

    /// Where her face lies on the frame, around the skin of her head (`CharacterPainter`'s
    /// head and face), as she is placed; nil when she is not drawn.
    static func faceBox(of pose: CharacterPose) -> StarFreeBox? {
        guard let placed = FigurePlacement(pose) else { return nil }
        // The lean baked into her figure, as its key rounds it.
        let lean = CharacterFigureKey(pose: pose, unit: placed.figureUnit, highContrast: false).lean
        let mirror = cos(Double(pose.spin)) < 0 ? -1.0 : 1.0
        let c = cos(lean), s = sin(lean)
        let sx = placed.unit * placed.width / placed.stretch, sy = placed.unit * placed.stretch
        let corners = [(-faceReach.side, faceReach.top), (faceReach.side, faceReach.top),
                       (-faceReach.side, faceReach.bottom), (faceReach.side, faceReach.bottom)]
            .map { (bx, by) in
                (placed.x + sx * (mirror * bx * c - by * s), placed.y - placed.lift + sy * (mirror * bx * s + by * c))
            }
        return StarFreeBox(left: corners.map(\.0).min()!, top: corners.map(\.1).min()!,
                           right: corners.map(\.0).max()!, bottom: corners.map(\.1).max()!)
    }

    /// Her face in body units: the head's oval is 14.5 wide each side of the middle; from
    /// under the fringe to just below the chin (the oval ends at -61), so the smoothed edges
    /// of a face that leans are inside it too.
    static let faceReach = (side: 15.0, top: -84.0, bottom: -59.0)

    /// Her figure's placement on the frame: her feet, her size, her turn, squash and lift.
    struct FigurePlacement {
        let opacity: Double
        let growth: Double
        /// Device pixels per body unit, grown or shrunk (appear, vanish).
        let unit: Double
        /// Her pinch-scaled unit before growth (the unit her figure is drawn at).
        let figureUnit: Double
        let width: Double
        let stretch: Double
        let lift: Double
        let x: Double
        let y: Double

        init?(_ pose: CharacterPose) {
            let appear = Double(min(max(pose.appear, 0), 1))
            let vanish = Double(min(max(pose.vanish, 0), 1))
            opacity = min(1, appear * 1.6) * (1 - vanish)
            guard opacity > 0.002 else { return nil }
            // Appearing pops in with a little overshoot; vanishing shrinks away as it fades.
            growth = easeOutBack(appear) * (1 - 0.75 * vanish * vanish)
            let scale = Double(min(max(pose.scale, 0.05), 4))
            figureUnit = Double(pose.baseHeight) * scale / 100
            guard figureUnit * growth > 0.005, figureUnit < 60 else { return nil }
            unit = figureUnit * growth
            width = CharacterCompositor.turnedWidth(spin: pose.spin)
            stretch = Double(min(max(pose.stretch, 0.4), 2.5))
            lift = Double(max(pose.lift, 0)) * scale
            x = Double(pose.position.x)
            y = Double(pose.position.y)
            guard x.isFinite, y.isFinite, lift.isFinite else { return nil }
        }
    }

    /// `kindPortrait`: a picture of her kind (the HUD's), in the kind's skin whatever her id.
    func paint(_ pose: CharacterPose, kindPortrait: Bool = false) {
        guard let placed = FigurePlacement(pose) else { return }
        let opacity = placed.opacity, growth = placed.growth, unit = placed.figureUnit
        let stretch = placed.stretch, lift = placed.lift, x = placed.x, y = placed.y
        let shades = CharacterShades(theme: pose.kind.themeColor, highContrast: highContrast)

        let glow = max(Double(pose.glow), pose.highlighted ? 0.35 : 0)
        if pose.highlighted { paintHoldRing(x: x, y: y, unit: unit * growth, shades: shades, opacity: opacity) }
        paintShadow(x: x, y: y, unit: unit * growth, lift: lift, opacity: opacity)
        if glow > 0.01 { paintGlow(x: x, y: y - lift, unit: unit * growth, amount: glow * opacity, shades: shades) }

        var key = CharacterFigureKey(pose: pose, unit: unit, highContrast: highContrast)
        key.skin = figures.activeSkins.number(id: kindPortrait ? nil : pose.id, kind: pose.kind)
        guard let figure = figures.figure(for: key), figure.covered != nil else { return }
        // Squash and stretch keep her area: wider as she squashes. The figure was drawn at
        // `key.unit`, mirrored when she faces away; growth and the rounding of the unit are
        // made up here.
        let k = growth * unit / key.unit
        dc.place(figure.surface, originX: figure.feetX, originY: figure.feetY, x: x, y: y - lift,
                 scaleX: k * placed.width / stretch, scaleY: k * stretch, alpha: opacity >= 0.999 ? 1 : opacity,
                 covered: figure.covered)
    }

    /// A soft oval on the floor that shrinks and fades as she rises.
    private func paintShadow(x: Double, y: Double, unit: Double, lift: Double, opacity: Double) {
        let rise = lift / (unit * 100)
        let shrink = 1 / (1 + 1.6 * rise)
        let rx = 26 * unit * shrink
        guard rx > 0.3 else { return }
        let strength = (highContrast ? 0.55 : 0.32) * shrink * opacity
        spots.paint(.shadow, on: dc, x: x, y: y, radius: rx, color: RGBColor(0.18, 0.08, 0.2), strength: strength)
    }

    /// A halo of her lightened theme colour (sparkle magic, or being held).
    private func paintGlow(x: Double, y: Double, unit: Double, amount: Double, shades: CharacterShades) {
        spots.paint(.glow, on: dc, x: x, y: y - 52 * unit, radius: 68 * unit,
                    color: shades.main.mixed(with: .white, 0.55), strength: 0.75 * amount)
    }

    /// A bright ring on the floor around her feet while a finger holds her.
    private func paintHoldRing(x: Double, y: Double, unit: Double, shades: CharacterShades, opacity: Double) {
        dc.saved {
            dc.translate(x, y)
            dc.scale(1, 0.28)
            let ring = highContrast ? RGBColor(1, 0.85, 0) : RGBColor(1, 1, 1, alpha: 0.9)
            dc.circle(0, 0, 32 * unit)
            dc.setColor(shades.main.withAlpha(0.35), alpha: opacity)
            dc.fillPreserve()
            dc.setColor(ring, alpha: opacity)
            dc.stroke(width: max(3 * unit, 1.5))
        }
    }
}

/// The ease-out curve with a small overshoot used for popping into view.
func easeOutBack(_ t: Double) -> Double {
    let c1 = 1.70158, c3 = c1 + 1
    let u = t - 1
    return 1 + c3 * u * u * u + c1 * u * u
}
