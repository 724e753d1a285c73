import Drawing
import Foundation
import Vocabulary

/// The shapes Glitch Squad is drawn with: Pixel in his glass sphere, the fruit, the virus, the
/// base's rooms and the kitchen. Pure drawing on a context, no state.
enum GlitchSquadArt {
    /// Deep purple at the top to neon blue at the bottom: the Liquid Glass background.
    static let deepPurple = RGBColor(0.20, 0.05, 0.38)
    static let neonBlue = RGBColor(0.05, 0.45, 0.95)
    static let neonGreen = RGBColor(0.22, 1.0, 0.35)
    static let alarmRed = RGBColor(1.0, 0.22, 0.30)

    /// The gradient background over the whole `width`×`height`.
    static func background(on dc: DrawingContext, width: Double, height: Double, clean: Bool) {
        dc.setLinearGradient(from: (0, 0), to: (width * 0.3, height),
                             stops: [(0, clean ? RGBColor(0.10, 0.10, 0.35) : deepPurple), (1, clean ? RGBColor(0.0, 0.65, 0.9) : neonBlue)])
        dc.rect(0, 0, width, height)
        dc.fill()
    }

    /// The base's room, broken (cracked walls, a torn panel) or clean (sci-fi panels): the far
    /// layer of the parallax, drawn once into a cache.
    static func baseRoom(on dc: DrawingContext, width: Double, height: Double, clean: Bool) {
        let u = width / 720
        background(on: dc, width: width, height: height, clean: clean)
        // Wall panels.
        for column in 0..<4 {
            for row in 0..<5 {
                let x = Double(column) * width / 4 + 10 * u, y = Double(row) * height * 0.13 + 40 * u
                dc.roundedRect(x, y, width / 4 - 20 * u, height * 0.13 - 16 * u, radius: 14 * u)
                dc.setColor(.white, alpha: clean ? 0.08 : 0.05)
                dc.fillPreserve()
                dc.setColor(clean ? RGBColor(0.4, 0.9, 1) : .white, alpha: clean ? 0.35 : 0.12)
                dc.stroke(width: 2 * u)
            }
        }
        // The floor.
        dc.setLinearGradient(from: (0, height * 0.68), to: (0, height), stops: [(0, RGBColor(0.06, 0.02, 0.14, alpha: 0.85)),
                                                                               (1, RGBColor(0.02, 0.01, 0.06))])
        dc.rect(0, height * 0.68, width, height * 0.32)
        dc.fill()
        if clean {
            for line in 0..<6 {
                let y = height * 0.70 + Double(line * line) * 9 * u
                dc.move(0, y)
                dc.line(width, y)
            }
            dc.setColor(RGBColor(0.3, 0.9, 1), alpha: 0.35)
            dc.stroke(width: 2 * u)
            return
        }
        // Cracks: zigzags from fixed points, the same every time.
        let cracks: [[(Double, Double)]] = [
            [(0.08, 0.10), (0.14, 0.16), (0.11, 0.22), (0.19, 0.30), (0.16, 0.36)],
            [(0.86, 0.18), (0.80, 0.24), (0.84, 0.29), (0.76, 0.38)],
            [(0.40, 0.04), (0.44, 0.09), (0.39, 0.13), (0.45, 0.19)],
            [(0.62, 0.55), (0.70, 0.60), (0.66, 0.64), (0.74, 0.67)],
        ]
        for crack in cracks {
            dc.move(crack[0].0 * width, crack[0].1 * height)
            for point in crack.dropFirst() { dc.line(point.0 * width, point.1 * height) }
            dc.setColor(RGBColor(0, 0, 0), alpha: 0.55)
            dc.stroke(width: 5 * u)
            dc.move(crack[0].0 * width + 2 * u, crack[0].1 * height)
            for point in crack.dropFirst() { dc.line(point.0 * width + 2 * u, point.1 * height) }
            dc.setColor(RGBColor(0.9, 0.5, 1), alpha: 0.35)
            dc.stroke(width: 1.5 * u)
        }
        // A torn panel hanging.
        dc.saved {
            dc.translate(width * 0.70, height * 0.08)
            dc.rotate(0.35)
            dc.roundedRect(0, 0, width * 0.2, height * 0.06, radius: 8 * u)
            dc.setColor(RGBColor(0.3, 0.2, 0.45))
            dc.fill()
        }
    }

