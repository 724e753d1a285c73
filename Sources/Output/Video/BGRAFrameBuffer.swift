import Drawing

/// One frame as packed BGRA rows, a copy of the renderer's canvas: the layout for outputs
/// that need the full colour (a GIF's palette) or an odd size.
final class BGRAFrameBuffer: RawVideoFrame {
    static let pixelFormat = "bgra"
    let width: Int
    let height: Int
    private let pixels: UnsafeMutableRawBufferPointer

    /// A buffer for `width`×`height` frames.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = .allocate(byteCount: width * height * 4, alignment: 64)
    }

    deinit { pixels.deallocate() }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(pixels) }

    func fill(from frame: FramePixels) {
        precondition(frame.width == width && frame.height == height)
        let rowBytes = width * 4
        if frame.stride == rowBytes {
            pixels.baseAddress!.copyMemory(from: frame.base, byteCount: rowBytes * height)
            return
        }
        for y in 0..<height {
            (pixels.baseAddress! + y * rowBytes).copyMemory(from: frame.base + y * frame.stride, byteCount: rowBytes)
        }
    }
}
