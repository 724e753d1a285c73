import GameKit
import Output
import Shards

/// Which frames a render draws: all of them, a range, or one.
public enum FrameChoice: Sendable, Equatable {
    /// Every frame of the scene.
    case all
    /// Frames `first` through `last` (to the end when nil), as `--frames A-B` / `A-` give them.
    case range(first: Int, last: Int?)
    /// One frame (`--frame N`).
    case single(Int)

    /// The frames as a range, checked against a scene of `frameCount` frames; throws
    /// `RenderRequestError` when they fall outside it.
    public func range(frameCount: Int) throws -> Range<Int> {
        guard frameCount > 0 else { throw RenderRequestError("the scene has no frames to render") }
        switch self {
        case .all:
            return 0..<frameCount
        case .single(let frame):
            guard frame < frameCount else {
                throw RenderRequestError("--frame \(frame) is outside the scene's frames 0-\(frameCount - 1)")
            }
            return frame..<frame + 1
        case let .range(first, last):
            let end = last.map { $0 + 1 } ?? frameCount
            guard first < frameCount, end <= frameCount else {
                throw RenderRequestError("--frames \(first)-\(last.map(String.init) ?? "") is outside the scene's frames 0-\(frameCount - 1)")
            }
            return first..<end
        }
    }
}

/// Everything one render needs, as `aria-render render` is asked for it.
public struct RenderRequest: Sendable {
    /// The scene, with the claps of its recording already heard.
    public var recorded: RecordedClaps
    /// The game the scene belongs to.
    public var game: any GameModule
    /// Size, rate and peer of the run.
    public var options: RunOptions
    /// Where it goes: a video, a PNG, a folder, a WAV; nil is `out/<scene>.mp4`.
    public var output: String?
    /// The frames drawn.
    public var frames: FrameChoice = .all
    /// Whether a video carries the scene's sound.
    public var sound = true
    /// Where the trace of the frames drawn is written, if anywhere.
    public var tracePath: String?
    /// Whether a folder of another render's frames may be replaced.
    public var overwrite = false
    /// Print nothing but errors.
    public var quiet = false
    /// A farm's slice: only this shard's frames, written as a piece into the folder `output`.
    public var shard: ShardSpec?
    /// What a piece holds: `mp4` (default), `webm` or `png`.
    public var piece: String?
    /// The tool's version, recorded in pieces.
    public var toolVersion = ""
    /// What decides the frames beyond the run: the scene file's bytes (or the built-in text).
    public var sceneBytes: [UInt8] = []
    /// The profile the run starts from and saves to at its end (`--profile`), if any.
    public var profile: RunProfile?

    /// A render of `recorded`'s scene, of `game`, with `options`.
    public init(recorded: RecordedClaps, game: any GameModule, options: RunOptions = RunOptions()) {
        self.recorded = recorded
        self.game = game
        self.options = options
    }

    /// The scene with its claps.
    public var scene: any GameScene { recorded.scene }

    /// A fresh run of the scene (each pass that only steps gets its own).
    public func makeRun() throws -> any GameRun {
        var options = options
        if let profile { options.saved = profile.loaded }
        return try game.makeRun(of: recorded.scene, options: options)
    }
}

/// What a render wrote.
public struct RenderOutcome: Sendable, Equatable {
    /// The frames drawn.
    public var frames: Range<Int>
    /// The size written (a video of odd size is padded by a pixel).
    public var width: Int
    /// The size written.
    public var height: Int
    /// Frames per second.
    public var framesPerSecond: Int
    /// Seconds it took.
    public var seconds: Double
    /// The files written.
    public var outputs: [String]

    /// An outcome from its parts.
    public init(frames: Range<Int>, width: Int, height: Int, framesPerSecond: Int, seconds: Double, outputs: [String]) {
        self.frames = frames
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.seconds = seconds
        self.outputs = outputs
    }
}
