import ECS
import Foundation
import Princess
@testable import PrincessSync

/// A session's limits: 3 peers on a 1280×720 canvas.
let testLimits = SyncLimits(peers: 3, canvasWidth: 1280, canvasHeight: 720)

/// One message of every type, with values a validator accepts.
let everyMessageType: [SyncMessage] = [
    SyncMessage(sender: 0, sequence: 1, clock: 1, body: .hello(name: "ann")),
    SyncMessage(sender: 1, sequence: 2, clock: 2, body: .bye),
    SyncMessage(sender: 2, sequence: 3, clock: 9, body: .spawn(id: "ben.luna-1", kind: .luna, position: Vec2(300.5, 600), scale: 1, basis: 7)),
    SyncMessage(sender: 0, sequence: 4, clock: 12, body: .update(id: "luna", position: Vec2(640, 700.25), scale: 1.75)),
    SyncMessage(sender: 1, sequence: 5, clock: 13, body: .remove(id: "rosie")),
    SyncMessage(sender: 2, sequence: 6, clock: 14, body: .action(.twirl, target: .character("luna"))),
    SyncMessage(sender: 2, sequence: 7, clock: 15, body: .action(.jump, target: .all)),
    SyncMessage(sender: 2, sequence: 13, clock: 21, body: .move(name: "bow", target: .character("luna"))),
    SyncMessage(sender: 0, sequence: 14, clock: 22, body: .move(name: "spin-jump", target: .all)),
    SyncMessage(sender: 0, sequence: 8, clock: 16, body: .effect(.snow, place: .canvas, duration: nil)),
    SyncMessage(sender: 0, sequence: 9, clock: 17, body: .effect(.bubbles, place: .point(Vec2(10, 20)), duration: 2.5)),
    SyncMessage(sender: 1, sequence: 10, clock: 18, body: .effect(.sparkles, place: .character("luna"), duration: 1)),
    SyncMessage(sender: 1, sequence: 11, clock: 19, body: .snapshot([
        CharacterRecord(id: "luna", origin: SpawnOrigin(kind: .luna, position: Vec2(900, 600), scale: 1, stamp: .origin, basis: 0),
                        placement: PlacementRegister(position: Vec2(800, 650), scale: 1.5, stamp: Stamp(clock: 12, peer: 2))),
        CharacterRecord(id: "rosie", origin: nil, placement: nil, removed: true),
        CharacterRecord(id: "x", origin: nil, placement: PlacementRegister(position: Vec2(1, 1), scale: 0.5, stamp: Stamp(clock: 3, peer: 1))),
    ])),
    SyncMessage(sender: 0, sequence: 12, clock: 20, body: .snapshot([])),
]

/// `bytes` with its checksum made right again (so a test's change reaches the field checks).
func resealed(_ bytes: [UInt8]) -> [UInt8] {
    var bytes = bytes
    let sum = Checksum.fnv1a(bytes, count: bytes.count - 4)
    for index in 0..<4 { bytes[bytes.count - 4 + index] = UInt8((sum >> (8 * UInt32(index))) & 0xFF) }
    return bytes
}

/// Builds a scene from YAML lines under a standard header (1280×720, 30 fps).
func makeScene(_ body: String, duration: Double = 6) throws -> SceneDescription {
    try SceneLoader.parse("""
    version: 1
    canvas: {width: 1280, height: 720, frame_rate: 30}
    duration: \(duration)
    seed: 3
    \(body)
    """, fileName: "session.yaml")
}

/// A short session with every conflict the rules settle, on a hostile network.
func conflictScene(loss: Double = 0.3, settle: Double = 6) throws -> SceneDescription {
    try makeScene("""
    limits: {max_characters: 12, min_spawn_distance: 110}
    characters:
      - {id: luna, kind: luna, position: [900, 600]}
      - {id: rosie, kind: rosie, position: [300, 600]}
    session:
      settle: \(settle)
      peers: [{name: ann}, {name: ben}, {name: cat, leave: 1.5, rejoin: 2.2}]
      network: {latency: 0.06, jitter: 0.08, loss: \(loss), duplicate: 0.2, reorder: 0.3, corrupt: 0.1,
                partitions: [{start: 0.8, end: 1.8, peers: [ann]}]}
    timeline:
      - {time: 0.3, peer: ann, tap: {at: [600, 620]}}
      - {time: 0.3, peer: ben, tap: {at: [610, 630]}}
      - {time: 0.4, peer: cat, tap: {at: [620, 600]}}
      - {time: 0.6, peer: ann, drag: {target: rosie, to: [400, 500], duration: 0.8}}
      - {time: 0.9, peer: ben, two_finger_tap: {target: rosie}}
      - {time: 1.0, peer: ann, pinch: {target: luna, scale: 1.8, duration: 0.4}}
      - {time: 1.0, peer: ben, pinch: {target: luna, scale: 0.6, duration: 0.4}}
      - {time: 1.6, peer: cat, drag: {target: luna, to: [1000, 500], duration: 0.4}}
      - {time: 2.0, peer: ben, action: {kind: jump, target: all}}
    """, duration: 3)
}
