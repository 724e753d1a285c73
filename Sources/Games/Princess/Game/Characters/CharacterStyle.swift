import Effects
import Princess
import Vocabulary

/// What makes each princess recognisable beyond her colour: her hair, her crown, the cut of
/// her dress, her skin and hair tones.
struct CharacterStyle {
    /// The hairstyles, one per princess.
    enum Hair { case longWavy, longStraight, spaceBuns, braid, curlyCloud }
    /// The headwear, one per princess.
    enum Crown { case pointed, crescentTiara, heartTiara, iceSpikes, flowerWreath }
    /// The dress cuts, one per princess.
    enum Dress { case scallopedBell, starryALine, tieredRuffles, icicleBell, petalSkirt }

    let hair: Hair
    let crown: Crown
    let dress: Dress
    let skin: RGBColor
    let hairColor: RGBColor
    let eyeColor: RGBColor

    /// Sparkle: blonde waves and a pointed gold crown; Luna: straight midnight hair and a moon
    /// tiara; Rosie: auburn space buns and a heart tiara; Crystal: a platinum braid and ice
    /// spikes; Willow: dark curls and a flower wreath.
    static func of(_ kind: CharacterKind) -> CharacterStyle {
        switch kind {
        case .sparkle:
            return CharacterStyle(hair: .longWavy, crown: .pointed, dress: .scallopedBell,
                                 skin: RGBColor(1.0, 0.87, 0.77), hairColor: RGBColor(1.0, 0.80, 0.33),
                                 eyeColor: RGBColor(0.25, 0.45, 0.75))
        case .luna:
            return CharacterStyle(hair: .longStraight, crown: .crescentTiara, dress: .starryALine,
                                 skin: RGBColor(0.98, 0.84, 0.74), hairColor: RGBColor(0.20, 0.16, 0.38),
                                 eyeColor: RGBColor(0.35, 0.22, 0.55))
        case .rosie:
            return CharacterStyle(hair: .spaceBuns, crown: .heartTiara, dress: .tieredRuffles,
                                 skin: RGBColor(0.93, 0.74, 0.60), hairColor: RGBColor(0.62, 0.26, 0.13),
                                 eyeColor: RGBColor(0.36, 0.22, 0.12))
        case .crystal:
            return CharacterStyle(hair: .braid, crown: .iceSpikes, dress: .icicleBell,
                                 skin: RGBColor(1.0, 0.90, 0.84), hairColor: RGBColor(0.9, 0.93, 1.0),
                                 eyeColor: RGBColor(0.20, 0.50, 0.70))
        case .willow:
            return CharacterStyle(hair: .curlyCloud, crown: .flowerWreath, dress: .petalSkirt,
                                 skin: RGBColor(0.68, 0.46, 0.32), hairColor: RGBColor(0.22, 0.13, 0.09),
                                 eyeColor: RGBColor(0.20, 0.12, 0.08))
        }
    }
}
