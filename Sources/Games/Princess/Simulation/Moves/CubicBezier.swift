/// A timing curve as CSS writes it, `cubic-bezier(x1, y1, x2, y2)`: from (0, 0) to (1, 1)
/// through two control points, x the time and y the progress. The x's stay in 0…1 (so the
/// curve is a function of time); the y's may leave it, for an overshoot.
public struct CubicBezier: Sendable, Equatable {
    /// The control points: (x1, y1) near the start, (x2, y2) near the end.
    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// CSS's `ease`.
    public static let ease = CubicBezier(0.25, 0.1, 0.25, 1)
    /// CSS's `ease-in`.
    public static let easeIn = CubicBezier(0.42, 0, 1, 1)
    /// CSS's `ease-out`.
    public static let easeOut = CubicBezier(0, 0, 0.58, 1)
    /// CSS's `ease-in-out`.
    public static let easeInOut = CubicBezier(0.42, 0, 0.58, 1)

    /// The curve with these control points; the x's must be in 0…1 (the reader checks).
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// The progress at time `x` (0…1, clamped): the curve's y where its x is `x`.
    public func value(at x: Double) -> Double {
        let x = min(max(x, 0), 1)
        if x == 0 || x == 1 { return x }
        return Self.coordinate(parameter(for: x), y1, y2)
    }

    /// One coordinate of the curve at parameter `t`, for control coordinates `a` and `b`.
    private static func coordinate(_ t: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
    }

    private static func slope(_ t: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * a + 6 * u * t * (b - a) + 3 * t * t * (1 - b)
    }

    /// The parameter where the curve's x is `x`: Newton's steps from x itself, then halving
    /// (as browsers do) where the slope is too flat for Newton.
    private func parameter(for x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = Self.coordinate(t, x1, x2) - x
            if abs(error) < 1e-12 { return t }
            let slope = Self.slope(t, x1, x2)
            if abs(slope) < 1e-9 { break }
            t -= error / slope
        }
        // x(t) rises monotonically for x1, x2 in 0…1, so halving always converges.
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<64 {
            let value = Self.coordinate(t, x1, x2)
            if abs(value - x) < 1e-12 { break }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }
}
