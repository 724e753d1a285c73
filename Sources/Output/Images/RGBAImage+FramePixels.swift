import Drawing
import ImageDiff

extension RGBAImage {
    /// Straight RGBA from a rendered frame's premultiplied BGRA, with the rounding Cairo's
    /// PNG writer uses, so a frame compares equal to itself after a trip through a PNG.
    public init(_ frame: FramePixels) {
        var bytes = [UInt8](repeating: 0, count: frame.width * frame.height * 4)
        bytes.withUnsafeMutableBufferPointer { output in
            for y in 0..<frame.height {
                let row = frame.base + y * frame.stride
                for x in 0..<frame.width {
                    let argb = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                    let alpha = argb >> 24
                    let offset = (y * frame.width + x) * 4
                    output[offset] = PNGImageFile.unpremultiply((argb >> 16) & 0xFF, alpha)
                    output[offset + 1] = PNGImageFile.unpremultiply((argb >> 8) & 0xFF, alpha)
                    output[offset + 2] = PNGImageFile.unpremultiply(argb & 0xFF, alpha)
                    output[offset + 3] = UInt8(alpha)
                }
            }
        }
        self.init(width: frame.width, height: frame.height, bytes: bytes)
    }
}
