import Drawing

/// A closed outline that is the same on both sides of the vertical axis, described by its left
/// half: a start on the axis and cubic segments down the left side back to the axis. The right
/// half is the mirror, traced in reverse, so each shape is written once.
struct SymmetricPath {
    /// One cubic Bézier segment: two control points and an end point, in body units.
    struct Segment {
        let c1: (Double, Double)
        let c2: (Double, Double)
        let end: (Double, Double)
    }

    let start: (Double, Double)
    let leftHalf: [Segment]

    init(start: (Double, Double), _ leftHalf: [Segment]) {
        self.start = start
        self.leftHalf = leftHalf
    }

    /// Adds the closed outline to the context's path, offset horizontally by `dx` and widened
    /// by `widen` (1 = as written).
    func trace(on dc: DrawingContext, widen: Double = 1, dx: Double = 0) {
        dc.move(start.0 * widen + dx, start.1)
        for s in leftHalf {
            dc.curve(s.c1.0 * widen + dx, s.c1.1, s.c2.0 * widen + dx, s.c2.1, s.end.0 * widen + dx, s.end.1)
        }
        // Back up the right side: each segment mirrored, its control points swapped.
        var points = [start] + leftHalf.map(\.end)
        points.removeLast()
        for (index, s) in leftHalf.enumerated().reversed() {
            let to = points[index]
            dc.curve(-s.c2.0 * widen + dx, s.c2.1, -s.c1.0 * widen + dx, s.c1.1, -to.0 * widen + dx, to.1)
        }
        dc.close()
    }
}

/// Shorthand for a segment: controls (x1, y1), (x2, y2), end (x, y).
func seg(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double) -> SymmetricPath.Segment {
    SymmetricPath.Segment(c1: (x1, y1), c2: (x2, y2), end: (x, y))
}
