import Foundation
import Princess
import Vocabulary

/// What each screen card shows, in the brief's words: the four onboarding pages, help,
/// settings (the scene's live settings) and the parents' page.
struct ScreenContent {
    let kit: ScreenKit
    let settings: SceneSettings
    /// Whether the onboarding's "Don't show again" box is ticked.
    var ticked = false

    var s: Double { kit.s }
    var w: Double { kit.width }
    var h: Double { kit.height }

    /// The onboarding pages' gradients, from the characters' colours.
    static func onboardingColors(_ page: Int) -> (CharacterKind, CharacterKind) {
        switch page {
        case 1: return (.sparkle, .luna)
        case 2: return (.luna, .crystal)
        case 3: return (.crystal, .willow)
        default: return (.rosie, .sparkle)
        }
    }

    func draw(_ screen: UIScreen, page: Int) {
        switch screen {
        case .onboarding: onboarding(page)
        case .help: help()
        case .settings: settingsPage()
        case .parents: parents()
        }
    }

    private func onboarding(_ page: Int) {
        let dc = kit.dc, theme = kit.theme
        let (a, b) = Self.onboardingColors(page)
        dc.newPath()
        dc.roundedRect(0, 0, w, h, radius: 24 * s)
        if theme.highContrast { dc.setColor(.white) } else {
            dc.setLinearGradient(from: (0, 0), to: (w, h), stops: [(0, a.themeColor.mixed(with: .white, 0.15)),
                                                                   (1, b.themeColor.mixed(with: RGBColor(0.3, 0.1, 0.5), 0.2))])
        }
        dc.fill()
        let ink: RGBColor = theme.highContrast ? RGBColor(0, 0, 0) : .white
        let titles = ["Welcome to Aria's Magic App!", "Tap to Bring Princesses to Life!", "Your Face is Magic!",
                      "Share the Magic on FaceTime!"]
        let subtitles = ["Create magical moments with your princess friends", "Tap, drag and pinch",
                         "Make a face and watch the magic", "Play together with family and friends"]
        kit.text(titles[page - 1], x: 24 * s, y: h * 0.05, width: w - 48 * s - 70 * s, height: h * 0.14, points: 28, color: ink)
        kit.text(subtitles[page - 1], x: 24 * s, y: h * 0.19, width: w - 48 * s, height: h * 0.09, points: 18, bold: false, color: ink)
        if page < 4 {
            kit.text("Skip", x: w - 80 * s, y: 12 * s, width: 64 * s, height: 44 * s, points: 17, color: ink)
        }
        let top = h * 0.30, bottom = h * 0.74
        switch page {
        case 1: kit.cast(centerX: w / 2, top: top, width: min(w * 0.8, (bottom - top) * 3.2), height: bottom - top,
                         names: false, nameColor: ink)
        case 2: chips([("Tap", "to add a princess", .tap), ("Drag", "to move her", .drag), ("Pinch", "to resize her", .pinch)],
                      top: top, bottom: bottom)
        case 3: chips([("Smile", "Sparkles!", .smile), ("Raise eyebrows", "Wave!", .eyebrows), ("Open mouth", "Jump!", .mouth)],
                      top: top, bottom: bottom)
        default: chips([("1", "Start a FaceTime call", .phone), ("2", "Tap SharePlay", .share), ("3", "Play together!", .hearts)],
                       top: top, bottom: bottom)
        }
        // Page dots.
        for index in 1...4 {
            let x = w / 2 + (Double(index) - 2.5) * 18 * s
            kit.dc.newPath()
            kit.dc.circle(x, h * 0.79, (index == page ? 5 : 3.5) * s)
            kit.dc.setColor(ink, alpha: index == page ? 1 : 0.5)
            kit.dc.fill()
        }
        let labels = ["Let's Begin!", "Next", "Next", "Get Started!"]
        kit.pill(labels[page - 1], centerX: w / 2, centerY: h * 0.9, width: 200 * s,
                 fill: theme.highContrast ? RGBColor(0, 0, 0) : .white,
                 textColor: theme.highContrast ? .white : b.themeColor.mixed(with: RGBColor(0.2, 0, 0.3), 0.45))
        if page == 4 {
            kit.dc.newPath()
            kit.dc.roundedRect(24 * s, h * 0.9 - 9 * s, 18 * s, 18 * s, radius: 4 * s)
            kit.dc.setColor(ink)
            kit.dc.stroke(width: 2 * s)
            if ticked {
                kit.dc.newPath()
                kit.dc.move(27.5 * s, h * 0.9)
                kit.dc.line(31.5 * s, h * 0.9 + 4.5 * s)
                kit.dc.line(38.5 * s, h * 0.9 - 5 * s)
                kit.dc.stroke(width: 2.5 * s)
            }
            kit.text("Don't show again", x: 48 * s, y: h * 0.9 - 14 * s, width: max(0, w / 2 - 100 * s - 56 * s), height: 28 * s,
                     points: 14, bold: false, color: ink, alignment: .left)
        }
    }

