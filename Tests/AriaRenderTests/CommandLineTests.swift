import Foundation
import Testing
import TestSupport

/// The command line as a user meets it: a version, and a hint for a misspelled command.
@Suite struct CommandLineTests {
    @Test func versionIsPrintedAndExitsZero() throws {
        let result = try AriaRenderTool.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
    }

    @Test func aMisspelledCommandIsOneLineWithTheClosestName() throws {
        let result = try AriaRenderTool.run(["rendr", "Scenes/princess/default.yaml"])
        #expect(result.status == 2)
        #expect(result.standardError == "aria-render: no command named 'rendr'; did you mean 'render'? "
            + "(the commands: render, assemble, report, simulate, sync-check, validate, check, golden, diff, listen, demo, games, skin, studio)\n")
        let nothingClose = try AriaRenderTool.run(["xylophone"])
        #expect(nothingClose.status == 2)
        #expect(!nothingClose.standardError.contains("did you mean"))
        #expect(try AriaRenderTool.run(["help", "render"]).status == 0, "help is a command too")
    }

    @Test func oneIsSingular() throws {
        let folder = try makeTemporaryFolder("plural")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = folder + "/one.yaml"
        try """
        version: 1
        canvas: {width: 640, height: 360}
        duration: 2
        characters:
          - {id: luna, kind: luna, position: [320, 330]}
        timeline:
          - {time: 1, action: {kind: wave, target: luna}}

        """.write(toFile: scene, atomically: true, encoding: .utf8)
        let result = try AriaRenderTool.run(["validate", scene])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("ok (1 character, 1 timeline entry; 1 character appears, 640x360,"), "\(result.standardOutput)")
    }
}
