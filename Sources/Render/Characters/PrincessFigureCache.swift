/// A figure drawn into its own surface, and where her feet are in it (pixels from the top left).
struct PrincessFigure {
    let surface: ImageSurface
    let feetX: Double
    let feetY: Double
}

/// Princess figures drawn once and composited many times. Painting a princess's forty-odd
/// paths costs about a millisecond and a half; compositing the finished figure costs a
/// small fraction of that, and a standing princess's figure hardly changes between frames.
/// Figures unused for a while are dropped, so memory stays flat over a long render; the
/// frames do not depend on what is cached.
final class PrincessFigureCache {
    private var figures: [PrincessFigureKey: (figure: PrincessFigure, lastUse: Int)] = [:]
    private var clock = 0
    /// Frames a figure is kept without being used.
    private let keepFrames: Int
    /// Most figures kept at once.
    private let capacity: Int

    /// Body units around the feet that a figure can reach, with room for outlines: arms
    /// raised or spread, a flared skirt, the crown.
    static let reach = (left: 38.0, right: 38.0, top: 104.0, bottom: 4.0)

    init(keepFrames: Int = 90, capacity: Int = 160) {
        self.keepFrames = keepFrames
        self.capacity = capacity
    }

    /// The number of figures kept.
    var count: Int { figures.count }

    /// Call once per frame: ages the figures and drops the stale ones.
    func nextFrame() {
        clock += 1
        guard figures.count > capacity / 2 else { return }
        figures = figures.filter { clock - $0.value.lastUse <= keepFrames }
    }

    func figure(for key: PrincessFigureKey) -> PrincessFigure? {
        if let entry = figures[key] {
            figures[key] = (entry.figure, clock)
            return entry.figure
        }
        guard let figure = Self.draw(key) else { return nil }
        if figures.count >= capacity, let oldest = figures.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            figures[oldest] = nil
        }
        figures[key] = (figure, clock)
        return figure
    }

    private static func draw(_ key: PrincessFigureKey) -> PrincessFigure? {
        let unit = key.unit
        let left = (reach.left * unit).rounded(.up) + 1, top = (reach.top * unit).rounded(.up) + 1
        let width = Int(left + (reach.right * unit).rounded(.up) + 1)
        let height = Int(top + (reach.bottom * unit).rounded(.up) + 1)
        guard let surface = ImageSurface(width: width, height: height) else { return nil }
        let dc = surface.makeContext()
        dc.translate(left, top)
        dc.scale(unit, unit)
        PrincessPainter(dc: dc, figure: key).paintFigure()
        _ = surface.pixels  // flushes the drawing
        return PrincessFigure(surface: surface, feetX: left, feetY: top)
    }
}
