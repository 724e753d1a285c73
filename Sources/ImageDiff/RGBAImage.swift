/// An image as straight (not premultiplied) 8-bit RGBA, row by row: the form comparisons
/// and diff images work in, whatever file or surface the pixels came from.
public struct RGBAImage: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha.
    public var bytes: [UInt8]

    /// An image from its bytes; `bytes.count` must be `width × height × 4`.
    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height * 4, "RGBA byte count does not match the size")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// An image filled with one colour.
    public init(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for offset in stride(from: 0, to: bytes.count, by: 4) {
            bytes[offset] = red
            bytes[offset + 1] = green
            bytes[offset + 2] = blue
            bytes[offset + 3] = alpha
        }
        self.init(width: width, height: height, bytes: bytes)
    }

    /// The RGBA of the pixel at (`x`, `y`).
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let offset = (y * width + x) * 4
        return (bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3])
    }

    /// Sets the pixel at (`x`, `y`).
    public mutating func setPixel(x: Int, y: Int, red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        let offset = (y * width + x) * 4
        bytes[offset] = red
        bytes[offset + 1] = green
        bytes[offset + 2] = blue
        bytes[offset + 3] = alpha
    }
}
