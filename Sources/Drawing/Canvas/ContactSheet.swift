import CCairo
import Foundation

/// A contact sheet: frames as labelled thumbnails in a grid on one image, under a title line,
/// so a designer or QA sees a whole scene at a glance.
public final class ContactSheet {
    /// The size of each thumbnail.
    public let thumbnailWidth: Int
    /// The size of each thumbnail.
    public let thumbnailHeight: Int
    /// Thumbnails per row.
    public let columns: Int
    /// How many thumbnails the sheet holds.
    public let count: Int
    /// The sheet.
    public let surface: ImageSurface

    private let context: DrawingContext
    private static let gap = 8
    private static let labelHeight = 22
    private static let titleHeight = 34
    /// The largest sheet made, either way: what image viewers and browsers open without trouble.
    public static let largestSide = 16_384

    /// The sheet's size for `count` thumbnails of `width`×`height` in `columns` columns.
    public static func size(count: Int, width: Int, height: Int, columns: Int) -> (width: Int, height: Int) {
        let columns = max(1, min(columns, count))
        let rows = (count + columns - 1) / columns
        return (gap + columns * (width + gap), titleHeight + rows * (height + labelHeight + gap) + gap)
    }

    /// An empty sheet titled `title` for `count` thumbnails; nil when it would be too large
    /// (see `largestSide`) or Cairo cannot allocate it.
    public init?(title: String, count: Int, thumbnailWidth: Int, thumbnailHeight: Int, columns: Int) {
        let columns = max(1, min(columns, count))
        let size = Self.size(count: count, width: thumbnailWidth, height: thumbnailHeight, columns: columns)
        guard count > 0, thumbnailWidth > 0, thumbnailHeight > 0, size.width <= Self.largestSide, size.height <= Self.largestSide,
              let surface = ImageSurface(width: size.width, height: size.height) else { return nil }
        self.thumbnailWidth = thumbnailWidth
        self.thumbnailHeight = thumbnailHeight
        self.columns = columns
        self.count = count
        self.surface = surface
        context = surface.makeContext()
        // A neutral dark ground, as video tools show frames on: the frames' own colours stand out.
        cairo_set_source_rgb(context.cr, 0.13, 0.13, 0.14)
        context.paint()
        PangoText.draw(title, in: context, x: Double(Self.gap), y: 4, width: Double(size.width - 2 * Self.gap),
                       height: Double(Self.titleHeight - 8), size: 18, minimum: 9, bold: true,
                       color: (0.95, 0.95, 0.95, 1), alignment: .left)
    }

    /// Draws `frame` scaled into thumbnail `index` (row by row), with `label` under it.
    public func place(_ frame: FramePixels, label: String, at index: Int) {
        guard index >= 0, index < count, frame.width > 0, frame.height > 0,
              let source = cairo_image_surface_create_for_data(UnsafeMutablePointer(mutating: frame.base.assumingMemoryBound(to: UInt8.self)),
                                                               CAIRO_FORMAT_ARGB32, Int32(frame.width), Int32(frame.height), Int32(frame.stride))
        else { return }
        defer { cairo_surface_destroy(source) }
        let x = Double(Self.gap + (index % columns) * (thumbnailWidth + Self.gap))
        let y = Double(Self.titleHeight + (index / columns) * (thumbnailHeight + Self.labelHeight + Self.gap))
        let cr = context.cr
        cairo_save(cr)
        cairo_rectangle(cr, x, y, Double(thumbnailWidth), Double(thumbnailHeight))
        cairo_clip(cr)
        cairo_translate(cr, x, y)
        cairo_scale(cr, Double(thumbnailWidth) / Double(frame.width), Double(thumbnailHeight) / Double(frame.height))
        cairo_set_source_surface(cr, source, 0, 0)
        // A box filter over every source pixel: a thumbnail many times smaller keeps thin lines.
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_restore(cr)
        PangoText.draw(label, in: context, x: x, y: y + Double(thumbnailHeight) + 2, width: Double(thumbnailWidth),
                       height: Double(Self.labelHeight - 4), size: 15, minimum: 8, bold: true,
                       color: (0.9, 0.9, 0.9, 1), alignment: .left)
    }
}
