/// Sine and cosine as plain Swift polynomials: the same bits on every machine and library
/// version (unlike libm), and cheap enough for every particle of every frame.
public enum SineApproximation {
    /// sin(x), accurate to about 4e-6 for any finite x.
    @inlinable
    public static func sine(_ x: Float) -> Float {
        let twoPi: Float = 6.283_185_307
        // Reduce to [-π, π], then fold to [-π/2, π/2] where the odd Taylor series converges fast.
        var r = x - twoPi * (x / twoPi).rounded()
        let halfPi: Float = 1.570_796_327
        if r > halfPi { r = Float.pi - r } else if r < -halfPi { r = -Float.pi - r }
        let r2 = r * r
        // r - r³/3! + r⁵/5! - r⁷/7! + r⁹/9!, in Horner form.
        return r * (1 + r2 * (-1.0 / 6 + r2 * (1.0 / 120 + r2 * (-1.0 / 5040 + r2 * (1.0 / 362_880)))))
    }

    /// cos(x), as sin(x + π/2).
    @inlinable
    public static func cosine(_ x: Float) -> Float { sine(x + 1.570_796_327) }
}
