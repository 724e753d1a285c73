/// A box of canvas pixels that no star is drawn over (a princess's face): stars dim as they
/// come near it and are left out where any pixel of theirs would fall inside it.
package struct StarFreeBox: Equatable, Sendable {
    package var left: Double
    package var top: Double
    package var right: Double
    package var bottom: Double

    /// The box from its edges, in canvas pixels.
    package init(left: Double, top: Double, right: Double, bottom: Double) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }

    /// How many whole pixels lie between this box and a sprite whose pixels start at
    /// (`spriteLeft`, `spriteTop`) and span `side` pixels each way; 0 or less when they share one.
    func gap(spriteLeft: Double, spriteTop: Double, side: Double) -> Double {
        let x0 = left.rounded(.down), x1 = right.rounded(.up), y0 = top.rounded(.down), y1 = bottom.rounded(.up)
        let gapX = max(x0 - (spriteLeft + side), spriteLeft - x1)
        let gapY = max(y0 - (spriteTop + side), spriteTop - y1)
        return max(gapX, gapY)
    }
}
