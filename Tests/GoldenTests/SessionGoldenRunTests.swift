import Catalogue
import Golden
import Princess
import TestSupport
import Testing
import Trace

/// A shared session's golden run: the trace of every peer, the sound of the first (as `render`
/// plays it), rules kept by each peer's world.
@Suite struct SessionGoldenRunTests {
    @Test func aSessionRunHoldsEveryPeerAndSoundsAsTheFirstPeerHearsIt() throws {
        let manifest = try GoldenManifestReader.read(folder: RepositoryRoot.path + "/Golden", games: Catalogue.games)
        let scene = try #require(manifest.scenes.first { $0.name == "princess/play-together" })
        let run = try SimulatedGoldenSource(games: Catalogue.games).run(of: scene, scenePath: manifest.scenePath(scene))
        var peers: [String] = []
        for case let peer? in run.trace.map(\.peer) where !peers.contains(peer) { peers.append(peer) }
        #expect(peers.count == 2)
        #expect(run.listener == peers.first)
        let sounds = run.trace.filter { $0.event == "sound" }
        let heard = sounds.filter { $0.peer == run.listener }
        #expect(!heard.isEmpty && heard.count < sounds.count, "both peers make sounds; only the first one's are heard")
        #expect(run.cues.count == heard.count)
        // Each world keeps the shipped rules: a princess on both screens is not counted twice.
        let checker = RuleChecker(events: run.trace, settings: run.settings, endTime: run.duration)
        let rules = manifest.rules(of: scene) + run.rules
        #expect(!rules.isEmpty)
        #expect(rules.flatMap(checker.violations).map(\.message) == [])
    }
}
