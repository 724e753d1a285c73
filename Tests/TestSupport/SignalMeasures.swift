import Foundation

/// Small measurements the tests use to listen to what was rendered or recorded.
public enum SignalMeasures {
    public static func rms(_ x: ArraySlice<Float>) -> Double {
        guard !x.isEmpty else { return 0 }
        return sqrt(x.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(x.count))
    }

    public static func rms(_ x: [Float]) -> Double { rms(x[...]) }

    /// Pearson's correlation of two equally long series, -1…1 (0 when either is flat).
    public static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        let count = Double(min(a.count, b.count))
        guard count > 1 else { return 0 }
        let meanA = a.prefix(Int(count)).reduce(0, +) / count, meanB = b.prefix(Int(count)).reduce(0, +) / count
        var ab = 0.0, aa = 0.0, bb = 0.0
        for (x, y) in zip(a, b) {
            ab += (x - meanA) * (y - meanB)
            aa += (x - meanA) * (x - meanA)
            bb += (y - meanB) * (y - meanB)
        }
        return aa > 0 && bb > 0 ? ab / (aa * bb).squareRoot() : 0
    }

    public static func peak(_ x: [Float]) -> Float { x.reduce(0) { max($0, abs($1)) } }

    /// Power at `frequency` (Goertzel), normalised so a full-scale sine gives about 0.25.
    public static func tonePower(_ x: ArraySlice<Float>, frequency: Double, sampleRate: Double) -> Double {
        let w = 2 * Double.pi * frequency / sampleRate
        let coefficient = 2 * cos(w)
        var s1 = 0.0, s2 = 0.0
        for v in x {
            let s = Double(v) + coefficient * s1 - s2
            s2 = s1; s1 = s
        }
        let power = s1 * s1 + s2 * s2 - coefficient * s1 * s2
        return power / Double(x.count * x.count)
    }

    /// One channel of interleaved stereo.
    public static func channel(_ interleaved: [Float], _ index: Int) -> [Float] {
        stride(from: index, to: interleaved.count, by: 2).map { interleaved[$0] }
    }

    /// The first index whose absolute value exceeds `threshold`.
    public static func firstAbove(_ x: [Float], _ threshold: Float) -> Int? {
        x.firstIndex { abs($0) > threshold }
    }

    /// The fraction of energy above `cutoff` Hz, by comparing the signal with its low-passed self.
    public static func highFraction(_ x: [Float], cutoff: Double, sampleRate: Double) -> Double {
        var power = [Double](repeating: 0, count: 2)
        // A crude split with Goertzel on a grid is enough for the coarse claims tests make.
        let step = 100.0
        var f = step
        while f < sampleRate / 2 - step {
            let p = tonePower(x[...], frequency: f, sampleRate: sampleRate)
            power[f < cutoff ? 0 : 1] += p
            f += step
        }
        return power[1] / max(1e-30, power[0] + power[1])
    }

    /// A unique, empty temporary folder.
    public static func temporaryFolder(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "aria-audio-\(name)-\(getpid())-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