    private enum Glyph { case tap, drag, pinch, smile, eyebrows, mouth, phone, share, hearts }

    /// Three white chips side by side, each a drawn picture, a title and a line.
    private func chips(_ items: [(String, String, Glyph)], top: Double, bottom: Double) {
        let dc = kit.dc, theme = kit.theme
        let gap = 14 * s, chipWidth = min((w - 48 * s - 2 * gap) / 3, 200 * s)
        let total = chipWidth * 3 + gap * 2
        for (index, item) in items.enumerated() {
            let x = (w - total) / 2 + Double(index) * (chipWidth + gap)
            dc.newPath()
            dc.roundedRect(x, top, chipWidth, bottom - top, radius: 18 * s)
            dc.setColor(.white, alpha: theme.highContrast ? 1 : 0.9)
            dc.fillPreserve()
            dc.setColor(theme.highContrast ? RGBColor(0, 0, 0) : RGBColor.white)
            dc.stroke(width: theme.outlineWidth * s)
            let pictureHeight = (bottom - top) * 0.5
            picture(item.2, x: x + chipWidth / 2, y: top + pictureHeight * 0.55, size: min(pictureHeight * 0.8, chipWidth * 0.5))
            kit.text(item.0, x: x + 6 * s, y: top + pictureHeight, width: chipWidth - 12 * s, height: (bottom - top) * 0.22,
                     points: 18, color: theme.text)
            kit.text(item.1, x: x + 6 * s, y: top + pictureHeight + (bottom - top) * 0.22, width: chipWidth - 12 * s,
                     height: (bottom - top) * 0.26, points: 14, bold: false, color: theme.text)
        }
    }

    private func picture(_ glyph: Glyph, x: Double, y: Double, size: Double) {
        let dc = kit.dc
        let color = kit.theme.highContrast ? RGBColor(0, 0, 0) : HUDTheme.accent.mixed(with: RGBColor(0.6, 0.2, 0.7), 0.4)
        let r = size / 2
        dc.setColor(color)
        switch glyph {
        case .tap, .drag, .pinch:
            let dots: [(Double, Double)] = glyph == .pinch ? [(-0.45, 0.3), (0.45, -0.3)] : [(glyph == .drag ? -0.45 : 0, 0)]
            for (dx, dy) in dots {
                dc.newPath()
                dc.circle(x + dx * r, y + dy * r, r * 0.28)
                dc.fill()
            }
            dc.newPath()
            switch glyph {
            case .tap:
                dc.circle(x, y, r * 0.6)
            case .drag:
                dc.move(x - r * 0.1, y)
                dc.line(x + r * 0.8, y)
                dc.move(x + r * 0.55, y - r * 0.25)
                dc.line(x + r * 0.8, y)
                dc.line(x + r * 0.55, y + r * 0.25)
            default:
                dc.move(x - r * 0.75, y + r * 0.5)
                dc.line(x - r * 0.95, y + r * 0.65)
                dc.move(x + r * 0.75, y - r * 0.5)
                dc.line(x + r * 0.95, y - r * 0.65)
            }
            dc.stroke(width: max(2, r * 0.1))
        case .smile, .eyebrows, .mouth:
            dc.newPath()
            dc.circle(x, y, r * 0.9)
            dc.setColor(RGBColor(1, 0.88, 0.75))
            dc.fillPreserve()
            dc.setColor(color)
            dc.stroke(width: max(1.5, r * 0.07))
            for side in [-1.0, 1.0] {
                dc.newPath()
                dc.circle(x + side * r * 0.32, y - r * 0.15, r * 0.09)
                dc.fill()
                if glyph == .eyebrows {
                    dc.newPath()
                    dc.move(x + side * r * 0.18, y - r * 0.45)
                    dc.quad(x + side * r * 0.32, y - r * 0.6, x + side * r * 0.46, y - r * 0.45)
                    dc.stroke(width: max(1.5, r * 0.07))
                }
            }
            dc.newPath()
            if glyph == .mouth {
                dc.ellipse(x, y + r * 0.35, r * 0.2, r * 0.25)
                dc.fill()
            } else {
                dc.move(x - r * 0.35, y + r * 0.25)
                dc.quad(x, y + r * (glyph == .smile ? 0.65 : 0.4), x + r * 0.35, y + r * 0.25)
                dc.stroke(width: max(1.5, r * 0.08))
            }
        case .phone, .share, .hearts:
            dc.newPath()
            if glyph == .phone {
                dc.roundedRect(x - r * 0.45, y - r * 0.8, r * 0.9, r * 1.6, radius: r * 0.2)
                dc.stroke(width: max(2, r * 0.1))
                dc.newPath()
                dc.circle(x, y + r * 0.55, r * 0.09)
                dc.fill()
            } else if glyph == .share {
                for dx in [-0.35, 0.35] {
                    dc.newPath()
                    dc.circle(x + dx * r, y - r * 0.25, r * 0.28)
                    dc.fill()
                    dc.newPath()
                    dc.ellipse(x + dx * r, y + r * 0.45, r * 0.38, r * 0.3)
                    dc.fill()
                }
            } else {
                for (dx, dy, k) in [(-0.3, 0.05, 0.55), (0.38, -0.25, 0.4)] {
                    let cx = x + dx * r, cy = y + dy * r, q = r * k
                    dc.newPath()
                    dc.move(cx, cy + q * 0.9)
                    dc.curve(cx - q * 1.3, cy, cx - q * 0.6, cy - q * 1.1, cx, cy - q * 0.35)
                    dc.curve(cx + q * 0.6, cy - q * 1.1, cx + q * 1.3, cy, cx, cy + q * 0.9)
                    dc.fill()
                }
            }
        }
    }

