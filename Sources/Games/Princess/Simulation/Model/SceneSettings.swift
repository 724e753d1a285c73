/// How strongly something must show before it counts, easy/medium/hard: a face expression
/// (the app's settings picker) or, for `SceneSettings.clapSensitivity`, a clap the
/// microphone hears (the clap detector maps it to its own levels).
public enum Sensitivity: String, CaseIterable, Sendable, Codable {
    case easy, medium, hard

    /// The blend-shape strength an expression must reach: 0.3, 0.5 or 0.7.
    public var threshold: Float {
        switch self {
        case .easy: return 0.3
        case .medium: return 0.5
        case .hard: return 0.7
        }
    }
}

/// The player's preferences, as the app's settings screen holds them.
public struct SceneSettings: Sendable, Equatable {
    /// Whether sound cues play at all.
    public var soundEnabled: Bool
    /// Loudness of sound cues, 0…1.
    public var volume: Double
    /// Whether face expressions trigger magic.
    public var faceTracking: Bool
    /// Expression threshold preset.
    public var sensitivity: Sensitivity
    /// Decorative motion calmed and haptics off, as the accessibility setting asks.
    public var reduceMotion: Bool
    /// High-contrast palette with strong outlines.
    public var highContrast: Bool
    /// Whether haptics play at all (none either while reduce motion is on).
    public var haptics: Bool
    /// Whether claps heard by the microphone (source "mic") count; timeline claps always do.
    public var microphone: Bool
    /// How loud a clap must be for the microphone's clap detector. The scene only stores
    /// and traces it; the detector reads it.
    public var clapSensitivity: Sensitivity
    /// Seconds after a clap during which another clap is refused (0: none).
    public var clapCooldown: Double
    /// Seconds after an expression fires during which the same expression is refused
    /// (each expression on its own; 0: none).
    public var expressionCooldown: Double
    /// How large the app's screen (the HUD) is drawn, 0.8…1.2 of its size (the brief's "UI Scale").
    public var uiScale: Double

    /// The range of `uiScale`, as the settings screen's slider offers it.
    public static let uiScaleRange = 0.8...1.2

    /// The default clap cooldown: rhythmic clapping at 4 a second makes a jump every other clap.
    public static let defaultClapCooldown = 0.4
    /// The default expression cooldown.
    public static let defaultExpressionCooldown = 1.0

    /// Settings from their parts; the defaults are the app's.
    public init(soundEnabled: Bool = true, volume: Double = 0.8, faceTracking: Bool = true,
                sensitivity: Sensitivity = .medium, reduceMotion: Bool = false, highContrast: Bool = false,
                haptics: Bool = true, microphone: Bool = true, clapSensitivity: Sensitivity = .medium,
                clapCooldown: Double = SceneSettings.defaultClapCooldown,
                expressionCooldown: Double = SceneSettings.defaultExpressionCooldown, uiScale: Double = 1) {
        self.soundEnabled = soundEnabled
        self.volume = volume
        self.faceTracking = faceTracking
        self.sensitivity = sensitivity
        self.reduceMotion = reduceMotion
        self.highContrast = highContrast
        self.haptics = haptics
        self.microphone = microphone
        self.clapSensitivity = clapSensitivity
        self.clapCooldown = clapCooldown
        self.expressionCooldown = expressionCooldown
        self.uiScale = uiScale
    }

    /// These settings with every field `change` sets replaced.
    public func applying(_ change: SettingsChange) -> SceneSettings {
        var result = self
        if let value = change.soundEnabled { result.soundEnabled = value }
        if let value = change.volume { result.volume = value }
        if let value = change.faceTracking { result.faceTracking = value }
        if let value = change.sensitivity { result.sensitivity = value }
        if let value = change.reduceMotion { result.reduceMotion = value }
        if let value = change.highContrast { result.highContrast = value }
        if let value = change.haptics { result.haptics = value }
        if let value = change.microphone { result.microphone = value }
        if let value = change.clapSensitivity { result.clapSensitivity = value }
        if let value = change.clapCooldown { result.clapCooldown = value }
        if let value = change.expressionCooldown { result.expressionCooldown = value }
        if let value = change.uiScale { result.uiScale = value }
        return result
    }
}

/// A change of some settings during a scene; nil fields stay as they are.
public struct SettingsChange: Sendable, Equatable {
    /// New sound on/off, if it changes.
    public var soundEnabled: Bool?
    /// New volume, if it changes.
    public var volume: Double?
    /// New face tracking on/off, if it changes.
    public var faceTracking: Bool?
    /// New sensitivity, if it changes.
    public var sensitivity: Sensitivity?
    /// New reduce motion, if it changes.
    public var reduceMotion: Bool?
    /// New high contrast, if it changes.
    public var highContrast: Bool?
    /// New haptics on/off, if it changes.
    public var haptics: Bool?
    /// New microphone on/off, if it changes.
    public var microphone: Bool?
    /// New clap sensitivity, if it changes.
    public var clapSensitivity: Sensitivity?
    /// New clap cooldown in seconds, if it changes.
    public var clapCooldown: Double?
    /// New expression cooldown in seconds, if it changes.
    public var expressionCooldown: Double?
    /// New UI scale, if it changes.
    public var uiScale: Double?

    /// A change from its parts.
    public init(soundEnabled: Bool? = nil, volume: Double? = nil, faceTracking: Bool? = nil,
                sensitivity: Sensitivity? = nil, reduceMotion: Bool? = nil, highContrast: Bool? = nil,
                haptics: Bool? = nil, microphone: Bool? = nil, clapSensitivity: Sensitivity? = nil,
                clapCooldown: Double? = nil, expressionCooldown: Double? = nil, uiScale: Double? = nil) {
        self.soundEnabled = soundEnabled
        self.volume = volume
        self.faceTracking = faceTracking
        self.sensitivity = sensitivity
        self.reduceMotion = reduceMotion
        self.highContrast = highContrast
        self.haptics = haptics
        self.microphone = microphone
        self.clapSensitivity = clapSensitivity
        self.clapCooldown = clapCooldown
        self.expressionCooldown = expressionCooldown
        self.uiScale = uiScale
    }
}
