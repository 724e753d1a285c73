import ArgumentParser
import Foundation
import Scene
import Sync

/// `aria-render sync-check SCENE --seeds N [--json]`: runs a shared session under many
/// seeds of its network model; exit 1 at the first seed where the peers still disagree
/// after the network healed, a spawn was duplicated or a damaged message got through.
struct SyncCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync-check",
        abstract: "Prove a shared session converges: run it under many network seeds.",
        discussion: """
        SCENE must have a 'session:' section. Each run uses network seed 1, 2, … N (after \
        --first-seed); the scene's inputs stay the same, the network's latency, loss, \
        duplicates, reordering and damage change. A run fails when the peers' worlds still \
        differ 'settle' seconds after the last heal or input, when a world spawns an id \
        twice, or when the validator accepts damaged bytes. Exit codes: 0 every seed \
        passed, 1 a seed failed (the first is named), 2 bad input.
        """
    )

    @Argument(help: "The scene file with a session (.yaml, .yml or .json).")
    var path: String

    @Option(name: .long, parsing: .unconditional, help: "How many network seeds to run (1…100000).")
    var seeds: Int = 100

    @Option(name: .long, parsing: .unconditional, help: "The first network seed (the runs use it and the N-1 after it).")
    var firstSeed: UInt64 = 1

    @Flag(name: .long, help: "Print a JSON summary on standard output.")
    var json = false

    func validate() throws {
        guard (1...100_000).contains(seeds) else { throw ValidationError("--seeds \(seeds) is out of range: it must be 1…100000") }
    }

    func run() throws {
        var argument = SceneArgument()
        argument.path = path
        let scene = try argument.load()
        guard scene.session != nil else {
            throw ToolFailure(.badInput, "\(path) has no 'session:' section: there is no shared session to check")
        }
        let check = SessionCheck(scene: scene)
        var summary = SessionCheckSummary()
        for offset in 0..<seeds {
            let run = check.run(seed: firstSeed &+ UInt64(offset))
            summary.add(run)
            if summary.firstFailure != nil { break }
        }
        let rate = Double(scene.simulationRate)
        if json {
            print(SyncCheckJSON(scene: scene.name, summary: summary, stepsPerSecond: rate).text)
        } else {
            var line = "sync-check \"\(scene.name)\": \(summary.seeds) seed\(summary.seeds == 1 ? "" : "s"), "
                + "\(summary.counts.sent) messages sent, \(summary.counts.lost) copies lost, \(summary.counts.rejected) rejected"
            if let p50 = summary.quantile(0.5), let p99 = summary.quantile(0.99), let worst = summary.quantile(1) {
                line += "; agreement \(p50) steps after the last heal or input (median), \(p99) (p99), \(worst) (most)"
            }
            print(line)
        }
        fflush(stdout)
        if let failure = summary.firstFailure, let finding = failure.findings.first {
            let seconds = String(format: "%.2f", Double(finding.step) / rate)
            fputs("aria-render: sync-check failed: seed \(failure.seed), step \(finding.step) (t \(seconds) s): "
                  + "\(finding.kind.rawValue) on peer \(finding.peer): \(finding.detail)\n", stderr)
            if let dumps = failure.dumps {
                fputs("  first peer's world:\n\(Self.indented(dumps.first))\n  the other's:\n\(Self.indented(dumps.other))\n", stderr)
            }
            throw ExitCode(ToolFailure.Status.differences.rawValue)
        }
    }

    private static func indented(_ text: String) -> String {
        text.isEmpty ? "    (no characters)" : text.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
    }
}

/// The summary `sync-check --json` prints.
struct SyncCheckJSON {
    let scene: String
    let summary: SessionCheckSummary
    let stepsPerSecond: Double

    var text: String {
        func quoted(_ text: String) -> String { TraceValue.text(text).json }
        func number(_ value: Int?) -> String { value.map(String.init) ?? "null" }
        var failure = "null"
        if let run = summary.firstFailure, let finding = run.findings.first {
            failure = "{\"seed\": \(run.seed), \"step\": \(finding.step), \"kind\": \(quoted(finding.kind.rawValue)), "
                + "\"peer\": \(quoted(finding.peer)), \"detail\": \(quoted(finding.detail))}"
        }
        let mean = summary.convergence.isEmpty ? "null"
            : TraceValue.number(Double(summary.convergence.reduce(0, +)) / Double(summary.convergence.count)).json
        return "{\"scene\": \(quoted(scene)), \"seeds\": \(summary.seeds), \"passed\": \(summary.firstFailure == nil), "
            + "\"first_failure\": \(failure), \"convergence_steps\": {\"median\": \(number(summary.quantile(0.5))), "
            + "\"p99\": \(number(summary.quantile(0.99))), \"max\": \(number(summary.quantile(1))), \"mean\": \(mean)}, "
            + "\"steps_per_second\": \(Int(stepsPerSecond)), "
            + "\"messages\": {\"sent\": \(summary.counts.sent), \"delivered\": \(summary.counts.delivered), "
            + "\"lost\": \(summary.counts.lost), \"rejected\": \(summary.counts.rejected)}}"
    }
}