    /// The near layer: debris on the floor, drawn live with the parallax's offset.
    static func debris(on dc: DrawingContext, width: Double, height: Double, offset: Double) {
        let u = width / 720
        let pieces: [(Double, Double, Double)] = [(0.12, 0.80, 38), (0.30, 0.86, 24), (0.78, 0.83, 44), (0.9, 0.9, 20)]
        for (x, y, size) in pieces {
            dc.saved {
                dc.translate(x * width + offset, y * height)
                dc.rotate(x * 3)
                dc.rect(-size * u / 2, -size * u / 3, size * u, size * u * 0.66)
                dc.setColor(RGBColor(0.25, 0.18, 0.4))
                dc.fill()
            }
        }
    }

    /// The kitchen the camera pans across, `width` wide (twice the screen): wall tiles, a window,
    /// cabinets and the counter the fruit lie on.
    static func kitchen(on dc: DrawingContext, width: Double, height: Double, screenWidth: Double) {
        let u = screenWidth / 720
        dc.setLinearGradient(from: (0, 0), to: (0, height), stops: [(0, RGBColor(0.93, 0.88, 0.78)), (1, RGBColor(0.80, 0.74, 0.64))])
        dc.rect(0, 0, width, height)
        dc.fill()
        // Tiles.
        let tile = 60 * u
        var y = height * 0.30
        while y < height * 0.55 {
            var x = 0.0
            while x < width {
                dc.rect(x + 2 * u, y + 2 * u, tile - 4 * u, tile - 4 * u)
                x += tile
            }
            y += tile
        }
        dc.setColor(RGBColor(0.98, 0.97, 0.94))
        dc.fill()
        // A window with sky.
        dc.roundedRect(width * 0.58, height * 0.08, width * 0.16, height * 0.2, radius: 10 * u)
        dc.setLinearGradient(from: (0, height * 0.08), to: (0, height * 0.28), stops: [(0, RGBColor(0.5, 0.75, 1)), (1, RGBColor(0.8, 0.92, 1))])
        dc.fillPreserve()
        dc.setColor(.white)
        dc.stroke(width: 10 * u)
        // Upper cabinets.
        for index in 0..<5 {
            let x = Double(index) * width * 0.1 + width * 0.04 + (index >= 3 ? width * 0.3 : 0)
            dc.roundedRect(x, height * 0.05, width * 0.09, height * 0.18, radius: 6 * u)
            dc.setColor(RGBColor(0.55, 0.38, 0.25))
            dc.fill()
            dc.circle(x + width * 0.075, height * 0.19, 5 * u)
            dc.setColor(RGBColor(0.9, 0.8, 0.5))
            dc.fill()
        }
        // The counter top and the cupboards below it.
        dc.rect(0, height * 0.55, width, height * 0.05)
        dc.setColor(RGBColor(0.35, 0.33, 0.38))
        dc.fill()
        dc.rect(0, height * 0.60, width, height * 0.40)
        dc.setColor(RGBColor(0.62, 0.45, 0.30))
        dc.fill()
        for index in 0..<8 {
            let x = Double(index) * width / 8
            dc.roundedRect(x + 10 * u, height * 0.63, width / 8 - 20 * u, height * 0.3, radius: 8 * u)
            dc.setColor(RGBColor(0.52, 0.36, 0.22))
            dc.fill()
        }
    }

    /// The colour a fruit darkens toward as a silhouette.
    static let silhouetteDark = RGBColor(0.05, 0.03, 0.1)

