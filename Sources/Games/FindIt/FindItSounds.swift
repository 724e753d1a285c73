import Audio
import Foundation
import Speech
import Vocabulary

/// FindIt's sounds, synthesised with the Audio kit's `ClipBuilder`: bright, warm and short,
/// for a child; the mission is spoken (`missionSpeech`), the rest are tones.
public enum FindItSounds {
    /// A button was tapped (a screen changed).
    public static let tap: SoundName = "findit_tap"
    /// Getting warmer.
    public static let warm: SoundName = "findit_warm"
    /// Hot!
    public static let hot: SoundName = "findit_hot"
    /// Found it: a rising fanfare.
    public static let success: SoundName = "findit_success"
    /// The last seconds of a time attack.
    public static let tick: SoundName = "findit_tick"
    /// Time is up.
    public static let timeUp: SoundName = "findit_time_up"
    /// A photo was taken.
    public static let shutter: SoundName = "findit_shutter"
    /// A photo too dark, or too few photos.
    public static let warning: SoundName = "findit_warning"
    /// An item was saved.
    public static let save: SoundName = "findit_save"
    /// The new model took over.
    public static let swap: SoundName = "findit_swap"

    /// The espeak-ng voice the mission is read in.
    public static let voiceName = "ko"
    /// The voice: espeak-ng's Korean, a little high and slow, for a six-year-old.
    public static let voice = SpeechVoice(language: voiceName, pitch: 60, wordsPerMinute: 140)

    /// The mission of every item a run of the scene can hunt (its own, those `loaded` from the
    /// profile, which its own replace as the run's catalogue does, and those its flow saves), spoken.
    static func spokenMissions(of scene: FindItScene, loaded: [FindItItem] = []) -> [SoundRecipe] {
        var items = scene.items.map { (id: $0.id, name: $0.name) }
        for item in loaded where !items.contains(where: { $0.id == item.id }) { items.append((item.id, item.name)) }
        for step in scene.flow {
            if case .save(let id, let name, _, _) = step.action, !items.contains(where: { $0.id == id }) { items.append((id, name)) }
        }
        return items.map { SoundRecipe.speech(missionSpeech($0.id), text: FindItText.mission($0.name), voice: voice) }
    }

    /// The spoken mission of `item`.
    public static func missionSpeech(_ item: String) -> SoundName { SoundName(rawValue: "findit_mission_\(item)") }

    /// Every tone, by name.
    public static let recipes: [SoundRecipe] = [
        SoundRecipe(tap) { bells([(0, 880)], length: 0.12, decay: 0.03, amplitude: 0.35, sampleRate: $0) },
        SoundRecipe(warm) { bells([(0, 523.25), (0.09, 659.25)], length: 0.4, decay: 0.08, amplitude: 0.4, sampleRate: $0) },
        SoundRecipe(hot) { bells([(0, 659.25), (0.07, 783.99), (0.14, 1046.5)], length: 0.5, decay: 0.09, amplitude: 0.45, sampleRate: $0) },
        SoundRecipe(success) {
            bells([(0, 523.25), (0.12, 659.25), (0.24, 783.99), (0.36, 1046.5), (0.5, 1318.5)], length: 1.3, decay: 0.18,
                  amplitude: 0.45, sampleRate: $0)
        },
        SoundRecipe(tick) { bells([(0, 1318.5)], length: 0.1, decay: 0.02, amplitude: 0.3, sampleRate: $0) },
        SoundRecipe(timeUp) { sweep(from: 660, to: 330, length: 0.6, sampleRate: $0) },
        SoundRecipe(shutter) { click(sampleRate: $0) },
        SoundRecipe(warning) { bells([(0, 392), (0.16, 392)], length: 0.45, decay: 0.06, amplitude: 0.4, sampleRate: $0) },
        SoundRecipe(save) { bells([(0, 659.25), (0.1, 880)], length: 0.45, decay: 0.1, amplitude: 0.4, sampleRate: $0) },
        SoundRecipe(swap) { sweep(from: 440, to: 1320, length: 0.45, sampleRate: $0) },
    ]

    /// The tones at 48 kHz, made once on first use.
    public static let bank = SoundBank(recipes: recipes)

    /// Soft bells (start, frequency) in a clip of `length` seconds.
    static func bells(_ notes: [(Double, Double)], length: Double, decay: Double, amplitude: Double, sampleRate: Double) -> [Float] {
        var clip = ClipBuilder(duration: length, sampleRate: sampleRate)
        for (start, frequency) in notes {
            clip.addBell(at: start, frequency: frequency, amplitude: amplitude,
                         partials: [(1, 0.8, decay), (2, 0.25, decay * 0.6), (3, 0.1, decay * 0.4)])
        }
        return clip.samples
    }

    /// A glide from `from` to `to` Hz, swelling and fading.
    static func sweep(from: Double, to: Double, length: Double, sampleRate: Double) -> [Float] {
        var clip = ClipBuilder(duration: length, sampleRate: sampleRate)
        clip.addSweep(at: 0, duration: length, amplitude: 0.4, frequency: { from * pow(to / from, $0 / length) },
                      envelope: { Envelope.swell($0, duration: length) })
        return clip.samples
    }

    /// A camera's click: a burst of bright seeded noise.
    static func click(sampleRate: Double) -> [Float] {
        var clip = ClipBuilder(duration: 0.12, sampleRate: sampleRate)
        clip.addNoise(at: 0, duration: 0.1, amplitude: 0.6, seed: 27, q: 0.8, centre: { _ in 4_000 },
                      envelope: { Envelope.pluck($0, attack: 0.002, decay: 0.02) })
        return clip.samples
    }
}
