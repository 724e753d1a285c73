import CCairo
import Foundation

/// The smallest box of whole pixels outside which a surface is fully transparent.
package struct CoveredBox: Equatable {
    package let x: Int
    package let y: Int
    package let width: Int
    package let height: Int
}

extension ImageSurface {
    /// For each row, the columns from its first pixel with any opacity (any coverage, in an
    /// alpha mask) to just after its last, after the drawing is flushed; an empty range for a
    /// row with none.
    package func coveredRuns() -> [Range<Int>] {
        let pixels = self.pixels
        return (0..<height).map { y in
            let row = pixels.base.advanced(by: y * pixels.stride)
            func run(_ covers: (Int) -> Bool) -> Range<Int> {
                var first = 0
                while first < width, !covers(first) { first += 1 }
                guard first < width else { return 0..<0 }
                var last = width - 1
                while !covers(last) { last -= 1 }
                return first..<(last + 1)
            }
            switch format {
            case .argb32:
                let argb = row.assumingMemoryBound(to: UInt32.self)
                return run { argb[$0] >> 24 != 0 }
            case .alpha8:
                let coverage = row.assumingMemoryBound(to: UInt8.self)
                return run { coverage[$0] != 0 }
            }
        }
    }

    /// The smallest box outside which this surface is fully transparent (`coveredRuns`); nil
    /// when nothing is covered.
    package func coveredBox() -> CoveredBox? {
        let runs = coveredRuns()
        guard let top = runs.firstIndex(where: { !$0.isEmpty }), let bottom = runs.lastIndex(where: { !$0.isEmpty }) else {
            return nil
        }
        let covered = runs[top...bottom].filter { !$0.isEmpty }
        let left = covered.map(\.lowerBound).min()!, right = covered.map(\.upperBound).max()!
        return CoveredBox(x: left, y: top, width: right - left, height: bottom - top + 1)
    }
}

