/// How a peer of a shared session stands, as its panel's indicator shows it.
public enum SyncStatus: String, Sendable, Equatable, CaseIterable {
    /// Its world agrees with every other peer's that is in the session.
    case inSync = "in_sync"
    /// It is in the session but its world differs from another's (messages on their way).
    case catchingUp = "catching_up"
    /// It has left the session.
    case offline
}
