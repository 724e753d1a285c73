import Foundation
import GameKit
import Princess
@testable import PrincessGame
import Scene
import TestSupport
import Testing

/// A move written as data on the rig's channels draws as the built-in action it copies:
/// Scenes/princess/moves/wave-replica.yaml against the built-in wave, drawn by the real
/// painter (Cairo), within the skin round trip's tolerance (≤ 0.5 % of a frame's pixels).
@Suite struct MoveReplicaTests {
    /// A scene where Luna and Willow both perform `kind` at 0.5 s, loading `moves`.
    static func scene(_ kind: String, moves: String = "") throws -> SceneDescription {
        let folder = try makeTemporaryFolder("move-replica")
        let path = folder + "/replica.yaml"
        try """
        version: 1
        canvas: {width: 1280, height: 720, frame_rate: 30}
        duration: 2
        seed: 5
        characters:
          - {id: luna, kind: luna, position: [35%, 80%], scale: 1.4}
          - {id: willow, kind: willow, position: [70%, 82%]}
        \(moves)
        timeline:
          - {time: 0.5, action: {kind: \(kind), target: all}}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let module = PrincessGameModule()
        return try #require(try module.decodeScene(try SceneDocument.load(path: path)) as? SceneDescription)
    }

    static let replicaFile = RepositoryRoot.url.appendingPathComponent("Scenes/princess/moves/wave-replica.yaml").path
    static let replica = "moves: [\(replicaFile)]"

    /// The studio watches the files a scene was read from besides itself: a moves file saved
    /// reloads the page, wherever it is.
    @Test func theSceneNamesItsMovesFileAsAFileItUses() throws {
        let scene: any GameScene = try Self.scene("wave-replica", moves: Self.replica)
        #expect(scene.usedFiles == [Self.replicaFile])
        #expect((try Self.scene("wave") as any GameScene).usedFiles.isEmpty)
    }

    /// Each frame of the wave (0.5 s to 1.5 s at 30 frames a second, and one after): the
    /// replica within 0.5 % of the built-in's pixels, as a skin round trip is; and, since a
    /// whole waving arm is itself under 0.5 % of the frame, much nearer the built-in than a
    /// princess who does not wave at all is (the arm is where the built-in puts it).
    @Test func theWaveWrittenAsAMoveDrawsAsTheBuiltInWave() throws {
        let module = PrincessGameModule()
        let options = RunOptions(width: 640, height: 360)
        let frames = Array(15...46)
        func differences(from scene: SceneDescription) throws -> [(frame: Int, different: Int, total: Int, identical: Bool)] {
            try LookComparison.differences(try module.makeRun(of: try Self.scene("wave"), options: options),
                                           try module.makeRun(of: scene, options: options), frames: frames)
        }
        let written = try differences(from: try Self.scene("wave-replica", moves: Self.replica))
        let still = try differences(from: try Self.scene("still", moves: """
        moves:
          - {name: still, duration: 1, keys: {smile: [{at: 0, value: 0.9}]}}
        """))
        var worst = 0
        for (replica, unwaved) in zip(written, still) {
            worst = max(worst, replica.different)
            #expect(Double(replica.different) <= 0.005 * Double(replica.total),
                    "frame \(replica.frame): \(replica.different) of \(replica.total) pixels differ")
            if unwaved.different >= 100 {
                #expect(replica.different * 2 <= unwaved.different,
                        "frame \(replica.frame): the replica is \(replica.different) pixels off, no wave at all \(unwaved.different)")
            }
        }
        // The move's keys were drawn, not the built-in code: some frames differ a little; and
        // the frames in the middle of the wave are far from standing still.
        #expect(written.contains { !$0.identical })
        #expect(still.filter { $0.different >= 100 }.count >= 20, "\(still.map(\.different))")
        print("wave replica: worst frame \(worst) of \(640 * 360) pixels beyond the threshold; "
              + "without the wave \(still.map(\.different))")
    }
}
