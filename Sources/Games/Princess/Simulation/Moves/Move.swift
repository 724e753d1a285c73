import Feedback

/// One key of a move's channel: its value at a moment, and how it travels to the next key.
public struct MoveKey: Sendable, Equatable {
    /// Seconds from the move's start.
    public var at: Double
    /// The channel's value then, in the channel's units.
    public var value: Double
    /// How the value goes from here to the next key.
    public var easing: KeyEasing

    /// A key from its parts.
    public init(at: Double, value: Double, easing: KeyEasing = .linear) {
        self.at = at
        self.value = value
        self.easing = easing
    }
}

/// A sound or a haptic at a moment of a move.
public struct MoveCue: Sendable, Equatable {
    /// Seconds from the move's start.
    public var at: Double
    /// The sound that plays then, if any.
    public var sound: SoundEffect?
    /// The haptic then, if any.
    public var haptic: HapticKind?

    /// A cue from its parts.
    public init(at: Double, sound: SoundEffect? = nil, haptic: HapticKind? = nil) {
        self.at = at
        self.sound = sound
        self.haptic = haptic
    }
}

/// A move written as data (a moves file, or inline in a scene): keys on her pose's channels,
/// performed like a built-in action.
public struct Move: Sendable, Equatable {
    /// What the timeline and the trace call it.
    public var name: String
    /// One performance in seconds (one round when it loops).
    public var duration: Double
    /// Whether it starts over at its end, until another action replaces it.
    public var loops: Bool
    /// Each keyed channel's keys, in time order.
    public var keys: [MoveChannel: [MoveKey]]
    /// Sounds and haptics at moments of the move, in time order.
    public var cues: [MoveCue]
    /// The channels that keep their full size with reduce motion; the others move half as
    /// far from her resting pose.
    public var keptWithReduceMotion: Set<MoveChannel>

    /// A move from its parts; `keys` in time order, as the reader checks.
    public init(name: String, duration: Double, loops: Bool = false, keys: [MoveChannel: [MoveKey]],
                cues: [MoveCue] = [], keptWithReduceMotion: Set<MoveChannel> = []) {
        self.name = name
        self.duration = duration
        self.loops = loops
        self.keys = keys
        self.cues = cues
        self.keptWithReduceMotion = keptWithReduceMotion
    }

    /// How far into one round `elapsed` seconds are: wrapped when the move loops, held at
    /// the end when it does not.
    public func moment(_ elapsed: Double) -> Double {
        guard loops else { return min(max(elapsed, 0), duration) }
        let round = elapsed.truncatingRemainder(dividingBy: duration)
        return round < 0 ? round + duration : round
    }

    /// The value of `channel` `elapsed` seconds in, or nil when the move does not key it.
    public func value(of channel: MoveChannel, at elapsed: Double) -> Double? {
        guard let keys = keys[channel], let first = keys.first else { return nil }
        let t = moment(elapsed)
        if t <= first.at { return first.value }
        for (key, next) in zip(keys, keys.dropFirst()) where t < next.at {
            let span = next.at - key.at
            let progress = key.easing.progress(span > 0 ? (t - key.at) / span : 1)
            return key.value + (next.value - key.value) * progress
        }
        return keys[keys.count - 1].value
    }

    /// Sets the channels it keys on `pose` for `elapsed` seconds in; with reduce motion the
    /// channels it does not keep move half as far from where `pose` rests.
    public func apply(at elapsed: Double, reduceMotion: Bool, to pose: inout CharacterPose) {
        for channel in MoveChannel.allCases {
            guard var value = value(of: channel, at: elapsed) else { continue }
            if reduceMotion && !keptWithReduceMotion.contains(channel) {
                let rest = channel.rest(in: pose)
                value = rest + (value - rest) * 0.5
            }
            channel.write(value, to: &pose)
        }
    }

    /// The cues whose moment falls after `from` and at or before `to` (seconds since the
    /// start), each round of a looping move once.
    public func cues(after from: Double, through to: Double) -> [MoveCue] {
        guard to > from else { return [] }
        guard loops else { return cues.filter { $0.at > from && $0.at <= to } }
        var due: [MoveCue] = []
        var round = (max(from, 0) / duration).rounded(.down)
        while round * duration <= to {
            let base = round * duration
            due += cues.filter { base + $0.at > from && base + $0.at <= to }
            round += 1
        }
        return due
    }
}
