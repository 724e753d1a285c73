import CCairo
@testable import Drawing
import ECS
import Testing
import Vocabulary

/// Painting a colour through a coverage mask by hand gives the bytes Cairo gives for the same
/// colour, mask and place, whatever is under it: the particles' drawing relies on it to keep
/// every frame as it was.
@Suite struct ColorThroughMaskTests {
    /// A surface of premultiplied pixels in every shade, some transparent, some opaque.
    static func ground(width: Int, height: Int, numbers: inout SeededRandom) -> ImageSurface {
        let surface = ImageSurface(width: width, height: height)!
        _ = surface.pixels
        let data = cairo_image_surface_get_data(surface.handle)!
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * surface.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let alpha = [0, 255, numbers.next(256)][numbers.next(3)]
                let red = UInt32(alpha == 0 ? 0 : numbers.next(alpha + 1))
                let green = UInt32(alpha == 0 ? 0 : numbers.next(alpha + 1))
                let blue = UInt32(alpha == 0 ? 0 : numbers.next(alpha + 1))
                row[x] = UInt32(alpha) << 24 | red << 16 | green << 8 | blue
            }
        }
        surface.markDirty()
        return surface
    }

    /// A mask with empty rows, empty edges, full and partial coverage.
    static func mask(numbers: inout SeededRandom) -> ImageSurface {
        let width = 1 + numbers.next(23), height = 1 + numbers.next(17)
        let mask = ImageSurface(width: width, height: height, format: .alpha8)!
        _ = mask.pixels
        let data = cairo_image_surface_get_data(mask.handle)!
        for y in 0..<height where numbers.next(5) != 0 {
            let from = numbers.next(width), to = from + numbers.next(width - from + 1)
            for x in from..<to { data[y * mask.stride + x] = UInt8([0, 255, numbers.next(256)][numbers.next(3)]) }
        }
        mask.markDirty()
        return mask
    }

    static func bytes(_ surface: ImageSurface) -> [UInt8] {
        let pixels = surface.pixels
        return (0..<surface.height).flatMap { y in
            Array(UnsafeRawBufferPointer(start: pixels.base + y * pixels.stride, count: surface.width * 4))
        }
    }

    @Test func theBytesAreCairosForAnyColourMaskAndPlace() {
        var numbers = SeededRandom(seed: 7)
        var differing = 0, painted = 0
        for _ in 0..<2000 {
            let width = 1 + numbers.next(40), height = 1 + numbers.next(30)
            var copy = numbers
            let byCairo = Self.ground(width: width, height: height, numbers: &numbers)
            let byHand = Self.ground(width: width, height: height, numbers: &copy)
            let mask = Self.mask(numbers: &numbers)
            // Colours beyond 0…1 too, which Cairo clamps.
            let component = { Float(numbers.next(1201)) / 1000 - 0.1 }
            let color = RGBColor(component(), component(), component(), alpha: component())
            let alpha = Double(numbers.next(1001)) / 1000
            // Partly or wholly off the surface as often as on it.
            let x = numbers.next(width + 2 * mask.width) - mask.width, y = numbers.next(height + 2 * mask.height) - mask.height

            let before = Self.bytes(byHand)
            let dc = byCairo.makeContext()
            dc.setColor(color, alpha: alpha)
            dc.mask(mask, x: Double(x), y: Double(y))
            byHand.paint(PremultipliedColor(color, alpha: alpha), through: CoverageMask(mask), x: x, y: y)
            byHand.markDirty()

            let expected = Self.bytes(byCairo), found = Self.bytes(byHand)
            if expected != found { differing += 1 }
            if expected != before { painted += 1 }
        }
        #expect(differing == 0)
        // The cases are not all trivial: a good share of them change pixels.
        #expect(painted > 500)
    }

    @Test func aMaskKnowsWhichPartOfEachRowItCovers() {
        let mask = ImageSurface(width: 6, height: 3, format: .alpha8)!
        _ = mask.pixels
        let data = cairo_image_surface_get_data(mask.handle)!
        data[0 * mask.stride + 1] = 9
        data[0 * mask.stride + 4] = 255
        data[2 * mask.stride + 5] = 1
        mask.markDirty()
        #expect(CoverageMask(mask).rows == [1..<5, 0..<0, 5..<6])
    }

    @Test func aColourIsPremultipliedAsCairoRoundsIt() {
        #expect(PremultipliedColor(RGBColor(1, 0.5, 0, alpha: 1), alpha: 0.5).argb == 0x8080_4000)
        #expect(PremultipliedColor(.white, alpha: 2).argb == 0xffff_ffff)
        #expect(PremultipliedColor(.white, alpha: -1).argb == 0)
    }

    @Test func onlyDrawingThatLandsPixelForPixelIsDoneByHand() {
        let dc = ImageSurface(width: 8, height: 8)!.makeContext()
        #expect(dc.drawsPixelForPixel)
        dc.saved { dc.translate(1, 0); #expect(!dc.drawsPixelForPixel) }
        dc.saved { dc.scale(2, 2); #expect(!dc.drawsPixelForPixel) }
        dc.saved { cairo_rectangle(dc.cr, 0, 0, 4, 4); cairo_clip(dc.cr); #expect(!dc.drawsPixelForPixel) }
        dc.saved { cairo_set_operator(dc.cr, CAIRO_OPERATOR_SOURCE); #expect(!dc.drawsPixelForPixel) }
        cairo_push_group(dc.cr)
        #expect(!dc.drawsPixelForPixel)
        cairo_pattern_destroy(cairo_pop_group(dc.cr))
        #expect(dc.drawsPixelForPixel)
    }

    @Test func elsewhereCairoPaintsTheMaskWithItsTransformAndClip() {
        var numbers = SeededRandom(seed: 11)
        var copy = numbers
        let byCairo = Self.ground(width: 30, height: 20, numbers: &numbers)
        let throughContext = Self.ground(width: 30, height: 20, numbers: &copy)
        let mask = Self.mask(numbers: &numbers)
        for (surface, byHand) in [(byCairo, false), (throughContext, true)] {
            let dc = surface.makeContext()
            dc.translate(3, 2)
            dc.scale(1.5, 1.5)
            cairo_rectangle(dc.cr, 0, 0, 9, 7)
            cairo_clip(dc.cr)
            if byHand {
                dc.paint(RGBColor(0.9, 0.2, 0.4), alpha: 0.7, through: CoverageMask(mask), x: 1, y: 1)
            } else {
                dc.setColor(RGBColor(0.9, 0.2, 0.4), alpha: 0.7)
                dc.mask(mask, x: 1, y: 1)
            }
        }
        let same = Self.bytes(byCairo) == Self.bytes(throughContext)
        #expect(same)
    }
}

private extension SeededRandom {
    /// A whole number below `bound`, from the project's seeded generator (never the system's).
    mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
