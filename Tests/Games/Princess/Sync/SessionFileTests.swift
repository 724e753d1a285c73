import Princess
import Scene
import Testing

/// The scene file's `session:` and `peer:`, and every mistake in them, at file:line:column.
@Suite struct SessionFileTests {
    func problems(_ body: String) -> [String] {
        do {
            _ = try makeScene(body)
            return []
        } catch let errors as SceneErrors {
            return errors.diagnostics.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    @Test func aSessionIsRead() throws {
        let scene = try makeScene("""
        session:
          peers: [{name: ann}, {name: ben, leave: 2, rejoin: 3}]
          network: {latency: 0.1, loss: 0.2, partitions: [{start: 1, end: 2, peers: [ben]}]}
          updates_per_second: 5
        timeline:
          - {time: 1, peer: ben, clap: }
          - {time: 1, clap: }
        """)
        let session = try #require(scene.session)
        #expect(session.names == ["ann", "ben"])
        #expect(session.peers[1].isOnline(at: 2.5) == false)
        #expect(session.peers[1].isOnline(at: 3) == true)
        #expect(session.network.isSplit("ann", "ben", at: 1.5))
        #expect(!session.network.isSplit("ann", "ben", at: 2))
        #expect(session.updatesPerSecond == 5)
        #expect(scene.timeline.map(\.peer) == ["ben", nil])
        #expect(session.lastHeal == 3)
    }

    @Test func mistakesAreReportedWhereTheyAre() {
        let lines = problems("""
        session:
          peers: [{name: ann}, {name: ann}, {name: "b c"}]
          network: {loss: 1, jiter: 0.1, partitions: [{start: 2, end: 1, peers: [anne]}]}
        timeline:
          - {time: 1, peer: bne, clap: }
        """)
        #expect(lines.contains { $0.hasPrefix("session.yaml:6:31: duplicate peer name 'ann'") })
        #expect(lines.contains { $0.hasPrefix("session.yaml:6:44: session.peers[2].name 'b c' must be") })
        #expect(lines.contains { $0.hasPrefix("session.yaml:7:") && $0.contains("jiter") && $0.contains("did you mean 'jitter'?") })
        #expect(lines.contains { $0.hasPrefix("session.yaml:7:") && $0.contains("loses every message") })
        #expect(lines.contains { $0.contains("unknown peer 'anne'; did you mean 'ann'?") })
        #expect(lines.contains { $0.contains("end (1 s) must come after start (2 s)") })
        #expect(lines.contains { $0.hasPrefix("session.yaml:9:") && $0.contains("unknown peer 'bne'") })
    }

    @Test func aPeerNeedsASession() {
        let lines = problems("timeline:\n  - {time: 1, peer: ann, clap: }")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("needs a 'session:' section") == true)
    }

    @Test func aSessionNeedsTwoToEightPeers() {
        #expect(problems("session: {peers: [{name: ann}]}").first?.contains("a session has 2…8") == true)
        let nine = (1...9).map { "{name: p\($0)}" }.joined(separator: ", ")
        #expect(problems("session: {peers: [\(nine)]}").first?.contains("has 9 peers") == true)
        #expect(problems("session: {peers: [{name: ann, rejoin: 2}, {name: ben}]}").first?.contains("needs a 'leave'") == true)
    }
}

/// Targets named after a peer's tap: `<peer>.<kind>-<n>`, each peer with its own selection.
@Suite struct SessionTargetTests {
    @Test func tapsArePrefixedWithTheirPeer() throws {
        let scene = try makeScene("""
        session: {peers: [{name: ann}, {name: ben}]}
        timeline:
          - {time: 0.1, peer: ben, select: luna}
          - {time: 0.2, peer: ann, tap: {at: [200, 600]}}
          - {time: 0.2, peer: ben, tap: {at: [900, 600]}}
          - {time: 1.0, peer: ben, action: {kind: dance, target: ann.sparkle-1}}
          - {time: 1.0, action: {kind: wave, target: ben.luna-1}}
        """)
        #expect(scene.timeline.count == 5)
        do {
            _ = try makeScene("""
            session: {peers: [{name: ann}, {name: ben}]}
            timeline:
              - {time: 0.2, peer: ann, tap: {at: [200, 600]}}
              - {time: 1.0, action: {kind: wave, target: sparkle-1}}
            """)
            Issue.record("an unprefixed id in a session was accepted")
        } catch let errors as SceneErrors {
            let message = errors.diagnostics.first?.message ?? ""
            #expect(message.contains("no character 'sparkle-1'") && message.contains("characters then: ann.sparkle-1"), "\(message)")
        }
    }
}
