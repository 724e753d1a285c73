import ArgumentParser
import Foundation
import Output
import Rendering
import Shards

/// `aria-render assemble DIR -o final.mp4`: checks that the pieces of `render --shard` belong
/// together and cover every frame, then joins them without re-encoding and muxes the sound.
struct AssembleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assemble",
        abstract: "Join the pieces that `render --shard I/N` wrote into one video, without re-encoding.",
        discussion: """
        The pieces must belong together (the same scene hash, seed, size, frame rate, codec \
        settings and version) and cover the render with no gap and no overlap; otherwise one \
        line names the missing or foreign piece (exit 2). A piece whose manifest is absent (its \
        shard was killed) counts as missing: re-run that shard alone. PNG pieces are checked \
        only: their frames are already the final ones.
        """
    )

    @Argument(help: "The folder the shards wrote their pieces into.")
    var folder: String

    @Option(name: [.short, .customLong("output")], help: "The video to write (.mp4 or .webm, as the pieces); default out/<scene>.<format>.")
    var output: String?

    @Flag(name: .long, help: "Print nothing on standard error (errors excepted).")
    var quiet = false

    @Flag(name: .long, help: "Print a JSON summary on standard output.")
    var json = false

    func run() throws {
        let started = ContinuousClock.now
        let folder = self.folder.count > 1 && self.folder.hasSuffix("/") ? String(self.folder.dropLast()) : self.folder
        let plan: AssemblyPlan
        do {
            plan = try PieceFolder.plan(folder)
        } catch let failure as AssemblyPlan.Failure {
            throw ToolFailure(.badInput, failure.description)
        } catch let error as OutputError {
            throw ToolFailure(.badInput, error.description)
        }
        let reference = plan.reference
        var outputs: [String] = []
        if let format = VideoFormat(rawValue: reference.format) {
            let path = output ?? "out/\(reference.scene).\(format.rawValue)"
            guard VideoFormat(path: path) == format else {
                throw ToolFailure(.badInput, "the pieces are \(format.rawValue) segments: the output must end in .\(format.rawValue), not \(path)")
            }
            try SegmentJoiner.join(segments: plan.pieces.map { (folder + "/" + $0.file!, Double($0.frames.range.count) / Double($0.frameRate)) }, sound: plan.sound.map { folder + "/" + $0 },
                                   format: format, to: path)
            outputs.append(path)
        } else if let output {
            throw ToolFailure(.badInput, "the pieces in \(folder) are PNG frames, already final: there is nothing to join into \(output)")
        }
        let elapsed = started.duration(to: .now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        if !quiet {
            let what = outputs.isEmpty ? "are complete (PNG frames in \(folder))" : "joined into \(outputs[0])"
            fputs("\(plan.pieces.count) piece\(plan.pieces.count == 1 ? "" : "s") of \"\(reference.scene)\" (frames \(reference.whole), "
                  + "\(reference.width)x\(reference.height), \(reference.frameRate) fps\(plan.sound == nil ? "" : ", with sound")) \(what)"
                  + String(format: " in %.2f s\n", seconds), stderr)
        }
        if json {
            print(RenderSummaryJSON(scene: reference.scene, outcome: RenderOutcome(
                frames: reference.whole.range, width: reference.width, height: reference.height,
                framesPerSecond: reference.frameRate, seconds: seconds, outputs: outputs)).text)
        }
    }
}