    /// A fruit (`apple`, `banana`, `orange`) centred at (x, y), `size` across; a silhouette in
    /// `silhouette` (0 full colour … 1 black shape).
    static func fruit(_ label: String, on dc: DrawingContext, x: Double, y: Double, size: Double, silhouette: Double = 0) {
        let dark = silhouetteDark
        func tone(_ color: RGBColor) -> RGBColor { color.mixed(with: dark, Float(silhouette)) }
        let r = size / 2
        switch label {
        case "banana":
            dc.saved {
                dc.translate(x, y)
                dc.rotate(-0.5)
                dc.move(-r, -r * 0.1)
                dc.curve(-r * 0.5, r * 0.7, r * 0.5, r * 0.7, r, -r * 0.3)
                dc.curve(r * 0.5, r * 0.3, -r * 0.5, r * 0.3, -r, -r * 0.1)
                dc.close()
                dc.setColor(tone(RGBColor(1.0, 0.85, 0.2)))
                dc.fillPreserve()
                dc.setColor(tone(RGBColor(0.6, 0.45, 0.05)))
                dc.stroke(width: max(1, size * 0.03))
                dc.rect(r * 0.92, -r * 0.42, r * 0.14, r * 0.16)
                dc.setColor(tone(RGBColor(0.35, 0.25, 0.1)))
                dc.fill()
            }
        default:
            let body = label == "apple" ? RGBColor(0.9, 0.1, 0.15) : RGBColor(1.0, 0.55, 0.05)
            dc.circle(x, y + r * 0.05, r * 0.9)
            dc.setColor(tone(body))
            dc.fill()
            // A shine at the upper left.
            dc.ellipse(x - r * 0.35, y - r * 0.3, r * 0.18, r * 0.12)
            dc.setColor(.white, alpha: 0.5 * (1 - silhouette))
            dc.fill()
            dc.move(x, y - r * 0.75)
            dc.line(x + r * 0.1, y - r * 1.05)
            dc.setColor(tone(RGBColor(0.4, 0.25, 0.1)))
            dc.stroke(width: max(1, size * 0.06))
            dc.ellipse(x + r * 0.3, y - r * 0.9, r * 0.25, r * 0.11)
            dc.setColor(tone(RGBColor(0.2, 0.7, 0.25)))
            dc.fill()
        }
    }

    /// Pixel: a square robot with one glitching eye, sad or happy, inside a glossy glass sphere,
    /// centred at (x, y), `size` across the sphere. `glitch` is the seeded static of his eye now.
    /// Drawn part by part, the parts a skin replaces (`GlitchSquadSkins.pixelSlots`).
    static func pixel(on dc: DrawingContext, x: Double, y: Double, size: Double, happy: Bool, glitchSeed: UInt64,
                      glitching: Bool, highContrast: Bool) {
        for part in PixelPart.allCases {
            pixelPart(part, on: dc, x: x, y: y, size: size, happy: happy, glitchSeed: glitchSeed, glitching: glitching,
                      highContrast: highContrast)
        }
    }

    /// Pixel's parts, back to front.
    enum PixelPart: String, CaseIterable {
        case sphere, head, antennaLight = "antenna-light", face, eyeLeft = "eye-left", eyeRight = "eye-right", mouth, gloss
    }

