import Princess

/// One peer's view in a side-by-side picture of a shared session.
public struct PeerPanel {
    /// What the peer's world shows.
    public var snapshot: SceneSnapshot
    /// Its place in the session (1 for the first peer), shown as dots beside the indicator.
    public var number: Int
    /// In sync, catching up or offline: the indicator's colour and shape.
    public var status: SyncStatus

    /// A panel from its parts.
    public init(snapshot: SceneSnapshot, number: Int, status: SyncStatus) {
        self.snapshot = snapshot
        self.number = number
        self.status = status
    }

    /// Columns and rows for `count` panels: side by side up to four, then in rows of four.
    public static func grid(for count: Int) -> (columns: Int, rows: Int) {
        let columns = min(max(count, 1), 4)
        return (columns, (max(count, 1) + columns - 1) / columns)
    }
}
