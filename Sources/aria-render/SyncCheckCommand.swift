import ArgumentParser
import Foundation
import GameKit

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
        let opened = try SceneArgument.load(path: path, game: nil)
        guard let sweep = opened.game.seedSweep else {
            throw ToolFailure(.badInput, "\(path) is a scene of \(opened.game.id), which has no shared sessions to check")
        }
        let result: SeedSweepResult
        do {
            result = try sweep.sweep(opened.scene, seeds: seeds, firstSeed: firstSeed)
        } catch let error as GameRunError {
            throw ToolFailure(.badInput, error.description)
        }
        print(json ? result.json : result.summary)
        fflush(stdout)
        if let failure = result.failure {
            fputs("aria-render: \(failure)\n", stderr)
            throw ExitCode(ToolFailure.Status.differences.rawValue)
        }
    }
}
