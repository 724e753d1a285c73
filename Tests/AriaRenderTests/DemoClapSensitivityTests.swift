import Foundation
import TestSupport
import Testing

/// The demo's clap detector takes its sensitivity from the scene, follows the scene's changes on
/// the real microphone thread, and keeps the one given with `--clap-sensitivity`. A private
/// PulseAudio daemon's null-sink monitor is the microphone; frames go to a folder.
@Suite(.serialized) final class DemoClapSensitivityTests {
    let folder = demoTemporaryFolder("sensitivity")

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    static let sceneThatTurnsHard = """
        version: 1
        canvas: {width: 1280, height: 720, frame_rate: 30}
        seed: 5
        duration: 10
        settings: {clap_sensitivity: easy}
        characters:
          - {id: sparkle, kind: sparkle, position: [640, 600]}
        timeline:
          - {time: 1, settings: {clap_sensitivity: hard}}

        """

    @Test func theMicrophoneFollowsTheSceneUnlessTheCommandLineFixesIt() throws {
        let pulse = try PulseFixture(sink: "aria_demo_sensitivity")
        let scene = folder + "/hard.yaml"
        try Self.sceneThatTurnsHard.write(toFile: scene, atomically: true, encoding: .utf8)
        func demo(_ extra: [String]) throws -> Subprocess {
            try DemoTool.start([scene, "--output", folder + "/frames-\(extra.count)", "--window", "160x90", "--fps", "5",
                                "--no-sound", "--mic", pulse.sink + ".monitor", "--duration", "2.5"] + extra,
                               environment: pulse.environment.merging(["DISPLAY": ""]) { $1 })
        }

        let following = try demo([])
        #expect(following.finish(timeout: 30) == 0, "\(following.standardError)")
        let log = following.standardError
        #expect(log.contains("microphone: listening to \(pulse.sink).monitor (clap sensitivity easy)"), "\(log)")
        #expect(log.contains("microphone: clap sensitivity hard (the scene changed it)"), "\(log)")

        let fixed = try demo(["--clap-sensitivity", "medium"])
        #expect(fixed.finish(timeout: 30) == 0, "\(fixed.standardError)")
        #expect(fixed.standardError.contains("(clap sensitivity medium, set by --clap-sensitivity)"), "\(fixed.standardError)")
        #expect(!fixed.standardError.contains("the scene changed it"), "\(fixed.standardError)")
    }
}
