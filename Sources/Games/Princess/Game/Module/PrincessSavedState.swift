import Princess
import SavedState

/// What the princess game keeps between runs, as its documents ask ("settings persist between
/// launches"; the onboarding's "Don't show again"): the settings screen's switches and
/// sliders, and that box. Scene tuning (microphone, clap sensitivity, cooldowns) stays the
/// scene file's.
enum PrincessSavedState {
    /// The key of the onboarding's "Don't show again".
    static let dontShowOnboardingKey = "onboarding.dont_show_again"

    /// The settings kept, each under `settings.<its trace name>`.
    private static let flags: [(String, WritableKeyPath<SceneSettings, Bool>)] = [
        ("sound", \.soundEnabled), ("face_tracking", \.faceTracking), ("reduce_motion", \.reduceMotion),
        ("high_contrast", \.highContrast), ("haptics", \.haptics),
    ]

    /// `settings` as a profile's values put over them; a value of the wrong kind or out of
    /// range (a file edited by hand) is passed over, keeping the scene's.
    static func settings(_ settings: SceneSettings, from saved: SavedValues) -> SceneSettings {
        var result = settings
        for (name, path) in flags {
            if let value = saved["settings." + name]?.flag { result[keyPath: path] = value }
        }
        if let volume = saved["settings.volume"]?.number, (0...1).contains(volume) { result.volume = volume }
        if let scale = saved["settings.ui_scale"]?.number, SceneSettings.uiScaleRange.contains(scale) { result.uiScale = scale }
        if let name = saved["settings.sensitivity"]?.text, let sensitivity = Sensitivity(rawValue: name) {
            result.sensitivity = sensitivity
        }
        return result
    }

    /// The values kept for `settings` and the onboarding's box.
    static func values(of settings: SceneSettings, dontShowOnboarding: Bool) -> SavedValues {
        var values = SavedValues()
        for (name, path) in flags { values["settings." + name] = .flag(settings[keyPath: path]) }
        values["settings.volume"] = .number(settings.volume)
        values["settings.sensitivity"] = .text(settings.sensitivity.rawValue)
        values["settings.ui_scale"] = .number(settings.uiScale)
        values[dontShowOnboardingKey] = .flag(dontShowOnboarding)
        return values
    }

    /// `scene` as a run with `saved` starts it: the saved settings over the file's, the
    /// onboarding's box as it was left.
    static func scene(_ scene: SceneDescription, startingFrom saved: SavedValues) -> SceneDescription {
        guard !saved.isEmpty else { return scene }
        var result = scene
        result.settings = settings(scene.settings, from: saved)
        if saved[dontShowOnboardingKey]?.flag == true { result.hud?.dontShowOnboarding = true }
        return result
    }
}
