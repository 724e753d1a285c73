import Skins

/// The parts of a princess a skin draws, named after the layers the built-in painter draws
/// (docs/skins.md): behind the arms, the arms (upper arm and forearm, each side), in front of
/// the arms. Eyes and mouth take one look per expression state.
enum PrincessSkinSlots {
    /// Behind the arms, back to front.
    static let back = ["hair-back", "shoes", "skirt", "bodice"]
    /// The arms: `right` is her right (the viewer's left), the waving arm.
    static let arms = ["upper-arm-right", "forearm-right", "upper-arm-left", "forearm-left"]
    /// In front of the arms, back to front; `hair-behind` replaces face and front hair while
    /// she has turned her back.
    static let front = ["sleeves", "head", "eyes", "cheeks", "mouth", "hair-front", "hair-behind", "crown"]
    /// The eyes' states: open (made narrower as the lids close), half closed, closed.
    static let eyeStates = ["open", "half", "closed"]
    /// The mouth's states: neutral, smiling, open (laughing); each widened with the smile.
    static let mouthStates = ["neutral", "smile", "open"]

    /// What the kit checks a princess skin against.
    static let slots = SkinSlots(
        names: back + arms + front,
        required: Set(["skirt", "bodice", "head", "eyes", "mouth"] + arms),
        states: ["eyes": eyeStates, "mouth": mouthStates],
        // The compositor draws a princess at most 60 device pixels per body unit.
        largestUnit: 60)
}
