import Trace

extension SceneSettings {
    /// The settings by the trace's names and as it writes their values: where a rule's
    /// `while` starts before the trace's `settings` events change it.
    public var traceValues: [String: String] {
        [
            "sound": String(soundEnabled), "volume": TraceValue.number(volume).json,
            "face_tracking": String(faceTracking), "sensitivity": sensitivity.rawValue,
            "reduce_motion": String(reduceMotion), "high_contrast": String(highContrast),
            "haptics": String(haptics), "microphone": String(microphone),
            "clap_sensitivity": clapSensitivity.rawValue, "clap_cooldown": TraceValue.number(clapCooldown).json,
            "expression_cooldown": TraceValue.number(expressionCooldown).json, "ui_scale": TraceValue.number(uiScale).json,
        ]
    }
}
