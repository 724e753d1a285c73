import Drawing
import Princess

/// Backdrops drawn once and reused: the renderer copies the cached room into each frame
/// instead of repainting its gradients and furniture.
final class BackdropCache {
    private struct Key: Hashable {
        let backdrop: Backdrop
        let width: Int
        let height: Int
        let horizonY: Float
        let highContrast: Bool
    }

    private var rooms: [Key: ImageSurface] = [:]

    /// The room for this look and size, painting it on first use. Only a handful of looks
    /// exist per render, but the cache is bounded in case a scene keeps changing them.
    func room(_ backdrop: Backdrop, width: Int, height: Int, horizonY: Float, highContrast: Bool) -> ImageSurface? {
        let key = Key(backdrop: backdrop, width: width, height: height, horizonY: horizonY, highContrast: highContrast)
        if let room = rooms[key] { return room }
        guard let surface = ImageSurface(width: width, height: height) else { return nil }
        let dc = surface.makeContext()
        BackdropPainter(dc: dc, width: width, height: height, horizonY: horizonY, backdrop: backdrop,
                        highContrast: highContrast).paint(backdrop)
        _ = surface.pixels  // flushes the drawing
        if rooms.count >= 8 { rooms.removeAll() }
        rooms[key] = surface
        return surface
    }
}
