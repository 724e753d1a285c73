import Drawing
import GameKit
import Vocabulary

/// Draws Bubble Pop: a sky, each bubble afloat, and the Drawing kit's `Card` saying "Well done"
/// once every bubble is popped.
final class BubblePopPainter: GamePainter {
    static let colours: [BubbleColour: RGBColor] = [.red: RGBColor(1, 0.35, 0.4), .yellow: RGBColor(1, 0.85, 0.3), .blue: RGBColor(0.35, 0.65, 1)]

    func paint(_ snapshot: BubblePopSnapshot, on canvas: DrawingContext) throws {
        let width = Double(snapshot.width), height = Double(snapshot.height)
        canvas.setColor(RGBColor(0.55, 0.8, 0.95))
        canvas.rect(0, 0, width, height)
        canvas.fill()
        for bubble in snapshot.bubbles {
            canvas.setColor(Self.colours[bubble.colour]!, alpha: 0.85)
            canvas.circle(bubble.x, bubble.y, bubble.radius)
            canvas.fill()
            canvas.setColor(.white, alpha: 0.6)
            canvas.circle(bubble.x - bubble.radius * 0.35, bubble.y - bubble.radius * 0.35, bubble.radius * 0.2)
            canvas.fill()
        }
        if snapshot.wellDone {
            Card(title: "Well done!", text: "You popped every bubble.")
                .draw(in: LayoutRect(x: width * 0.2, y: height * 0.3, width: width * 0.6, height: height * 0.4), on: canvas, theme: .playful)
        }
    }
}
