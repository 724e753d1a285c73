import CCairo
import Foundation

/// An SVG file written with the canvas's operations through Cairo's SVG surface: what a
/// painter draws on it becomes vector art a designer can open in any SVG editor.
package final class SVGFileCanvas {
    /// The context to draw with, in the file's units (one unit to an SVG pixel).
    package let dc: DrawingContext
    private let handle: OpaquePointer

    /// A file at `path` of `width` × `height` units; nil when Cairo cannot create it.
    package init?(path: String, width: Double, height: Double) {
        guard width > 0, height > 0, let surface = cairo_svg_surface_create(path, width, height),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        // Cairo writes unit-less lengths, so editors and librsvg read them as user units.
        cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_USER)
        handle = surface
        // The context keeps the surface alive; only drawing, never `pixels`, is used on it.
        dc = DrawingContext(surface: ImageSurface(handle: cairo_surface_reference(surface), width: Int(width.rounded(.up)),
                                                  height: Int(height.rounded(.up)), format: .argb32))
    }

    deinit { cairo_surface_destroy(handle) }

    /// Writes the file out; false when Cairo reported an error.
    package func finish() -> Bool {
        cairo_surface_flush(handle)
        cairo_surface_finish(handle)
        return cairo_surface_status(handle) == CAIRO_STATUS_SUCCESS
    }
}
