/// The kinds of magic effect a scene can start.
public enum EffectKind: String, CaseIterable, Sendable, Codable {
    /// Four-pointed stars that burst outward, twinkle and fade.
    case sparkles
    /// Flakes that fall slowly, sway and spin.
    case snow
    /// Translucent circles that rise with a wobble and pop.
    case bubbles
    /// The short ring of sparkles when a character appears or vanishes.
    case burst
}
