import Audio
import Speech

/// Pixel's voice: espeak-ng's American English through libespeak-ng, higher and a little quick,
/// ring-modulated and bit-crushed into a robot's (the Speech module's robot timbre). The same
/// samples every run, so his lines are in the goldens' soundtracks.
enum GlitchSquadVoice {
    /// How Pixel speaks.
    static let pixel = SpeechVoice(language: "en-us", pitch: 68, wordsPerMinute: 165, robot: true)

    /// A recipe for each line he can say.
    static var recipes: [SoundRecipe] {
        GlitchSquadSounds.lines.map { SoundRecipe.speech($0.sound, text: $0.text, voice: pixel) }
    }

    /// The game's sounds with his lines, synthesised once (espeak-ng takes a moment per line).
    static let bank: Result<SoundBank, any Error> = Result { try GlitchSquadSounds.bank.adding(recipes) }
}
