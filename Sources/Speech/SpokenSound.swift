import Audio
import Vocabulary

extension SoundRecipe {
    /// A recipe speaking `text` in `voice`; it gives no samples when espeak-ng cannot speak it,
    /// which `SoundBank.adding` reports.
    public static func speech(_ name: SoundName, text: String, voice: SpeechVoice) -> SoundRecipe {
        SoundRecipe(name) { sampleRate in
            (try? SpeechSynthesizer.samples(of: text, voice: voice, sampleRate: Int(sampleRate))) ?? []
        }
    }
}
