import Trace
import Vocabulary

extension TraceRecorder {
    /// Appends a princess scene's event at the current step.
    func record(_ event: SceneEvent) {
        record(event as any TraceableEvent)
    }

    /// A haptic, unless the settings turn haptics off (haptics off, or reduce motion, as
    /// the app does).
    func haptic(_ kind: HapticKind, settings: SceneSettings, character: String? = nil) {
        guard settings.haptics, !settings.reduceMotion else { return }
        record(SceneEvent.haptic(kind, character: character))
    }

    /// A sound cue at canvas x `x` (for stereo panning), unless sound is off.
    func sound(_ sound: SoundEffect, x: Float?, settings: SceneSettings, character: String? = nil) {
        self.sound(sound.name, x: x, settings: settings, character: character)
    }

    /// A sound cue by name (an effect's own sound, such as a bubble's pop), unless sound is off.
    func sound(_ sound: SoundName, x: Float?, settings: SceneSettings, character: String? = nil) {
        guard settings.soundEnabled else { return }
        record(SceneEvent.sound(SceneSoundCue(sound: sound, x: x, volume: settings.volume, character: character)))
    }
}
