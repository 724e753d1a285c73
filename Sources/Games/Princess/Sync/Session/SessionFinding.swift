/// Something a shared session must never do, found while it ran (what `sync-check` reports).
public struct SessionFinding: Sendable, Equatable, CustomStringConvertible {
    /// The kinds of finding.
    public enum Kind: String, Sendable, Equatable {
        /// Peers' worlds still differ `settle` seconds after the network healed and inputs stopped.
        case disagreement
        /// A peer's world spawned the same id twice.
        case duplicateSpawn = "duplicate_spawn"
        /// The validator accepted bytes the network had damaged.
        case invalidMessage = "invalid_message"
    }

    /// What went wrong.
    public var kind: Kind
    /// The session step it was found at.
    public var step: Int
    /// The peer it was found on.
    public var peer: String
    /// One line of detail.
    public var detail: String

    public var description: String { "step \(step), peer \(peer): \(kind.rawValue): \(detail)" }
}
