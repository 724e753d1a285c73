import ArgumentParser
import Catalogue
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
        discussion: "Prints, per scene, which frames changed, were added or were removed."
    )

    @OptionGroup var golden: GoldenOptions

    @Flag(help: "Render only the golden frames that do not exist yet.")
    var missingOnly = false

    func run() throws {
        // Ctrl-C, SIGTERM and SIGHUP before the update is decided leave the goldens as they were.
        StopSignal.install()
        let manifest = try golden.manifest()
        let scenes = try golden.scenes(of: manifest)
        let results: [GoldenUpdateResult]
        do {
            results = try GoldenUpdater(manifest: manifest, source: SimulatedGoldenSource(games: Catalogue.games))
                .update(scenes: scenes, missingOnly: missingOnly, stop: { StopSignal.requested })
        } catch let error as GoldenSourceError {
            throw error.toolFailure
        } catch let error as ImageFileError {
            throw ToolFailure(.systemFailure, error.description)
        }
        for result in results { print(result.summaryLine) }
        print("golden update: \(golden.folder) written with \(LibraryFingerprint.current)")
    }
}
