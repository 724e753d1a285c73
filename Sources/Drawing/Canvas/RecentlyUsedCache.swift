/// Values made on demand and kept while they are used: one unused for `keepFrames` frames is
/// dropped, and when `capacity` is reached the least recently used goes. It bounds memory
/// over a long render; what it holds never changes a pixel, since a value depends only on
/// its key.
package final class RecentlyUsedCache<Key: Hashable, Value> {
    private struct Entry {
        var value: Value
        var lastUse: Int
    }

    private var entries: [Key: Entry] = [:]
    private var clock = 0
    /// No value was last used before this frame (a lower bound: uses only move it later), so
    /// nothing can be stale, and the values need not be looked through, until then.
    private var oldestUse = 0
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
        guard entries.count > capacity / 2, clock - oldestUse > keepFrames else { return }
        entries = entries.filter { clock - $0.value.lastUse <= keepFrames }
        oldestUse = entries.values.lazy.map(\.lastUse).min() ?? clock
    }

    /// The value for `key`, made by `make` if it is not kept.
    package func value(for key: Key, make: () -> Value?) -> Value? {
        if let index = entries.index(forKey: key) {
            entries.values[index].lastUse = clock
            return entries.values[index].value
        }
        guard let value = make() else { return nil }
        made += 1
        if entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            entries[oldest] = nil
        }
        entries[key] = Entry(value: value, lastUse: clock)
        return value
    }
}
