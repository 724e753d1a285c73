#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable, manually managed array of `T`. Storages use it instead of `Array` so that a
/// component can be written through a pointer during iteration without Swift's exclusivity
/// checks on a class property, and without copy-on-write checks in the hot loop.
/// Non-copyable, so exactly one owner holds the block and `deinit` frees it: no copy can
/// free it twice or outlive it, and no owner has to remember to release it.
@usableFromInline
struct UnsafeColumn<T>: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<T>
    @usableFromInline var count: Int
    @usableFromInline var capacity: Int

    @inlinable
    init(capacity: Int = 16) {
        self.capacity = max(capacity, 1)
        self.base = UnsafeMutablePointer<T>.allocate(capacity: self.capacity)
        self.count = 0
    }

    @inlinable
    mutating func append(_ value: T) {
        if count == capacity { grow(to: capacity &* 2) }
        (base + count).initialize(to: value)
        count &+= 1
    }

    @inlinable
    mutating func reserve(_ minimumCapacity: Int) {
        if minimumCapacity > capacity { grow(to: minimumCapacity) }
    }

    @usableFromInline
    mutating func grow(to newCapacity: Int) {
        if _isPOD(T.self), MemoryLayout<T>.alignment <= 16 {
            // Plain data can move bitwise, so let the allocator grow the block in place or
            // remap its pages: no copy and no fresh page faults for what is already there.
            let bytes = newCapacity * MemoryLayout<T>.stride
            guard let grown = realloc(UnsafeMutableRawPointer(base), bytes) else {
                fatalError("out of memory growing a component column to \(bytes) bytes")
            }
            base = grown.assumingMemoryBound(to: T.self)
            LargeBlock.preferHugePages(grown, bytes: bytes)
        } else {
            let fresh = UnsafeMutablePointer<T>.allocate(capacity: newCapacity)
            fresh.moveInitialize(from: base, count: count)
            base.deallocate()
            base = fresh
        }
        capacity = newCapacity
    }

    /// Removes the element at `position` by moving the last element into its place.
    @inlinable
    mutating func swapRemove(at position: Int) {
        let last = count &- 1
        if position != last {
            (base + position).pointee = (base + last).move()
        } else {
            (base + last).deinitialize(count: 1)
        }
        count = last
    }

    @inlinable
    mutating func popLast() -> T? {
        if count == 0 { return nil }
        count &-= 1
        return (base + count).move()
    }

    @inlinable
    subscript(position: Int) -> T {
        get { base[position] }
        nonmutating set { base[position] = newValue }
    }

    @inlinable
    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }
}

/// Large columns ask the kernel for 2 MiB pages, so that filling a big column takes far
/// fewer page faults. A hint only; nothing changes if it is refused.
enum LargeBlock {
    static let hugePage = 2 << 20

    static func preferHugePages(_ block: UnsafeMutableRawPointer, bytes: Int) {
        #if os(Linux)
        guard bytes >= 2 * hugePage else { return }
        let start = (Int(bitPattern: block) + hugePage - 1) & ~(hugePage - 1)
        let end = (Int(bitPattern: block) + bytes) & ~(hugePage - 1)
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, MADV_HUGEPAGE)
        #endif
    }
}
