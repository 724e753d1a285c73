@testable import Drawing
import Testing
import Vocabulary

/// Confetti is a pure function of its seed and the time: the same inputs give the same pixels,
/// another seed or moment gives others.
@Suite struct ConfettiTests {
    static let rect = LayoutRect(x: 0, y: 0, width: 320, height: 240)

    static func drawn(seed: UInt64, time: Double) -> [UInt8] {
        let canvas = WidgetCanvas(width: 320, height: 240)
        Confetti(seed: seed, count: 120).draw(at: time, in: rect, on: canvas.dc)
        return canvas.bytes
    }

    @Test func theSameSeedAndTimeGiveTheSamePixels() {
        // Booleans first: a failing #expect of two arrays would diff 300,000 bytes.
        let first = Self.drawn(seed: 42, time: 1.75)
        let again = first == Self.drawn(seed: 42, time: 1.75)
        #expect(again)
        // Drawn after another moment in between: nothing is carried over.
        _ = Self.drawn(seed: 42, time: 0.2)
        let afterAnother = first == Self.drawn(seed: 42, time: 1.75)
        #expect(afterAnother)
        let blank = first == WidgetCanvas(width: 320, height: 240).bytes
        #expect(!blank, "nothing was drawn")
    }

    @Test func anotherSeedOrMomentGivesOtherPixels() {
        let first = Self.drawn(seed: 42, time: 1.75)
        let otherSeed = first == Self.drawn(seed: 43, time: 1.75), otherTime = first == Self.drawn(seed: 42, time: 1.80)
        #expect(!otherSeed)
        #expect(!otherTime)
    }

    @Test func piecesFallSwayAndComeBackWithinTheRectangle() {
        let confetti = Confetti(seed: 7, count: 60)
        let early = confetti.pieces(at: 2, in: Self.rect), later = confetti.pieces(at: 2.1, in: Self.rect)
        #expect(early.count == 60)
        // Over a tenth of a second most pieces fall (those wrapping to the top aside).
        let fell = zip(early, later).filter { $1.y > $0.y }.count
        #expect(fell >= 50, "\(fell) of 60 fell")
        // Long after, they still rain over the rectangle.
        let hourLater = confetti.pieces(at: 3_600, in: Self.rect)
        #expect(hourLater.allSatisfy { $0.y >= -20 && $0.y <= 260 && $0.x >= -30 && $0.x <= 350 })
        #expect(Set(hourLater.map(\.color.description)).count > 1, "one colour only")
    }

    @Test func aTimeThatIsNotANumberIsTheStart() {
        let confetti = Confetti(seed: 9, count: 10)
        #expect(confetti.pieces(at: .nan, in: Self.rect) == confetti.pieces(at: 0, in: Self.rect))
        #expect(confetti.pieces(at: -3, in: Self.rect) == confetti.pieces(at: 0, in: Self.rect))
        #expect(Confetti(seed: 1, count: -4).pieces(at: 1, in: Self.rect).isEmpty)
    }
}
