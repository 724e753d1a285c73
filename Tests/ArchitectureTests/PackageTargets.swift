import Foundation
import TestSupport

/// The targets Package.swift declares, read from its text: each one's name, kind, folder and
/// the names it depends on. Read rather than asked of SwiftPM (`swift package dump-package`),
/// which would wait for the lock of the `.build` folder the running tests were built in.
struct PackageTargets {
    /// One `.target`, `.executableTarget`, `.testTarget` or `.systemLibrary` of the manifest.
    struct Target: Equatable {
        enum Kind: String { case target, executableTarget, testTarget, systemLibrary }
        let name: String
        let kind: Kind
        /// The folder of its sources, relative to the repository (`path:` or SwiftPM's default).
        let folder: String
        /// The targets and products it depends on, by name.
        let dependencies: [String]
    }

    let targets: [Target]

    /// Reads the manifest at the repository's root.
    static func read() throws -> PackageTargets {
        let text = try String(contentsOf: RepositoryRoot.url.appendingPathComponent("Package.swift"), encoding: .utf8)
        return try PackageTargets(manifest: text)
    }

    /// The names of the `games` list: each is a game of one module made by the manifest's
    /// `gameTargets` (`NameGame` in Sources/Games/Name, `NameGameTests` in Tests/Games/Name).
    let gameNames: [String]

    /// The targets of `manifest`; throws when a declaration cannot be read, so that a target
    /// written some new way fails here instead of escaping the checks. The games of its `games`
    /// list are read as `gameTargets` makes them: a module depending on `gameKits`, a test
    /// target depending on it, `gameKits` and `gameTestKits`; `+ gameModules` after a list of
    /// dependencies adds every one of those modules. TargetDependencyTests holds this reading
    /// to what SwiftPM makes of the manifest.
    init(manifest: String) throws {
        gameNames = Self.literalList(named: "games", in: manifest) ?? []
        let gameKits = Self.literalList(named: "gameKits", in: manifest) ?? []
        let gameTestKits = Self.literalList(named: "gameTestKits", in: manifest) ?? []
        let gameModules = gameNames.map { $0 + "Game" }
        var targets: [Target] = []
        var rest = manifest[...]
        while let (kind, open) = Self.nextDeclaration(in: rest) {
            let close = try Self.matchingParenthesis(in: manifest, from: open)
            let arguments = String(manifest[manifest.index(after: open)..<close])
            rest = manifest[manifest.index(after: close)...]
            // `gameTargets` and `gameModules`, whose targets are those of the `games` list.
            if arguments.hasPrefix("name: name + \"") || arguments.hasPrefix("name: $0 + \"") { continue }
            guard let name = Self.firstString(after: "name:", in: arguments) else {
                throw ManifestError(description: "a .\(kind.rawValue)( in Package.swift has no name: \(arguments.prefix(80))")
            }
            let defaultFolder = (kind == .testTarget ? "Tests/" : "Sources/") + name
            let folder = Self.firstString(after: "path:", in: arguments) ?? defaultFolder
            var dependencies = Self.dependencies(in: arguments)
            if Self.addsGameModules(arguments) { dependencies += gameModules }
            targets.append(Target(name: name, kind: kind, folder: folder, dependencies: dependencies))
        }
        for game in gameNames {
            targets.append(Target(name: game + "Game", kind: .target, folder: "Sources/Games/" + game, dependencies: gameKits))
            targets.append(Target(name: game + "GameTests", kind: .testTarget, folder: "Tests/Games/" + game,
                                  dependencies: [game + "Game"] + gameKits + gameTestKits))
        }
        guard !targets.isEmpty else { throw ManifestError(description: "Package.swift declares no target that could be read") }
        self.targets = targets
    }

    /// The names in the list `let name… = [ … ]` of `manifest` (string literals and the `name:`
    /// of products), nil when it has none.
    static func literalList(named name: String, in manifest: String) -> [String]? {
        guard let pattern = try? Regex("\\blet \(name)\\b[^=\\n]*=[ \\t]*\\["), let declaration = manifest.firstRange(of: pattern) else {
            return nil
        }
        return dependencies(in: "dependencies: " + manifest[manifest.index(before: declaration.upperBound)...])
    }

    /// Whether a declaration's dependency list is followed by `+ gameModules`.
    private static func addsGameModules(_ arguments: String) -> Bool {
        guard let range = dependencyList(in: arguments)?.range else { return false }
        return arguments[range.upperBound...].drop { $0.isWhitespace }.hasPrefix("+ gameModules")
    }

    /// The target named `name`.
    func target(_ name: String) -> Target? { targets.first { $0.name == name } }

    /// The targets that hold a game: those whose folder is under Sources/Games/.
    var games: [Target] { targets.filter { $0.folder.hasPrefix("Sources/Games/") } }

