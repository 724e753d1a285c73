import ArgumentParser
import Catalogue
import Fingerprint
import Foundation
import Golden
import Output
import Shards

/// `aria-render check`: renders every golden frame and compares it with its golden.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render the golden frames of the reference scenes and compare them with Golden/.",
        discussion: """
        Each golden frame is reached by stepping the simulation without drawing the frames \
        before it. Frames that differ are written, with a diff image, to the report folder, \
        beside a self-contained index.html and a JUnit junit.xml. Each scene's trace and \
        soundtrack are compared with its golden trace.jsonl and sound.flac, and the manifest's \
        rules checked against the trace (docs/qa.md). Frames that pass within tolerance but are \
        not bit-identical are counted (--exact fails on them). Exit codes: 0 all match, 1 \
        something differs, is missing or breaks a rule, 2 bad manifest or scene, 3 a part failed.
        """
    )

    @OptionGroup var golden: GoldenOptions

    @Option(help: "Where to write index.html, junit.xml and the actual and diff frames.")
    var report: String = "out/report"

    @OptionGroup var only: CheckParts

    @Flag(help: "Fail (exit 1) when a frame passes only within tolerance, not bit-identical.")
    var exact = false

    @Option(name: .long, help: ArgumentHelp("Check only slice I of N (0-based) of the golden frames, each scene's trace, sound and "
        + "rules in the slice of its first frame (of the scenes when no frames are drawn; 'auto' reads CI or Slurm variables); join the slices' reports with `aria-render report merge`.", valueName: "I/N"))
    var shard: RequestedShard?

    func run() throws {
        var checked: [GoldenSceneResult] = []
        var goldenFingerprint: LibraryFingerprint?
        do {
            try check(into: &checked, goldenFingerprint: &goldenFingerprint)
        } catch let differences as ExitCode {
            throw differences
        } catch {
            // A CI job publishes the report whatever the exit: it must say this run stopped, and why.
            let failure = Self.failure(error)
            let why = (failure as? ToolFailure).map { $0.problems.isEmpty ? $0.message : $0.problems.joined(separator: "\n") }
                ?? (failure as? OutputError)?.signalName.map { "interrupted by \($0)" } ?? "\(failure)"
            try? GoldenReportFiles.writeStopped(checked, why: why, fingerprint: LibraryFingerprint.current(of: Catalogue.games),
                                                goldenFingerprint: goldenFingerprint, to: report)
            throw failure
        }
    }

    /// `error` as the tool says it: a failed part exit 3, a bad scene 2, an interruption its own status.
    static func failure(_ error: Error) -> Error {
        switch error {
        case OutputError.toolMissing(let message), OutputError.toolFailed(let message):
            return ToolFailure(.systemFailure, message + " (it reads the golden sound; --only frames,traces leaves the sound out)")
        case let error as GoldenSourceError: return error.toolFailure
        case let error as ImageFileError: return ToolFailure(.systemFailure, error.description)
        case let error as GoldenReportFiles.WriteFailure: return ToolFailure(.systemFailure, error.description)
        default: return error
        }
    }

    /// Checks the scenes asked for, adding each one's result to `checked` as it ends, and writes
    /// the report; throws what stops it, or `ExitCode` 1 when something differs.
    private func check(into checked: inout [GoldenSceneResult], goldenFingerprint: inout LibraryFingerprint?) throws {
        // An update stopped half way is finished first, so the goldens checked are one set; what it changed is said.
        if FileManager.default.fileExists(atPath: golden.folder), let note = try GoldenUpdater.finishInterruptedUpdate(of: golden.folder) {
            fputs("aria-render: note: " + note, stderr)
        }
        let manifest = try golden.manifest()
        goldenFingerprint = manifest.fingerprint
        let parts = try only.parts()
        let scenes = try golden.scenes(of: manifest)
        let spec = try shard?.resolve(environment: ProcessInfo.processInfo.environment)
        let slice: GoldenCheckSlice
        do { slice = try GoldenCheckSlice(of: scenes, parts: parts, shard: spec) } catch let failure as GoldenCheckSlice.Failure {
            throw ToolFailure(.badInput, failure.description)
        }
        let current = LibraryFingerprint.current(of: Catalogue.games)
        if let made = manifest.fingerprint, made != current { fputs("aria-render: warning: \(made.warning(against: current))\n", stderr) }
        try GoldenReportFiles.prepare(report, clearing: spec == nil ? manifest.scenes : slice.scenes)
        // Ctrl-C, SIGTERM and SIGHUP stop the check between frames; the report then says so.
        StopSignal.install()
        var checker = GoldenChecker(manifest: manifest, source: SimulatedGoldenSource(games: Catalogue.games), reportFolder: report)
        checker.stop = { StopSignal.requested }
        try checker.check(slice, parts: parts) { result in
            result.terminalLines.forEach { print($0) }
            checked.append(result)
        }
        try GoldenReportFiles.write(checked, parts: parts, shard: spec.map { ($0.index, $0.count) }, fingerprint: current,
                                    goldenFingerprint: manifest.fingerprint, to: report)
        let tally = GoldenCheckTally(checked)
        for line in tally.warnings(sliced: spec != nil, manifest: manifest) { fputs("aria-render: warning: \(line)\n", stderr) }
        print(tally.checkLine(reportFolder: report, exact: exact))
        if !tally.passed(exact: exact) { throw ExitCode(ToolFailure.Status.differences.rawValue) }
    }
}
