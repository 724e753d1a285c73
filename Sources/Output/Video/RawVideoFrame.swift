import Drawing

/// A frame in a raw layout that ffmpeg reads from its standard input.
protocol RawVideoFrame: AnyObject {
    /// ffmpeg's name for the layout (its `-pix_fmt`).
    static var pixelFormat: String { get }
    /// The bytes of the frame, as ffmpeg reads them.
    var bytes: UnsafeRawBufferPointer { get }
    /// Converts or copies a rendered frame of the same size into this one.
    func fill(from frame: FramePixels)
}