    /// A light card with a title and the close button.
    private func plainCard(_ title: String) {
        let dc = kit.dc, theme = kit.theme
        dc.newPath()
        dc.roundedRect(0, 0, w, h, radius: 24 * s)
        dc.setColor(theme.surface)
        dc.fillPreserve()
        dc.setColor(theme.highContrast ? RGBColor(0, 0, 0) : HUDTheme.accent)
        dc.stroke(width: 2 * theme.outlineWidth * s)
        kit.text(title, x: 24 * s, y: 12 * s, width: w - 48 * s - 60 * s, height: 44 * s, points: 28, color: theme.text,
                 alignment: .left)
        kit.closeButton()
    }

    private func help() {
        plainCard("Help & Tips")
        let theme = kit.theme
        let tips = ["Tap anywhere to add a princess!", "Drag a princess to move her", "Pinch to make her bigger or smaller",
                    "Smile for sparkles!"]
        let wide = w > h
        let columnWidth = wide ? (w - 72 * s) / 2 : w - 48 * s
        let top = 64 * s
        let rowHeight = min(34 * s, (h * (wide ? 0.62 : 0.38)) / 4)
        kit.text("Quick Tips", x: 24 * s, y: top, width: columnWidth, height: 26 * s, points: 18,
                 color: theme.accent.mixed(with: RGBColor(0.4, 0, 0.3), 0.4), alignment: .left)
        for (index, tip) in tips.enumerated() {
            let y = top + 30 * s + Double(index) * rowHeight
            HUDIcon.star(kit.dc, 34 * s, y + rowHeight / 2, 7 * s, theme.highContrast ? RGBColor(0, 0, 0) : HUDTheme.accent)
            kit.text(tip, x: 48 * s, y: y, width: columnWidth - 30 * s, height: rowHeight, points: 16, bold: false,
                     color: theme.text, alignment: .left)
        }
        let galleryX = wide ? 48 * s + columnWidth : 24 * s
        let galleryTop = wide ? top : top + 40 * s + 4 * rowHeight
        kit.text("Meet the Princesses", x: galleryX, y: galleryTop, width: columnWidth, height: 26 * s, points: 18,
                 color: theme.accent.mixed(with: RGBColor(0.4, 0, 0.3), 0.4), alignment: .left)
        let galleryBottom = h - 70 * s
        kit.cast(centerX: galleryX + columnWidth / 2, top: galleryTop + 30 * s, width: columnWidth,
                 height: max(40 * s, galleryBottom - galleryTop - 30 * s), names: true, nameColor: theme.text)
        kit.pill("For Parents", centerX: w / 2, centerY: h - 36 * s, width: 180 * s,
                 fill: theme.highContrast ? RGBColor(0, 0, 0) : HUDTheme.accent, textColor: .white)
    }

