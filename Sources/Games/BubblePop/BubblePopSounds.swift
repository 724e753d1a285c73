import Audio
import Vocabulary

/// Bubble Pop's one sound: a short bright pluck with a falling chirp, made with the Audio kit's
/// `ClipBuilder`.
public enum BubblePopSounds {
    /// A bubble popped.
    public static let pop: SoundName = "bubble_pop"

    /// The bank at 48 kHz, made once on first use.
    public static let bank = SoundBank(recipes: [
        SoundRecipe(pop) { rate in
            var clip = ClipBuilder(duration: 0.3, sampleRate: rate)
            clip.addBell(at: 0, frequency: 880, amplitude: 0.5, partials: [(1, 1, 0.05), (2.4, 0.4, 0.02)])
            clip.addSweep(at: 0, duration: 0.12, amplitude: 0.3, frequency: { 1400 - 6000 * $0 },
                          envelope: { Envelope.pluck($0, attack: 0.003, decay: 0.03) })
            return clip.samples
        },
    ])
}
