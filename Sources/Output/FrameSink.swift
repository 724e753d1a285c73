import Drawing

/// Where rendered frames go, as they are made. A sink may encode on other threads or in
/// another process, but it copies what it keeps: the pixels are only valid during `consume`.
public protocol FrameSink: AnyObject {
    /// Takes the frame numbered `index` (its number in the scene, not in this render).
    func consume(_ frame: FramePixels, index: Int) throws
    /// Completes the output and moves it to its final name; returns the paths written.
    func finish() throws -> [String]
    /// Abandons the output, leaving nothing half-written under a final name.
    func cancel()
}
