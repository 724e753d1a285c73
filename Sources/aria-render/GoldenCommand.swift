import ArgumentParser
import Catalogue
import Fingerprint
import Golden
import Output

/// `aria-render golden`: maintains the golden frames.
struct Golden: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Maintain the golden frames in Golden/.",
        subcommands: [GoldenUpdate.self]
    )
}

/// `aria-render golden update`: re-renders golden frames, all at once or none.
struct GoldenUpdate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Re-render the golden frames (atomically: a failure leaves the old set intact).",
        discussion: "By default rewrites the frames that are missing or beyond their scene's tolerance, and the traces and sounds; "
            + "a frame that drifted within tolerance keeps its golden (--all rewrites it). Prints, per scene, which frames changed, "
            + "were added, were kept within tolerance or were removed."
    )

    @OptionGroup var golden: GoldenOptions

    @Flag(help: "Make only what has no golden yet, or a golden that cannot be read: its frames, and the trace and sound when missing.")
    var missingOnly = false

    @Flag(help: "Rewrite every golden frame, also those that drifted within tolerance (by default they keep their golden).")
    var all = false

    @Option(name: .customLong("frame"), parsing: .singleValue,
            help: ArgumentHelp("Rewrite only this golden frame (may be repeated, or N,M,…), whatever it holds.", valueName: "N"))
    var frameLists: [String] = []

    @Flag(help: "Rewrite only the frames, traces and soundtracks that did not pass in the check report of --report (its results.json).")
    var failed = false

    @Option(help: "The check report --failed reads.")
    var report = "out/report"

    func run() throws {
        // Ctrl-C, SIGTERM and SIGHUP before the update is decided leave the goldens as they were.
        StopSignal.install()
        let manifest = try golden.manifest()
        let scenes = try golden.scenes(of: manifest)
        let choice: GoldenFrameChoice
        do {
            choice = try GoldenFrameChoice(missingOnly: missingOnly, all: all, frames: frameLists, failedReport: failed ? report : nil,
                                           manifest: manifest, scenes: scenes)
        } catch let failure as GoldenFrameChoice.Failure {
            throw ToolFailure(.badInput, failure.description)
        }
        let results: [GoldenUpdateResult]
        do {
            results = try GoldenUpdater(manifest: manifest, source: SimulatedGoldenSource(games: Catalogue.games))
                .update(scenes: scenes, choice: choice, stop: { StopSignal.requested })
        } catch let error as GoldenSourceError {
            throw error.toolFailure
        } catch let error as ImageFileError {
            throw ToolFailure(.systemFailure, error.description)
        }
        GoldenUpdateResult.lines(results).forEach { print($0) }
        print("golden update: \(golden.folder) written with \(LibraryFingerprint.current(of: Catalogue.games))")
    }
}