extension DrawingContext {
    /// Composites `source`, smoothed (bilinear), with its point (`originX`, `originY`) at
    /// (`x`, `y`) and scaled by `scaleX` × `scaleY`, at opacity `alpha`. Given the box that
    /// `source` covers (nil: unknown), a context that draws pixel for pixel composites only
    /// the pixels that box can reach, the very bytes of compositing it whole (`placementClip`).
    package func place(_ source: ImageSurface, originX: Double, originY: Double, x: Double, y: Double,
                       scaleX: Double, scaleY: Double, alpha: Double, covered: CoveredBox?) {
        let transform = { [cr] in
            cairo_translate(cr, x, y)
            cairo_scale(cr, scaleX, scaleY)
        }
        saved {
            if let covered, drawsPixelForPixel {
                switch placementClip(source, originX: originX, originY: originY, covered: covered, transform: transform) {
                case .nothing: return
                case .whole: break
                case .box(let x, let y, let width, let height):
                    cairo_rectangle(cr, Double(x), Double(y), Double(width), Double(height))
                    cairo_clip(cr)
                }
            }
            transform()
            cairo_set_source_surface(cr, source.handle, -originX, -originY)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
            if alpha >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, alpha) }
        }
    }

    /// What of the frame a placement needs to composite.
    package enum PlacementClip: Equatable {
        /// The covered box reaches no pixel of the frame.
        case nothing
        /// Every pixel Cairo would composite.
        case whole
        /// Only these pixels.
        case box(x: Int, y: Int, width: Int, height: Int)
    }

    /// The pixels to composite for `source` placed by `transform` on this untransformed
    /// context, where only `covered` is not transparent. Cairo hands pixman a fixed-point
    /// transform worked out about the centre of the pixels it composites, so the box is that
    /// area (the source's reach, as Cairo rounds it, on the frame) trimmed evenly on opposite
    /// sides: the same centre, the same transform, the same sample points, the same bytes.
    package func placementClip(_ source: ImageSurface, originX: Double, originY: Double, covered: CoveredBox,
                               transform: () -> Void) -> PlacementClip {
        // The device-to-user matrix Cairo keeps for the transform, read back from it exactly
        // (a point and two unit distances), then the pattern's matrix as Cairo composes it.
        var inverse = cairo_matrix_t()
        saved {
            transform()
            var x0 = 0.0, y0 = 0.0, xx = 1.0, yx = 0.0, xy = 0.0, yy = 1.0
            cairo_device_to_user(cr, &x0, &y0)
            cairo_device_to_user_distance(cr, &xx, &yx)
            cairo_device_to_user_distance(cr, &xy, &yy)
            inverse = cairo_matrix_t(xx: xx, yx: yx, xy: xy, yy: yy, x0: x0, y0: y0)
        }
        var offset = cairo_matrix_t(), pattern = cairo_matrix_t()
        cairo_matrix_init_translate(&offset, originX, originY)
        cairo_matrix_multiply(&pattern, &inverse, &offset)
        // A translation is composited another way; turned or skewed is not worked out here.
        guard pattern.xy == 0, pattern.yx == 0, !(pattern.xx == 1 && pattern.yy == 1) else { return .whole }
        var toFrame = pattern
        guard cairo_matrix_invert(&toFrame) == CAIRO_STATUS_SUCCESS else { return .whole }

        // The source's extents on the frame as Cairo works them out for a smoothed surface;
        // nil far beyond any frame (then Cairo clamps, and the whole is placed).
        func pixel(_ value: Double) -> Int? { abs(value) < 1e9 ? Int(value) : nil }
        func reach(_ low: Double, _ high: Double, scale: Double, offset: Double, padFirst: Bool) -> (Int, Int)? {
            var a = low, b = high
            if padFirst { a -= 0.5; b += 0.5 }
            if scale != 1 {
                let p = a * scale, q = b * scale
                (a, b) = p < q ? (p, q) : (q, p)
            }
            if offset != 0 { a += offset; b += offset }
            if !padFirst { a -= 0.5; b += 0.5 }
            guard let first = pixel(floor(a + 0.5)), let end = pixel(floor(b + 0.5)) else { return nil }
            return (first, end)
        }
        guard case let (sx1, sx2)? = reach(0, Double(source.width), scale: toFrame.xx, offset: toFrame.x0,
                                           padFirst: hypot(pattern.xx, pattern.yx) < 1),
              case let (sy1, sy2)? = reach(0, Double(source.height), scale: toFrame.yy, offset: toFrame.y0,
                                           padFirst: hypot(pattern.xy, pattern.yy) < 1) else { return .whole }
        // Clipped to the frame: the area Cairo composites, whose centre fixes the transform.
        let ex1 = max(sx1, 0), ex2 = min(sx2, surface.width), ey1 = max(sy1, 0), ey2 = min(sy2, surface.height)
        guard ex1 < ex2, ey1 < ey2 else { return .nothing }

        // The frame pixels whose bilinear samples can touch a covered pixel, with a pixel
        // to spare for pixman's fixed-point rounding.
        func touched(_ low: Int, _ high: Int, scale: Double, offset: Double) -> (Int, Int)? {
            let p = (Double(low) - 0.5) * scale + offset, q = (Double(high) + 0.5) * scale + offset
            guard let first = pixel(floor(min(p, q) - 0.5)), let end = pixel(ceil(max(p, q) + 0.5)) else { return nil }
            return (first - 1, end + 1)
        }
        guard case let (cx1, cx2)? = touched(covered.x, covered.x + covered.width, scale: toFrame.xx, offset: toFrame.x0),
              case let (cy1, cy2)? = touched(covered.y, covered.y + covered.height, scale: toFrame.yy, offset: toFrame.y0)
        else { return .whole }
        guard max(cx1, ex1) < min(cx2, ex2), max(cy1, ey1) < min(cy2, ey2) else { return .nothing }
        // Trimmed by the same amount on both sides, keeping the centre.
        let trimX = max(min(cx1 - ex1, ex2 - cx2), 0), trimY = max(min(cy1 - ey1, ey2 - cy2), 0)
        guard trimX > 0 || trimY > 0 else { return .whole }
        return .box(x: ex1 + trimX, y: ey1 + trimY, width: ex2 - ex1 - 2 * trimX, height: ey2 - ey1 - 2 * trimY)
    }
}
