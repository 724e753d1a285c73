import CCairo

/// A blurred copy of a picture (what lies behind glass), made once and kept: the picture is
/// shrunk by `scale`, box-blurred three times (close to a Gaussian) and enlarged back with
/// bilinear filtering, so frosting costs a small surface's blur, not a full-size one; the
/// enlarged copy is kept too, so a frame's glass is a plain copy of pixels.
/// Deterministic: integer arithmetic on the pixels.
package final class FrostedBackdrop {
    /// The blurred picture at the original's size.
    package let surface: ImageSurface
    /// How much smaller than the original it was blurred.
    package let scale: Int

    /// Frosts `source`, shrunk by `scale`, with a blur of `radius` original pixels; nil when
    /// Cairo cannot allocate the small surface.
    package init?(source: ImageSurface, radius: Double, scale: Int = 4) {
        let factor = max(1, scale)
        let width = max(1, source.width / factor), height = max(1, source.height / factor)
        guard let small = ImageSurface(width: width, height: height) else { return nil }
        let dc = small.makeContext()
        dc.saved {
            dc.scale(1 / Double(factor), 1 / Double(factor))
            cairo_set_source_surface(dc.cr, source.handle, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(dc.cr), CAIRO_FILTER_GOOD)
            cairo_paint(dc.cr)
        }
        cairo_surface_flush(small.handle)
        let pass = max(1, Int((radius / Double(factor)).rounded()))
        Self.boxBlur(small, radius: pass)
        guard let enlarged = ImageSurface(width: source.width, height: source.height) else { return nil }
        let back = enlarged.makeContext()
        back.saved {
            back.scale(Double(factor), Double(factor))
            cairo_set_source_surface(back.cr, small.handle, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(back.cr), CAIRO_FILTER_BILINEAR)
            cairo_pattern_set_extend(cairo_get_source(back.cr), CAIRO_EXTEND_PAD)
            cairo_paint(back.cr)
        }
        cairo_surface_flush(enlarged.handle)
        surface = enlarged
        self.scale = factor
    }

    /// Draws the frosted picture as if the original's top-left corner were at (x, y) (rounded
    /// to whole pixels: a copy, no filtering), through the current clip (the glass's shape).
    package func draw(on dc: DrawingContext, x: Double = 0, y: Double = 0, alpha: Double = 1) {
        dc.saved {
            cairo_set_source_surface(dc.cr, surface.handle, x.rounded(), y.rounded())
            cairo_pattern_set_filter(cairo_get_source(dc.cr), CAIRO_FILTER_FAST)
            if alpha >= 1 { cairo_paint(dc.cr) } else { cairo_paint_with_alpha(dc.cr, alpha) }
        }
    }

    /// Three horizontal and vertical running-sum passes over the premultiplied bytes.
    static func boxBlur(_ surface: ImageSurface, radius: Int) {
        let width = surface.width, height = surface.height, stride = surface.stride
        guard let data = cairo_image_surface_get_data(surface.handle) else { return }
        var line = [Int32](repeating: 0, count: max(width, height) * 4)
        let window = Int32(2 * radius + 1)
        func blurLine(start: Int, step: Int, count: Int) {
            for i in 0..<count {
                let offset = start + i * step
                for c in 0..<4 { line[i * 4 + c] = Int32(data[offset + c]) }
            }
            for c in 0..<4 {
                var sum: Int32 = 0
                for k in -radius...radius { sum += line[min(max(k, 0), count - 1) * 4 + c] }
                for i in 0..<count {
                    data[start + i * step + c] = UInt8(sum / window)
                    let leaving = line[min(max(i - radius, 0), count - 1) * 4 + c]
                    let entering = line[min(i + radius + 1, count - 1) * 4 + c]
                    sum += entering - leaving
                }
            }
        }
        for _ in 0..<3 {
            for row in 0..<height { blurLine(start: row * stride, step: 4, count: width) }
            for column in 0..<width { blurLine(start: column * 4, step: stride, count: height) }
        }
        surface.markDirty()
    }
}
