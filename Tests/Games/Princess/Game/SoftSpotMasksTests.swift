import Drawing
import Testing
import Effects
@testable import PrincessGame
import Vocabulary

/// Shadows and glows painted through cached masks keep the gradient's look: full strength at
/// the centre, fading to nothing at the rim, oval for a shadow.
@Suite struct SoftSpotMasksTests {
    private func paint(_ profile: SoftSpotMasks.Profile, radius: Double, strength: Double) -> FramePixels {
        let surface = ImageSurface(width: 200, height: 200)!
        let dc = surface.makeContext()
        SoftSpotMasks().paint(profile, on: dc, x: 100, y: 100, radius: radius, color: RGBColor(1, 1, 1), strength: strength)
        return surface.pixels
    }

    @Test func aGlowIsStrongestInTheMiddleAndGoneAtTheRim() {
        let pixels = paint(.glow, radius: 60, strength: 0.6)
        #expect(abs(Int(pixels.bgra(x: 100, y: 100).alpha) - 153) <= 2)
        #expect(pixels.bgra(x: 130, y: 100).alpha < pixels.bgra(x: 110, y: 100).alpha)
        #expect(pixels.bgra(x: 100, y: 161).alpha == 0)
        #expect(pixels.bgra(x: 40, y: 100).alpha == pixels.bgra(x: 159, y: 100).alpha)
    }

    @Test func aShadowIsAFlatOval() {
        let pixels = paint(.shadow, radius: 52, strength: 1)
        #expect(pixels.bgra(x: 100, y: 100).alpha >= 245)
        #expect(pixels.bgra(x: 140, y: 100).alpha > 0)
        #expect(pixels.bgra(x: 100, y: 114).alpha == 0)
    }
}
