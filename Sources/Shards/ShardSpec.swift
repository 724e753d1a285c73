/// One slice of a render or a check split N ways: `index` (0-based) of `count` contiguous,
/// near-equal slices. Slice sizes differ by at most one frame, the larger ones first.
public struct ShardSpec: Equatable, Sendable, CustomStringConvertible {
    /// Which slice, from 0.
    public let index: Int
    /// How many slices.
    public let count: Int

    /// The largest number of shards accepted: more would only make empty pieces.
    public static let maximumCount = 10_000

    /// A spec for slice `index` of `count`; nil unless 0 ≤ index < count ≤ `maximumCount`.
    public init?(index: Int, count: Int) {
        guard count >= 1, count <= Self.maximumCount, index >= 0, index < count else { return nil }
        self.index = index
        self.count = count
    }

    /// Reads `I/N`, as `--shard` spells it; nil for anything else.
    public init?(text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// This shard's frames of `range`: contiguous, and together the shards cover it exactly.
    public func slice(of range: Range<Int>) -> Range<Int> {
        let size = range.count / count, extra = range.count % count
        let start = range.lowerBound + index * size + min(index, extra)
        return start..<start + size + (index < extra ? 1 : 0)
    }

    /// Every shard's frames of `range`, balanced by `costs` (one estimate per frame of
    /// `range`, each ≥ 0): contiguous slices of at least one frame each, the i-th ending at
    /// the frame where the running cost comes nearest to i/N of the total. Integer costs, so
    /// every shard computes the same split on any machine. Equal costs give `slice(of:)`'s
    /// sizes within one frame.
    public func split(of range: Range<Int>, costs: [Int]) -> [Range<Int>] {
        precondition(costs.count == range.count && range.count >= count)
        var prefix = [0]
        prefix.reserveCapacity(costs.count + 1)
        for cost in costs { prefix.append(prefix.last! + max(0, cost)) }
        let total = prefix.last!
        var bounds = [0]
        for k in 1..<count {
            // The first cut whose running cost reaches k/N of the total, or the one before it
            // when that is nearer; each slice keeps at least one frame.
            let target = k * total
            var cut = bounds.last! + 1
            while cut < costs.count && prefix[cut] * count < target { cut += 1 }
            if cut > bounds.last! + 1, target - prefix[cut - 1] * count < prefix[cut] * count - target { cut -= 1 }
            bounds.append(min(cut, costs.count - (count - k)))
        }
        bounds.append(costs.count)
        return (0..<count).map { range.lowerBound + bounds[$0]..<range.lowerBound + bounds[$0 + 1] }
    }

    /// This shard's elements of `items`, sliced like frames.
    public func slice<T>(of items: [T]) -> [T] {
        Array(items[slice(of: 0..<items.count)])
    }
}
