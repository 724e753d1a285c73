import CCairo
import Foundation
import Vocabulary

/// A full-screen message for a child (the game cannot start, the camera is off): the theme's
/// background over the whole screen, and on it a card with a picture, a title and one line of
/// text, each wrapped and shrunk to fit whatever the screen's size and the language.
package struct MessageScreen {
    /// The picture above the title: simple shapes a child recognises without reading.
    package enum Icon: String, Sendable, CaseIterable {
        /// A camera (the camera is needed, or not working).
        case camera
        /// A sleeping moon with "z z" (a game taking a nap).
        case sleeping
        /// A speaker with a cross (no sound).
        case soundOff
        /// A star (good news, all is well).
        case star
    }

    /// The picture.
    package var icon: Icon
    /// The heading.
    package var title: String
    /// The one line of text (it wraps when it must).
    package var message: String

    /// A message screen with `icon`, `title` and `message`.
    package init(icon: Icon, title: String, message: String) {
        self.icon = icon
        self.title = title
        self.message = message
    }

    /// Where the parts go on a screen of `rect`: the card, the icon's square, the title's and
    /// the message's boxes.
    package struct Layout: Equatable {
        package var card: LayoutRect
        package var icon: LayoutRect
        package var title: LayoutRect
        package var message: LayoutRect
    }

    /// The layout on a screen of `rect`: a card of at most 80 % of the screen, about 4:3,
    /// centred; its top third the icon, then the title, then the message.
    package static func layout(in rect: LayoutRect) -> Layout {
        let cardWidth = min(rect.width * 0.84, rect.height * 1.25)
        let cardHeight = min(rect.height * 0.84, cardWidth * 0.9)
        let card = LayoutRect(x: rect.midX - cardWidth / 2, y: rect.midY - cardHeight / 2, width: cardWidth, height: cardHeight)
        let inner = card.insetBy(cardWidth * 0.07, cardHeight * 0.06)
        let iconSide = inner.height * 0.34
        let icon = LayoutRect(x: inner.midX - iconSide / 2, y: inner.y, width: iconSide, height: iconSide)
        let title = LayoutRect(x: inner.x, y: icon.maxY + inner.height * 0.03, width: inner.width, height: inner.height * 0.22)
        let message = LayoutRect(x: inner.x, y: title.maxY + inner.height * 0.02, width: inner.width,
                                 height: inner.maxY - title.maxY - inner.height * 0.02)
        return Layout(card: card, icon: icon, title: title, message: message)
    }

    /// Draws the screen over all of `rect`; nothing when it is empty.
    package func draw(in rect: LayoutRect, on dc: DrawingContext, theme: WidgetTheme) {
        guard !rect.isEmpty else { return }
        let parts = Self.layout(in: rect)
        dc.saved {
            dc.rect(rect.x, rect.y, rect.width, rect.height)
            dc.setLinearGradient(from: (rect.x, rect.y), to: (rect.x, rect.maxY),
                                 stops: [(0, theme.background.mixed(with: .white, 0.25)), (1, theme.background)])
            dc.fill()
            Card().draw(in: parts.card, on: dc, theme: theme)
            drawIcon(in: parts.icon, on: dc, theme: theme)
            WidgetText.draw(title, in: parts.title, on: dc, size: parts.title.height * 0.62, bold: true, color: theme.ink, theme: theme)
            WidgetText.draw(message, in: parts.message, on: dc, size: min(parts.message.height * 0.3, parts.title.height * 0.42),
                            bold: false, color: theme.ink, theme: theme)
        }
    }

    /// Draws the screen over the whole surface of `dc`, whatever transform a painter has set.
    package func drawFullScreen(on dc: DrawingContext, theme: WidgetTheme) {
        dc.saved {
            // A painter may have scaled its scene's coordinates: the screen covers the pixels.
            cairo_identity_matrix(dc.cr)
            cairo_reset_clip(dc.cr)
            draw(in: LayoutRect(x: 0, y: 0, width: Double(dc.surface.width), height: Double(dc.surface.height)), on: dc,
                 theme: theme)
        }
    }

    /// The icon on a round badge of the accent, drawn in white.
    private func drawIcon(in box: LayoutRect, on dc: DrawingContext, theme: WidgetTheme) {
        let r = box.width / 2, cx = box.midX, cy = box.midY
        dc.circle(cx, cy, r)
        dc.setColor(theme.accent.mixed(with: .white, 0.25))
        dc.fill()
        dc.setColor(theme.onAccent)
        let u = r / 10
        switch icon {
        case .camera:
            dc.roundedRect(cx - 5.5 * u, cy - 3 * u, 11 * u, 7.5 * u, radius: 1.5 * u)
            dc.roundedRect(cx - 2.2 * u, cy - 4.8 * u, 4.4 * u, 2.4 * u, radius: 0.8 * u)
            dc.fill()
            dc.setColor(theme.accent.mixed(with: .white, 0.25))
            dc.circle(cx, cy + 0.8 * u, 2.6 * u)
            dc.fill()
            dc.setColor(theme.onAccent)
            dc.circle(cx, cy + 0.8 * u, 1.4 * u)
            dc.fill()
        case .sleeping:
            // A crescent: a disc, with an offset disc of the badge's colour over it.
            dc.circle(cx - 1.5 * u, cy + 1 * u, 5 * u)
            dc.fill()
            dc.setColor(theme.accent.mixed(with: .white, 0.25))
            dc.circle(cx + 1 * u, cy - 1 * u, 4.4 * u)
            dc.fill()
            dc.setColor(theme.onAccent)
            for (i, s) in [1.8, 2.6].enumerated() {
                let zx = cx + (2.6 + 2.4 * Double(i)) * u, zy = cy - (1.0 + 2.8 * Double(i)) * u, h = s * u
                dc.move(zx - h / 2, zy - h / 2)
                dc.line(zx + h / 2, zy - h / 2)
                dc.line(zx - h / 2, zy + h / 2)
                dc.line(zx + h / 2, zy + h / 2)
                dc.stroke(width: 0.6 * u)
            }
        case .soundOff:
            dc.move(cx - 6 * u, cy - 2 * u)
            dc.line(cx - 3 * u, cy - 2 * u)
            dc.line(cx + 0.5 * u, cy - 5 * u)
            dc.line(cx + 0.5 * u, cy + 5 * u)
            dc.line(cx - 3 * u, cy + 2 * u)
            dc.line(cx - 6 * u, cy + 2 * u)
            dc.close()
            dc.fill()
            dc.move(cx + 2.5 * u, cy - 2.5 * u)
            dc.line(cx + 7 * u, cy + 2.5 * u)
            dc.move(cx + 7 * u, cy - 2.5 * u)
            dc.line(cx + 2.5 * u, cy + 2.5 * u)
            dc.stroke(width: 1.2 * u)
        case .star:
            for i in 0..<10 {
                let a = -Double.pi / 2 + Double(i) * Double.pi / 5
                let rr = (i % 2 == 0 ? 6.5 : 2.8) * u
                if i == 0 { dc.move(cx + rr * cos(a), cy + rr * sin(a)) } else { dc.line(cx + rr * cos(a), cy + rr * sin(a)) }
            }
            dc.close()
            dc.fill()
        }
    }
}
