import ECS
import Vocabulary

/// A sound an effect makes, sent with `World.send` so that the mixer and the trace hear it.
public struct EffectSoundCue: Sendable, Equatable {
    /// Which sound.
    public var sound: SoundName
    /// Where it happens, in canvas pixels.
    public var position: Vec2
    /// Simulation time, in seconds.
    public var time: Double

    /// A cue from its parts.
    public init(sound: SoundName, position: Vec2, time: Double) {
        self.sound = sound
        self.position = position
        self.time = time
    }
}

/// Sent in a step in which the scene-wide particle cap dropped spawns.
public struct ParticleCapReached: Sendable, Equatable {
    /// Simulation time, in seconds.
    public var time: Double
    /// How many particles were not spawned in that step.
    public var dropped: Int

    /// An event from its parts.
    public init(time: Double, dropped: Int) {
        self.time = time
        self.dropped = dropped
    }
}
