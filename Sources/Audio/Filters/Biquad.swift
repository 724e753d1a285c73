import Foundation

/// A second-order IIR section (Robert Bristow-Johnson's cookbook forms), direct form I.
/// Used to shape synthesised sounds and to split the microphone into bands.
public struct Biquad: Sendable {
    private var b0: Float, b1: Float, b2: Float, a1: Float, a2: Float
    private var x1: Float = 0, x2: Float = 0, y1: Float = 0, y2: Float = 0

    /// A band-pass with 0 dB peak gain at `centre` Hz and quality `q`.
    public static func bandPass(centre: Double, q: Double, sampleRate: Double) -> Biquad {
        let (w, alpha) = angles(centre, q, sampleRate)
        return Biquad(b: (alpha, 0, -alpha), a: (1 + alpha, -2 * cos(w), 1 - alpha))
    }

    /// A low-pass at `cutoff` Hz with quality `q` (0.707 for Butterworth).
    public static func lowPass(cutoff: Double, q: Double = 0.7071, sampleRate: Double) -> Biquad {
        let (w, alpha) = angles(cutoff, q, sampleRate)
        let c = cos(w)
        return Biquad(b: ((1 - c) / 2, 1 - c, (1 - c) / 2), a: (1 + alpha, -2 * c, 1 - alpha))
    }

    /// A high-pass at `cutoff` Hz with quality `q` (0.707 for Butterworth).
    public static func highPass(cutoff: Double, q: Double = 0.7071, sampleRate: Double) -> Biquad {
        let (w, alpha) = angles(cutoff, q, sampleRate)
        let c = cos(w)
        return Biquad(b: ((1 + c) / 2, -(1 + c), (1 + c) / 2), a: (1 + alpha, -2 * c, 1 - alpha))
    }

    /// Filters one sample.
    @inline(__always)
    public mutating func process(_ x: Float) -> Float {
        let y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2 = x1; x1 = x
        y2 = y1; y1 = y
        return y
    }

    /// Keeps the frequency below Nyquist so a filter asked for at a low sample rate stays stable.
    private static func angles(_ frequency: Double, _ q: Double, _ sampleRate: Double) -> (Double, Double) {
        let f = min(frequency, sampleRate * 0.45)
        let w = 2 * Double.pi * f / sampleRate
        return (w, sin(w) / (2 * q))
    }

    private init(b: (Double, Double, Double), a: (Double, Double, Double)) {
        b0 = Float(b.0 / a.0); b1 = Float(b.1 / a.0); b2 = Float(b.2 / a.0)
        a1 = Float(a.1 / a.0); a2 = Float(a.2 / a.0)
    }
}

extension Biquad {
    /// Takes another filter's coefficients and keeps this one's state, so a swept filter
    /// changes without a click.
    mutating func retune(to other: Biquad) {
        b0 = other.b0; b1 = other.b1; b2 = other.b2; a1 = other.a1; a2 = other.a2
    }
}
