/// How strongly a face expression must show before it counts (the app's settings picker).
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

    /// Settings from their parts; the defaults are the app's.
    public init(soundEnabled: Bool = true, volume: Double = 0.8, faceTracking: Bool = true,
                sensitivity: Sensitivity = .medium, reduceMotion: Bool = false, highContrast: Bool = false) {
        self.soundEnabled = soundEnabled
        self.volume = volume
        self.faceTracking = faceTracking
        self.sensitivity = sensitivity
        self.reduceMotion = reduceMotion
        self.highContrast = highContrast
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

    /// A change from its parts.
    public init(soundEnabled: Bool? = nil, volume: Double? = nil, faceTracking: Bool? = nil,
                sensitivity: Sensitivity? = nil, reduceMotion: Bool? = nil, highContrast: Bool? = nil) {
        self.soundEnabled = soundEnabled
        self.volume = volume
        self.faceTracking = faceTracking
        self.sensitivity = sensitivity
        self.reduceMotion = reduceMotion
        self.highContrast = highContrast
    }
}
