import ArgumentParser
import Foundation
import GameKit
import Rendering

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

    @OptionGroup var cv: CVEventsOption
    @OptionGroup var profile: ProfileOption

    @Flag(help: "Treat warnings (timeline entries the run refuses or clamps) as errors: exit 2.")
    var strict = false

    @Option(name: .long, help: "Write the trace, one JSON object per line, to this file ('-' for standard output).")
    var trace: String?

    @Option(name: .long, help: "Trace only frames A through B ('A-B') or A to the end ('A-'), or times (9s-12s), as render's --frames.")
    var frames: String?

    /// The frames asked for; a bare count N, the old spelling, is read as 0-N with a notice.
    private func selection() throws -> RequestedFrames? {
        guard let frames else { return nil }
        if let count = Int(frames), count >= 0 {
            OptionNotice.renamed("--frames \(count)", to: "--frames 0-\(count)")
            return RequestedFrames(first: 0, last: count)
        }
        guard case .span(let span) = try ValidationError.from({ try FrameChoice.parse(stills: nil, span: frames) }) else { return nil }
        return span
    }

    func validate() throws {
        _ = try selection()
    }

    func run() throws {
        let opened = try scene.load()
        let recorded = try clapAudio.apply(to: opened)
        let chosen = try selection()
        let run: any GameRun
        let profile = try self.profile.open(for: opened.game)
        do {
            let options = RunOptions(cvRecording: try cv.load(for: opened.game), saved: profile?.loaded ?? .none)
            try SceneWarnings.report(OpenedScene(game: opened.game, scene: recorded.scene), file: scene.path ?? opened.scene.name, options: options, strict: strict)
            run = try opened.game.makeRun(of: recorded.scene, options: options)
        } catch let error as GameRunError {
            throw ToolFailure(.badInput, error.description)
        }
        let span = try chosen?.frames(framesPerSecond: run.clock.framesPerSecond)
        let firstFrame = span?.first ?? 0
        let lastFrame = span?.last ?? run.frameCount
        let tally = try TracedSimulation.run(run, from: firstFrame, through: lastFrame, tracePath: trace)
        try profile?.save(from: run)
        let header = recorded.scene.header
        let context = RunTallyContext(scene: header.name, frames: lastFrame, framesPerSecond: run.clock.framesPerSecond,
                                      width: header.canvasWidth, height: header.canvasHeight, tracePath: trace,
                                      recording: recorded.recording.map { ($0, recorded.claps.count) })
        let text = tally.report(context).joined(separator: "\n")
        if trace == "-" {
            Validate.printToStandardError(text)
        } else {
            print(text)
        }
    }
}
