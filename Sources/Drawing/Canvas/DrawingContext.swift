import CCairo
import Effects
import Vocabulary

/// A Cairo drawing context (`cairo_t`) on one surface, with the few operations the painters use
/// named in Swift. Coordinates are Double, as Cairo's are.
package final class DrawingContext {
    /// The underlying `cairo_t`.
    package let cr: OpaquePointer
    /// The surface it draws on, kept alive as long as the context.
    package let surface: ImageSurface

    package init(surface: ImageSurface) {
        self.surface = surface
        cr = cairo_create(surface.handle)
    }

    deinit { cairo_destroy(cr) }

    // MARK: state

    /// Runs `body` between `cairo_save` and `cairo_restore`.
    @inline(__always)
    package func saved(_ body: () -> Void) {
        cairo_save(cr)
        body()
        cairo_restore(cr)
    }

    package func translate(_ x: Double, _ y: Double) { cairo_translate(cr, x, y) }
    package func scale(_ x: Double, _ y: Double) { cairo_scale(cr, x, y) }
    package func rotate(_ radians: Double) { cairo_rotate(cr, radians) }

    // MARK: sources

    /// Sets a solid source from a straight-alpha colour (Cairo premultiplies it).
    package func setColor(_ c: RGBColor) {
        cairo_set_source_rgba(cr, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha))
    }

    /// Sets a solid source with an extra opacity factor.
    package func setColor(_ c: RGBColor, alpha: Double) {
        cairo_set_source_rgba(cr, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha) * alpha)
    }

    /// Sets a linear gradient source through the given (offset, colour) stops.
    package func setLinearGradient(from a: (Double, Double), to b: (Double, Double), stops: [(Double, RGBColor)]) {
        let pattern = cairo_pattern_create_linear(a.0, a.1, b.0, b.1)!
        addStops(pattern, stops)
        cairo_set_source(cr, pattern)
        cairo_pattern_destroy(pattern)
    }

    /// Sets a radial gradient source from a centre out to `radius`.
    package func setRadialGradient(center: (Double, Double), radius: Double, stops: [(Double, RGBColor)],
                           innerRadius: Double = 0) {
        let pattern = cairo_pattern_create_radial(center.0, center.1, innerRadius, center.0, center.1, radius)!
        addStops(pattern, stops)
        cairo_set_source(cr, pattern)
        cairo_pattern_destroy(pattern)
    }

    private func addStops(_ pattern: OpaquePointer, _ stops: [(Double, RGBColor)]) {
        for (offset, c) in stops {
            cairo_pattern_add_color_stop_rgba(pattern, offset, Double(c.red), Double(c.green),
                                              Double(c.blue), Double(c.alpha))
        }
    }

    // MARK: paths

    package func newPath() { cairo_new_path(cr) }
    package func move(_ x: Double, _ y: Double) { cairo_move_to(cr, x, y) }
    package func line(_ x: Double, _ y: Double) { cairo_line_to(cr, x, y) }
    package func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double) {
        cairo_curve_to(cr, x1, y1, x2, y2, x3, y3)
    }
    /// A quadratic Bézier from the current point, converted to Cairo's cubic.
    package func quad(_ cx: Double, _ cy: Double, _ x: Double, _ y: Double) {
        var x0 = 0.0, y0 = 0.0
        cairo_get_current_point(cr, &x0, &y0)
        curve(x0 + 2 / 3 * (cx - x0), y0 + 2 / 3 * (cy - y0),
              x + 2 / 3 * (cx - x), y + 2 / 3 * (cy - y), x, y)
    }
    package func close() { cairo_close_path(cr) }
    package func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) { cairo_rectangle(cr, x, y, w, h) }
    package func arc(_ x: Double, _ y: Double, _ r: Double, from a0: Double = 0, to a1: Double = 2 * .pi) {
        cairo_arc(cr, x, y, r, a0, a1)
    }
    package func arcNegative(_ x: Double, _ y: Double, _ r: Double, from a0: Double, to a1: Double) {
        cairo_arc_negative(cr, x, y, r, a0, a1)
    }

    /// A closed circle as a new sub-path.
    package func circle(_ x: Double, _ y: Double, _ r: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, x, y, r, 0, 2 * .pi)
    }

    /// A closed ellipse as a new sub-path.
    package func ellipse(_ x: Double, _ y: Double, _ rx: Double, _ ry: Double) {
        guard rx > 0, ry > 0 else { return }
        cairo_save(cr)
        cairo_translate(cr, x, y)
        cairo_scale(cr, rx, ry)
        cairo_new_sub_path(cr)
        cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
        cairo_restore(cr)
    }

    /// A rounded rectangle as a new sub-path.
    package func roundedRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, radius: Double) {
        let r = min(radius, w / 2, h / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + w - r, y + r, r, -.pi / 2, 0)
        cairo_arc(cr, x + w - r, y + h - r, r, 0, .pi / 2)
        cairo_arc(cr, x + r, y + h - r, r, .pi / 2, .pi)
        cairo_arc(cr, x + r, y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    // MARK: painting

    package func fill() { cairo_fill(cr) }
    package func fillPreserve() { cairo_fill_preserve(cr) }
    package func clip() { cairo_clip(cr) }

    /// Strokes the path with a width and round joins and caps.
    package func stroke(width: Double) {
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke(cr)
    }

    /// Strokes and keeps the path.
    package func strokePreserve(width: Double) {
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke_preserve(cr)
    }

    /// Fills the path with the current source, then outlines it when `outline` is given.
    package func fill(outline: (RGBColor, Double)?) {
        guard let (color, width) = outline else { return fill() }
        fillPreserve()
        setColor(color)
        stroke(width: width)
    }

    /// Paints the whole clip region with the current source.
    package func paint() { cairo_paint(cr) }

    /// Copies `surface` with its top-left corner at (x, y), replacing what is there.
    package func copy(_ source: ImageSurface, x: Double = 0, y: Double = 0) {
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, source.handle, x, y)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Composites `surface` over what is there with its top-left corner at (x, y).
    package func draw(_ source: ImageSurface, x: Double, y: Double, alpha: Double = 1) {
        cairo_set_source_surface(cr, source.handle, x, y)
        if alpha >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, alpha) }
    }

    /// Paints the current source through an alpha mask placed at (x, y).
    package func mask(_ mask: ImageSurface, x: Double, y: Double) {
        cairo_mask_surface(cr, mask.handle, x, y)
    }
}

extension DrawingContext {
    /// Switches between the even-odd fill rule (cut-outs) and the default non-zero winding.
    package func setEvenOdd(_ on: Bool) {
        cairo_set_fill_rule(cr, on ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    }
}

extension DrawingContext {
    /// Starts a new sub-path without a line from the current point.
    package func newSubPath() { cairo_new_sub_path(cr) }
}