    private func settingsPage() {
        plainCard("Settings")
        let theme = kit.theme
        let wide = w > h
        let columnWidth = wide ? (w - 72 * s) / 2 : w - 48 * s
        let rowHeight = 44 * s, headerHeight = 26 * s
        typealias Row = (String, (Double, Double, Double) -> Void)
        let sections: [(String, [Row])] = [
            ("Sound", [("Sound Effects", { x, y, _ in kit.toggle(settings.soundEnabled, x: x, y: y) }),
                       ("Volume", { x, y, width in kit.slider(settings.volume, x: x, y: y, width: width) })]),
            ("Face Magic", [("Face Tracking", { x, y, _ in kit.toggle(settings.faceTracking, x: x, y: y) }),
                            ("Sensitivity", { x, y, width in
                                kit.segmented(["Easy", "Medium", "Hard"],
                                              selected: Sensitivity.allCases.firstIndex(of: settings.sensitivity) ?? 1,
                                              x: x, y: y, width: width) })]),
            ("Accessibility", [("Reduce Motion", { x, y, _ in kit.toggle(settings.reduceMotion, x: x, y: y) }),
                               ("High Contrast", { x, y, _ in kit.toggle(settings.highContrast, x: x, y: y) }),
                               ("Haptics", { x, y, _ in kit.toggle(settings.haptics, x: x, y: y) })]),
            ("About", [("Aria's Magic 1.0", { _, _, _ in })]),
        ]
        var column = 0
        var y = 64 * s
        for (index, section) in sections.enumerated() {
            if wide, index == 2 { column = 1; y = 64 * s }
            let x = 24 * s + Double(column) * (columnWidth + 24 * s)
            kit.text(section.0, x: x, y: y, width: columnWidth, height: headerHeight, points: 16,
                     color: theme.accent.mixed(with: RGBColor(0.4, 0, 0.3), 0.4), alignment: .left)
            y += headerHeight
            kit.dc.newPath()
            kit.dc.roundedRect(x, y, columnWidth, rowHeight * Double(section.1.count), radius: 12 * s)
            kit.dc.setColor(.white, alpha: theme.highContrast ? 1 : 0.85)
            kit.dc.fillPreserve()
            kit.dc.setColor(theme.highContrast ? RGBColor(0, 0, 0) : RGBColor(0.85, 0.82, 0.92))
            kit.dc.stroke(width: (theme.highContrast ? 2 : 1) * s)
            for row in section.1 {
                let labelWidth = columnWidth * 0.48
                kit.text(row.0, x: x + 12 * s, y: y, width: labelWidth, height: rowHeight, points: 16, bold: false,
                         color: theme.text, alignment: .left)
                let controlX = x + 16 * s + labelWidth, controlWidth = columnWidth - labelWidth - 28 * s
                row.1(max(controlX, x + columnWidth - 63 * s - max(0, controlWidth - 51 * s)), y + rowHeight / 2, controlWidth)
                y += rowHeight
            }
            y += 10 * s
        }
    }

    private func parents() {
        plainCard("For Parents")
        let theme = kit.theme
        let sections = [
            ("Privacy", "The camera and face tracking work only on this device. No pictures or face data leave it."),
            ("SharePlay", "Start a FaceTime call, then tap SharePlay to play together in the same magic scene."),
            ("Troubleshooting", "No princess? Point the camera at the floor in a bright room, then tap the floor."),
        ]
        let wide = w > h
        let count = Double(sections.count)
        let columnWidth = wide ? (w - 48 * s - 2 * 16 * s) / count : w - 48 * s
        let blockHeight = wide ? h - 90 * s : (h - 90 * s) / count
        for (index, section) in sections.enumerated() {
            let x = wide ? 24 * s + Double(index) * (columnWidth + 16 * s) : 24 * s
            let y = wide ? 70 * s : 70 * s + Double(index) * blockHeight
            kit.dc.newPath()
            kit.dc.roundedRect(x, y, columnWidth, blockHeight - 10 * s, radius: 14 * s)
            kit.dc.setColor(.white, alpha: theme.highContrast ? 1 : 0.85)
            kit.dc.fillPreserve()
            kit.dc.setColor(theme.highContrast ? RGBColor(0, 0, 0) : RGBColor(0.85, 0.82, 0.92))
            kit.dc.stroke(width: (theme.highContrast ? 2 : 1) * s)
            kit.text(section.0, x: x + 10 * s, y: y + 6 * s, width: columnWidth - 20 * s, height: 28 * s, points: 18,
                     color: theme.accent.mixed(with: RGBColor(0.4, 0, 0.3), 0.4), alignment: .left)
            kit.text(section.1, x: x + 10 * s, y: y + 36 * s, width: columnWidth - 20 * s, height: blockHeight - 56 * s,
                     points: 16, bold: false, color: theme.text, alignment: .left, top: true)
        }
    }
}