    /// One of Pixel's parts, as `pixel` draws it.
    static func pixelPart(_ part: PixelPart, on dc: DrawingContext, x: Double, y: Double, size: Double, happy: Bool,
                          glitchSeed: UInt64, glitching: Bool, highContrast: Bool) {
        let r = size / 2
        let head = r * 1.1
        let face = (x: x - head * 0.38, y: y - head * 0.3, w: head * 0.76, h: head * 0.56)
        let eyeY = face.y + face.h * 0.38, eyeR = head * 0.09
        switch part {
        case .sphere:
            // The sphere behind him.
            dc.circle(x, y, r)
            dc.setRadialGradient(center: (x - r * 0.3, y - r * 0.35), radius: r * 1.3,
                                 stops: [(0, RGBColor(0.7, 0.85, 1, alpha: 0.35)), (0.7, RGBColor(0.3, 0.2, 0.7, alpha: 0.25)),
                                         (1, RGBColor(0.6, 0.9, 1, alpha: 0.5))])
            dc.fill()
        case .head:
            // The head: a rounded square in brushed metal.
            dc.roundedRect(x - head / 2, y - head / 2, head, head, radius: head * 0.18)
            dc.setLinearGradient(from: (x, y - head / 2), to: (x, y + head / 2),
                                 stops: [(0, RGBColor(0.80, 0.84, 0.92)), (1, RGBColor(0.45, 0.50, 0.62))])
            dc.fillPreserve()
            dc.setColor(highContrast ? .white : RGBColor(0.2, 0.2, 0.35))
            dc.stroke(width: max(1.5, size * 0.015))
            // Antenna.
            dc.move(x, y - head / 2)
            dc.line(x, y - head * 0.72)
            dc.setColor(RGBColor(0.3, 0.3, 0.45))
            dc.stroke(width: max(1, size * 0.02))
        case .antennaLight:
            dc.circle(x, y - head * 0.75, size * 0.035)
            dc.setColor(happy ? neonGreen : alarmRed)
            dc.fill()
        case .face:
            // The screen of his face.
            dc.roundedRect(face.x, face.y, face.w, face.h, radius: head * 0.1)
            dc.setColor(RGBColor(0.05, 0.06, 0.15))
            dc.fill()
        case .eyeLeft:
            // The good eye.
            dc.circle(x - head * 0.17, eyeY, eyeR)
            dc.setColor(RGBColor(0.3, 0.95, 1))
            dc.fill()
        case .eyeRight:
            // The glitching eye: blocks of static, or a steady eye once he is fixed.
            if glitching {
                var noise = glitchSeed &* 0x9E37_79B9_7F4A_7C15 | 1
                let cell = eyeR * 0.5
                for row in 0..<4 {
                    for column in 0..<4 {
                        noise ^= noise << 13; noise ^= noise >> 7; noise ^= noise << 17
                        let grey = Double(noise % 1000) / 1000
                        dc.rect(x + head * 0.17 - eyeR + Double(column) * cell, eyeY - eyeR + Double(row) * cell, cell, cell)
                        dc.setColor(RGBColor(Float(grey), Float(grey), Float(min(1, grey + 0.2))))
                        dc.fill()
                    }
                }
            } else {
                dc.circle(x + head * 0.17, eyeY, eyeR)
                dc.setColor(RGBColor(0.3, 0.95, 1))
                dc.fill()
            }
        case .mouth:
            // The mouth: a frown while broken, a smile once stabilised.
            let mouthY = face.y + face.h * 0.75
            dc.move(x - head * 0.14, mouthY + (happy ? -head * 0.03 : head * 0.03))
            dc.quad(x, mouthY + (happy ? head * 0.07 : -head * 0.07), x + head * 0.14, mouthY + (happy ? -head * 0.03 : head * 0.03))
            dc.setColor(RGBColor(0.3, 0.95, 1))
            dc.stroke(width: max(1.5, size * 0.02))
        case .gloss:
            // The sphere's gloss: a bright arc at the top left and a rim.
            dc.ellipse(x - r * 0.38, y - r * 0.55, r * 0.32, r * 0.14)
            dc.setColor(.white, alpha: 0.45)
            dc.fill()
            dc.circle(x, y, r)
            dc.setColor(.white, alpha: highContrast ? 0.9 : 0.4)
            dc.stroke(width: max(1.5, size * 0.012))
        }
    }

    /// The virus of mission 03: a purple blob with spikes, `dissolve` 0 (whole) to 1 (gone).
    static func virus(on dc: DrawingContext, x: Double, y: Double, size: Double, time: Double, dissolve: Double) {
        guard dissolve < 1 else { return }
        let r = size / 2 * (1 - dissolve * 0.5)
        let alpha = 1 - dissolve
        for spike in 0..<10 {
            let angle = Double(spike) * .pi / 5 + time * 0.8
            dc.move(x + cos(angle) * r * 0.8, y + sin(angle) * r * 0.8)
            dc.line(x + cos(angle) * r * 1.3, y + sin(angle) * r * 1.3)
        }
        dc.setColor(RGBColor(0.6, 0.1, 0.8), alpha: alpha)
        dc.stroke(width: size * 0.06)
        dc.circle(x, y, r)
        dc.setColor(RGBColor(0.55, 0.1, 0.75), alpha: alpha)
        dc.fill()
        dc.circle(x - r * 0.3, y - r * 0.2, r * 0.15)
        dc.circle(x + r * 0.3, y - r * 0.2, r * 0.15)
        dc.setColor(RGBColor(1, 0.9, 0.2), alpha: alpha)
        dc.fill()
    }
}
