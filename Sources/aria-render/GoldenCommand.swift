import ArgumentParser
import Catalogue
import Golden
import Foundation
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

    @Flag(help: "Render only the golden frames that do not exist yet.")
    var missingOnly = false

    @Flag(help: "Rewrite every golden frame, also those that drifted within tolerance (by default they keep their golden).")
    var all = false

    @Option(name: .customLong("frame"), parsing: .singleValue,
            help: ArgumentHelp("Rewrite only this golden frame (may be repeated, or N,M,…), whatever it holds.", valueName: "N"))
    var frameLists: [String] = []

    @Flag(help: "Rewrite only the frames that did not pass in the check report of --report (its results.json).")
    var failed = false

    @Option(help: "The check report --failed reads.")
    var report = "out/report"

    func run() throws {
        // Ctrl-C, SIGTERM and SIGHUP before the update is decided leave the goldens as they were.
        StopSignal.install()
        let manifest = try golden.manifest()
        let scenes = try golden.scenes(of: manifest)
        let choice = try frameChoice(manifest, scenes)
        let results: [GoldenUpdateResult]
        do {
            results = try GoldenUpdater(manifest: manifest, source: SimulatedGoldenSource(games: Catalogue.games))
                .update(scenes: scenes, choice: choice, stop: { StopSignal.requested })
        } catch let error as GoldenSourceError {
            throw error.toolFailure
        } catch let error as ImageFileError {
            throw ToolFailure(.systemFailure, error.description)
        }
        for result in results { print(result.summaryLine) }
        print("golden update: \(golden.folder) written with \(LibraryFingerprint.current)")
    }

    /// The frames the options pick: by default those missing or beyond tolerance.
    private func frameChoice(_ manifest: GoldenManifest, _ scenes: [GoldenScene]) throws -> GoldenFrameChoice {
        let given = [missingOnly ? "--missing-only" : nil, all ? "--all" : nil, frameLists.isEmpty ? nil : "--frame", failed ? "--failed" : nil]
            .compactMap { $0 }
        if given.count > 1 { throw ToolFailure(.badInput, "\(given.joined(separator: " and ")) choose frames differently; give one of them") }
        if missingOnly { return .missing }
        if all { return .all }
        if !frameLists.isEmpty {
            var frames: [Int] = []
            for word in frameLists.flatMap({ $0.split(separator: ",") }) {
                guard let frame = Int(word.trimmingCharacters(in: .whitespaces)), frame >= 0 else {
                    throw ToolFailure(.badInput, "--frame \(word): give a frame number (0, 1, 2…)")
                }
                frames.append(frame)
            }
            for frame in frames where !scenes.contains(where: { $0.frames.contains(frame) }) {
                throw ToolFailure(.badInput, "--frame \(frame) is not a golden frame of "
                                  + scenes.map { "\($0.name) (\($0.frames.map(String.init).joined(separator: ", ")))" }.joined(separator: ", "))
            }
            return .listed(Dictionary(uniqueKeysWithValues: scenes.map { ($0.name, frames) }))
        }
        if failed {
            let contents: GoldenResultsFile.Contents
            do {
                contents = try GoldenResultsFile.read(report + "/" + GoldenResultsFile.fileName, scenes: manifest.scenes, reportFolder: report)
            } catch let error as GoldenResultsFile.Failure {
                throw ToolFailure(.badInput, error.description)
            }
            return .listed(Dictionary(contents.results.map { ($0.scene.name, $0.problems.map(\.frame)) }, uniquingKeysWith: +))
        }
        return .beyondTolerance
    }
}
