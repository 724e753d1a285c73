import Drawing

/// A game's painter: draws a snapshot of its simulation onto a Cairo canvas of the snapshot's
/// size, covering every pixel. It only reads the snapshot; the same snapshot always gives the
/// same pixels. It may keep caches between frames.
package protocol GamePainter: AnyObject {
    /// What it draws.
    associatedtype Snapshot

    /// Draws `snapshot` onto `canvas`.
    func paint(_ snapshot: Snapshot, on canvas: DrawingContext) throws
}
