import Drawing
import Effects
import Vocabulary

/// Soft radial spots — a princess's shadow on the floor, the glow of her magic — as coverage
/// masks drawn once per size and painted in a colour and strength each frame. A radial
/// gradient costs Cairo per pixel every time (a 1080p glow takes milliseconds); painting a
/// colour through a mask (`DrawingContext.paint(_:alpha:through:x:y:)`) costs a fraction of
/// that. Spots are centred on whole pixels and sized to half pixels, steps too small to see
/// in something this soft.
final class SoftSpotMasks {
    /// The falloffs, from the centre (offset 0) to the rim (offset 1).
    enum Profile {
        /// A floor shadow: an oval 26 wide for 6 high, dense in the middle.
        case shadow
        /// A round halo that fades out early.
        case glow

        var aspect: Double { self == .shadow ? 6.0 / 26.0 : 1 }

        var stops: [(Double, Double)] {
            switch self {
            case .shadow: return [(0, 1), (0.6, 0.7), (1, 0)]
            case .glow: return [(0, 1), (0.45, 0.4 / 0.75), (1, 0)]
            }
        }
    }

    private struct Key: Hashable {
        let profile: Profile
        let halfPixels: Int
    }

    private let masks = RecentlyUsedCache<Key, CoverageMask>(keepFrames: 90, capacity: 64)

    /// Call once per frame: ages the masks and drops the stale ones.
    func nextFrame() { masks.nextFrame() }

    /// Paints a spot of `profile` with horizontal radius `radius` centred at (x, y) in `color`
    /// (its own alpha ignored) at `strength`, the opacity at the centre.
    func paint(_ profile: Profile, on dc: DrawingContext, x: Double, y: Double, radius: Double,
               color: RGBColor, strength: Double) {
        let key = Key(profile: profile, halfPixels: Int((radius * 2).rounded()))
        guard key.halfPixels > 0, strength > 0, abs(x) < 1e9, abs(y) < 1e9,
              let mask = masks.value(for: key, make: { Self.draw(key) }) else { return }
        let left = Int(x.rounded()) - mask.surface.width / 2, top = Int(y.rounded()) - mask.surface.height / 2
        dc.paint(color.withAlpha(1), alpha: min(strength, 1), through: mask, x: left, y: top)
    }

    private static func draw(_ key: Key) -> CoverageMask? {
        let rx = Double(key.halfPixels) / 2, ry = rx * key.profile.aspect
        let halfWidth = Int(rx.rounded(.up)) + 1, halfHeight = Int(ry.rounded(.up)) + 1
        guard let mask = ImageSurface(width: 2 * halfWidth, height: 2 * halfHeight, format: .alpha8) else { return nil }
        let dc = mask.makeContext()
        dc.translate(Double(halfWidth), Double(halfHeight))
        dc.scale(rx, ry)
        dc.setRadialGradient(center: (0, 0), radius: 1,
                             stops: key.profile.stops.map { ($0.0, RGBColor(0, 0, 0, alpha: Float($0.1))) })
        dc.circle(0, 0, 1)
        dc.fill()
        return CoverageMask(mask)
    }
}
