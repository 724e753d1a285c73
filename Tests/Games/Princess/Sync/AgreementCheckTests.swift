import Princess
@testable import PrincessSync
import Testing

/// When the peers of a session are said to agree, and when not: agreement counted once after
/// each quiet point, a disagreement only past the deadline and only once.
@Suite struct AgreementCheckTests {
    /// Two peers that both show the one character ann tapped in.
    private static func agreeingPeers() throws -> [PeerDevice] {
        let scene = try makeScene("""
        session: {peers: [{name: ann}, {name: ben}]}
        timeline:
          - {time: 0.2, peer: ann, tap: {at: [200, 600]}}
        """, duration: 2)
        let session = SharedSession(scene: scene)
        session.advance(toFrame: session.frameCount)
        return session.devices
    }

    @Test func agreementIsCountedOnceAfterEachQuietPoint() throws {
        let peers = try Self.agreeingPeers()
        #expect(AgreementCheck.agree(peers))
        var check = AgreementCheck(settleSteps: 10, quietStep: 5)
        #expect(check.check(peers, at: 3, disagreementFound: false) == .nothingNew)
        #expect(check.check(peers, at: 7, disagreementFound: false) == .converged(steps: 2))
        #expect(check.check(peers, at: 8, disagreementFound: false) == .nothingNew)
        check.wrote(at: 20)
        #expect(check.deadlineStep == 30)
        #expect(check.check(peers, at: 21, disagreementFound: false) == .converged(steps: 1))
        #expect(check.convergenceSteps == [2, 1])
    }

    @Test func aDisagreementIsReportedPastTheDeadlineOnly() throws {
        let peers = try Self.agreeingPeers()
        peers[1].shownInOrder = []
        #expect(!AgreementCheck.agree(peers))
        var check = AgreementCheck(settleSteps: 10, quietStep: 5)
        #expect(check.check(peers, at: 14, disagreementFound: false) == .nothingNew)
        #expect(check.check(peers, at: 15, disagreementFound: false) == .disagreement(peer: 1, stepsAfterQuiet: 10))
        #expect(check.check(peers, at: 16, disagreementFound: true) == .nothingNew)
        // A peer out of the session is not compared.
        peers[1].online = false
        #expect(AgreementCheck.agree(peers))
    }
}
