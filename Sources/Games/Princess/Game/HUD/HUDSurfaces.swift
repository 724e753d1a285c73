import CCairo
import Drawing

/// The HUD's static parts drawn once into their own surfaces and kept (buttons, cards,
/// captions, screens): a frame only places and scales them. A part depends only on its key.
final class HUDSurfaces {
    private let cache = RecentlyUsedCache<String, ImageSurface>(keepFrames: 240, capacity: 160)

    /// How many parts have been drawn (cache misses), for tests.
    var made: Int { cache.made }

    func nextFrame() { cache.nextFrame() }

    /// The surface for `key`, `width`×`height` pixels, drawn by `draw` when not kept.
    func surface(_ key: String, width: Double, height: Double, format: ImageSurface.Format = .argb32,
                 draw: (DrawingContext) -> Void) -> ImageSurface? {
        surface(key, size: { (width, height) }, format: format, draw: draw)
    }

    /// The surface for `key`, its size found by `size` (only when it is not kept: measuring
    /// text costs as much as drawing it), drawn by `draw`.
    func surface(_ key: String, size: () -> (Double, Double), format: ImageSurface.Format = .argb32,
                 draw: (DrawingContext) -> Void) -> ImageSurface? {
        cache.value(for: key) {
            let (width, height) = size()
            guard let surface = ImageSurface(width: max(1, Int(width.rounded(.up))), height: max(1, Int(height.rounded(.up))),
                                             format: format) else { return nil }
            let dc = surface.makeContext()
            draw(dc)
            return surface
        }
    }
}

extension DrawingContext {
    /// Composites `surface` centred on (x, y), scaled by `scale`, at `alpha`.
    func place(_ surface: ImageSurface, centerX x: Double, centerY y: Double, scale factor: Double = 1, alpha: Double = 1) {
        guard alpha > 0.002, factor > 0.01 else { return }
        saved {
            if factor == 1 {
                // Whole pixels: the cached part stays as crisp as it was drawn.
                draw(surface, x: (x - Double(surface.width) / 2).rounded(), y: (y - Double(surface.height) / 2).rounded(), alpha: alpha)
            } else {
                translate(x, y)
                scale(factor, factor)
                draw(surface, x: -Double(surface.width) / 2, y: -Double(surface.height) / 2, alpha: alpha)
            }
        }
    }
}
