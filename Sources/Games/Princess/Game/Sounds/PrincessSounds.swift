import Audio
import Foundation
import Princess
import Vocabulary

/// The princess scene's sounds: one recipe per `SoundEffect`, and the bank made of them once.
public enum PrincessSounds {
    /// Every recipe, by the sound's name.
    public static let recipes: [SoundRecipe] = SoundEffect.allCases.map { effect in
        SoundRecipe(effect.name) { effect.synthesize(sampleRate: $0) }
    }

    /// The bank at 48 kHz, made once on first use.
    public static let bank = SoundBank(recipes: recipes)
}

/// How each sound effect is made: soft, short, child-friendly sounds built from bells,
/// sweeps and filtered noise. Levels here are relative; `SoundBank` normalises the peaks.
extension SoundEffect {
    /// The effect's sound, mono, at `sampleRate`. The same effect always gives the same samples.
    func synthesize(sampleRate: Double) -> [Float] {
        var clip = ClipBuilder(duration: duration, sampleRate: sampleRate)
        switch self {
        case .spawn:
            // A rising major arpeggio of chimes over a little shimmer: "here I am!".
            for (i, note) in [Note.c6, Note.e6, Note.g6, Note.c7].enumerated() {
                clip.addBell(at: Double(i) * 0.07, frequency: note, amplitude: 0.6, partials: Timbre.chime)
            }
            clip.addNoise(at: 0, duration: 0.5, amplitude: 0.15, seed: 11, q: 2,
                          centre: { 5000 + 3000 * $0 }, envelope: { Envelope.swell($0, duration: 0.5, peak: 0.3) })
        case .vanish:
            // A gentle falling glide with a soft puff of air.
            clip.addSweep(at: 0, duration: 0.42, amplitude: 0.7,
                          frequency: { 1400 * pow(0.35, $0 / 0.42) },
                          envelope: { Envelope.pluck($0, attack: 0.01, decay: 0.14) })
            clip.addNoise(at: 0, duration: 0.35, amplitude: 0.25, seed: 12, q: 0.9,
                          centre: { 2500 - 4000 * $0 }, envelope: { Envelope.swell($0, duration: 0.35, peak: 0.2) })
        case .wave:
            // Two soft marimba notes, "hel-lo".
            clip.addBell(at: 0, frequency: Note.g5, amplitude: 0.8, attack: 0.003, partials: Timbre.marimba)
            clip.addBell(at: 0.13, frequency: Note.c6, amplitude: 0.8, attack: 0.003, partials: Timbre.marimba)
        case .dance:
            // A bouncy four-note ditty.
            for (i, note) in [Note.c5, Note.e5, Note.g5, Note.e5, Note.c6].enumerated() {
                clip.addBell(at: Double(i) * 0.11, frequency: note, amplitude: 0.7, attack: 0.003, partials: Timbre.pluck)
            }
        case .twirl:
            // A soft whoosh: noise through a band-pass that sweeps up and back down.
            clip.addNoise(at: 0, duration: 0.5, amplitude: 1.0, seed: 13, q: 1.6,
                          centre: { 350 + 2200 * sin(.pi * $0 / 0.5) }, envelope: { Envelope.swell($0, duration: 0.5) })
        case .jump:
            // A boing: a quick upward pitch bend that wobbles as it settles.
            clip.addSweep(at: 0, duration: 0.4, amplitude: 0.8,
                          frequency: { 150 + 350 * (1 - exp(-$0 / 0.04)) + 45 * exp(-$0 / 0.12) * sin(2 * .pi * 14 * $0) },
                          envelope: { Envelope.pluck($0, attack: 0.005, decay: 0.12) })
        case .sparkle:
            // One bright chime with a higher answering twinkle.
            clip.addBell(at: 0, frequency: Note.e7, amplitude: 0.7, partials: Timbre.chime)
            clip.addBell(at: 0.09, frequency: Note.b7, amplitude: 0.4, partials: Timbre.chime)
        case .sparkles:
            // A little cascade of pentatonic twinkles.
            for (i, note) in [Note.g6, Note.d7, Note.a6, Note.e7, Note.c7, Note.g7].enumerated() {
                clip.addBell(at: Double(i) * 0.06, frequency: note, amplitude: 0.5, partials: Timbre.chime)
            }
        case .snow:
            // A hushed, airy swell with two faint high tinkles.
            clip.addNoise(at: 0, duration: 0.8, amplitude: 0.5, seed: 14, q: 0.8,
                          centre: { _ in 6000 }, envelope: { Envelope.swell($0, duration: 0.8, peak: 0.4) })
            clip.addBell(at: 0.15, frequency: Note.a7, amplitude: 0.25, partials: Timbre.chime)
            clip.addBell(at: 0.42, frequency: Note.e7, amplitude: 0.2, partials: Timbre.chime)
        case .bubbles:
            // Three rising bloops.
            for (i, base) in [380.0, 480.0, 600.0].enumerated() {
                clip.addSweep(at: Double(i) * 0.12, duration: 0.12, amplitude: 0.8,
                              frequency: { base * (1 + 2.2 * $0 / 0.12) },
                              envelope: { Envelope.pluck($0, attack: 0.004, decay: 0.035) })
            }
        case .bubble_pop:
            // A pop: a very short downward blip with a tiny tick of air.
            clip.addSweep(at: 0, duration: 0.06, amplitude: 0.9,
                          frequency: { 1100 * pow(0.3, $0 / 0.05) },
                          envelope: { Envelope.pluck($0, attack: 0.001, decay: 0.012) })
            clip.addNoise(at: 0, duration: 0.012, amplitude: 0.25, seed: 15, q: 0.7,
                          centre: { _ in 3000 }, envelope: { Envelope.pluck($0, attack: 0.0005, decay: 0.002) })
        case .selection:
            // A soft wooden tick.
            clip.addBell(at: 0, frequency: 1320, amplitude: 0.6, attack: 0.001, partials: Timbre.tick)
        case .success:
            // A happy rising arpeggio that rings out.
            for (i, note) in [Note.c5, Note.e5, Note.g5, Note.c6].enumerated() {
                clip.addBell(at: Double(i) * 0.09, frequency: note, amplitude: 0.6, partials: Timbre.chime)
            }
        case .warning:
            // Two soft, low, falling notes: "uh-oh", never a harsh buzz.
            clip.addBell(at: 0, frequency: Note.a4, amplitude: 0.7, attack: 0.01, partials: Timbre.soft)
            clip.addBell(at: 0.17, frequency: Note.f4, amplitude: 0.7, attack: 0.01, partials: Timbre.soft)
        }
        return clip.samples
    }

