import ArgumentParser
import Catalogue
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
    var shard: ShardOption?

    func run() throws {
        // An update stopped half way is finished first, so the goldens checked are one set.
        do {
            if FileManager.default.fileExists(atPath: golden.folder) { try GoldenUpdater.recover(folder: golden.folder) }
        } catch let error as ImageFileError {
            throw ToolFailure(.systemFailure, error.description)
        }
        let manifest = try golden.manifest()
        let parts = try only.parts()
        let (scenes, runs, spec) = try slice(try golden.scenes(of: manifest), parts: parts)
        let current = LibraryFingerprint.current
        if let made = manifest.fingerprint, made != current {
            // Name only what differs: the whole fingerprint hides the one library that changed.
            let differing = made.differences(from: current)
            fputs("aria-render: warning: the goldens were made with other libraries than this machine's: "
                  + (differing.isEmpty ? "\(made) against \(current)" : differing.joined(separator: ", "))
                  + " (goldens' version → this machine's); frames may differ for that reason alone\n", stderr)
        }
        try prepareReportFolder(for: scenes)
        // Ctrl-C, SIGTERM and SIGHUP leave no half report: this run's report files go.
        StopSignal.install()
        var checker = GoldenChecker(manifest: manifest, source: SimulatedGoldenSource(games: Catalogue.games), reportFolder: report)
        checker.stop = { StopSignal.requested }
        var results: [GoldenSceneResult] = []
        for scene in scenes {
            // Under --shard each scene's run is checked in one slice only.
            checker.parts = runs.contains(scene.name) ? parts : parts.intersection(.frames)
            do {
                let result = try checker.check(scene)
                print(result.summaryLine)
                for frame in result.problems { print("    frame \(frame.frame): \(frame.problem ?? "")") }
                for line in result.run.details { print("    \(line)") }
                results.append(result)
            } catch let error as OutputError {
                for scene in scenes { try? FileManager.default.removeItem(atPath: report + "/" + scene.name) }
                switch error {
                case .toolMissing(let message), .toolFailed(let message):
                    throw ToolFailure(.systemFailure, message + " (it reads the golden sound; --only frames,traces leaves the sound out)")
                default: break
                }
                throw error
            } catch let error as GoldenSourceError {
                throw error.toolFailure
            } catch let error as ImageFileError {
                throw ToolFailure(.systemFailure, error.description)
            }
        }
        try writeReports(results, parts: parts, shard: spec, current: current, made: manifest.fingerprint)
        // A slice sees only some scenes: `report merge` warns, over them all.
        if spec == nil { for line in GoldenRuleResult.idleRuleWarnings(results) { fputs("aria-render: warning: \(line)\n", stderr) } }
        let frames = results.reduce(0) { $0 + $1.frames.count }
        let problems = results.reduce(0) { $0 + $1.problems.count }
        let runProblems = results.reduce(0) { $0 + $1.run.problems.count }
        let checked = CheckParts.checkedWords(results, frames: frames)
        // Frames that pass only by tolerance: goldens drifting from the renderer unnoticed.
        let drifted = results.reduce(0) { $0 + $1.frames.filter { $0.status == .passed && $0.comparison?.identical == false }.count }
        let drift = drifted == 0 ? "" : "; \(drifted) passed but not bit-identical"
            + (exact ? " (--exact asks for every frame bit-identical)" : " (`aria-render golden update --all` makes them exact)")
        if problems == 0 && runProblems == 0 {
            let rules = results.reduce(0) { $0 + $1.run.rules.count }
            print("check: all \(CheckParts.checkedWords(results, frames: frames, rules: false)) of \(counted(results.count, "scene")) "
                  + "match their goldens" + (rules > 0 ? "; \(counted(rules, "rule check")) kept" : "") + drift)
            if exact && drifted > 0 { throw ExitCode(ToolFailure.Status.differences.rawValue) }
        } else {
            let failing = results.filter { !$0.passed }.count
            var what: [String] = []
            if problems > 0 { what.append("\(problems) of \(counted(frames, "frame")) differ or are missing") }
            if runProblems > 0 { what.append("\(counted(runProblems, "trace, sound or rule problem")) (of \(checked))") }
            print("check: \(what.joined(separator: ", ")), in \(failing) of \(counted(results.count, "scene"))\(drift); see \(report)/index.html")
            throw ExitCode(ToolFailure.Status.differences.rawValue)
        }
    }

    /// Makes the report folder and clears what an earlier check left in it for these scenes
    /// (only their own subfolders: the folder may be shared with anything else).
    private func prepareReportFolder(for scenes: [GoldenScene]) throws {
        let manager = FileManager.default
        for scene in scenes { try? manager.removeItem(atPath: report + "/" + scene.name) }
        do { try manager.createDirectory(atPath: report, withIntermediateDirectories: true) } catch {
            throw ToolFailure(.systemFailure, "\(report): cannot create the report folder")
        }
    }

    private func writeReports(_ results: [GoldenSceneResult], parts: GoldenParts, shard: ShardSpec?, current: LibraryFingerprint, made: LibraryFingerprint?) throws {
        let files = [
            ("index.html", HTMLReport.html(results, fingerprint: current, goldenFingerprint: made, reportFolder: report,
                                            approvalCommand: "aria-render golden update --missing-only")),
            ("junit.xml", JUnitReport.xml(results)),
            (GoldenResultsFile.fileName, String(decoding: try GoldenResultsFile.json(results, parts: parts, shard: shard.map { ($0.index, $0.count) },
                                                                                            reportFolder: report), as: UTF8.self)),
        ]
        for (name, text) in files {
            do { try StagedFile.write(Array(text.utf8), to: report + "/" + name) } catch {
                throw ToolFailure(.systemFailure, "\(error)")
            }
        }
    }
}
