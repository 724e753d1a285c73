import CCairo
@testable import Drawing
import ECS
import Testing

/// Placing a scaled surface only where its covered box reaches gives the bytes of placing it
/// whole: the princesses' figures rely on it to keep every frame as it was.
@Suite struct ScaledPlacementTests {
    /// A transparent surface with random premultiplied pixels inside one box of it.
    static func figure(numbers: inout SeededRandom) -> ImageSurface {
        let width = 4 + numbers.nextInt(below: 90), height = 4 + numbers.nextInt(below: 120)
        let surface = ImageSurface(width: width, height: height)!
        let left = numbers.nextInt(below: width), top = numbers.nextInt(below: height)
        let right = left + numbers.nextInt(below: width - left) + 1, bottom = top + numbers.nextInt(below: height - top) + 1
        _ = surface.pixels
        let data = cairo_image_surface_get_data(surface.handle)!
        for y in top..<bottom {
            let row = UnsafeMutableRawPointer(data + y * surface.stride).assumingMemoryBound(to: UInt32.self)
            for x in left..<right where numbers.nextInt(below: 4) != 0 {
                let alpha = [255, 1 + numbers.nextInt(below: 255)][numbers.nextInt(below: 2)]
                let red = UInt32(numbers.nextInt(below: alpha + 1)), green = UInt32(numbers.nextInt(below: alpha + 1))
                row[x] = UInt32(alpha) << 24 | red << 16 | green << 8 | UInt32(numbers.nextInt(below: alpha + 1))
            }
        }
        surface.markDirty()
        return surface
    }

    @Test func placingOnlyWhatIsCoveredGivesTheBytesOfPlacingItWhole() {
        var numbers = SeededRandom(seed: 11)
        var clipped = 0, missed = 0, differing = 0
        let cases = 600
        for _ in 0..<cases {
            var copy = numbers
            let byBox = ColorThroughMaskTests.ground(width: 160, height: 120, numbers: &numbers)
            let whole = ColorThroughMaskTests.ground(width: 160, height: 120, numbers: &copy)
            let source = Self.figure(numbers: &numbers)
            // Shrunk, grown, one side unscaled, partly or wholly off the frame, faded or not.
            let scale = { (numbers: inout SeededRandom) in numbers.chance(0.1) ? 1 : numbers.next(in: 0.3...2.6 as ClosedRange<Double>) }
            let scaleX = scale(&numbers), scaleY = scale(&numbers)
            let originX = numbers.next(in: 0...Double(source.width) as ClosedRange<Double>), originY = numbers.next(in: 0...Double(source.height) as ClosedRange<Double>)
            let x = numbers.next(in: -80...240 as ClosedRange<Double>), y = numbers.next(in: -80...200 as ClosedRange<Double>)
            let alpha = numbers.chance(0.5) ? 1 : numbers.next(in: 0.05...0.99 as ClosedRange<Double>)
            let covered = source.coveredBox()
            let dc = byBox.makeContext()
            if let covered, case let clip = dc.placementClip(source, originX: originX, originY: originY, covered: covered,
                                                             transform: { cairo_translate(dc.cr, x, y); cairo_scale(dc.cr, scaleX, scaleY) }) {
                if case .box = clip { clipped += 1 } else if clip == .nothing { missed += 1 }
            }
            dc.place(source, originX: originX, originY: originY, x: x, y: y, scaleX: scaleX, scaleY: scaleY,
                     alpha: alpha, covered: covered)
            whole.makeContext().place(source, originX: originX, originY: originY, x: x, y: y, scaleX: scaleX,
                                      scaleY: scaleY, alpha: alpha, covered: nil)
            if ColorThroughMaskTests.bytes(byBox) != ColorThroughMaskTests.bytes(whole) { differing += 1 }
        }
        #expect(differing == 0)
        // The cases test something: many are clipped, some miss the frame altogether.
        #expect(clipped > cases / 6)
        #expect(missed > 0)
    }

    @Test func aPlacementFarBeyondTheFrameChangesNothing() {
        var numbers = SeededRandom(seed: 5)
        let source = Self.figure(numbers: &numbers)
        for (x, y) in [(1e12, 10.0), (10.0, -1e12), (-1e20, 1e20)] {
            var copy = numbers
            let frame = ColorThroughMaskTests.ground(width: 40, height: 30, numbers: &numbers)
            let untouched = ColorThroughMaskTests.ground(width: 40, height: 30, numbers: &copy)
            frame.makeContext().place(source, originX: 2, originY: 3, x: x, y: y, scaleX: 1.7, scaleY: 0.8, alpha: 1,
                                      covered: source.coveredBox())
            #expect(ColorThroughMaskTests.bytes(frame) == ColorThroughMaskTests.bytes(untouched))
        }
    }

    @Test func aTransformedContextPlacesTheWholeSurface() {
        var numbers = SeededRandom(seed: 3)
        let source = Self.figure(numbers: &numbers)
        let frame = ImageSurface(width: 64, height: 64)!
        let dc = frame.makeContext()
        dc.translate(0.5, 0)
        #expect(!dc.drawsPixelForPixel)
        dc.place(source, originX: 0, originY: 0, x: 3, y: 3, scaleX: 1.3, scaleY: 0.7, alpha: 1, covered: source.coveredBox())
        let reference = ImageSurface(width: 64, height: 64)!
        let rc = reference.makeContext()
        rc.translate(0.5, 0)
        rc.saved {
            rc.translate(3, 3)
            rc.scale(1.3, 0.7)
            cairo_set_source_surface(rc.cr, source.handle, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(rc.cr), CAIRO_FILTER_BILINEAR)
            cairo_paint(rc.cr)
        }
        #expect(ColorThroughMaskTests.bytes(frame) == ColorThroughMaskTests.bytes(reference))
    }

    @Test func theCoveredBoxIsWhereThePixelsAre() {
        let surface = ImageSurface(width: 9, height: 7)!
        #expect(surface.coveredBox() == nil)
        _ = surface.pixels
        let data = cairo_image_surface_get_data(surface.handle)!
        for (x, y) in [(2, 5), (6, 1)] {
            UnsafeMutableRawPointer(data + y * surface.stride).assumingMemoryBound(to: UInt32.self)[x] = 0x0100_0000
        }
        surface.markDirty()
        #expect(surface.coveredBox() == CoveredBox(x: 2, y: 1, width: 5, height: 5))
    }
}
