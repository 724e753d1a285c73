import Drawing

/// One frame as one PNG file (`--frame N` with a `.png` output). Takes exactly one frame.
public final class SinglePNGSink: FrameSink {
    private let path: String
    private let encoder = PNGEncoder()
    private var written = false

    /// A sink writing to `path`; its folder is made if needed.
    public init(path: String) throws {
        self.path = path
        try StagedFile.prepareFolder(StagedFile.folder(of: path))
    }

    public func consume(_ frame: FramePixels, index: Int) throws {
        guard !written else { throw OutputError.unwritable("\(path) holds a single frame; use a folder for several") }
        try StagedFile.write(try encoder.encode(frame), to: path)
        written = true
    }

    public func finish() throws -> [String] { written ? [path] : [] }

    public func cancel() {}
}
