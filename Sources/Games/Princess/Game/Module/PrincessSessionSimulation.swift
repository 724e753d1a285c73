import ECS
import GameKit
import Princess
import Scene
import PrincessSync
import Trace

/// A shared session as the engine drives it: every peer's world stepped together, its
/// snapshot the panels of the peers shown (all side by side, or one), its trace every peer's.
final class PrincessSessionSimulation: GameSimulation {
    /// The session.
    let session: SharedSession
    /// The peers drawn, by index, in order.
    let shown: [Int]
    private let panelSize: (width: Int, height: Int)

    /// The session of `scene`, showing every peer, or only `peer` (its name).
    init(scene: SceneDescription, options: RunOptions) throws {
        session = SharedSession(scene: scene, width: options.width, height: options.height,
                                framesPerSecond: options.framesPerSecond)
        if let peer = options.peer {
            guard let index = session.peerIndex(named: peer) else {
                throw GameRunError("--peer \(peer): no such peer in the session"
                                   + SpellingSuggestion.hint(for: peer, among: session.peerNames)
                                   + " (the peers: \(session.peerNames.joined(separator: ", ")))")
            }
            shown = [index]
        } else {
            shown = Array(session.peerNames.indices)
        }
        let first = session.snapshot(ofPeer: 0)
        panelSize = (first.width, first.height)
    }

    /// The peer whose sound is heard: the one shown, or the first.
    var listener: String { session.peerNames[shown[0]] }

    var clock: FixedStepClock { session.clock }
    var frameCount: Int { session.frameCount }
    var outputWidth: Int { panelSize.width * PeerPanel.grid(for: shown.count).columns }
    var outputHeight: Int { panelSize.height * PeerPanel.grid(for: shown.count).rows }
    var clapSensitivity: String? { session.scene.settings.clapSensitivity.rawValue }
    func advance(toFrame target: Int) { session.advance(toFrame: target) }
    func drainTrace() -> [TraceEvent] { session.drainTrace() }
    func makeTally() -> any RunTally { SessionTally(session: session) }

    func snapshot() -> [PeerPanel] {
        shown.map { PeerPanel(snapshot: session.snapshot(ofPeer: $0), number: $0 + 1, status: session.status(ofPeer: $0)) }
    }

    /// A session is watched, never played live (the kiosk plays one device): no live input.
    func inject(_ input: LiveInput, source: String) {}
}
