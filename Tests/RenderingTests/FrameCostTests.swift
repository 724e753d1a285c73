import Catalogue
import GameKit
import Rendering
import Testing

/// The per-frame cost estimate that balances shards: the same from any fresh simulation, and
/// higher where the default scene is busier (its first two seconds have no particles).
@Suite struct FrameCostTests {
    private func costs(sound: Bool) -> [Int] {
        let run = try! Catalogue.games.builtIn().makeRun(RunOptions(width: 320, height: 180))
        return FrameCost.of(0..<run.frameCount, stepping: run, sound: sound)
    }

    @Test func sameFromEveryFreshSimulation() {
        #expect(costs(sound: false) == costs(sound: false))
    }

    @Test func busyFramesCostMoreAndShardZeroCarriesTheSound() {
        let quiet = costs(sound: false)
        #expect(quiet.count == 300)
        #expect(quiet[0..<30].reduce(0, +) < quiet[200..<230].reduce(0, +))
        let withSound = costs(sound: true)
        #expect(withSound[0] > quiet[0])
        #expect(withSound.dropFirst() == quiet.dropFirst())
    }
}
