import ArgumentParser
import Foundation
import Catalogue
import GameKit
import Rendering
import Scene

/// `aria-render validate FILE...`: checks scene files and lists every problem.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scene files (YAML or JSON) and report every problem with its line and column.",
        discussion: "Each file's run is stepped through: an input it refuses or clamps is a warning at its entry. "
            + "Exits 0 when every file is valid, 2 when any is not (or, with --strict, has warnings)."
    )

    @Argument(help: "Scene files to check (.yaml, .yml or .json).", transform: OptionNotice.scenePath)
    var files: [String]

    @Flag(help: "Treat warnings (timeline entries the run refuses or clamps) as errors: exit 2.")
    var strict = false

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one scene file to check") }
    }

    func run() throws {
        var invalid = 0, refused = 0, elsewhere = false
        for file in files {
            do {
                if let line = try SceneWarnings.validation(try Catalogue.games.open(path: file), file: file, strict: strict) { print(line) } else { refused += 1 }
            } catch let errors as SceneErrors {
                invalid += 1
                for diagnostic in errors.diagnostics { elsewhere = elsewhere || diagnostic.file != file; Self.printToStandardError(diagnostic.description) }
            } catch let error as GameRunError {
                invalid += 1
                Self.printToStandardError("\(file): \(error)")
            }
        }
        if invalid + refused > 0 {
            let strictly = refused == 0 ? "" : " (\(refused) refused by --strict for the warnings above)"
            throw ToolFailure(.badInput, invalid + refused == 1 && files.count == 1
                              ? (refused == 1 ? "--strict: the scene file \(files[0]) has warnings" : "the scene file \(files[0])\(elsewhere ? " or a file it names" : "") is invalid")
                              : "\(invalid + refused) of \(files.count) scene files are invalid\(strictly)")
        }
    }

    /// Writes one line to standard error (diagnostics, so standard output stays parseable).
    static func printToStandardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