    /// Seconds of sound, long enough for the recipe's tail to die away.
    var duration: Double {
        switch self {
        case .spawn: 0.9
        case .vanish: 0.45
        case .wave: 0.55
        case .dance: 0.8
        case .twirl: 0.5
        case .jump: 0.45
        case .sparkle: 0.7
        case .sparkles: 0.9
        case .snow: 0.9
        case .bubbles: 0.45
        case .bubble_pop: 0.07
        case .selection: 0.08
        case .success: 0.9
        case .warning: 0.6
        }
    }
}

/// Equal-tempered note frequencies used by the recipes, in Hz.
private enum Note {
    static let f4 = 349.23, a4 = 440.0
    static let c5 = 523.25, e5 = 659.26, g5 = 783.99
    static let c6 = 1046.5, e6 = 1318.5, g6 = 1568.0, a6 = 1760.0
    static let c7 = 2093.0, d7 = 2349.3, e7 = 2637.0, g7 = 3136.0, a7 = 3520.0, b7 = 3951.1
}

/// Partial sets: (frequency ratio, level, decay in seconds).
private enum Timbre {
    /// A small glockenspiel-like bell with inharmonic upper partials that fade fast.
    static let chime: [(ratio: Double, level: Double, decay: Double)] = [(1, 1, 0.12), (2.76, 0.3, 0.04), (5.4, 0.1, 0.02)]
    /// A warm wooden bar.
    static let marimba: [(ratio: Double, level: Double, decay: Double)] = [(1, 1, 0.09), (4, 0.25, 0.02)]
    /// A plucked string, bright then mellow.
    static let pluck: [(ratio: Double, level: Double, decay: Double)] = [(1, 1, 0.08), (2, 0.4, 0.04), (3, 0.15, 0.025)]
    /// A short click of wood.
    static let tick: [(ratio: Double, level: Double, decay: Double)] = [(1, 1, 0.012), (2.3, 0.3, 0.006)]
    /// A round, low, soft note.
    static let soft: [(ratio: Double, level: Double, decay: Double)] = [(1, 1, 0.1), (2, 0.2, 0.06), (3, 0.1, 0.04)]
}
