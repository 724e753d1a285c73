import CCairo
import CPango

/// Text laid out by Pango and drawn by pangocairo in the HUD's rounded face (Quicksand),
/// with fontconfig's fallback for scripts it lacks (Noto, DejaVu). Text that does not fit
/// its box is wrapped at words, then shrunk, and only at the smallest size ends in "…":
/// never clipped mid-letter.
package enum PangoText {
    /// The HUD's face: rounded and legible, as the brief asks for children.
    package static let family = "Quicksand"
    /// The face of the HUD's Hangul, which Quicksand lacks: named for text that has Hangul, so
    /// that which Korean face draws it does not depend on what else is installed (fonts-nanum
    /// would otherwise win fontconfig's fallback); text without Hangul falls back as before.
    package static let hangulFamily = "Noto Sans CJK KR"

    /// `family`, with the Hangul face after it when `text` has Hangul and `family` is the HUD's.
    static func family(_ family: String, for text: String) -> String {
        guard family == PangoText.family,
              text.unicodeScalars.contains(where: { (0xAC00...0xD7A3).contains($0.value) || (0x1100...0x11FF).contains($0.value)
                                                    || (0x3130...0x318F).contains($0.value) }) else { return family }
        return family + "," + hangulFamily
    }

    /// How text sits in its box.
    package enum Alignment { case left, center }

    /// A laid-out text and its size in pixels.
    package struct Laid {
        package let layout: OpaquePointer
        package let width: Double
        package let height: Double
        /// The font size it was laid out at, in pixels.
        package let size: Double
    }

    /// Lays `text` out on `cr` to fit `width`×`height` pixels, at `size` pixels or smaller
    /// (down to `minimum`). The caller releases the layout with `release`.
    package static func layout(_ text: String, on cr: OpaquePointer, width: Double, height: Double, size: Double,
                       minimum: Double, bold: Bool, alignment: Alignment, family: String = PangoText.family) -> Laid? {
        guard let layout = pango_cairo_create_layout(cr) else { return nil }
        let options = cairo_font_options_create()
        // No hinting: text scales smoothly and lays out the same at every size.
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(pango_layout_get_context(layout), options)
        cairo_font_options_destroy(options)
        pango_layout_context_changed(layout)
        pango_layout_set_text(layout, text, -1)
        // Lines break between words only; a word too long for the line shrinks the text,
        // and only at the smallest size may a word break.
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD)
        pango_layout_set_alignment(layout, alignment == .center ? PANGO_ALIGN_CENTER : PANGO_ALIGN_LEFT)
        pango_layout_set_width(layout, Int32(min(max(width, 1), 1_000_000) * Double(PANGO_SCALE)))
        var current = max(size, minimum)
        while true {
            setFont(layout, size: current, bold: bold, family: Self.family(family, for: text))
            var w: Int32 = 0, h: Int32 = 0
            pango_layout_get_pixel_size(layout, &w, &h)
            let fits = Double(h) <= height + 0.5 && Double(w) <= width + 0.5
            if fits || current <= minimum {
                if !fits {
                    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
                    pango_layout_get_pixel_size(layout, &w, &h)
                }
                if Double(h) > height + 0.5 {
                    // Even at the smallest size: end the last whole line that fits with "…".
                    pango_layout_set_height(layout, Int32(min(max(height, 1), 1_000_000) * Double(PANGO_SCALE)))
                    pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
                    pango_layout_get_pixel_size(layout, &w, &h)
                }
                return Laid(layout: layout, width: Double(w), height: Double(h), size: current)
            }
            current = max(minimum, current * 0.92)
        }
    }

    private static func setFont(_ layout: OpaquePointer, size: Double, bold: Bool, family: String) {
        let font = pango_font_description_new()
        pango_font_description_set_family(font, family)
        pango_font_description_set_weight(font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_MEDIUM)
        pango_font_description_set_absolute_size(font, size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
    }

    /// Releases a layout made by `layout`.
    package static func release(_ laid: Laid) { g_object_unref(UnsafeMutableRawPointer(laid.layout)) }

    /// Draws `text` in the box at (x, y) of `width`×`height` pixels, centred vertically (or at its top), in
    /// `color`, in `family` (fontconfig falls back for scripts it lacks); returns the size it was
    /// drawn at (0 if nothing was drawn).
    @discardableResult
    package static func draw(_ text: String, in dc: DrawingContext, x: Double, y: Double, width: Double, height: Double,
                     size: Double, minimum: Double = 9, bold: Bool = true, color: (Double, Double, Double, Double),
                     alignment: Alignment = .center, top: Bool = false, family: String = PangoText.family) -> Double {
        guard !text.isEmpty, let laid = layout(text, on: dc.cr, width: width, height: height, size: size,
                                               minimum: minimum, bold: bold, alignment: alignment, family: family) else { return 0 }
        defer { release(laid) }
        cairo_set_source_rgba(dc.cr, color.0, color.1, color.2, color.3)
        cairo_move_to(dc.cr, x, top ? y : y + max(0, (height - laid.height) / 2))
        pango_cairo_show_layout(dc.cr, laid.layout)
        return laid.size
    }

    /// The size `text` takes at `size` pixels (or smaller, to fit) when at most `width` wide
    /// and `height` tall.
    package static func measure(_ text: String, on dc: DrawingContext, width: Double, height: Double = .greatestFiniteMagnitude,
                        size: Double, bold: Bool = true, family: String = PangoText.family) -> (Double, Double) {
        guard let laid = layout(text, on: dc.cr, width: width, height: height, size: size,
                                minimum: min(size, 9), bold: bold, alignment: .center, family: family) else { return (0, 0) }
        defer { release(laid) }
        return (laid.width, laid.height)
    }

    /// How many characters of `text` no installed font can draw (0: no boxes).
    package static func unknownGlyphs(in text: String, on dc: DrawingContext) -> Int {
        guard let laid = layout(text, on: dc.cr, width: 10_000, height: 10_000, size: 20, minimum: 20, bold: true,
                                alignment: .left) else { return -1 }
        defer { release(laid) }
        return Int(pango_layout_get_unknown_glyphs_count(laid.layout))
    }
}
