import Audio
import Princess
import PrincessGame
import Vocabulary

extension SoundBank {
    /// The princess game's sounds: a real bank for tests of mixing and hearing.
    public static var princess: SoundBank { PrincessSounds.bank }
}

extension SoundName {
    /// Every princess sound, in the game's order.
    public static let princess: [SoundName] = SoundEffect.allCases.map(\.name)
    /// Princess sounds tests name.
    public static let spawn = SoundEffect.spawn.name, jump = SoundEffect.jump.name, selection = SoundEffect.selection.name
    public static let sparkle = SoundEffect.sparkle.name, bubble_pop = SoundEffect.bubble_pop.name, snow = SoundEffect.snow.name
    public static let success = SoundEffect.success.name
}
