import Foundation

/// A robot's timbre over speech: a fast amplitude ring that buzzes, and levels coarsened to a
/// few bits, both plain arithmetic so the result is the same everywhere.
enum RobotTimbre {
    /// The ring's frequency in Hz: low enough to keep the words clear, high enough to buzz.
    static let ringFrequency = 60.0
    /// Levels kept: 2 × 24 steps between -1 and 1.
    static let levels: Float = 24

    static func apply(to samples: [Float], sampleRate: Int) -> [Float] {
        samples.enumerated().map { index, sample in
            let ring = Float(0.55 + 0.45 * sin(2 * Double.pi * ringFrequency * Double(index) / Double(sampleRate)))
            return (sample * ring * levels).rounded() / levels
        }
    }
}

/// Sample-rate conversion by Catmull-Rom interpolation: smooth enough for speech raised from
/// espeak-ng's 22.05 kHz, and exact arithmetic on the same inputs.
enum Resampler {
    static func cubic(_ samples: [Float], from source: Int, to target: Int) -> [Float] {
        guard source != target, !samples.isEmpty else { return samples }
        let count = Int((Double(samples.count) * Double(target) / Double(source)).rounded(.down))
        let step = Double(source) / Double(target)
        func at(_ index: Int) -> Float { samples[min(samples.count - 1, max(0, index))] }
        return (0..<count).map { outIndex in
            let position = Double(outIndex) * step
            let base = Int(position)
            let t = Float(position - Double(base))
            let p0 = at(base - 1), p1 = at(base), p2 = at(base + 1), p3 = at(base + 2)
            let a = -0.5 * p0 + 1.5 * p1 - 1.5 * p2 + 0.5 * p3
            let b = p0 - 2.5 * p1 + 2 * p2 - 0.5 * p3
            let c = -0.5 * p0 + 0.5 * p2
            return ((a * t + b) * t + c) * t + p1
        }
    }
}
