import Effects
import Vocabulary

/// The five characters of Aria's Magic.
public enum CharacterKind: String, CaseIterable, Sendable, Codable {
    case sparkle, luna, rosie, crystal, willow

    /// The character's name as the app shows it.
    public var displayName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The theme colour of the reference documents.
    public var themeColor: RGBColor {
        switch self {
        case .sparkle: return RGBColor(1.0, 0.4, 0.8)
        case .luna: return RGBColor(0.6, 0.4, 1.0)
        case .rosie: return RGBColor(1.0, 0.2, 0.4)
        case .crystal: return RGBColor(0.2, 0.8, 1.0)
        case .willow: return RGBColor(0.2, 1.0, 0.6)
        }
    }
}

/// The actions a character can perform.
public enum ActionKind: String, CaseIterable, Sendable, Codable {
    case wave, dance, twirl, jump, sparkle
}

/// The named backdrops a scene can be drawn in front of.
public enum Backdrop: String, CaseIterable, Sendable, Codable {
    /// A pink bedroom with a window and a bed's edge.
    case bedroom
    /// A playroom with a shelf of toys.
    case playroom
    /// A soft nursery with a rug and a mobile.
    case nursery
    /// The bedroom at night, lit by a lamp.
    case nightlight
}
