/// One image surface and its context, kept while frames come at the same size and made
/// anew when the size changes: what each renderer draws into.
package final class ReusableCanvas {
    package private(set) var surface: ImageSurface?
    private var context: DrawingContext?

    /// A canvas made at the size of the first frame drawn.
    package init() {}

    /// The context of a `width`×`height` canvas (the last one when the size is the same).
    package func context(width: Int, height: Int) throws -> DrawingContext {
        if let context, context.surface.width == width, context.surface.height == height { return context }
        guard let surface = ImageSurface(width: width, height: height) else {
            throw RenderError.badCanvas(width: width, height: height)
        }
        let dc = surface.makeContext()
        self.surface = surface
        context = dc
        return dc
    }
}
