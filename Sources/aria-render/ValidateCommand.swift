import ArgumentParser
import Foundation
import Catalogue
import GameKit
import Rendering
import SceneFile

/// `aria-render validate FILE...`: checks scene files and lists every problem.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scene files (YAML or JSON) and report every problem with its line and column.",
        discussion: "Each file's run is stepped through: an input it refuses or clamps is a warning at its entry. "
            + "Exits 0 when every file is valid, 2 when any is not (or, with --strict, has warnings)."
    )

    @Argument(help: "Scene files to check (.yaml, .yml or .json).")
    var files: [String]

    @Flag(help: "Treat warnings (timeline entries the run refuses or clamps) as errors: exit 2.")
    var strict = false

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one scene file to check") }
    }

    func run() throws {
        var invalid = 0
        for file in files {
            do {
                let opened = try Catalogue.games.open(path: file)
                let header = opened.scene.header
                let game = header.game == SceneHeader.defaultGame ? "" : "\(header.game): "
                let (review, appear) = SceneWarnings.validation(opened, file: file)
                print("\(file): ok (\(game)\(opened.scene.outline)\(appear), \(header.canvasWidth)x\(header.canvasHeight), \(Self.seconds(header.duration)))")
                if strict, review?.warnings.isEmpty == false { invalid += 1 }
            } catch let errors as SceneErrors {
                invalid += 1
                for diagnostic in errors.diagnostics { Self.printToStandardError(diagnostic.description) }
            }
        }
        if invalid > 0 {
            throw ToolFailure(.badInput, invalid == 1 && files.count == 1
                              ? "the scene file is invalid"
                              : "\(invalid) of \(files.count) scene files are invalid")
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// Writes one line to standard error (diagnostics, so standard output stays parseable).
    static func printToStandardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
