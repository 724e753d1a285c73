import CCairo
import Vocabulary
#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// A solid colour as Cairo hands it to pixman: premultiplied ARGB32, each component rounded
/// to 16 bits and cut to 8 (`cairo_set_source_rgba`), so painting it gives Cairo's bytes.
package struct PremultipliedColor: Equatable {
    /// Alpha in the top byte, then red, green and blue.
    package let argb: UInt32

    /// `color` with its opacity multiplied by `alpha`, each clamped to 0…1 as Cairo does.
    package init(_ color: RGBColor, alpha: Double = 1) {
        func clamped(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
        let a = clamped(Double(color.alpha) * alpha)
        func byte(_ value: Double) -> UInt32 { UInt32(UInt16(value * 65535.0 + 0.5) >> 8) }
        argb = byte(a) << 24 | byte(clamped(Double(color.red)) * a) << 16
            | byte(clamped(Double(color.green)) * a) << 8 | byte(clamped(Double(color.blue)) * a)
    }
}

/// An 8-bit coverage mask drawn once and painted often, with the part of each row that
/// covers anything: a particle's mask is mostly empty around its shape (three pixels in four
/// for the default scene's), and painting only the covered runs skips those.
package struct CoverageMask {
    /// The mask itself (`alpha8`).
    package let surface: ImageSurface
    /// For each row, the columns from the first covered pixel to just after the last; an
    /// empty range for a row that covers nothing.
    package let rows: [Range<Int>]

    /// The covered runs of `surface`, an 8-bit mask whose drawing is finished.
    package init(_ surface: ImageSurface) {
        self.surface = surface
        rows = surface.coveredRuns()
    }
}

extension ImageSurface {
    /// Paints `color` through `mask` placed with its top-left corner at pixel (`x`, `y`), over
    /// what is there: the bytes `cairo_mask_surface` gives at a whole pixel with the OVER
    /// operator (pixman's arithmetic, rounding included), without Cairo's work per call, and
    /// only over the mask's covered runs. The caller flushes this surface before and marks it
    /// dirty after (`pixels`, `markDirty`).
    package func paint(_ color: PremultipliedColor, through mask: CoverageMask, x: Int, y: Int) {
        guard format == .argb32, mask.surface.format == .alpha8, color.argb != 0,
              let target = cairo_image_surface_get_data(handle),
              let coverage = cairo_image_surface_get_data(mask.surface.handle) else { return }
        let targetStride = stride, maskStride = mask.surface.stride
        let sourceRB = color.argb & 0x00ff_00ff, sourceAG = (color.argb >> 8) & 0x00ff_00ff
        for row in max(y, 0)..<max(min(y + mask.surface.height, height), max(y, 0)) {
            let run = mask.rows[row - y]
            let left = max(x + run.lowerBound, 0), right = min(x + run.upperBound, width)
            guard left < right else { continue }
            let line = UnsafeMutableRawPointer(target + row * targetStride).assumingMemoryBound(to: UInt32.self)
            let cover = UnsafeRawPointer(coverage + (row - y) * maskStride).assumingMemoryBound(to: UInt8.self)
            #if arch(x86_64)
            let rest = left + Self.paintFours(color, line: line + left, cover: cover + (left - x), count: right - left)
            #else
            let rest = left
            #endif
            for column in rest..<right {
                let m = UInt32(cover[column - x])
                if m == 0 { continue }
                // The source scaled by the coverage, then the destination by what that leaves.
                let rb = Self.scale(sourceRB, by: m), ag = Self.scale(sourceAG, by: m)
                let remaining = 255 - (ag >> 16)
                let destination = line[column]
                line[column] = (rb + Self.scale(destination & 0x00ff_00ff, by: remaining))
                    | (ag + Self.scale((destination >> 8) & 0x00ff_00ff, by: remaining)) << 8
            }
        }
    }

    #if arch(x86_64)
    /// The run's pixels four at a time with SSE2, pixman's `in_over` step for step; returns
    /// how many it painted (a multiple of four), the rest left to the loop one pixel at a time.
    @inline(__always)
    private static func paintFours(_ color: PremultipliedColor, line: UnsafeMutablePointer<UInt32>,
                                   cover: UnsafePointer<UInt8>, count: Int) -> Int {
        let zero = _mm_setzero_si128()
        let source = _mm_unpacklo_epi8(_mm_set1_epi32(Int32(bitPattern: color.argb)), zero)
        let sourceAlpha = _mm_set1_epi16(Int16(color.argb >> 24))
        let full = _mm_set1_epi16(255)
        var done = 0
        while done + 4 <= count {
            let coverage = UnsafeRawPointer(cover + done).loadUnaligned(as: UInt32.self)
            if coverage != 0 {
                // Each pixel's coverage in its four 16-bit channels: two pixels a register.
                var spread = _mm_cvtsi32_si128(Int32(bitPattern: coverage))
                spread = _mm_unpacklo_epi8(spread, spread)
                spread = _mm_unpacklo_epi16(spread, spread)
                let coverLow = _mm_unpacklo_epi8(spread, zero), coverHigh = _mm_unpackhi_epi8(spread, zero)
                let target = UnsafeMutableRawPointer(line + done)
                let pixels = _mm_loadu_si128(target.assumingMemoryBound(to: __m128i.self))
                let low = _mm_unpacklo_epi8(pixels, zero), high = _mm_unpackhi_epi8(pixels, zero)
                let added = _mm_packus_epi16(scale(source, coverLow), scale(source, coverHigh))
                let kept = _mm_packus_epi16(
                    scale(low, _mm_sub_epi16(full, scale(sourceAlpha, coverLow))),
                    scale(high, _mm_sub_epi16(full, scale(sourceAlpha, coverHigh))))
                _mm_storeu_si128(target.assumingMemoryBound(to: __m128i.self), _mm_adds_epu8(added, kept))
            }
            done += 4
        }
        return done
    }

    /// 16-bit channels times `factor`/255, rounded as pixman's SSE2 code does.
    @inline(__always)
    private static func scale(_ channels: __m128i, _ factor: __m128i) -> __m128i {
        _mm_mulhi_epu16(_mm_adds_epu16(_mm_mullo_epi16(channels, factor), _mm_set1_epi16(0x80)), _mm_set1_epi16(0x101))
    }
    #endif

    /// Two 8-bit lanes (bits 0–7 and 16–23) each times `factor`/255, rounded as pixman does.
    /// A lane of the sum of two such products stays within 8 bits for premultiplied colour.
    @inline(__always)
    private static func scale(_ lanes: UInt32, by factor: UInt32) -> UInt32 {
        let t = lanes &* factor &+ 0x0080_0080
        return ((t &+ ((t >> 8) & 0x00ff_00ff)) >> 8) & 0x00ff_00ff
    }
}

extension DrawingContext {
    /// Whether drawing lands on the surface pixel for pixel: no transform, no clip, no group
    /// pushed, the OVER operator. Then a mask poured by hand (`ImageSurface.paint(_:through:x:y:)`)
    /// gives the bytes Cairo would.
    package var drawsPixelForPixel: Bool {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        guard matrix.xx == 1, matrix.yx == 0, matrix.xy == 0, matrix.yy == 1, matrix.x0 == 0, matrix.y0 == 0,
              cairo_get_operator(cr) == CAIRO_OPERATOR_OVER, cairo_get_group_target(cr) == surface.handle,
              let clip = cairo_copy_clip_rectangle_list(cr) else { return false }
        defer { cairo_rectangle_list_destroy(clip) }
        guard clip.pointee.status == CAIRO_STATUS_SUCCESS, clip.pointee.num_rectangles == 1 else { return false }
        let whole = clip.pointee.rectangles[0]
        return whole.x <= 0 && whole.y <= 0
            && whole.x + whole.width >= Double(surface.width) && whole.y + whole.height >= Double(surface.height)
    }

    /// Paints `color` (its opacity times `alpha`) through `mask` with its top-left corner at
    /// the whole pixel (`x`, `y`): poured by hand where that gives Cairo's bytes, else by Cairo.
    package func paint(_ color: RGBColor, alpha: Double, through mask: CoverageMask, x: Int, y: Int) {
        if drawsPixelForPixel {
            _ = surface.pixels
            surface.paint(PremultipliedColor(color, alpha: alpha), through: mask, x: x, y: y)
            surface.markDirty()
        } else {
            paintByCairo(color, alpha: alpha, through: mask, x: x, y: y)
        }
    }

    /// The same by Cairo, whatever the transform, clip or operator: for a caller that has
    /// already found the context does not draw pixel for pixel.
    package func paintByCairo(_ color: RGBColor, alpha: Double, through mask: CoverageMask, x: Int, y: Int) {
        setColor(color, alpha: alpha)
        self.mask(mask.surface, x: Double(x), y: Double(y))
    }
}
