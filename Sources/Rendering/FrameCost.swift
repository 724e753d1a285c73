import GameKit

/// A deterministic estimate of what one frame costs a shard to draw and encode, from the
/// simulation alone, so that every shard computes the same balanced split of a render
/// (`ShardSpec.split(of:costs:)`) without measuring anything. Units are arbitrary integers:
/// what matters is their ratio, fitted to the default scene at 1080p (docs/farm.md).
public enum FrameCost {
    /// Every frame: the backdrop, the conversion and most of the encoder's work.
    static let base = 1000
    /// A frame with particles on it costs x264 more (motion over much of the picture), up to
    /// this much more; past `busyParticles` more particles barely change the cost.
    static let busy = 600
    static let busyParticles = 32
    /// Shard 0 also encodes the whole render's sound, about this much per frame of the render.
    static let soundPerFrame = 45

    /// The estimate for a frame with `movingParts` moving things (particles) on it.
    public static func of(movingParts: Int) -> Int {
        base + busy * min(movingParts, busyParticles) / busyParticles
    }

    /// The estimates of `frames`, stepping `run` (a fresh one, not the one that draws)
    /// through them without drawing; with `sound`, the first frame also carries the cost of
    /// encoding the sound of all of them, since shard 0 does that.
    public static func of(_ frames: Range<Int>, stepping run: any GameRun, sound: Bool) -> [Int] {
        var costs = frames.map { frame -> Int in
            run.advance(toFrame: frame)
            _ = run.drainTrace()
            return of(movingParts: run.movingParts)
        }
        if sound, !costs.isEmpty { costs[0] += soundPerFrame * frames.count }
        return costs
    }
}
