import Foundation
import GameKit
import Princess
import PrincessSync

/// `sync-check` for the princess game: a shared session run under many seeds of its network
/// model; a seed fails when the peers still disagree after the network healed, a spawn was
/// duplicated or a damaged message got through.
struct PrincessSeedSweep: SeedSweep {
    func sweep(_ scene: any GameScene, seeds: Int, firstSeed: UInt64) throws -> SeedSweepResult {
        guard let description = scene as? SceneDescription, description.session != nil else {
            throw GameRunError("\(scene.name) has no 'session:' section: there is no shared session to check")
        }
        let check = SessionCheck(scene: description)
        var summary = SessionCheckSummary()
        for offset in 0..<seeds {
            summary.add(check.run(seed: firstSeed &+ UInt64(offset)))
            if summary.firstFailure != nil { break }
        }
        let rate = Double(description.simulationRate)
        var line = "sync-check \"\(description.name)\": \(summary.seeds) seed\(summary.seeds == 1 ? "" : "s"), "
            + "\(summary.counts.sent) messages sent, \(summary.counts.lost) copies lost, \(summary.counts.rejected) rejected"
        if let p50 = summary.quantile(0.5), let p99 = summary.quantile(0.99), let worst = summary.quantile(1) {
            line += "; agreement \(p50) steps after the last heal or input (median), \(p99) (p99), \(worst) (most)"
        }
        var failure: String?
        if let run = summary.firstFailure, let finding = run.findings.first {
            let seconds = String(format: "%.2f", Double(finding.step) / rate)
            var text = "sync-check failed: seed \(run.seed), step \(finding.step) (t \(seconds) s): "
                + "\(finding.kind.rawValue) on peer \(finding.peer): \(finding.detail)"
            if let dumps = run.dumps {
                text += "\n  first peer's world:\n\(Self.indented(dumps.first))\n  the other's:\n\(Self.indented(dumps.other))"
            }
            failure = text
        }
        return SeedSweepResult(summary: line, json: Self.json(scene: description.name, summary, stepsPerSecond: Int(rate)),
                               failure: failure)
    }

    private static func indented(_ text: String) -> String {
        text.isEmpty ? "    (no characters)" : text.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
    }

    /// The summary as `sync-check --json` prints it.
    private struct Report: Encodable {
        struct Failure: Encodable { var seed: UInt64; var step: Int; var kind: String; var peer: String; var detail: String }
        struct Convergence: Encodable { var median: Int?; var p99: Int?; var max: Int?; var mean: Double? }
        struct Messages: Encodable { var sent: Int; var delivered: Int; var lost: Int; var rejected: Int }
        var scene: String
        var seeds: Int
        var passed: Bool
        var firstFailure: Failure?
        var convergenceSteps: Convergence
        var stepsPerSecond: Int
        var messages: Messages

        enum CodingKeys: String, CodingKey {
            case scene, seeds, passed, firstFailure = "first_failure", convergenceSteps = "convergence_steps"
            case stepsPerSecond = "steps_per_second", messages
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(scene, forKey: .scene)
            try container.encode(seeds, forKey: .seeds)
            try container.encode(passed, forKey: .passed)
            try container.encode(firstFailure, forKey: .firstFailure)  // null when none
            try container.encode(convergenceSteps, forKey: .convergenceSteps)
            try container.encode(stepsPerSecond, forKey: .stepsPerSecond)
            try container.encode(messages, forKey: .messages)
        }
    }

    private static func json(scene: String, _ summary: SessionCheckSummary, stepsPerSecond: Int) -> String {
        var failure: Report.Failure?
        if let run = summary.firstFailure, let finding = run.findings.first {
            failure = Report.Failure(seed: run.seed, step: finding.step, kind: finding.kind.rawValue, peer: finding.peer,
                                     detail: finding.detail)
        }
        let mean = summary.convergence.isEmpty ? nil
            : (Double(summary.convergence.reduce(0, +)) / Double(summary.convergence.count) * 10_000).rounded() / 10_000
        let report = Report(scene: scene, seeds: summary.seeds, passed: summary.firstFailure == nil, firstFailure: failure,
                            convergenceSteps: .init(median: summary.quantile(0.5), p99: summary.quantile(0.99),
                                                    max: summary.quantile(1), mean: mean),
                            stepsPerSecond: stepsPerSecond,
                            messages: .init(sent: summary.counts.sent, delivered: summary.counts.delivered,
                                            lost: summary.counts.lost, rejected: summary.counts.rejected))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(report)) ?? Data("{}".utf8), as: UTF8.self)
    }
}
