/// A view of one finished frame: premultiplied ARGB32, which is B, G, R, A bytes in memory on
/// little-endian machines. It keeps its surface alive, but the renderer draws the next frame
/// into the same surface, so a sink that keeps pixels longer than one call copies them.
public struct FramePixels: @unchecked Sendable {
    /// The first byte of the top row.
    public let base: UnsafeRawPointer
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from one row to the next (at least `width * 4`).
    public let stride: Int
    /// Whatever owns the memory, kept alive as long as the view.
    private let owner: AnyObject?

    /// A view of pixels that `owner` (if any) keeps alive.
    public init(base: UnsafeRawPointer, width: Int, height: Int, stride: Int, owner: AnyObject? = nil) {
        self.owner = owner
        self.base = base
        self.width = width
        self.height = height
        self.stride = stride
    }

    /// The premultiplied (blue, green, red, alpha) bytes of the pixel at column `x`, row `y`.
    public func bgra(x: Int, y: Int) -> (blue: UInt8, green: UInt8, red: UInt8, alpha: UInt8) {
        let p = base.advanced(by: y * stride + x * 4).assumingMemoryBound(to: UInt8.self)
        return (p[0], p[1], p[2], p[3])
    }

    /// The straight (un-premultiplied) colour of a pixel, components 0…255.
    public func rgba(x: Int, y: Int) -> (red: Int, green: Int, blue: Int, alpha: Int) {
        let (b, g, r, a) = bgra(x: x, y: y)
        guard a > 0 else { return (0, 0, 0, 0) }
        let alpha = Int(a)
        func straight(_ c: UInt8) -> Int { (Int(c) * 255 + alpha / 2) / alpha }
        return (straight(r), straight(g), straight(b), alpha)
    }
}
