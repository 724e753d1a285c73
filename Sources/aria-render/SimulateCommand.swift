import ArgumentParser
import Foundation
import Output
import Scene

/// `aria-render simulate [SCENE] [--trace FILE] [--frames N] [--clap-audio FILE.wav]`: runs a
/// scene without drawing and tells what happened; the trace holds every event as JSON Lines.
struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a scene without drawing and summarise what happened.",
        discussion: "Without SCENE the built-in default scene runs. --trace writes one JSON object per event (see docs/trace-format.md). "
            + "The claps of a recording (--clap-audio, or the scene's clap_audio) are heard at their times, from the source \"mic\"."
    )

    @OptionGroup var scene: SceneArgument

    @OptionGroup var clapAudio: ClapAudioOption

    @Option(name: .long, help: "Write the trace, one JSON object per line, to this file ('-' for standard output).")
    var trace: String?

    @Option(name: .long, help: "Trace only frames A through B ('A-B') or A to the end ('A-'), as render's --frames.")
    var frames: String?

    /// The frames asked for; a bare count N, the old spelling, is read as 0-N with a notice.
    private func selection() throws -> FrameSelection? {
        guard let frames else { return nil }
        if let count = Int(frames), count >= 0 {
            OptionNotice.renamed("--frames \(count)", to: "--frames 0-\(count)")
            return FrameSelection(argument: "0-\(count)")
        }
        guard let selection = FrameSelection(argument: frames) else {
            throw ValidationError("--frames \(frames): give A-B or A- (frame numbers from 0)")
        }
        try selection.check()
        return selection
    }

    func validate() throws {
        _ = try selection()
    }

    func run() throws {
        let recorded = try clapAudio.apply(to: try scene.load())
        let description = recorded.scene
        let chosen = try selection()
        if description.session != nil { return try runSession(description, frames: chosen) }
        let simulation = SceneSimulation(scene: description)
        let firstFrame = chosen?.first ?? 0
        let lastFrame = chosen?.last ?? simulation.frameCount
        let sink = try trace.map { try TraceFileSink(path: $0) }
        var summary = TraceSummary()
        func collect() {
            // Frames before the first asked for are stepped through, not traced.
            let batch = simulation.drainTrace().filter { $0.frame >= firstFrame }
            summary.add(batch)
            sink?.write(batch)
        }
        collect()
        // Frame by frame, so that the trace streams out and memory stays flat.
        for frame in stride(from: 1, through: lastFrame, by: 1) {
            simulation.advance(toFrame: frame)
            collect()
        }
        try sink?.close()
        let report = SimulationReport(scene: description, simulation: simulation, frames: lastFrame,
                                      summary: summary, tracePath: trace, recorded: recorded)
        if trace == "-" {
            Validate.printToStandardError(report.text)
        } else {
            print(report.text)
        }
    }
}

/// Writes trace lines to a file (or standard output) as they come, under a hidden temporary
/// name until `close`, so a failed or interrupted run leaves no half trace.
final class TraceFileSink {
    private let handle: FileHandle
    private let path: String
    private let temporary: String?

    init(path: String) throws {
        self.path = path
        if path == "-" {
            handle = FileHandle.standardOutput
            temporary = nil
            return
        }
        let temporary = StagedFile.temporaryName(for: path, tag: "-trace")
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
              let opened = FileHandle(forWritingAtPath: temporary) else {
            throw ToolFailure(.systemFailure, "cannot write the trace to \(path)")
        }
        handle = opened
        self.temporary = temporary
    }

    /// Abandons the trace: the temporary file goes, nothing takes the final name.
    func cancel() {
        guard let temporary else { return }
        try? handle.close()
        unlink(temporary)
    }

    func write(_ events: [TraceEvent]) {
        guard !events.isEmpty else { return }
        let text = events.map { $0.jsonLine + "\n" }.joined()
        handle.write(Data(text.utf8))
    }

    func close() throws {
        guard let temporary else { return }
        do {
            try handle.close()
            try StagedFile.commit(temporary, to: path)
        } catch {
            unlink(temporary)
            throw ToolFailure(.systemFailure, "cannot finish writing the trace to \(path)")
        }
    }
}

/// The few lines `simulate` prints: what ran and what happened in it.
struct SimulationReport {
    let scene: SceneDescription
    let simulation: SceneSimulation
    let frames: Int
    let summary: TraceSummary
    let tracePath: String?
    let recorded: RecordedClaps?

    var text: String {
        let seconds = Double(frames) / Double(simulation.clock.framesPerSecond)
        let name = scene.name
        var lines = [
            "Simulated \"\(name)\": \(Self.format(seconds)) s, \(frames) frames at \(simulation.clock.framesPerSecond) fps, "
                + "\(scene.canvasWidth)x\(scene.canvasHeight), \(scene.backdrop.rawValue)",
        ]
        let spawned = summary.spawned.isEmpty ? "none" : summary.spawned.joined(separator: ", ")
        lines.append("  characters   \(summary.spawned.count) spawned (\(spawned)), \(summary.removed.count) removed")
        lines.append("  gestures     \(summary.gestures.listing)")
        lines.append("  actions      \(summary.actions.total) started: \(summary.actions.listing)")
        lines.append("  effects      \(summary.effects.listing)")
        lines.append("  expressions  \(summary.expressions.listing)")
        lines.append("  claps        \(summary.claps)")
        if let recorded, let recording = recorded.recording {
            lines.append("  recording    \(recorded.claps.count) clap\(recorded.claps.count == 1 ? "" : "s") heard in \(recording)")
        }
        if summary.refusals.total > 0 { lines.append("  refused      \(summary.refusals.listing)") }
        lines.append("  feedback     \(summary.haptics) haptics, \(summary.sounds) sound cues")
        var events = "  events       \(summary.events) in the trace"
        if let tracePath, tracePath != "-" { events += " (written to \(tracePath))" }
        lines.append(events)
        return lines.joined(separator: "\n")
    }

    static func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
