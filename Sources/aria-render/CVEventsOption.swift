import ArgumentParser
import CVBus
import Foundation
import GameKit
import Scene

/// `--cv-events FILE.jsonl` of `render`, `simulate` and `demo`: a recorded detection log whose
/// camera events the scene's game receives at their times.
struct CVEventsOption: ParsableArguments {
    @Option(name: .customLong("cv-events"), help: ArgumentHelp(
        "A detection log, one JSON detection a line ({\"time\": 1.5, \"label\": \"apple\", \"confidence\": 0.9, \"box\": [x, y, w, h]}), "
        + "whose camera events the game receives on top of the scene's own cv: script (docs/cv-events.md).", valueName: "file.jsonl"))
    var cvEvents: String?

    /// The log, validated; every bad line is printed as `file:line:column: …` and the tool
    /// fails as bad input. A game that takes no camera events is told so in a note.
    func load(for game: any GameModule) throws -> CVRecording? {
        guard let cvEvents else { return nil }
        let recording: CVRecording
        do {
            recording = try CVLogFile.load(path: cvEvents)
        } catch let errors as SceneErrors {
            for diagnostic in errors.diagnostics { Validate.printToStandardError(diagnostic.description) }
            throw ToolFailure(.badInput, "the detection log is invalid")
        }
        if game.info.cvSubscription.rules.isEmpty {
            fputs("aria-render: note: the game \(game.id) takes no camera events; --cv-events changes nothing\n", stderr)
        }
        return recording
    }
}
