import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Swaps two folders in one step with Linux's `renameat2(RENAME_EXCHANGE)`, so a reader sees
/// the one or the other under a name, never neither. glibc declares it only for C code that
/// asks for GNU extensions, so it is looked up at run time.
enum DirectoryExchange {
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private static let renameExchange: UInt32 = 1 << 1

    private static let renameat2: RenameAt2? = {
        #if os(Linux)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
        #else
        return nil
        #endif
    }()

    /// Exchanges `a` and `b` (both must exist); false when the system or file system cannot,
    /// with `errno` set.
    static func exchange(_ a: String, _ b: String) -> Bool {
        guard let renameat2 else { errno = ENOSYS; return false }
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
    }
}
