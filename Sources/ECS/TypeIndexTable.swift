/// A small open-addressing map from a type's identity to a slot number. Looking up a
/// component storage is on the path of every `add` and `get`, and a `Dictionary` keyed by
/// `ObjectIdentifier` spends most of its time hashing; the identity is already a
/// well-spread pointer, so a multiply-shift hash and linear probing suffice. Raw buffers
/// keep the look-up free of retains. Non-copyable, so the one owner's `deinit` frees them.
@usableFromInline
struct TypeIndexTable: ~Copyable {
    @usableFromInline var keys: UnsafeMutablePointer<UInt>
    @usableFromInline var values: UnsafeMutablePointer<Int32>
    @usableFromInline var mask: Int
    @usableFromInline var count: Int

    init() {
        (keys, values) = TypeIndexTable.allocate(64)
        mask = 63
        count = 0
    }

    private static func allocate(_ capacity: Int) -> (UnsafeMutablePointer<UInt>, UnsafeMutablePointer<Int32>) {
        let keys = UnsafeMutablePointer<UInt>.allocate(capacity: capacity)
        keys.initialize(repeating: 0, count: capacity)
        let values = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        values.initialize(repeating: -1, count: capacity)
        return (keys, values)
    }

    @inlinable @inline(__always)
    static func key(_ type: Any.Type) -> UInt {
        UInt(bitPattern: ObjectIdentifier(type))
    }

    @inlinable @inline(__always)
    static func home(_ key: UInt, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    /// The slot stored for `key`, or -1.
    @inlinable @inline(__always)
    func slot(forKey key: UInt) -> Int {
        var position = TypeIndexTable.home(key, mask)
        while true {
            let found = keys[position]
            if found == key { return Int(values[position]) }
            if found == 0 { return -1 }
            position = (position &+ 1) & mask
        }
    }

    mutating func insert(key: UInt, value: Int) {
        if (count + 1) * 2 > mask + 1 { rehash(capacity: (mask + 1) * 2) }
        var position = TypeIndexTable.home(key, mask)
        while keys[position] != 0 && keys[position] != key { position = (position + 1) & mask }
        if keys[position] == 0 { count += 1 }
        keys[position] = key
        values[position] = Int32(value)
    }

    private mutating func rehash(capacity: Int) {
        let oldKeys = keys, oldValues = values, oldCapacity = mask + 1
        (keys, values) = TypeIndexTable.allocate(capacity)
        mask = capacity - 1
        count = 0
        for position in 0..<oldCapacity where oldKeys[position] != 0 {
            insert(key: oldKeys[position], value: Int(oldValues[position]))
        }
        oldKeys.deallocate()
        oldValues.deallocate()
    }

    @inlinable
    deinit {
        keys.deallocate()
        values.deallocate()
    }
}
