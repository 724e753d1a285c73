import Foundation
import Vocabulary

/// Confetti raining over a rectangle (a success screen's celebration): a pure function of its
/// seed and the time, so any frame can be drawn on its own and the same inputs always give the
/// same pixels. Each piece has its own start, fall speed, sway, spin, size and colour, drawn
/// from the seed by hashing (no generator state, no system randomness); a piece that falls out
/// at the bottom comes in again at the top.
package struct Confetti {
    /// Decides every piece.
    package var seed: UInt64
    /// How many pieces.
    package var count: Int
    /// Their colours, chosen among by the seed.
    package var palette: [RGBColor]

    /// Bright party colours: pink, yellow, mint, sky blue, violet, orange.
    package static let partyColours = [RGBColor(1.0, 0.36, 0.62), RGBColor(1.0, 0.84, 0.2), RGBColor(0.3, 0.88, 0.62),
                                       RGBColor(0.3, 0.7, 1.0), RGBColor(0.62, 0.42, 1.0), RGBColor(1.0, 0.55, 0.2)]

    /// `count` pieces (0…2000) in `palette` (the party colours when empty), placed by `seed`.
    package init(seed: UInt64, count: Int = 80, palette: [RGBColor] = Confetti.partyColours) {
        self.seed = seed
        self.count = max(0, min(count, 2_000))
        self.palette = palette.isEmpty ? Confetti.partyColours : palette
    }

    /// One piece at one moment.
    package struct Piece: Equatable {
        /// Its centre.
        package var x: Double
        /// Its centre.
        package var y: Double
        /// Its turn, in radians.
        package var angle: Double
        /// Its size across.
        package var width: Double
        /// Its size along.
        package var height: Double
        /// Its colour.
        package var color: RGBColor
        /// A round piece (a dot) rather than a strip.
        package var round: Bool
    }

    /// The pieces at `time` seconds over `rect` (a time below 0 or not a number counts as 0).
    package func pieces(at time: Double, in rect: LayoutRect) -> [Piece] {
        guard !rect.isEmpty else { return [] }
        let t = time.isFinite ? max(0, time) : 0
        let unit = min(rect.width, rect.height)
        return (0..<count).map { index in
            func draw(_ k: UInt64) -> Double { Self.unitValue(seed, UInt64(index), k) }
            let size = unit * (0.012 + 0.016 * draw(0))
            let delay = 1.2 * draw(1)
            let speed = rect.height * (0.25 + 0.35 * draw(2))
            let span = rect.height + 4 * size
            let fallen = speed * max(0, t - delay) + draw(3) * span * 0.35
            let swayAmplitude = unit * (0.01 + 0.03 * draw(4))
            let swayRate = 1.5 + 2.5 * draw(5)
            let phase = 2 * Double.pi * draw(6)
            let spin = (draw(7) - 0.5) * 10
            let round = draw(9) < 0.25
            return Piece(x: rect.x + rect.width * draw(10) + swayAmplitude * sin(swayRate * t + phase),
                         y: rect.y - 2 * size + fallen.truncatingRemainder(dividingBy: span),
                         angle: phase + spin * t,
                         width: round ? size : size * 0.6, height: round ? size : size * 1.6,
                         color: palette[Int(draw(8) * Double(palette.count)) % palette.count], round: round)
        }
    }

    /// Draws the pieces at `time` over `rect`, clipped to it.
    package func draw(at time: Double, in rect: LayoutRect, on dc: DrawingContext) {
        guard !rect.isEmpty else { return }
        dc.saved {
            dc.rect(rect.x, rect.y, rect.width, rect.height)
            dc.clip()
            for piece in pieces(at: time, in: rect) {
                dc.setColor(piece.color)
                if piece.round {
                    dc.circle(piece.x, piece.y, piece.width / 2)
                } else {
                    dc.saved {
                        dc.translate(piece.x, piece.y)
                        dc.rotate(piece.angle)
                        // Foreshortened as it flips: the strip's width swings with its turn.
                        let flip = 0.35 + 0.65 * abs(cos(piece.angle * 1.7))
                        dc.rect(-piece.width * flip / 2, -piece.height / 2, piece.width * flip, piece.height)
                    }
                }
                dc.fill()
            }
        }
    }

    /// A number in 0..<1 from a seed, a piece and what is drawn for it: the SplitMix64
    /// finaliser over the three, so each value stands alone.
    static func unitValue(_ seed: UInt64, _ piece: UInt64, _ k: UInt64) -> Double {
        var z = seed &+ piece &* 0x9E37_79B9_7F4A_7C15 &+ (k &+ 1) &* 0xD1B5_4A32_D192_ED03
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }
}
