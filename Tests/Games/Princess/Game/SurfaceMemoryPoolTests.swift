import CCairo
@testable import PrincessGame
import Drawing
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

    /// A surface from `pool`, painted and let go of; its memory's address, and a pattern on
    /// it when `keptByCairo` (Cairo then still holds the surface).
    private func paintedAndDropped(_ pool: SurfaceMemoryPool, width: Int, height: Int,
                                   keptByCairo: Bool = false) throws -> (UnsafeRawPointer, OpaquePointer?) {
        let surface = try #require(pool.surface(width: width, height: height))
        painted(surface)
        return (surface.pixels.base, keptByCairo ? cairo_pattern_create_for_surface(surface.handle) : nil)
    }

    @Test func reusedMemoryComesBackTransparent() throws {
        let pool = SurfaceMemoryPool()
        let (address, _) = try paintedAndDropped(pool, width: 150, height: 220)
        let second = try #require(pool.surface(width: 149, height: 221))
        #expect(second.pixels.base == address, "the same size class reuses the block")
        #expect(allTransparent(second))
    }

    @Test func memoryStillUsedByCairoIsNotLentAgain() throws {
        let pool = SurfaceMemoryPool()
        let (address, pattern) = try paintedAndDropped(pool, width: 64, height: 64, keptByCairo: true)
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
