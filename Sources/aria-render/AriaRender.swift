import ArgumentParser
import Drawing
import Foundation
import Output
import GameKit
import Rendering
import Scene
import Shards
#if canImport(Glibc)
import Glibc
#endif

/// The command-line tool: it only parses, wires the modules together and reports.
@main
struct AriaRender: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aria-render",
        abstract: "Simulate and render the studio's games, headless: scenes of Aria's Magic and the other games.",
        discussion: """
        Exit codes, the same for every command: 0 done; 1 differences found (QA commands); \
        2 bad input (scene file, options); 3 a part of the system is missing or failed \
        (ffmpeg, PulseAudio, X server, an unwritable output); 4 the --profile cannot serve; \
        5 the --profile is locked by another program; 6 aria-studio is not built (studio).
        """,
        version: AriaRender.version,
        subcommands: AriaRender.commands
    )

    /// The tool's version, printed by `--version` and recorded in shard manifests.
    static let version = "0.5.0"

    /// Runs the command named on the command line and turns every failure into one line on
    /// standard error and its exit code: never a trap or a stack trace.
    static func main() {
        // A misspelled command is told the closest one, like a misspelled scene field.
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let first = arguments.first, !first.hasPrefix("-") {
            let names = commands.map { $0._commandName }
            if !names.contains(first) && first != "help" {
                reportFailure(ToolFailure(.badInput, "no command named '\(first)'\(SpellingSuggestion.hint(for: first, among: names)) "
                    + "(the commands: \(names.joined(separator: ", ")))"))
            }
        }
        if arguments.first == "studio" { ProgramHandover.replace(with: "aria-studio", arguments: Array(arguments.dropFirst()), tool: "aria-render",
                                                                 status: 6, build: "make studio", help: helpMessage(for: StudioCommand.self, columns: 100)) }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as ToolFailure {
            reportFailure(failure)
        } catch let error as RenderError {
            reportFailure(ToolFailure(.badInput, error.description))
        } catch let error as RenderRequestError {
            reportFailure(ToolFailure(.badInput, error.description))
        } catch let error as ShardEnvironment.Failure {
            reportFailure(ToolFailure(.badInput, error.description))
        } catch let error as GameRunError {
            reportFailure(ToolFailure(.badInput, error.description))
        } catch let errors as SceneErrors {
            // Files a run reads beyond the scene file (skins): each problem at its place, then one line.
            for diagnostic in errors.diagnostics { Validate.printToStandardError(diagnostic.description) }
            reportFailure(ToolFailure(.badInput, "the scene's files are invalid"))
        } catch let error as RunProfileError {
            reportFailure(ToolFailure(error.kind == .locked ? .profileLocked : .profileUnusable, error.description))
        } catch let error as OutputError {
            if let status = error.exitStatus {
                fputs("aria-render: \(error)\n", stderr)
                Foundation.exit(status)
            }
            reportFailure(ToolFailure(.systemFailure, error.description))
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            if code.rawValue == ToolFailure.Status.differences.rawValue {
                // A command already said what differed.
                Foundation.exit(code.rawValue)
            }
            let message = OptionSpelling.corrected(self.message(for: error), arguments: arguments)
                .split(separator: "\n").first.map(String.init) ?? "invalid command line"
            reportFailure(ToolFailure(.badInput, message.replacingOccurrences(of: "Error: ", with: "")))
        }
    }

    static func reportFailure(_ failure: ToolFailure) {
        RunProfile.discardUnsaved()
        fputs("aria-render: \(failure.message)\n", stderr)
        Foundation.exit(failure.status.rawValue)
    }
}
