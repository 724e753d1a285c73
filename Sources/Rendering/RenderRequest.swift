import GameKit
import Output
import Shards

/// Which frames a render draws: all of them, a span, or stills.
public enum FrameChoice: Sendable, Equatable {
    /// Every frame of the scene.
    case all
    /// A span, as `--frames A-B` / `A-` / `9s-12s` gives it.
    case span(RequestedFrames)
    /// One or more stills, as `--frame N`, `--frame 60,150,300` or `--at 5` (seconds) gives them.
    case stills(RequestedStills)

    /// Frames `first` through `last` (to the end when nil).
    public static func range(first: Int, last: Int?) -> FrameChoice { .span(RequestedFrames(first: first, last: last)) }
    /// One frame.
    public static func single(_ frame: Int) -> FrameChoice { .stills(RequestedStills(frame: frame)) }

    /// The frames drawn, in the order a run reaches them, checked against a scene of
    /// `frameCount` frames at `framesPerSecond`; throws `RenderRequestError` when they fall outside it.
    public func frames(frameCount: Int, framesPerSecond: Int) throws -> [Int] {
        guard case .stills(let stills) = self else { return Array(try range(frameCount: frameCount, framesPerSecond: framesPerSecond)) }
        guard frameCount > 0 else { throw RenderRequestError("the scene has no frames to render") }
        let frames = try stills.moments.map { moment in
            let frame = moment.frame(framesPerSecond: framesPerSecond)
            guard frame < frameCount else { throw Self.outside("\(stills.option) \(moment)", frame, frameCount, framesPerSecond) }
            return frame
        }
        return Array(Set(frames)).sorted()
    }

    /// The span from the first frame drawn to the last, checked as `frames` checks it.
    public func range(frameCount: Int, framesPerSecond: Int) throws -> Range<Int> {
        guard frameCount > 0 else { throw RenderRequestError("the scene has no frames to render") }
        switch self {
        case .all:
            return 0..<frameCount
        case .stills:
            let frames = try self.frames(frameCount: frameCount, framesPerSecond: framesPerSecond)
            return frames[0]..<frames[frames.count - 1] + 1
        case .span(let span):
            let (first, last) = try span.frames(framesPerSecond: framesPerSecond)
            let end = last.map { $0 + 1 } ?? frameCount
            guard first < frameCount, end <= frameCount else {
                throw Self.outside("--frames \(span.text)", nil, frameCount, framesPerSecond)
            }
            return first..<end
        }
    }

    /// Whether one frame is asked for (a `.png` output then holds it).
    public var isSingle: Bool {
        if case .stills(let stills) = self { return stills.moments.count == 1 }
        return false
    }

    /// The stills or span as the user gave them, for messages.
    public var text: String {
        switch self {
        case .all: return "all"
        case .span(let span): return span.text
        case .stills(let stills): return stills.text
        }
    }

    /// Whether several stills are asked for (they go to a folder).
    public var isStills: Bool {
        if case .stills(let stills) = self { return stills.moments.count > 1 }
        return false
    }

    private static func outside(_ option: String, _ frame: Int?, _ frameCount: Int, _ framesPerSecond: Int) -> RenderRequestError {
        let seconds = FrameTime.format(Double(frameCount) / Double(framesPerSecond))
        let named = frame.map { " (frame \($0) at \(framesPerSecond) fps)" } ?? ""
        return RenderRequestError("\(option)\(named) is outside the scene's frames 0-\(frameCount - 1) (0-\(seconds)s)")
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
    /// A contact sheet of the frames instead of the frames themselves (`--contact-sheet`).
    public var contactSheet: ContactSheetRequest?

    /// A render of `recorded`'s scene, of `game`, with `options`.
    public init(recorded: RecordedClaps, game: any GameModule, options: RunOptions = RunOptions()) {
        self.recorded = recorded
        self.game = game
        self.options = options
    }

    /// The scene with its claps.
    public var scene: any GameScene { recorded.scene }

    /// The run's options with the profile's saved state loaded.
    public var runOptions: RunOptions {
        var options = options
        if let profile { options.saved = profile.loaded }
        return options
    }

    /// A fresh run of the scene (each pass that only steps gets its own).
    public func makeRun() throws -> any GameRun {
        try game.makeRun(of: recorded.scene, options: runOptions)
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
    /// How many frames were drawn: all of `frames`, or fewer for stills and contact sheets.
    public var drawn: Int

    /// An outcome from its parts.
    public init(frames: Range<Int>, width: Int, height: Int, framesPerSecond: Int, seconds: Double, outputs: [String], drawn: Int? = nil) {
        self.frames = frames
        self.drawn = drawn ?? frames.count
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.seconds = seconds
        self.outputs = outputs
    }
}
