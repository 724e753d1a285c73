import Feedback
import Trace
import Vocabulary

extension TraceRecorder {
    /// Appends a princess scene's event at the current step.
    func record(_ event: SceneEvent) {
        record(event as any TraceableEvent)
    }

    /// A haptic, unless the settings turn haptics off (haptics off, or reduce motion).
    func haptic(_ kind: HapticKind, settings: SceneSettings, character: String? = nil) {
        if case .haptic(let kind, let character)? = settings.feedback.haptic(kind, character: character) {
            record(SceneEvent.haptic(kind, character: character))
        }
    }

    /// A sound cue at canvas x `x` (for stereo panning), unless sound is off.
    func sound(_ sound: SoundEffect, x: Float?, settings: SceneSettings, character: String? = nil) {
        self.sound(sound.name, x: x, settings: settings, character: character)
    }

    /// A sound cue by name (an effect's own sound, such as a bubble's pop), unless sound is off.
    func sound(_ sound: SoundName, x: Float?, settings: SceneSettings, character: String? = nil) {
        if case .sound(let cue)? = settings.feedback.sound(sound, x: x, character: character) {
            record(SceneEvent.sound(cue))
        }
    }
}

extension SceneSettings {
    /// The switches of the feedback kit, from these settings.
    var feedback: FeedbackSwitches {
        FeedbackSwitches(soundEnabled: soundEnabled, volume: volume, haptics: haptics, reduceMotion: reduceMotion)
    }
}
