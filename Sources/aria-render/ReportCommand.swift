import ArgumentParser
import Catalogue
import Foundation
import Golden

/// `aria-render report merge`: the reports of `check --shard` slices joined into one.
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Work with check reports.",
        subcommands: [ReportMergeCommand.self]
    )
}

/// `aria-render report merge SLICE... -o out/report`: one junit.xml and one index.html from the
/// report folders of `check --shard` slices. Exit 1 when a merged frame differs or is missing,
/// or a scene's trace, sound or rules do not match — the verdict an unsharded `check` gives.
struct ReportMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the reports of `check --shard` slices into one junit.xml and one index.html.",
        discussion: "Exit codes: 0 everything matched; 1 a frame, trace or sound differs or is missing, or a rule is broken; 2 a slice's "
            + "report is unreadable, overlaps another, or a scene's trace, sound and rules are in no slice; 3 the report cannot be written."
    )

    @Argument(help: "The report folders of the slices (each holds results.json).")
    var slices: [String]

    @Option(name: [.short, .customLong("output")], help: "The folder of the merged report.")
    var output = "out/report"

    @Option(name: .customLong("golden"), help: "The folder holding manifest.yaml (for the scenes' order and settings).")
    var goldenFolder = "Golden"

    func validate() throws {
        if slices.isEmpty { throw ValidationError("give the report folders of the slices to merge") }
    }

    func run() throws {
        let manifest: GoldenManifest
        do { manifest = try GoldenManifestReader.read(folder: goldenFolder, games: Catalogue.games) } catch let error as GoldenManifestError {
            throw GoldenOptions.failure(error)
        }
        let merged: GoldenResultsFile.Contents
        do {
            merged = try ReportMerge.merge(slices, scenes: manifest.scenes, into: output)
        } catch let failure as GoldenResultsFile.Failure {
            throw ToolFailure(.badInput, failure.description)
        } catch {
            throw ToolFailure(.systemFailure, "\(output): cannot write the merged report: \(error.localizedDescription)")
        }
        do {
            try GoldenReportFiles.write(merged.results, parts: merged.parts, fingerprint: .current(of: Catalogue.games),
                                        goldenFingerprint: manifest.fingerprint, to: output)
        } catch let failure as GoldenReportFiles.WriteFailure {
            throw ToolFailure(.systemFailure, failure.description)
        }
        let tally = GoldenCheckTally(merged.results)
        // The slices' checks did not warn about idle rules: the merge sees every scene.
        for line in tally.warnings(sliced: false, manifest: manifest) { fputs("aria-render: warning: \(line)\n", stderr) }
        print(tally.mergeLine(slices: slices.count, parts: merged.parts, reportFolder: output))
        if !tally.passed { throw ExitCode(ToolFailure.Status.differences.rawValue) }
    }
}
