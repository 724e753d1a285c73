/// Values made on demand and kept while they are used: one unused for `keepFrames` frames is
/// dropped, and when `capacity` is reached the least recently used goes. It bounds memory
/// over a long render; what it holds never changes a pixel, since a value depends only on
/// its key.
package final class RecentlyUsedCache<Key: Hashable, Value> {
    private var entries: [Key: (value: Value, lastUse: Int)] = [:]
    private var clock = 0
    private let keepFrames: Int
    private let capacity: Int
    /// How many values have been made (cache misses), for tests and measurements.
    package private(set) var made = 0

    package init(keepFrames: Int, capacity: Int) {
        self.keepFrames = keepFrames
        self.capacity = capacity
    }

    /// The number of values kept.
    package var count: Int { entries.count }

    /// Call once per frame: ages the values and drops the stale ones.
    package func nextFrame() {
        clock += 1
        guard entries.count > capacity / 2 else { return }
        entries = entries.filter { clock - $0.value.lastUse <= keepFrames }
    }

    /// The value for `key`, made by `make` if it is not kept.
    package func value(for key: Key, make: () -> Value?) -> Value? {
        if let entry = entries[key] {
            entries[key] = (entry.value, clock)
            return entry.value
        }
        guard let value = make() else { return nil }
        made += 1
        if entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            entries[oldest] = nil
        }
        entries[key] = (value, clock)
        return value
    }
}
