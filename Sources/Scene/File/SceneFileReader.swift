import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a scene file's bytes without trusting its size: a file larger than the limit is
/// refused from its size (or, for a pipe or device, after `limit + 1` bytes), never read whole.
package enum SceneFileReader {
    package enum Failure: Error, Equatable {
        case missing
        case unreadable(String)
        /// The size when the file system knows it.
        case tooLarge(Int?)
    }

    /// The file's bytes, at most `limit` of them.
    package static func read(path: String, limit: Int) -> Result<[UInt8], Failure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(String(cString: strerror(errno))))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFDIR { return .failure(.unreadable("it is a folder")) }
        if kind == S_IFREG && Int(status.st_size) > limit { return .failure(.tooLarge(Int(status.st_size))) }
        if kind != S_IFREG {
            // A pipe or a device: read it as it comes, up to one byte past the limit.
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        }

        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(String(cString: strerror(errno))))
            }
            if count == 0 { break }
            filled += count
        }
        if filled > limit { return .failure(.tooLarge(nil)) }
        bytes.removeSubrange(filled...)
        return .success(bytes)
    }

    /// The first byte that is not part of valid UTF-8, with its line and column.
    package static func firstInvalidUTF8(in bytes: [UInt8]) -> (offset: Int, line: Int, column: Int)? {
        var index = 0, line = 1, column = 1
        while index < bytes.count {
            let byte = bytes[index]
            let length: Int
            switch byte {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return (index, line, column)
            }
            if length > 1 {
                guard index + length <= bytes.count else { return (index, line, column) }
                for next in 1..<length where bytes[index + next] & 0xC0 != 0x80 { return (index, line, column) }
                let second = bytes[index + 1]
                // Overlong forms, surrogates and values past U+10FFFF.
                if (byte == 0xE0 && second < 0xA0) || (byte == 0xED && second > 0x9F)
                    || (byte == 0xF0 && second < 0x90) || (byte == 0xF4 && second > 0x8F) {
                    return (index, line, column)
                }
            }
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
            index += length
        }
        return nil
    }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
#else
private let systemRead = Darwin.read
#endif
