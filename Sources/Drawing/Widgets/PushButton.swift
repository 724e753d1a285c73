import Vocabulary

/// A button a child taps: a rounded pill in the theme's accent with its label, raised on a
/// shadow; pressed, it sinks (moves down, darker, no shadow); disabled, it is grey and flat.
package struct PushButton {
    /// How the button looks now.
    package enum State: Sendable, Equatable {
        /// Ready to be tapped.
        case normal
        /// A finger is on it.
        case pressed
        /// It cannot be tapped.
        case disabled
    }

    /// The words on it.
    package var label: String
    /// How it looks now.
    package var state: State
    /// The fill when enabled; nil uses the theme's accent.
    package var fill: RGBColor?
    /// When set, the face runs in a gradient from `fill` at its top to this at its bottom.
    package var gradientEnd: RGBColor?

    /// A button reading `label`, in `state`, filled with `fill` (down to `gradientEnd` when given).
    package init(label: String, state: State = .normal, fill: RGBColor? = nil, gradientEnd: RGBColor? = nil) {
        self.label = label
        self.state = state
        self.fill = fill
        self.gradientEnd = gradientEnd
    }

    /// How far a pressed button sinks, in pixels, for a button `height` tall.
    package static func sink(height: Double) -> Double { max(1, (height * 0.06).rounded()) }

    /// Draws the button in `rect`; nothing when the rectangle is empty.
    package func draw(in rect: LayoutRect, on dc: DrawingContext, theme: WidgetTheme) {
        guard !rect.isEmpty else { return }
        // A pill: fully rounded ends, whatever the theme's radius for panels.
        let radius = rect.height / 2
        var face = rect
        let base = fill ?? theme.accent
        let color: RGBColor
        let textColor: RGBColor
        switch state {
        case .normal:
            color = base
            textColor = theme.onAccent
        case .pressed:
            face.y += Self.sink(height: rect.height)
            color = base.mixed(with: RGBColor(0, 0, 0), 0.2)
            textColor = theme.onAccent
        case .disabled:
            color = theme.disabled
            textColor = theme.disabled.mixed(with: RGBColor(1, 1, 1), 0.6)
        }
        dc.saved {
            if state == .normal { WidgetShapes.shadow(under: rect, radius: radius, on: dc, theme: theme) }
            dc.roundedRect(face.x, face.y, face.width, face.height, radius: radius)
            if let gradientEnd, state != .disabled {
                let end = state == .pressed ? gradientEnd.mixed(with: RGBColor(0, 0, 0), 0.2) : gradientEnd
                dc.setLinearGradient(from: (face.x, face.y), to: (face.x, face.maxY), stops: [(0, color), (1, end)])
            } else {
                dc.setColor(color)
            }
            dc.fill(outline: state != .disabled && theme.outline.alpha > 0 && theme.outlineWidth > 0
                        ? (theme.outline, theme.outlineWidth) : nil)
            let box = face.insetBy(radius * 0.8, face.height * 0.14)
            WidgetText.draw(label, in: box, on: dc, size: face.height * 0.45, bold: true, color: textColor, theme: theme)
        }
    }
}
