/// Appends little-endian values to a byte buffer: the wire format's writer.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 64) { bytes.reserveCapacity(capacity) }

    mutating func u8(_ value: UInt8) { bytes.append(value) }
    mutating func u16(_ value: UInt16) { integer(value) }
    mutating func u32(_ value: UInt32) { integer(value) }
    mutating func u64(_ value: UInt64) { integer(value) }
    mutating func f32(_ value: Float) { integer(value.bitPattern) }

    /// A length byte and the UTF-8 bytes (the encoder only writes texts the validator accepts).
    mutating func text(_ value: String) {
        let utf8 = Array(value.utf8.prefix(SyncSchema.maxTextBytes))
        bytes.append(UInt8(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    /// Overwrites two bytes at `offset` (a length known only after the body is written).
    mutating func patchU16(_ value: UInt16, at offset: Int) {
        bytes[offset] = UInt8(value & 0xFF)
        bytes[offset + 1] = UInt8(value >> 8)
    }

    private mutating func integer<T: FixedWidthInteger>(_ value: T) {
        var little = value.littleEndian
        withUnsafeBytes(of: &little) { bytes.append(contentsOf: $0) }
    }
}

/// Reads little-endian values from bytes, never past their end: every read that would is a
/// `SyncRejection.truncated`, so hostile bytes end in a rejection, never a trap.
struct ByteReader {
    private let bytes: [UInt8]
    private(set) var offset: Int
    let end: Int

    init(_ bytes: [UInt8], from start: Int = 0, to end: Int? = nil) {
        self.bytes = bytes
        offset = start
        self.end = min(end ?? bytes.count, bytes.count)
    }

    var remaining: Int { end - offset }

    mutating func u8() throws -> UInt8 {
        guard offset < end else { throw SyncRejection.truncated }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func u16() throws -> UInt16 { try integer(UInt16.self) }
    mutating func u32() throws -> UInt32 { try integer(UInt32.self) }
    mutating func u64() throws -> UInt64 { try integer(UInt64.self) }
    mutating func f32() throws -> Float { Float(bitPattern: try integer(UInt32.self)) }

    /// A length byte and that many bytes of valid UTF-8 without control characters, 1…64 bytes.
    mutating func text(_ what: String) throws -> String {
        let count = Int(try u8())
        guard count >= 1, count <= SyncSchema.maxTextBytes else { throw SyncRejection.badText(what) }
        guard remaining >= count else { throw SyncRejection.truncated }
        let slice = bytes[offset..<offset + count]
        offset += count
        guard slice.allSatisfy({ $0 >= 0x20 && $0 != 0x7F }),
              let text = String(validating: slice, as: UTF8.self) else { throw SyncRejection.badText(what) }
        return text
    }

    mutating func skip(to position: Int) { offset = max(offset, min(position, end)) }

    private mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let size = MemoryLayout<T>.size
        guard remaining >= size else { throw SyncRejection.truncated }
        var value: T = 0
        for index in 0..<size { value |= T(bytes[offset + index]) << (8 * index) }
        offset += size
        return value
    }
}

/// FNV-1a, 32 bits: the checksum that ends every message. A changed byte always changes it.
enum Checksum {
    static func fnv1a(_ bytes: [UInt8], count: Int) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for index in 0..<count {
            hash ^= UInt32(bytes[index])
            hash = hash &* 0x0100_0193
        }
        return hash
    }
}
