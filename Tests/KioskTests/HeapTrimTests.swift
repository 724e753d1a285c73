import Foundation
import Testing
@testable import Kiosk

/// The kiosk gives the heap's free pages back every few seconds, so its resident memory stays
/// at what it uses, not at the most it ever used.
struct HeapTrimTests {
    @Test func freedMemoryGoesBackToTheSystem() throws {
        // 128 MB in blocks the heap keeps (under glibc's mmap threshold), written to, and one
        // block after them, so the heap cannot simply shrink from its top once they are freed.
        let size = 65_536
        let blocks = (0..<2_048).map { _ -> UnsafeMutableRawPointer in
            let block = malloc(size)!
            memset(block, 1, size)
            return block
        }
        let pinned = malloc(size)!  // from the heap's top, as the blocks were: nothing freed yet fits it
        defer { free(pinned) }
        blocks.forEach { free($0) }
        // Whether the pages inside the freed blocks are in memory, asked of the kernel itself;
        // the process's resident total would also count what tests running beside this one do.
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        func residentShare() -> Double {
            var resident = 0, asked = 0
            for block in stride(from: 0, to: blocks.count, by: 8).map({ blocks[$0] }) {
                let inside = (Int(bitPattern: block) + 2 * page) & ~(page - 1)  // past the block's header
                for k in 0..<8 {
                    var state: UInt8 = 0
                    guard let address = UnsafeMutableRawPointer(bitPattern: inside + k * page),
                          mincore(address, page, &state) == 0 else { continue }
                    asked += 1
                    if state & 1 == 1 { resident += 1 }
                }
            }
            return Double(resident) / Double(max(asked, 1))
        }
        let before = residentShare()
        HeapTrim.returnFreePages()
        let after = residentShare()
        print(String(format: "heap trim: of the pages inside 128 MB of freed blocks, %.0f %% in memory before the trim, %.0f %% after", before * 100, after * 100))
        #expect(before > 0.9)
        #expect(after < 0.1)
    }
}
