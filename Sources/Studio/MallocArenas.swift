#if canImport(Glibc)
import Glibc
#endif

/// glibc's malloc arenas, kept few for a long-running server.
enum MallocArenas {
    /// Keeps glibc to two malloc arenas. By default it makes one per thread that meets another
    /// in malloc, up to 8 per core, and each keeps the memory freed in it; the work of a reload
    /// lands on whichever dispatch thread is free, so over hundreds of reloads every arena
    /// grew to its own high-water mark and the server's memory crept up by about a tenth
    /// before it levelled off (docs/studio.md). Called before the server's threads start.
    static func limit() {
        // mallopt is glibc's (malloc.h, which Swift's Glibc module leaves out): found by name.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        let arenaMax: Int32 = -8   // M_ARENA_MAX
        _ = mallopt(arenaMax, 2)
    }
}
