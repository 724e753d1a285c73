import Catalogue
import Drawing
import Foundation
import GameKit
@testable import GlitchSquadGame
import TestSupport
import Testing

/// What Glitch Squad draws, read off the pixels of mission 01 at 360x640: the neon green box
/// and the white one, the red timer blinking, the glass bars' real blur of the kitchen, the
/// high-contrast panels and the steady timer under reduce motion.
@Suite struct GlitchSquadPainterTests {
    static func frame(_ scene: String, _ number: Int) throws -> FramePixels {
        let opened = try Catalogue.games.open(path: RepositoryRoot.path + "/Scenes/glitch-squad/\(scene).yaml")
        let run = try opened.makeRun(RunOptions(width: 360, height: 640))
        run.advance(toFrame: number)
        return try run.drawFrame()
    }

    static func colour(_ pixels: FramePixels, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let p = pixels.rgba(x: x, y: y)
        return (p.red, p.green, p.blue)
    }

    /// Pixels of `pixels` in the rectangle (fractions of the frame) whose colour satisfies `test`.
    static func count(_ pixels: FramePixels, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
                      _ test: (Int, Int, Int) -> Bool) -> Int {
        var found = 0
        for y in Int(y0 * 640)..<Int(y1 * 640) {
            for x in Int(x0 * 360)..<Int(x1 * 360) {
                let (r, g, b) = colour(pixels, x, y)
                if test(r, g, b) { found += 1 }
            }
        }
        return found
    }

    static func neonGreen(_ r: Int, _ g: Int, _ b: Int) -> Bool { g > 230 && r < 120 && b < 140 }
    static func white(_ r: Int, _ g: Int, _ b: Int) -> Bool { r > 245 && g > 245 && b > 245 }
    static func red(_ r: Int, _ g: Int, _ b: Int) -> Bool { r > 200 && g < 110 && b < 120 }

    @Test func theTargetOver80IsBoxedInNeonGreenAndAnotherFruitInWhite() throws {
        // Frame 446: the apple's box (0.44–0.68 across, 0.39–0.53 down) turns green.
        let green = try Self.frame("mission-01", 446)
        #expect(Self.count(green, 0.42, 0.37, 0.70, 0.55, Self.neonGreen) > 300)
        // A frame before, at 0.78, its box is white, not green.
        let before = try Self.frame("mission-01", 444)
        #expect(Self.count(before, 0.42, 0.37, 0.70, 0.55, Self.neonGreen) < 20)
        // Frame 360: the banana's box is white and nothing is green.
        let banana = try Self.frame("mission-01", 360)
        #expect(Self.count(banana, 0.15, 0.43, 0.49, 0.61, Self.white) > 300)
        #expect(Self.count(banana, 0, 0.15, 1, 0.85, Self.neonGreen) == 0)
    }

    /// The painter's own placement, as every frame with a held fruit uses it.
    @Test func theHoldRingNeverRunsThroughTheFruitsLabel() {
        // Boxes as wide as tall and wider or taller, at the 720-wide design and at 360 wide.
        for u in [1.0, 0.5] {
            for (w, h) in [(180.0, 180.0), (240.0, 160.0), (120.0, 200.0), (300.0, 300.0)] {
                let box = LayoutRect(x: 200 * u, y: 500 * u, width: w * u, height: h * u)
                let placed = GlitchSquadFrame.labelAndRing(around: box, u: u)
                // The ring's outer edge against the nearest point of the label.
                let nearestX = min(max(box.midX, placed.tag.x), placed.tag.x + placed.tag.width)
                let nearestY = min(max(box.midY, placed.tag.y), placed.tag.y + placed.tag.height)
                let gap = ((box.midX - nearestX) * (box.midX - nearestX) + (box.midY - nearestY) * (box.midY - nearestY)).squareRoot()
                    - placed.ringRadius - placed.ringWidth / 2
                #expect(gap >= 10 * u - 1e-9, "box \(w)x\(h) at u \(u): the ring reaches \(-gap) px into the label")
                // Still just above the box, not floating away from it.
                #expect(placed.tag.y + placed.tag.height <= box.y && box.y - (placed.tag.y + placed.tag.height) < 60 * u)
            }
        }
    }

    @Test func theTimerIsRedAndBlinks() throws {
        let on = try Self.frame("mission-01", 306), off = try Self.frame("mission-01", 318)
        #expect(Self.count(on, 0.72, 0.03, 0.96, 0.12, Self.red) > 80)
        #expect(Self.count(off, 0.72, 0.03, 0.96, 0.12, Self.red) == 0)
        // Under reduce motion it does not blink: shown in the second half of a second too.
        let steady = try Self.frame("hunt-accessible", 198)
        #expect(Self.count(steady, 0.72, 0.03, 0.96, 0.12) { r, g, b in r > 200 && g < 130 } > 80)
    }

    /// The largest jump between neighbouring pixels along row `y` (a fraction), from x0 to x1.
    static func sharpestStep(_ pixels: FramePixels, row y: Double, _ x0: Double, _ x1: Double) -> Int {
        var largest = 0
        let row = Int(y * 640)
        var previous = colour(pixels, Int(x0 * 360), row)
        for x in (Int(x0 * 360) + 1)..<Int(x1 * 360) {
            let next = colour(pixels, x, row)
            largest = max(largest, abs(next.0 - previous.0) + abs(next.1 - previous.1) + abs(next.2 - previous.2))
            previous = next
        }
        return largest
    }

    @Test func theGlassBarsShowARealBlurOfTheKitchenBehindThem() throws {
        let hunt = try Self.frame("mission-01", 318)
        // Just under the top bar the cabinets' edges are sharp; through the bar (below its
        // text) the same edges are blurred, so no neighbouring pixels jump far.
        #expect(Self.sharpestStep(hunt, row: 0.14, 0.05, 0.95) > 120)
        #expect(Self.sharpestStep(hunt, row: 0.113, 0.08, 0.92) < 40)
        // And it is what lies behind: the pan moved the kitchen, and the glass changed with it.
        let later = try Self.frame("mission-01", 400)
        var differing = 0
        for x in stride(from: 30, to: 330, by: 3) where Self.colour(hunt, x, 72) != Self.colour(later, x, 72) { differing += 1 }
        #expect(differing > 30)
    }

    @Test func highContrastDrawsSolidPanels() throws {
        let contrast = try Self.frame("hunt-accessible", 255)
        // The top bar is an opaque dark panel with a white border, not glass.
        let (r, g, b) = Self.colour(contrast, 180, 69)
        #expect(r < 20 && g < 20 && b < 40)
        #expect(Self.count(contrast, 0.03, 0.025, 0.97, 0.04, Self.white) > 200)
    }

    /// How many pixels differ between two frames.
    static func differing(_ a: FramePixels, _ b: FramePixels) -> Int {
        var count = 0
        for y in stride(from: 0, to: 640, by: 2) {
            for x in stride(from: 0, to: 360, by: 2) where colour(a, x, y) != colour(b, x, y) { count += 1 }
        }
        return count
    }

    @Test func mission02ShakesTheBaseAndReduceMotionHoldsItStill() throws {
        // Mission 02's base (4.3 s): the wobbly UI moves from one frame to the next.
        #expect(Self.differing(try Self.frame("mission-02", 130), try Self.frame("mission-02", 131)) > 500)
        // The same mission under reduce motion: no shake, no bob, no twitch, steady lights: the same picture.
        #expect(Self.differing(try Self.frame("hunt-accessible", 130), try Self.frame("hunt-accessible", 131)) == 0)
    }
}