    /// The folder of the game a game target belongs to (`Sources/Games/Princess`).
    static func gameFolder(of target: Target) -> String? {
        let parts = target.folder.split(separator: "/")
        guard parts.count >= 3, parts[0] == "Sources", parts[1] == "Games" else { return nil }
        return parts[0...2].joined(separator: "/")
    }

    /// The game a target belongs to, from its folder: `Princess` for `Sources/Games/Princess/Game`
    /// and for the game's test code under `Tests/Games/Princess/…`.
    static func gameName(of target: Target) -> String? {
        let parts = target.folder.split(separator: "/")
        guard parts.count >= 3, parts[0] == "Sources" || parts[0] == "Tests", parts[1] == "Games" else { return nil }
        return String(parts[2])
    }

    /// The modules that list or run games rather than being the engine: the lobby and the tools.
    static let outsideTheEngine: Set<String> = ["Catalogue", "aria-render", "aria-bench", "aria-studio"]

    /// The engine: every target under Sources/ that is neither a game nor outside the engine.
    var engine: [Target] {
        targets.filter { $0.folder.hasPrefix("Sources/") && Self.gameFolder(of: $0) == nil && !Self.outsideTheEngine.contains($0.name) }
    }

    /// The target whose folder holds `path` (relative to the repository), the deepest one when
    /// folders nest.
    func target(holding path: String) -> Target? {
        targets.filter { path.hasPrefix($0.folder + "/") }.max { $0.folder.count < $1.folder.count }
    }

    struct ManifestError: Error, CustomStringConvertible { let description: String }

    /// The next `.kind(` in `text` (a declaration: nested ones are skipped by the caller), and
    /// where its parenthesis opens.
    private static func nextDeclaration(in text: Substring) -> (Target.Kind, String.Index)? {
        let found = [Target.Kind.target, .executableTarget, .testTarget, .systemLibrary].compactMap { kind in
            text.range(of: ".\(kind.rawValue)(").map { (kind, $0) }
        }
        guard let first = found.min(by: { $0.1.lowerBound < $1.1.lowerBound }) else { return nil }
        return (first.0, text.index(before: first.1.upperBound))
    }

    /// Where the parenthesis opened at `open` closes, skipping string literals and comments.
    private static func matchingParenthesis(in text: String, from open: String.Index) throws -> String.Index {
        var depth = 0
        var index = open
        var inString = false
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if character == "\\" { index = text.index(after: index) } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if text[index...].hasPrefix("//") {
                index = text[index...].firstIndex(of: "\n") ?? text.endIndex
                continue
            } else if character == "(" || character == "[" {
                depth += 1
            } else if character == ")" || character == "]" {
                depth -= 1
                if depth == 0 { return index }
            }
            index = text.index(after: index)
        }
        throw ManifestError(description: "Package.swift: a target's parenthesis never closes")
    }

    /// The first string literal right after `label` in `arguments`, outside the dependency list
    /// (where a product has a `name:` of its own).
    private static func firstString(after label: String, in arguments: String) -> String? {
        var searched = arguments
        if let range = dependencyList(in: arguments)?.range { searched.removeSubrange(range) }
        guard let labelRange = searched.range(of: label) else { return nil }
        let rest = searched[labelRange.upperBound...]
        guard let open = rest.firstIndex(of: "\""), rest[..<open].allSatisfy(\.isWhitespace) else { return nil }
        let afterOpen = rest.index(after: open)
        guard let close = rest[afterOpen...].firstIndex(of: "\"") else { return nil }
        return String(rest[afterOpen..<close])
    }

    /// The bracketed list after `dependencies:` and where it is in `arguments`.
    private static func dependencyList(in arguments: String) -> (text: Substring, range: Range<String.Index>)? {
        guard let label = arguments.range(of: "dependencies:"),
              let open = arguments[label.upperBound...].firstIndex(of: "[") else { return nil }
        var depth = 0
        var index = open
        while index < arguments.endIndex {
            if arguments[index] == "[" { depth += 1 }
            if arguments[index] == "]" {
                depth -= 1
                if depth == 0 { return (arguments[open...index], label.lowerBound..<arguments.index(after: index)) }
            }
            index = arguments.index(after: index)
        }
        return nil
    }

    /// The names in the dependencies list: bare strings and the `name:` of `.product(…)`,
    /// `.target(…)` and `.byName(…)`, never a `package:`.
    private static func dependencies(in arguments: String) -> [String] {
        guard let list = dependencyList(in: arguments)?.text else { return [] }
        var names: [String] = []
        var rest = list[...]
        while let open = rest.firstIndex(of: "\"") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "\"") else { break }
            let before = rest[..<open].trimmingCharacters(in: .whitespaces)
            if !before.hasSuffix("package:") && !before.hasSuffix("condition:") { names.append(String(rest[afterOpen..<close])) }
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
