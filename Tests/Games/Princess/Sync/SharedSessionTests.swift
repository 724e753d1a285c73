import ECS
import Princess
@testable import PrincessSync
import Testing

/// Whole sessions: each peer's world, the seeded network, the rules — over many seeds.
@Suite struct SharedSessionTests {
    @Test func thousandsOfNetworksConvergeWithoutDuplicatesOrBadMessages() throws {
        let check = SessionCheck(scene: try conflictScene())
        var summary = SessionCheckSummary()
        for seed in 1...1_000 {
            let run = check.run(seed: UInt64(seed))
            summary.add(run)
            if !run.findings.isEmpty {
                Issue.record("seed \(seed): \(run.findings[0])")
                break
            }
        }
        #expect(summary.firstFailure == nil)
        #expect(summary.convergence.count == 1_000)
        // The network was hostile: copies were lost and damaged ones turned away.
        #expect(summary.counts.lost > 1_000)
        #expect(summary.counts.rejected > 100)
    }

    @Test func theConflictsEndTheSameOnEveryPeer() throws {
        let run = SessionCheck(scene: try conflictScene()).run(seed: 5)
        #expect(run.findings.isEmpty)
        let session = SharedSession(scene: try conflictScene(), networkSeed: 5)
        session.run(steps: session.deadlineStep + 1)
        let dumps = session.peerNames.indices.map { session.dump(ofPeer: $0) }
        #expect(Set(dumps).count == 1)
        let ids = session.devices[0].shownInOrder.map(\.id)
        // Rosie was removed while being dragged: removal wins. Of the three taps at the
        // same spot, only the earliest (by stamp) stays.
        #expect(!ids.contains("rosie"))
        #expect(ids.filter { $0.contains(".") }.count == 1)
        // The two pinches of Luna end at one scale, on every peer.
        let luna = session.devices.map { $0.shownInOrder.first { $0.id == "luna" }! }
        #expect(Set(luna.map(\.scale)).count == 1)
    }

    @Test func aReliableNetworkConvergesWithinTheLatency() throws {
        var scene = try conflictScene(loss: 0)
        scene.session?.network = NetworkModel()
        let run = SessionCheck(scene: scene).run(seed: 1)
        #expect(run.findings.isEmpty)
        // 50 ms + 20 ms jitter at 60 steps a second: agreement within a few steps.
        #expect((run.convergenceSteps ?? .max) <= 6)
    }

    @Test func twoRunsAreIdentical() throws {
        func run() throws -> [String] {
            let session = SharedSession(scene: try conflictScene(), networkSeed: 42)
            session.advance(toFrame: session.frameCount)
            return session.drainTrace().map(\.jsonLine) + session.peerNames.indices.map { session.dump(ofPeer: $0) }
        }
        let first = try run()
        #expect(first.count > 100)
        #expect(first == (try run()))
    }

    @Test func aSettleTooShortForTheNetworkIsReportedWithSeedAndStep() throws {
        let check = SessionCheck(scene: try conflictScene(loss: 0.6, settle: 0.1))
        let failing = (1...50).lazy.map { check.run(seed: UInt64($0)) }.first { !$0.findings.isEmpty }
        let finding = try #require(failing?.findings.first)
        #expect(finding.kind == .disagreement)
        #expect(finding.step > 0)
    }

    @Test func idsAreUniqueAcrossPeers() throws {
        let scene = try makeScene("""
        session: {peers: [{name: ann}, {name: ben}]}
        timeline:
          - {time: 0.2, peer: ann, tap: {at: [200, 600]}}
          - {time: 0.2, peer: ben, tap: {at: [900, 600]}}
        """, duration: 2)
        let session = SharedSession(scene: scene)
        session.advance(toFrame: session.frameCount)
        #expect(session.devices[0].shownInOrder.map(\.id) == ["ann.sparkle-1", "ben.sparkle-1"])
        #expect(session.agrees)
        #expect(session.findings.isEmpty)
    }

    @Test func aMoveStartedOnOnePeerIsPerformedOnTheOthers() throws {
        let scene = try makeScene("""
        characters:
          - {id: luna, kind: luna, position: [640, 560]}
        moves:
          - {name: bow, duration: 1.5, keys: {lean: [{at: 0, value: 0}, {at: 0.75, value: 35}, {at: 1.5, value: 0}]}}
        session: {peers: [{name: ann}, {name: ben}], network: {latency: 0.05}}
        timeline:
          - {time: 0.5, peer: ann, action: {kind: bow, target: luna}}
        """, duration: 3)
        let session = SharedSession(scene: scene)
        session.advance(toFrame: Int(1.0 * Double(scene.framesPerSecond)))
        // Ben's princess bows too, half a second after Ann's started, by the move's name.
        #expect(session.snapshot(ofPeer: 1).characters.first?.action == .move("bow"))
        session.advance(toFrame: session.frameCount)
        let starts = session.drainTrace().filter { $0.event == "action_start" }
        #expect(starts.map { "\($0.peer ?? "") \($0.text("action") ?? "") \($0.text("cause") ?? "")" } == ["ann bow timeline", "ben bow sync"],
                "\(starts.map(\.jsonLine))")
    }

    @Test func aPeerWithoutTheMoveSaysSoAndStandsStill() throws {
        // Ben's scene (an older copy of the file) has no bow: he is told the move by name and drops it.
        let bow = try makeScene("""
        characters:
          - {id: luna, kind: luna, position: [640, 560]}
        moves:
          - {name: bow, duration: 1.5, keys: {lean: [{at: 0, value: 0}, {at: 1.5, value: 0}]}}
        """, duration: 1)
        let plain = try makeScene("characters:\n  - {id: luna, kind: luna, position: [640, 560]}", duration: 1)
        let withBow = SceneSimulation(scene: bow), without = SceneSimulation(scene: plain)
        #expect(withBow.knows(.move("bow")) && withBow.knows(.wave))
        #expect(!without.knows(.move("bow")))
        #expect(without.applyShared([.action(.move("bow"), target: .all)]) == [false])
        without.advance(toFrame: 10)
        #expect(without.snapshot().characters.first?.action == nil)
        #expect(withBow.applyShared([.action(.move("bow"), target: .all)]) == [true])
    }

    @Test func aSceneWithoutASessionIsUnchanged() throws {
        // The sharing surface adds nothing to a plain run: the trace has no peer and no sync event.
        let scene = try makeScene("timeline:\n  - {time: 0.2, tap: {at: [200, 600]}}", duration: 1)
        let simulation = SceneSimulation(scene: scene)
        simulation.advance(toFrame: simulation.frameCount)
        let trace = simulation.drainTrace()
        #expect(trace.allSatisfy { $0.peer == nil && !$0.jsonLine.contains("\"peer\"") })
        #expect(simulation.sharedCharacters().map(\.id) == ["sparkle-1"])
    }
}
