import ECS
import SavedState
import Trace

/// A game's simulation of one scene, as the engine drives it: stepped to any frame without
/// drawing, handing out a snapshot of the moment and the typed events of the steps run, and
/// taking live input for the next step. Pure: no clock, no I/O, no drawing.
public protocol GameSimulation: AnyObject {
    /// What the painter draws: pure data, no reference to the world.
    associatedtype Snapshot

    /// Frames to simulation steps.
    var clock: FixedStepClock { get }
    /// Frames in the scene's duration at the output frame rate.
    var frameCount: Int { get }
    /// Output size in pixels.
    var outputWidth: Int { get }
    /// Output size in pixels.
    var outputHeight: Int { get }
    /// Steps the world until it shows frame `target`; never goes back.
    func advance(toFrame target: Int)
    /// The trace events since the last drain, in order.
    func drainTrace() -> [TraceEvent]
    /// The moment the world shows now.
    func snapshot() -> Snapshot
    /// Queues a live input for the next step; `source` is written in the trace.
    func inject(_ input: LiveInput, source: String)
    /// The clap sensitivity in force now (`easy`, `medium`, `hard`; a microphone follows it),
    /// nil for a game that does not listen for claps.
    var clapSensitivity: String? { get }
    /// How many things move in the frame the world shows (a default says none).
    var movingParts: Int { get }
    /// A tally of the run's trace for `simulate` (a default counts events by name).
    func makeTally() -> any RunTally
    /// What the run changed, so far, of what the game keeps between runs (a default: nothing),
    /// as plain values: the engine saves them, the simulation never touches a file.
    func savedChanges() -> SavedValues
}

extension GameSimulation {
    /// Not listening for claps, unless the game does.
    public var clapSensitivity: String? { nil }

    /// How many things move in the frame the world shows (particles, flying props): what makes
    /// a frame dear to encode, for a farm's balanced split. None, unless the game says.
    public var movingParts: Int { 0 }

    /// A tally of the run's trace for `simulate`'s summary: events counted by name, unless the
    /// game tells more.
    public func makeTally() -> any RunTally { EventCountTally() }

    /// Nothing kept between runs, unless the game keeps something.
    public func savedChanges() -> SavedValues { .none }
}
