import CCairo

/// Pixel memory for short-lived surfaces, handed back when Cairo lets go of a surface and
/// handed out again for the next one. A princess's figure is drawn into a new surface nearly
/// every frame, and fresh memory from the system costs a page fault for every 4 KB touched
/// (a twentieth of an MP4 render's own time); memory reused is only cleared. Blocks are kept
/// by size class (64 KB steps), at most `keptBytes` in all. Not thread-safe: one renderer's.
package final class SurfaceMemoryPool {
    private var free: [Int: [UnsafeMutableRawPointer]] = [:]
    private var freeBytes = 0
    private let keptBytes: Int
    private static let sizeStep = 1 << 16

    /// A pool keeping at most `keptBytes` of unused memory.
    package init(keptBytes: Int = 32 << 20) {
        self.keptBytes = keptBytes
    }

    deinit {
        for blocks in free.values { for block in blocks { block.deallocate() } }
    }

    /// A new transparent ARGB32 surface in pooled memory; nil for absurd sizes. Unless
    /// `cleared`, its pixels are whatever the memory held: for a caller that sets every one.
    package func surface(width: Int, height: Int, cleared: Bool = true) -> ImageSurface? {
        guard width > 0, height > 0, width <= 32_767, height <= 32_767 else { return nil }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        let size = (stride * height + Self.sizeStep - 1) / Self.sizeStep * Self.sizeStep
        let block = take(size)
        if cleared { block.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height) }
        guard let surface = cairo_image_surface_create_for_data(block.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                Int32(width), Int32(height), Int32(stride)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            give(block, size: size)
            return nil
        }
        // Cairo calls back when it finalises the surface (its last reference gone, which may
        // be after the Swift object): only then is the memory free to reuse.
        let loan = Unmanaged.passRetained(Loan(pool: self, block: block, size: size)).toOpaque()
        cairo_surface_set_user_data(surface, Self.loanKey, loan) { pointer in
            guard let pointer else { return }
            let loan = Unmanaged<Loan>.fromOpaque(pointer).takeRetainedValue()
            loan.pool?.give(loan.block, size: loan.size) ?? loan.block.deallocate()
        }
        return ImageSurface(handle: surface, width: width, height: height, format: .argb32)
    }

    private func take(_ size: Int) -> UnsafeMutableRawPointer {
        if let block = free[size]?.popLast() {
            freeBytes -= size
            return block
        }
        return .allocate(byteCount: size, alignment: 64)
    }

    private func give(_ block: UnsafeMutableRawPointer, size: Int) {
        guard freeBytes + size <= keptBytes else {
            block.deallocate()
            return
        }
        free[size, default: []].append(block)
        freeBytes += size
    }

    /// A block lent to one surface; the pool is weak so a surface outliving its pool frees it.
    private final class Loan {
        package weak var pool: SurfaceMemoryPool?
        package let block: UnsafeMutableRawPointer
        package let size: Int

        package init(pool: SurfaceMemoryPool, block: UnsafeMutableRawPointer, size: Int) {
            self.pool = pool
            self.block = block
            self.size = size
        }
    }

    /// The address Cairo files the loan under (only its identity matters).
    nonisolated(unsafe) private static let loanKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
}
