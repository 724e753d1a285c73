import Foundation
import Testing
@testable import Kiosk

/// The kiosk gives the heap's free pages back every few seconds, so its resident memory stays
/// at what it uses, not at the most it ever used.
struct HeapTrimTests {
    @Test func freedMemoryGoesBackToTheSystem() throws {
        // 256 MB in small blocks, which the heap keeps (they are under glibc's mmap threshold),
        // and one block after them, so the heap cannot simply shrink from its top when they
        // are freed.
        let blocks = (0..<65_536).map { _ -> UnsafeMutableRawPointer in
            let block = malloc(4_096)!
            memset(block, 1, 4_096)
            return block
        }
        let pinned = malloc(64)!
        defer { free(pinned) }
        blocks.forEach { free($0) }
        let kept = ProcessUsage.current().residentBytes
        HeapTrim.returnFreePages()
        let trimmed = ProcessUsage.current().residentBytes
        print(String(format: "heap trim: %.0f MB resident with 256 MB freed, %.0f MB after the trim", Double(kept) / 1e6, Double(trimmed) / 1e6))
        #expect(kept - trimmed > 128_000_000)
    }
}
