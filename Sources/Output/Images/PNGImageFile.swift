#if canImport(Glibc)
import Glibc
#endif
import CCairo
import ImageDiff

/// A PNG file that could not be read or written, said in one line.
public struct ImageFileError: Error, CustomStringConvertible {
    /// What went wrong, with the path.
    public let description: String

    /// An error that says `description`.
    public init(description: String) { self.description = description }
}

/// Reads and writes PNG files as `RGBAImage`s through Cairo.
public enum PNGImageFile {
    /// Reads the PNG at `path`; a missing, unreadable, truncated or non-PNG file throws.
    public static func read(_ path: String) throws -> RGBAImage {
        // Cairo calls any file without PNG's signature "out of memory": say what it is.
        if let file = fopen(path, "rb") {
            var start = [UInt8](repeating: 0, count: 8)
            let count = fread(&start, 1, 8, file)
            fclose(file)
            if count == 8, start != [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] {
                throw ImageFileError(description: "\(path): not a PNG image (it does not start with PNG's signature)")
            }
        }
        guard let surface = cairo_image_surface_create_from_png(path) else {
            throw ImageFileError(description: "\(path): cannot be read")
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            switch status {
            case CAIRO_STATUS_FILE_NOT_FOUND: throw ImageFileError(description: "\(path): no such file")
            case CAIRO_STATUS_READ_ERROR: throw ImageFileError(description: "\(path): not a readable PNG (truncated or corrupt)")
            default: throw ImageFileError(description: "\(path): not a PNG image (\(String(cString: cairo_status_to_string(status))))")
            }
        }
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let format = cairo_image_surface_get_format(surface)
        guard let data = cairo_image_surface_get_data(surface) else {
            throw ImageFileError(description: "\(path): image has no pixel data")
        }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let opaque = format == CAIRO_FORMAT_RGB24
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride)
            for x in 0..<width {
                let argb = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                let offset = (y * width + x) * 4
                let alpha = opaque ? 255 : UInt32(argb >> 24)
                bytes[offset] = unpremultiply(UInt32((argb >> 16) & 0xFF), alpha)
                bytes[offset + 1] = unpremultiply(UInt32((argb >> 8) & 0xFF), alpha)
                bytes[offset + 2] = unpremultiply(UInt32(argb & 0xFF), alpha)
                bytes[offset + 3] = UInt8(alpha)
            }
        }
        return RGBAImage(width: width, height: height, bytes: bytes)
    }

    /// Writes `image` as a PNG at `path`, through a temporary name renamed on success so
    /// no half-written file is ever left under `path`.
    public static func write(_ image: RGBAImage, to path: String) throws {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height))
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            throw ImageFileError(description: "\(path): cannot make a \(image.width)x\(image.height) image")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<image.height {
            let row = UnsafeMutableRawPointer(data + y * stride)
            for x in 0..<image.width {
                let offset = (y * image.width + x) * 4
                let alpha = UInt32(image.bytes[offset + 3])
                let r = premultiply(UInt32(image.bytes[offset]), alpha)
                let g = premultiply(UInt32(image.bytes[offset + 1]), alpha)
                let b = premultiply(UInt32(image.bytes[offset + 2]), alpha)
                row.storeBytes(of: alpha << 24 | r << 16 | g << 8 | b, toByteOffset: x * 4, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(surface)
        let temporary = StagedFile.temporaryName(for: path)
        let status = cairo_surface_write_to_png(surface, temporary)
        guard status == CAIRO_STATUS_SUCCESS else {
            _ = unlink(temporary)
            throw ImageFileError(description: "\(path): cannot be written (\(String(cString: cairo_status_to_string(status))))")
        }
        do { try StagedFile.commit(temporary, to: path) } catch {
            throw ImageFileError(description: "\(error)")
        }
    }

    /// Cairo's own rounding when it writes premultiplied pixels to a PNG.
    @inline(__always)
    public static func unpremultiply(_ channel: UInt32, _ alpha: UInt32) -> UInt8 {
        alpha == 0 ? 0 : UInt8(min((channel * 255 + alpha / 2) / alpha, 255))
    }

    @inline(__always)
    static func premultiply(_ channel: UInt32, _ alpha: UInt32) -> UInt32 {
        let product = channel * alpha + 0x80
        return (product + (product >> 8)) >> 8
    }
}
