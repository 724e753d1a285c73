import Vocabulary

/// A speech bubble (what a character says): a rounded body in the theme's surface holding the
/// text, wrapped and shrunk to fit, with a tail whose tip is exactly at the speaker's point.
/// The tail leaves the side of the body that faces the point; a point inside the body has no tail.
package struct SpeechBubble {
    /// What is said.
    package var text: String
    /// Where the tail points, in canvas pixels (the speaker's mouth).
    package var tipX: Double
    /// Where the tail points, in canvas pixels.
    package var tipY: Double

    /// A bubble saying `text`, its tail pointing at (`tipX`, `tipY`).
    package init(text: String, pointingAt tipX: Double, _ tipY: Double) {
        self.text = text
        self.tipX = tipX
        self.tipY = tipY
    }

    /// The tail's triangle: two base corners on the body's edge and the tip; nil when the
    /// point is inside the body (or not a number).
    package func tail(of body: LayoutRect, theme: WidgetTheme) -> [(Double, Double)]? {
        guard tipX.isFinite, tipY.isFinite, !body.contains(tipX, tipY) else { return nil }
        let radius = WidgetShapes.radius(body, theme)
        // Which side faces the point: the one it is furthest beyond, relative to the body's size.
        let beyondX = tipX < body.x ? (body.x - tipX) / body.width : tipX > body.maxX ? (tipX - body.maxX) / body.width : 0
        let beyondY = tipY < body.y ? (body.y - tipY) / body.height : tipY > body.maxY ? (tipY - body.maxY) / body.height : 0
        // The base sits a little inside the body so body and tail join without a seam.
        let overlap = 1.0
        if beyondY >= beyondX {
            let half = max(2, min(body.width / 6, 18, (body.width - 2 * radius) / 2))
            let lo = body.x + radius + half, hi = body.maxX - radius - half
            let centre = lo <= hi ? min(hi, max(lo, tipX)) : body.midX
            let edge = tipY > body.maxY ? body.maxY - overlap : body.y + overlap
            return [(centre - half, edge), (centre + half, edge), (tipX, tipY)]
        } else {
            let half = max(2, min(body.height / 6, 18, (body.height - 2 * radius) / 2))
            let lo = body.y + radius + half, hi = body.maxY - radius - half
            let centre = lo <= hi ? min(hi, max(lo, tipY)) : body.midY
            let edge = tipX > body.maxX ? body.maxX - overlap : body.x + overlap
            return [(edge, centre - half), (edge, centre + half), (tipX, tipY)]
        }
    }

    /// Draws the bubble with its body in `rect`; nothing when the rectangle is empty.
    package func draw(in rect: LayoutRect, on dc: DrawingContext, theme: WidgetTheme) {
        guard !rect.isEmpty else { return }
        let radius = WidgetShapes.radius(rect, theme)
        let triangle = tail(of: rect, theme: theme)
        func outlinePath() {
            dc.newPath()
            dc.roundedRect(rect.x, rect.y, rect.width, rect.height, radius: radius)
            if let triangle {
                dc.newSubPath()
                dc.move(triangle[0].0, triangle[0].1)
                dc.line(triangle[2].0, triangle[2].1)
                dc.line(triangle[1].0, triangle[1].1)
                dc.close()
            }
        }
        dc.saved {
            // The outline is stroked twice as wide under the fill: only its outer half shows,
            // around body and tail as one shape, with no line where they meet.
            if theme.outline.alpha > 0 && theme.outlineWidth > 0 {
                outlinePath()
                dc.setColor(theme.outline)
                dc.stroke(width: theme.outlineWidth * 2)
            }
            outlinePath()
            dc.setColor(theme.surface)
            dc.fill()
            let box = rect.insetBy(max(radius * 0.5, 8), max(radius * 0.3, 6))
            WidgetText.draw(text, in: box, on: dc, size: min(box.height * 0.5, 40), bold: true, color: theme.ink, theme: theme)
        }
    }
}
