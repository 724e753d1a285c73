/// Perceptual colour distance in the YIQ space (Kotsarenko and Ramos, as pixelmatch uses):
/// brightness counts about twice as much as chroma, so a change people notice scores higher
/// than one of the same RGB size they would not. Translucent pixels are blended over white.
enum YIQDelta {
    /// The largest possible squared delta (black against white).
    static let maximum: Float = 35215

    @inline(__always)
    static func blend(_ channel: Float, _ alpha: Float) -> Float { 255 + (channel - 255) * alpha }

    @inline(__always)
    static func luma(_ r: Float, _ g: Float, _ b: Float) -> Float { r * 0.29889531 + g * 0.58662247 + b * 0.11448223 }

    @inline(__always)
    static func inPhase(_ r: Float, _ g: Float, _ b: Float) -> Float { r * 0.59597799 - g * 0.27417610 - b * 0.32180189 }

    @inline(__always)
    static func quadrature(_ r: Float, _ g: Float, _ b: Float) -> Float { r * 0.21147017 - g * 0.52261711 + b * 0.31114694 }

    /// The squared YIQ distance between the pixels at byte offsets `first` of `a` and
    /// `second` of `b`; negative when the second pixel is the darker (as pixelmatch signs it). With `lumaOnly`,
    /// only the brightness difference.
    @inline(__always)
    static func delta(_ a: UnsafePointer<UInt8>, _ first: Int, _ b: UnsafePointer<UInt8>, _ second: Int,
                      lumaOnly: Bool = false) -> Float {
        var r1 = Float(a[first]), g1 = Float(a[first + 1]), b1 = Float(a[first + 2])
        var r2 = Float(b[second]), g2 = Float(b[second + 1]), b2 = Float(b[second + 2])
        let a1 = a[first + 3], a2 = b[second + 3]
        if a1 == a2 && r1 == r2 && g1 == g2 && b1 == b2 { return 0 }
        if a1 < 255 {
            let alpha = Float(a1) / 255
            r1 = blend(r1, alpha); g1 = blend(g1, alpha); b1 = blend(b1, alpha)
        }
        if a2 < 255 {
            let alpha = Float(a2) / 255
            r2 = blend(r2, alpha); g2 = blend(g2, alpha); b2 = blend(b2, alpha)
        }
        let y1 = luma(r1, g1, b1), y2 = luma(r2, g2, b2)
        let y = y1 - y2
        if lumaOnly { return y }
        let i = inPhase(r1, g1, b1) - inPhase(r2, g2, b2)
        let q = quadrature(r1, g1, b1) - quadrature(r2, g2, b2)
        let d = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y1 > y2 ? -d : d
    }
}
