import Audio
import Speech
import Vocabulary

/// Pixel's voice: espeak-ng's American English through libespeak-ng, higher and a little quick,
/// ring-modulated and bit-crushed into a robot's (the Speech module's robot timbre). The same
/// samples every run, so his lines are in the goldens' soundtracks.
enum GlitchSquadVoice {
    /// How Pixel speaks.
    static let pixel = SpeechVoice(language: "en-us", pitch: 68, wordsPerMinute: 165, robot: true)

    /// A recipe for each of `lines`.
    static func recipes(_ lines: [(sound: SoundName, text: String)]) -> [SoundRecipe] {
        lines.map { SoundRecipe.speech($0.sound, text: $0.text, voice: pixel) }
    }

    /// The game's sounds with the lines every scene shares, synthesised once (espeak-ng takes a
    /// moment per line).
    static let bank: Result<SoundBank, any Error> = Result { try GlitchSquadSounds.bank.adding(recipes(GlitchSquadSounds.fixedLines)) }

    /// The bank of a scene whose hunt lasts `huntSeconds`: the briefing says those seconds.
    static func bank(huntSeconds: Int) throws -> SoundBank {
        try bank.get().adding(recipes(GlitchSquadSounds.timedLines(huntSeconds: huntSeconds)))
    }
}
