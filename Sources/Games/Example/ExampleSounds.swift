import Audio
import Foundation
import Vocabulary

/// The example game's sounds, registered by name in its own bank: a bright rising pair when
/// a shape appears, a soft falling glide when it fades, two low notes when the camera fails.
public enum ExampleSounds {
    /// A shape appeared.
    public static let appear: SoundName = "shape_appear"
    /// A shape began to fade.
    public static let fade: SoundName = "shape_fade"
    /// The camera failed.
    public static let cameraError: SoundName = "camera_error"

    /// Every recipe, by name.
    public static let recipes: [SoundRecipe] = [
        SoundRecipe(appear) { tones([(0, 660), (0.08, 990)], noteLength: 0.25, sampleRate: $0) },
        SoundRecipe(fade) { glide(from: 700, to: 300, length: 0.35, sampleRate: $0) },
        SoundRecipe(cameraError) { tones([(0, 392), (0.18, 330)], noteLength: 0.35, sampleRate: $0) },
    ]

    /// The bank at 48 kHz, made once on first use.
    public static let bank = SoundBank(recipes: recipes)

    /// Plucked sine notes (start, frequency), each fading over `noteLength`.
    static func tones(_ notes: [(Double, Double)], noteLength: Double, sampleRate: Double) -> [Float] {
        let total = (notes.map(\.0).max() ?? 0) + noteLength
        var samples = [Float](repeating: 0, count: Int(total * sampleRate))
        for (start, frequency) in notes {
            let first = Int(start * sampleRate)
            for index in first..<min(samples.count, first + Int(noteLength * sampleRate)) {
                let time = Double(index - first) / sampleRate
                // A 5 ms attack keeps the start from clicking.
                let envelope = min(1, time / 0.005) * exp(-time / (noteLength / 4))
                samples[index] += Float(0.5 * envelope * sin(2 * .pi * frequency * time))
            }
        }
        return samples
    }

    /// A sine whose pitch falls from `from` to `to` Hz over `length`, fading out.
    static func glide(from: Double, to: Double, length: Double, sampleRate: Double) -> [Float] {
        var phase = 0.0
        return (0..<Int(length * sampleRate)).map { index in
            let progress = Double(index) / (length * sampleRate)
            phase += 2 * .pi * (from + (to - from) * progress) / sampleRate
            return Float(0.5 * min(1, progress * 40) * (1 - progress) * sin(phase))
        }
    }
}
