import Trace

/// What `simulate` tells of a run: the game reads the trace as it streams by (memory stays
/// flat), then says what happened in its own words.
public protocol RunTally: AnyObject {
    /// Reads the next events of the trace.
    func add(_ events: [TraceEvent])
    /// The summary `simulate` prints, one line each.
    func report(_ run: RunTallyContext) -> [String]
}

/// What a tally's report says besides the trace: the run and where its trace went.
public struct RunTallyContext: Sendable {
    /// The scene's name.
    public var scene: String
    /// Frames stepped through.
    public var frames: Int
    /// Frames per second.
    public var framesPerSecond: Int
    /// The scene's canvas.
    public var width: Int
    /// The scene's canvas.
    public var height: Int
    /// Where the trace was written (`-` for standard output), if anywhere.
    public var tracePath: String?
    /// The recording whose claps were heard, and how many.
    public var recording: (path: String, claps: Int)?

    /// A context from its parts.
    public init(scene: String, frames: Int, framesPerSecond: Int, width: Int, height: Int, tracePath: String?,
                recording: (path: String, claps: Int)?) {
        self.scene = scene
        self.frames = frames
        self.framesPerSecond = framesPerSecond
        self.width = width
        self.height = height
        self.tracePath = tracePath
        self.recording = recording
    }

    /// Seconds simulated.
    public var seconds: Double { Double(frames) / Double(max(framesPerSecond, 1)) }

    /// `2.5`, `10`: seconds with at most two decimals.
    public static func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// The last line: how many events, and where they went.
    public func eventsLine(_ count: Int) -> String {
        var line = "  events       \(count) in the trace"
        if let tracePath, tracePath != "-" { line += " (written to \(tracePath))" }
        return line
    }
}

/// The tally of a game that says nothing more: how many of each event.
public final class EventCountTally: RunTally {
    private var counts: [(name: String, count: Int)] = []
    private var total = 0

    /// An empty tally.
    public init() {}

    public func add(_ events: [TraceEvent]) {
        total += events.count
        for event in events {
            if let index = counts.firstIndex(where: { $0.name == event.event }) {
                counts[index].count += 1
            } else {
                counts.append((event.event, 1))
            }
        }
    }

    public func report(_ run: RunTallyContext) -> [String] {
        var lines = ["Simulated \"\(run.scene)\": \(RunTallyContext.format(run.seconds)) s, \(run.frames) frames at "
                     + "\(run.framesPerSecond) fps, \(run.width)x\(run.height)"]
        if !counts.isEmpty { lines.append("  by kind      " + counts.map { "\($0.name) \($0.count)" }.joined(separator: ", ")) }
        if let recording = run.recording {
            lines.append("  recording    \(recording.claps) clap\(recording.claps == 1 ? "" : "s") heard in \(recording.path)")
        }
        lines.append(run.eventsLine(total))
        return lines
    }
}
