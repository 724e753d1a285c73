import Drawing
import GameKit
import Vocabulary

/// Draws the example game: a play mat, a flat-coloured shape for each toy (so a test can read
/// its colour at the toy's place), and the camera's error on a card over everything.
final class ExamplePainter: GamePainter {
    func paint(_ snapshot: ExampleSnapshot, on canvas: DrawingContext) throws {
        let width = Double(snapshot.width), height = Double(snapshot.height)
        canvas.setColor(snapshot.background)
        canvas.rect(0, 0, width, height)
        canvas.fill()
        paintMat(on: canvas, width: width, height: height, background: snapshot.background)
        for shape in snapshot.shapes { paintShape(shape, on: canvas) }
        if let message = snapshot.errorMessage { paintError(message, on: canvas, width: width, height: height) }
    }

    /// Faint dots every tenth of the height: the mat the toys are put on.
    private func paintMat(on canvas: DrawingContext, width: Double, height: Double, background: RGBColor) {
        let spacing = height / 10
        canvas.setColor(background.mixed(with: .white, 0.12))
        var y = spacing / 2
        while y < height {
            var x = spacing / 2
            while x < width {
                canvas.circle(x, y, max(1, height / 300))
                x += spacing
            }
            y += spacing
        }
        canvas.fill()
    }

    private func paintShape(_ shape: ExampleSnapshot.Shape, on canvas: DrawingContext) {
        let alpha = shape.opacity
        let (x, y, w, h) = (shape.x, shape.y, shape.width, shape.height)
        func outline() {
            switch shape.kind {
            case .circle:
                canvas.ellipse(x, y, w / 2, h / 2)
            case .square:
                canvas.roundedRect(x - w / 2, y - h / 2, w, h, radius: w * 0.15)
            case .triangle:
                canvas.move(x, y - h / 2)
                canvas.line(x + w / 2, y + h / 2)
                canvas.line(x - w / 2, y + h / 2)
                canvas.close()
            }
        }
        // A soft shadow below, the flat body, and a shine at its upper left (clear of the centre).
        canvas.saved {
            canvas.translate(0, h * 0.06)
            canvas.setColor(RGBColor(0, 0, 0), alpha: 0.25 * alpha)
            outline()
            canvas.fill()
        }
        canvas.setColor(shape.color, alpha: alpha)
        outline()
        canvas.fill()
        canvas.saved {
            // Kept inside the shape: a triangle's upper left is empty.
            outline()
            canvas.clip()
            canvas.setColor(.white, alpha: 0.45 * alpha)
            let lift = shape.kind == .triangle ? 0.0 : 0.22
            canvas.ellipse(x - w * (shape.kind == .triangle ? 0.1 : 0.2), y - h * lift, w * 0.1, h * 0.06)
            canvas.fill()
        }
    }

    private func paintError(_ message: String, on canvas: DrawingContext, width: Double, height: Double) {
        // The game behind is dimmed, so the card reads as "stop, look here".
        canvas.setColor(RGBColor(0, 0, 0), alpha: 0.45)
        canvas.rect(0, 0, width, height)
        canvas.fill()
        let cardWidth = width * 0.7, cardHeight = height * 0.36
        let left = (width - cardWidth) / 2, top = (height - cardHeight) / 2
        canvas.setColor(RGBColor(1, 0.98, 0.94))
        canvas.roundedRect(left, top, cardWidth, cardHeight, radius: height * 0.04)
        canvas.fill()
        PangoText.draw(message, in: canvas, x: left + cardWidth * 0.08, y: top, width: cardWidth * 0.84, height: cardHeight,
                       size: height * 0.055, color: (0.20, 0.16, 0.32, 1))
    }
}
