import ArgumentParser
import Catalogue
import Fingerprint
import Foundation
import Golden
import Output

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
    var shard: ShardOption?

    func run() throws {
        var checked: [GoldenSceneResult] = []
        var goldenFingerprint: LibraryFingerprint?
        do {
            try check(into: &checked, goldenFingerprint: &goldenFingerprint)
        } catch let differences as ExitCode {
            throw differences
        } catch {
            // A CI job publishes the report whatever the exit: it must say this run stopped, and why.
            let why = (error as? ToolFailure).map { $0.problems.isEmpty ? $0.message : $0.problems.joined(separator: "\n") }
                ?? (error as? OutputError)?.signalName.map { "interrupted by \($0)" } ?? "\(error)"
            try? GoldenReportFiles.writeStopped(checked, why: why, fingerprint: LibraryFingerprint.current(of: Catalogue.games),
                                                goldenFingerprint: goldenFingerprint, to: report)
            throw error
        }
    }

    /// Checks the scenes asked for, adding each one's result to `checked` as it ends, and writes
    /// the report; throws what stops it, or `ExitCode` 1 when something differs.
    private func check(into checked: inout [GoldenSceneResult], goldenFingerprint: inout LibraryFingerprint?) throws {
        // Nothing of an earlier check's scenes is left to be mistaken for this one's.
        GoldenReportFiles.clearScenes([], in: report)
        // An update stopped half way is finished first, so the goldens checked are one set.
        do {
            if FileManager.default.fileExists(atPath: golden.folder) {
                let finished = try GoldenUpdater.recover(folder: golden.folder)
                if !finished.isEmpty {
                    // Goldens changed before this check's eyes: the log says which, so no change goes unseen.
                    fputs("aria-render: note: an interrupted `golden update` of \(golden.folder) was decided; finished it first, which changed:\n"
                          + finished.map { "    \($0)\n" }.joined(), stderr)
                }
            }
        } catch let error as ImageFileError {
            throw ToolFailure(.systemFailure, error.description)
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
        // A slice's folder is its own; a whole check's holds no other scene's folder either.
        try prepareReportFolder(for: spec == nil ? manifest.scenes : slice.scenes)
        // Ctrl-C, SIGTERM and SIGHUP stop the check between frames; the report then says so.
        StopSignal.install()
        var checker = GoldenChecker(manifest: manifest, source: SimulatedGoldenSource(games: Catalogue.games), reportFolder: report)
        checker.stop = { StopSignal.requested }
        for scene in slice.scenes {
            // Under --shard each scene's run is checked in one slice only.
            checker.parts = slice.runs.contains(scene.name) ? parts : parts.intersection(.frames)
            do {
                let result = try checker.check(scene)
                print(result.summaryLine)
                for frame in result.problems { print("    frame \(frame.frame): \(frame.problem ?? "")") }
                for line in result.run.details { print("    \(line)") }
                checked.append(result)
            } catch let error as OutputError {
                // The scene stopped half way: what it wrote is no result.
                scene.removeReportFolder(in: report)
                switch error {
                case .toolMissing(let message), .toolFailed(let message):
                    throw ToolFailure(.systemFailure, message + " (it reads the golden sound; --only frames,traces leaves the sound out)")
                default: break
                }
                throw error
            } catch let error as GoldenSourceError {
                scene.removeReportFolder(in: report)
                throw error.toolFailure
            } catch let error as ImageFileError {
                throw ToolFailure(.systemFailure, error.description)
            }
        }
        do {
            try GoldenReportFiles.write(checked, parts: parts, shard: spec.map { ($0.index, $0.count) }, fingerprint: current,
                                        goldenFingerprint: manifest.fingerprint, to: report)
        } catch let failure as GoldenReportFiles.WriteFailure {
            throw ToolFailure(.systemFailure, failure.description)
        }
        let tally = GoldenCheckTally(checked)
        for line in tally.warnings(sliced: spec != nil, manifest: manifest) { fputs("aria-render: warning: \(line)\n", stderr) }
        print(tally.checkLine(reportFolder: report, exact: exact))
        if !tally.passed(exact: exact) { throw ExitCode(ToolFailure.Status.differences.rawValue) }
    }

    /// Makes the report folder and clears what an earlier check left in it for these scenes
    /// (only their own subfolders: the folder may be shared with anything else).
    private func prepareReportFolder(for scenes: [GoldenScene]) throws {
        let manager = FileManager.default
        GoldenReportFiles.clearScenes(scenes, in: report)
        do { try manager.createDirectory(atPath: report, withIntermediateDirectories: true) } catch {
            throw ToolFailure(.systemFailure, "\(report): cannot create the report folder")
        }
    }
}
