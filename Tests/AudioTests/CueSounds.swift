import Foundation
@testable import Audio
import Vocabulary

/// A bank of fourteen short effect sounds for the mixer, onset, WAV and gate tests: chimes,
/// wooden ticks, pitch sweeps and filtered noise, as games' effects are made, and no game's own.
extension SoundBank {
    /// The bank at 48 kHz, made once.
    static let cueSounds = SoundBank(recipes: SoundName.cueSounds.enumerated().map { index, name in
        SoundRecipe(name) { CueSound.samples(index, sampleRate: $0) }
    })
}

extension SoundName {
    /// Every sound of the test bank, in the bank's order.
    static let cueSounds: [SoundName] = CueSound.names.map { SoundName(rawValue: $0) }
    /// The sounds tests name: a rising arpeggio, a boing, a wooden tick, a bright chime and a fanfare.
    static let arpeggio = SoundName(rawValue: "arpeggio"), boing = SoundName(rawValue: "boing"), tick = SoundName(rawValue: "tick")
    static let chime = SoundName(rawValue: "chime"), fanfare = SoundName(rawValue: "fanfare")
}

/// How each test sound is made.
private enum CueSound {
    static let names = ["arpeggio", "glide", "marimba", "ditty", "whoosh", "boing", "chime",
                        "cascade", "hush", "bloops", "pop", "tick", "fanfare", "low-notes"]

    static let chime: [(ratio: Double, level: Double, decay: Double)] = [(1, 1, 0.12), (2.76, 0.3, 0.04), (5.4, 0.1, 0.02)]
    static let wood: [(ratio: Double, level: Double, decay: Double)] = [(1, 1, 0.09), (4, 0.25, 0.02)]
    static let tick: [(ratio: Double, level: Double, decay: Double)] = [(1, 1, 0.012), (2.3, 0.3, 0.006)]

    static func samples(_ index: Int, sampleRate: Double) -> [Float] {
        var clip = ClipBuilder(duration: [0.9, 0.45, 0.55, 0.8, 0.5, 0.45, 0.7, 0.9, 0.9, 0.45, 0.07, 0.08, 0.9, 0.6][index],
                               sampleRate: sampleRate)
        switch names[index] {
        case "arpeggio":
            for (i, note) in [1046.5, 1318.5, 1568.0, 2093.0].enumerated() {
                clip.addBell(at: Double(i) * 0.07, frequency: note, amplitude: 0.6, partials: chime)
            }
        case "glide":
            clip.addSweep(at: 0, duration: 0.42, amplitude: 0.7, frequency: { 1400 * pow(0.35, $0 / 0.42) },
                          envelope: { Envelope.pluck($0, attack: 0.01, decay: 0.14) })
        case "marimba":
            clip.addBell(at: 0, frequency: 783.99, amplitude: 0.8, attack: 0.003, partials: wood)
            clip.addBell(at: 0.13, frequency: 1046.5, amplitude: 0.8, attack: 0.003, partials: wood)
        case "ditty":
            for (i, note) in [523.25, 659.26, 783.99, 659.26, 1046.5].enumerated() {
                clip.addBell(at: Double(i) * 0.11, frequency: note, amplitude: 0.7, attack: 0.003, partials: wood)
            }
        case "whoosh":
            clip.addNoise(at: 0, duration: 0.5, amplitude: 1.0, seed: 13, q: 1.6,
                          centre: { 350 + 2200 * sin(.pi * $0 / 0.5) }, envelope: { Envelope.swell($0, duration: 0.5) })
        case "boing":
            clip.addSweep(at: 0, duration: 0.4, amplitude: 0.8,
                          frequency: { 150 + 350 * (1 - exp(-$0 / 0.04)) + 45 * exp(-$0 / 0.12) * sin(2 * .pi * 14 * $0) },
                          envelope: { Envelope.pluck($0, attack: 0.005, decay: 0.12) })
        case "chime":
            clip.addBell(at: 0, frequency: 2637.0, amplitude: 0.7, partials: chime)
            clip.addBell(at: 0.09, frequency: 3951.1, amplitude: 0.4, partials: chime)
        case "cascade":
            for (i, note) in [1568.0, 2349.3, 1760.0, 2637.0, 2093.0, 3136.0].enumerated() {
                clip.addBell(at: Double(i) * 0.06, frequency: note, amplitude: 0.5, partials: chime)
            }
        case "hush":
            clip.addNoise(at: 0, duration: 0.8, amplitude: 0.5, seed: 14, q: 0.8,
                          centre: { _ in 6000 }, envelope: { Envelope.swell($0, duration: 0.8, peak: 0.4) })
            clip.addBell(at: 0.15, frequency: 3520.0, amplitude: 0.25, partials: chime)
        case "bloops":
            for (i, base) in [380.0, 480.0, 600.0].enumerated() {
                clip.addSweep(at: Double(i) * 0.12, duration: 0.12, amplitude: 0.8, frequency: { base * (1 + 2.2 * $0 / 0.12) },
                              envelope: { Envelope.pluck($0, attack: 0.004, decay: 0.035) })
            }
        case "pop":
            clip.addSweep(at: 0, duration: 0.06, amplitude: 0.9, frequency: { 1100 * pow(0.3, $0 / 0.05) },
                          envelope: { Envelope.pluck($0, attack: 0.001, decay: 0.012) })
        case "tick":
            clip.addBell(at: 0, frequency: 1320, amplitude: 0.6, attack: 0.001, partials: tick)
        case "fanfare":
            for (i, note) in [523.25, 659.26, 783.99, 1046.5].enumerated() {
                clip.addBell(at: Double(i) * 0.09, frequency: note, amplitude: 0.6, partials: chime)
            }
        default:
            clip.addBell(at: 0, frequency: 440, amplitude: 0.7, attack: 0.01, partials: wood)
            clip.addBell(at: 0.17, frequency: 349.23, amplitude: 0.7, attack: 0.01, partials: wood)
        }
        return clip.samples
    }
}
