import ArgumentParser
import Foundation
import Rendering

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
        let assembly: PieceAssembly
        do { assembly = try PieceAssembly(folder: folder, output: output) } catch let refusal as PieceAssembly.Refusal {
            throw ToolFailure(.badInput, refusal.description)
        }
        if !quiet { fputs(assembly.summaryLine + "\n", stderr) }
        if json { print(assembly.summary.text) }
    }
}
