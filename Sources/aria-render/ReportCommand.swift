import ArgumentParser
import Catalogue
import Foundation
import Golden
import Output

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
            throw ToolFailure(.badInput, error.description)
        }
        let merged: GoldenResultsFile.Contents
        do {
            merged = try ReportMerge.merge(slices, scenes: manifest.scenes, into: output)
        } catch let failure as GoldenResultsFile.Failure {
            throw ToolFailure(.badInput, failure.description)
        } catch {
            throw ToolFailure(.systemFailure, "\(output): cannot write the merged report: \(error.localizedDescription)")
        }
        let results = merged.results
        let current = LibraryFingerprint.current
        let files = [
            ("index.html", HTMLReport.html(results, fingerprint: current, goldenFingerprint: manifest.fingerprint, reportFolder: output,
                                            approvalCommand: "aria-render golden update --missing-only")),
            ("junit.xml", JUnitReport.xml(results)),
            (GoldenResultsFile.fileName, String(decoding: try GoldenResultsFile.json(results, parts: merged.parts, reportFolder: output), as: UTF8.self)),
        ]
        for (name, text) in files {
            do { try StagedFile.write(Array(text.utf8), to: output + "/" + name) } catch {
                throw ToolFailure(.systemFailure, "\(error)")
            }
        }
        for line in GoldenRuleResult.idleRuleWarnings(results) { fputs("aria-render: warning: \(line)\n", stderr) }
        let frames = results.reduce(0) { $0 + $1.frames.count }
        let problems = results.reduce(0) { $0 + $1.problems.count }
        let runProblems = results.reduce(0) { $0 + $1.run.problems.count }
        let run = merged.parts.isDisjoint(with: [.traces, .sound]) ? ""
            : " and \(CheckParts.checkedWords(results, frames: 0)), \(counted(runProblems, "trace, sound or rule problem"))"
        print("report merge: \(slices.count) slices, \(frames) frames of \(results.count) scenes, \(problems) differ or are missing\(run); "
              + "\(output)/index.html, \(output)/junit.xml")
        if problems > 0 || runProblems > 0 { throw ExitCode(ToolFailure.Status.differences.rawValue) }
    }
}
