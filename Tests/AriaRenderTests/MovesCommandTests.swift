import Foundation
import Testing
import TestSupport

/// Moves files through the tool a designer runs: validate reads them with the scene, a bad
/// one is told at its own file, line and column with the bad-input exit code, and the trace
/// names the move.
@Suite struct MovesCommandTests {
    @Test func theExampleSceneWithItsMovesIsValidAndItsTraceNamesTheMoves() throws {
        let folder = try makeTemporaryFolder("moves-trace")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = RepositoryRoot.url.appendingPathComponent("Scenes/princess/own-moves.yaml").path
        let validate = try AriaRenderTool.run(["validate", scene])
        #expect(validate.status == 0 && validate.standardError.isEmpty, "\(validate.standardError)")
        #expect(validate.standardOutput.contains("own-moves.yaml: ok"), "\(validate.standardOutput)")

        let simulate = try AriaRenderTool.run(["simulate", scene, "--trace", "trace.jsonl"], in: folder)
        #expect(simulate.status == 0, "\(simulate.standardError)")
        let lines = try String(contentsOfFile: folder + "/trace.jsonl", encoding: .utf8).split(separator: "\n")
        let starts = lines.filter { $0.contains(#""event":"action_start""#) }
        #expect(starts.contains { $0.contains(#""character":"luna""#) && $0.contains(#""action":"bow""#) && $0.contains(#""duration":1.6"#) },
                "\(starts)")
        #expect(starts.contains { $0.contains(#""character":"rosie""#) && $0.contains(#""action":"spin-jump""#) }, "\(starts)")
        #expect(starts.contains { $0.contains(#""character":"crystal""#) && $0.contains(#""action":"rock""#) }, "\(starts)")
        // The spin-jump's cues: its sound as she springs, a heavy haptic as she lands.
        #expect(lines.contains { $0.contains(#""event":"sound""#) && $0.contains(#""character":"rosie""#) && $0.contains(#""sound":"jump""#) })
        #expect(lines.contains { $0.contains(#""event":"haptic""#) && $0.contains(#""character":"rosie""#) && $0.contains(#""kind":"heavy""#) })
        #expect(simulate.standardOutput.contains("bow"), "the summary counts the moves: \(simulate.standardOutput)")
    }

    @Test func aBadMovesFileIsOneLinePerProblemAtItsOwnPositionAndExitsTwo() throws {
        let folder = try makeTemporaryFolder("moves-bad")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/moves", withIntermediateDirectories: true)
        try """
        name: nod
        duration: 1
        keys:
          lean: [{at: 0, value: 0, ease: "cubic-bezier(2, 0, 1, 1)"}, {at: 0.5, value: 90}]
        cues:
          - {at: 0.2, sound: wavve}
        """.write(toFile: folder + "/moves/nod.yaml", atomically: true, encoding: .utf8)
        try """
        version: 1
        duration: 3
        characters:
          - {id: luna, kind: luna, position: [50%, 80%]}
        moves: [moves/nod.yaml, moves/shrug.yaml]
        timeline:
          - {time: 1, action: {kind: nod, target: luna}}
          - {time: 2, action: {kind: nodd, target: luna}}
        """.write(toFile: folder + "/scene.yaml", atomically: true, encoding: .utf8)
        let outcome = try AriaRenderTool.run(["validate", "scene.yaml"], in: folder)
        #expect(outcome.status == 2)
        let lines = outcome.standardError.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("moves/nod.yaml:4:34: keys.lean[0].ease must be cubic-bezier(x1, y1, x2, y2)") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("moves/nod.yaml:4:80: keys.lean[1].value is out of range: 90; expected a number from -45 to 45 degrees") },
                "\(lines)")
        #expect(lines.contains { $0.hasPrefix("moves/nod.yaml:6:22: unknown sound 'wavve'") && $0.contains("did you mean 'wave'?") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("scene.yaml:5:25: moves[1]: the moves file 'moves/shrug.yaml' does not exist") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("scene.yaml:8:30: unknown action 'nodd'") && $0.contains("did you mean 'nod'?")
                && $0.contains("wave, dance, twirl, jump, sparkle, nod") }, "\(lines)")
        #expect(lines.last == "aria-render: the scene file scene.yaml or a file it names is invalid", "\(lines)")
        // Nothing half-made: render refuses with the same code and writes no frame.
        let render = try AriaRenderTool.run(["render", "scene.yaml", "--frame", "10", "-o", "still.png"], in: folder)
        #expect(render.status == 2 && !FileManager.default.fileExists(atPath: folder + "/still.png"))
    }

    /// A farm's shards agree on the moves too: a shard rendered after its moves file changed
    /// is a foreign piece, though the scene file is the same.
    @Test func aShardRenderedWithAnotherMovesFileIsForeign() throws {
        let folder = try makeTemporaryFolder("moves-shards")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/moves", withIntermediateDirectories: true)
        func writeMove(lean: Int) throws {
            try "name: nod\nduration: 1\nkeys:\n  lean: [{at: 0, value: 0}, {at: 0.5, value: \(lean)}]\n"
                .write(toFile: folder + "/moves/nod.yaml", atomically: true, encoding: .utf8)
        }
        try writeMove(lean: 10)
        try """
        version: 1
        duration: 1
        characters:
          - {id: luna, kind: luna, position: [50%, 80%]}
        moves: [moves/nod.yaml]
        timeline:
          - {time: 0.1, action: {kind: nod, target: luna}}
        """.write(toFile: folder + "/scene.yaml", atomically: true, encoding: .utf8)
        let common = ["render", "scene.yaml", "--size", "160x90", "--frames", "0-7", "--quiet", "--no-sound"]
        for index in 0..<2 {
            let outcome = try AriaRenderTool.run(common + ["--shard", "\(index)/2", "-o", "farm"], in: folder)
            #expect(outcome.status == 0, "\(outcome.standardError)")
        }
        #expect(try AriaRenderTool.run(["assemble", "farm", "-o", "same.mp4"], in: folder).status == 0)
        try writeMove(lean: -10)
        #expect(try AriaRenderTool.run(common + ["--shard", "1/2", "-o", "farm"], in: folder).status == 0)
        let foreign = try AriaRenderTool.run(["assemble", "farm", "-o", "mixed.mp4"], in: folder)
        #expect(foreign.status == 2 && foreign.standardError.contains("is a foreign piece: its scene hash is"), "\(foreign.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/mixed.mp4"))
    }
}
