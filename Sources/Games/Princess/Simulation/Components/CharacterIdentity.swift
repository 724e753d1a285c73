/// Who a character entity is: the id timeline entries use, which character, and the order
/// she arrived in (the tie-break that keeps draw order stable).
struct CharacterIdentity: Sendable, Equatable {
    /// The id from the scene file or made at a tap-spawn.
    var id: String
    /// Which character.
    var kind: CharacterKind
    /// Arrival order, from 0.
    var serial: Int
    /// Offset of her idle breathing, in radians, so that characters do not breathe in step.
    var breathingPhase: Float
}
