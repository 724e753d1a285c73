import CCairo
@testable import Render
import Testing
import Vocabulary

/// Pooled surfaces behave as fresh ones: transparent when handed out, whatever the memory
/// held before, and their memory is reused only once Cairo has let go of them.
@Suite struct SurfaceMemoryPoolTests {
    private func painted(_ surface: ImageSurface) {
        let dc = surface.makeContext()
        dc.setColor(RGBColor(1, 0.2, 0.4))
        cairo_paint(dc.cr)
        _ = surface.pixels
    }

    private func allTransparent(_ surface: ImageSurface) -> Bool {
        let pixels = surface.pixels
        for y in 0..<pixels.height {
            let row = pixels.base.advanced(by: y * pixels.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<pixels.width where row[x] != 0 { return false }
        }
        return true
    }

    @Test func reusedMemoryComesBackTransparent() throws {
        let pool = SurfaceMemoryPool()
        var first: ImageSurface? = try #require(pool.surface(width: 150, height: 220))
        painted(first!)
        let address = first!.pixels.base
        first = nil
        let second = try #require(pool.surface(width: 149, height: 221))
        #expect(second.pixels.base == address, "the same size class reuses the block")
        #expect(allTransparent(second))
    }

    @Test func memoryStillUsedByCairoIsNotLentAgain() throws {
        let pool = SurfaceMemoryPool()
        var first: ImageSurface? = try #require(pool.surface(width: 64, height: 64))
        painted(first!)
        // A pattern keeps the Cairo surface alive after the Swift object has gone.
        let pattern = cairo_pattern_create_for_surface(first!.handle)
        let address = first!.pixels.base
        first = nil
        let second = try #require(pool.surface(width: 64, height: 64))
        #expect(second.pixels.base != address)
        cairo_pattern_destroy(pattern)
        let third = try #require(pool.surface(width: 64, height: 64))
        #expect(third.pixels.base == address)
        #expect(allTransparent(third))
    }

    @Test func aSurfaceMayOutliveItsPool() throws {
        var pool: SurfaceMemoryPool? = SurfaceMemoryPool()
        let surface = try #require(pool!.surface(width: 32, height: 32))
        pool = nil
        painted(surface)
        #expect(!allTransparent(surface))
    }
}
