import CCairo

/// A Cairo image surface this module owns: premultiplied ARGB32 (BGRA bytes on little-endian
/// machines) or an 8-bit alpha mask. It is released with the object.
public final class ImageSurface {
    /// The pixel layouts the renderer uses.
    public enum Format: Sendable {
        /// Premultiplied 32-bit colour with alpha.
        case argb32
        /// 8-bit coverage, for particle masks.
        case alpha8

        package var cairoFormat: cairo_format_t { self == .argb32 ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_A8 }
    }

    /// The underlying `cairo_surface_t`.
    package let handle: OpaquePointer
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The pixel layout.
    public let format: Format

    /// A new transparent surface; nil when Cairo cannot allocate it (absurd sizes).
    public init?(width: Int, height: Int, format: Format = .argb32) {
        guard width > 0, height > 0, width <= 32_767, height <= 32_767,
              let surface = cairo_image_surface_create(format.cairoFormat, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        handle = surface
        self.width = width
        self.height = height
        self.format = format
    }

    package init(handle: OpaquePointer, width: Int, height: Int, format: Format) {
        self.handle = handle
        self.width = width
        self.height = height
        self.format = format
    }

    deinit { cairo_surface_destroy(handle) }

    /// Bytes from one row to the next.
    public var stride: Int { Int(cairo_image_surface_get_stride(handle)) }

    /// The pixels, after any pending Cairo drawing has been flushed.
    public var pixels: FramePixels {
        cairo_surface_flush(handle)
        return FramePixels(base: UnsafeRawPointer(cairo_image_surface_get_data(handle)!),
                           width: width, height: height, stride: stride, owner: self)
    }

    /// Tells Cairo the pixels were changed behind its back.
    package func markDirty() { cairo_surface_mark_dirty(handle) }

    /// A drawing context on this surface.
    package func makeContext() -> DrawingContext { DrawingContext(surface: self) }
}

extension ImageSurface {
    /// Writes the surface with Cairo's own (slow) PNG writer: the reference the fast encoder
    /// is checked against. Returns false when Cairo reports an error.
    public func writeWithCairo(to path: String) -> Bool {
        cairo_surface_write_to_png(handle, path) == CAIRO_STATUS_SUCCESS
    }

    /// Reads a PNG file with Cairo, as premultiplied ARGB32; nil if it cannot be read.
    public static func readWithCairo(from path: String) -> ImageSurface? {
        guard let surface = cairo_image_surface_create_from_png(path),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        return ImageSurface(adopting: surface)
    }

    private convenience init(adopting surface: OpaquePointer) {
        self.init(handle: surface, width: Int(cairo_image_surface_get_width(surface)),
                  height: Int(cairo_image_surface_get_height(surface)),
                  format: cairo_image_surface_get_format(surface) == CAIRO_FORMAT_A8 ? .alpha8 : .argb32)
    }
}
