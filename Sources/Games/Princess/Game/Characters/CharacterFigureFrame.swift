import Drawing
import Foundation

/// The pixel box a figure is drawn in, shared by its layers so they line up pixel for pixel:
/// its size, where her feet are in it, and the transform from body units to its pixels
/// (her size, her lean about her feet, and a mirror when she has turned her back).
struct CharacterFigureFrame: Equatable {
    let width: Int
    let height: Int
    /// Where her feet are, in pixels from the top left.
    let feetX: Double
    let feetY: Double
    private let unit: Double
    private let lean: Double
    private let mirrored: Bool

    /// Body units around the feet that a figure can reach, with room for outlines: arms
    /// raised or spread, a flared skirt, the crown.
    static let reach = (left: 38.0, right: 38.0, top: 104.0, bottom: 4.0)

    init(_ key: CharacterFigureKey) {
        let unit = key.unit, lean = key.lean
        self.unit = unit
        self.lean = lean
        mirrored = key.facingAway
        // The reach box turned by the lean, in pixels.
        let r = Self.reach, c = cos(lean), s = sin(lean)
        let corners = [(-r.left, -r.top), (r.right, -r.top), (-r.left, r.bottom), (r.right, r.bottom)]
            .map { (x, y) in ((x * c - y * s) * unit, (x * s + y * c) * unit) }
        let left = (-corners.map(\.0).min()!).rounded(.up) + 1, top = (-corners.map(\.1).min()!).rounded(.up) + 1
        width = Int(left + corners.map(\.0).max()!.rounded(.up) + 1)
        height = Int(top + corners.map(\.1).max()!.rounded(.up) + 1)
        feetX = left
        feetY = top
    }

    /// Sets `dc` to draw in body units: origin at her feet, 100 units to the top of her crown.
    func applyBodyTransform(_ dc: DrawingContext) {
        dc.translate(feetX, feetY)
        dc.rotate(lean)
        dc.scale(mirrored ? -unit : unit, unit)
    }

    /// The whole pixels that a box of body units (`left`…`right`, `top`…`bottom`, y down) covers
    /// in this frame, leaned and mirrored as the figure is, with a pixel more around it for
    /// the edges' smoothing, kept inside the frame: x, y, width, height.
    func pixelBox(left: Double, top: Double, right: Double, bottom: Double) -> (x: Int, y: Int, width: Int, height: Int) {
        let c = cos(lean), s = sin(lean), sx = mirrored ? -unit : unit
        let corners = [(left, top), (right, top), (left, bottom), (right, bottom)]
            .map { (x, y) in (feetX + x * sx * c - y * unit * s, feetY + x * sx * s + y * unit * c) }
        let x0 = max(Int(corners.map(\.0).min()!.rounded(.down)) - 1, 0)
        let y0 = max(Int(corners.map(\.1).min()!.rounded(.down)) - 1, 0)
        let x1 = min(Int(corners.map(\.0).max()!.rounded(.up)) + 1, width)
        let y1 = min(Int(corners.map(\.1).max()!.rounded(.up)) + 1, height)
        return (x0, y0, max(x1 - x0, 1), max(y1 - y0, 1))
    }

    /// A transparent surface of this size in `memory`, or one of undefined pixels unless
    /// `cleared`; nil when Cairo cannot allocate it.
    func makeSurface(in memory: SurfaceMemoryPool, cleared: Bool = true) -> ImageSurface? {
        memory.surface(width: width, height: height, cleared: cleared)
    }
}
