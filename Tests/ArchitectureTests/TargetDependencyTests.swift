import Foundation
import Testing
import TestSupport

/// Every target of Package.swift declares exactly the modules its sources import: an import
/// that only builds because another dependency brings the module along breaks when that one
/// changes, and a declared module no file imports is a dependency for nothing.
@Suite struct TargetDependencyTests {
    /// Modules of the toolchain and the system: imported without being declared.
    static let systemModules: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Glibc", "Darwin", "Dispatch", "Synchronization",
        "Testing", "XCTest", "_Builtin_intrinsics",
    ]

    /// A target as `swift package dump-package` describes it.
    struct Target: Decodable {
        struct Dependency: Decodable {
            let byName: [String?]?
            let target: [String?]?
            let product: [String?]?

            /// The module the dependency provides: a target's or a product's name.
            var module: String? { (byName ?? target ?? product)?.first ?? nil }
        }

        let name: String
        let type: String
        let path: String?
        let exclude: [String]
        let dependencies: [Dependency]

        /// The folder of its sources, from the repository root.
        var folder: String { path ?? (type == "test" ? "Tests/" : "Sources/") + name }
    }

    static func targets() throws -> [Target] {
        // A scratch folder of its own: `swift test` holds the lock of .build while it runs.
        let scratch = NSTemporaryDirectory() + "dump-package-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let dump = try Subprocess.run("swift", ["package", "--scratch-path", scratch, "dump-package"], in: RepositoryRoot.path, timeout: 120)
        guard dump.status == 0 else { throw FixtureError("swift package dump-package failed: \(dump.standardError)") }
        struct Package: Decodable { let targets: [Target] }
        return try JSONDecoder().decode(Package.self, from: dump.standardOutputData).targets
    }

    /// The modules imported by the Swift files under `folder` (a path from the repository root),
    /// those under `excluded` left out, each with the first file that imports it.
    static func imports(under folder: String, excluding excluded: [String] = []) throws -> [String: String] {
        let root = RepositoryRoot.url.appendingPathComponent(folder)
        var found: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let relative = String(url.path.dropFirst(root.path.count + 1))
            if excluded.contains(where: { relative == $0 || relative.hasPrefix($0 + "/") }) { continue }
            for module in importedModules(in: try String(contentsOf: url, encoding: .utf8)) where found[module] == nil {
                found[module] = folder + "/" + relative
            }
        }
        return found
    }

    /// The modules `source` imports (`import X`, `@testable import X`, `import struct X.Y`),
    /// submodules reduced to their module.
    static func importedModules(in source: String) -> [String] {
        source.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") }),
                  words.count > index + 1 else { return nil }
            let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
            let named = kinds.contains(words[index + 1]) && words.count > index + 2 ? words[index + 2] : words[index + 1]
            let module = named.split(separator: ".").first ?? named
            // Another language's import inside a string (a Python snippet: `import json, sys`) is not Swift's.
            guard module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
            return String(module)
        }
    }

    /// What is wrong with a target whose sources import `imported` and which declares `declared`;
    /// with `allowingUnused`, only what it imports without declaring.
    static func mismatches(target: String, imported: [String: String], declared: Set<String>, allowingUnused: Bool = false) -> [String] {
        let used = Set(imported.keys).subtracting(systemModules)
        let undeclared = used.subtracting(declared).sorted().map {
            "\(target) imports \($0) (\(imported[$0]!)) without declaring it in Package.swift"
        }
        let unused = allowingUnused ? [] : declared.subtracting(used).sorted().map { "\(target) declares \($0), which none of its files imports" }
        return undeclared + unused
    }

    @Test func everyTargetDeclaresWhatItImportsAndNoMore() throws {
        let targets = try Self.targets()
        #expect(targets.contains { $0.name == "Golden" })
        // A game of the `games` list is given every kit a game may use, whichever it imports.
        let listed = Set(try PackageTargets.read().gameNames.flatMap { [$0 + "Game", $0 + "GameTests"] })
        for target in targets where target.type != "system" {
            let declared = Set(target.dependencies.compactMap(\.module))
            let imported = try Self.imports(under: target.folder, excluding: target.exclude)
            for mismatch in Self.mismatches(target: target.name, imported: imported, declared: declared, allowingUnused: listed.contains(target.name)) {
                Issue.record(Comment(rawValue: mismatch))
            }
        }
    }

    @Test func theArchitectureTestsReadThePackageAsSwiftPMDoes() throws {
        // The other checks read Package.swift's text; SwiftPM's own reading of it is the truth,
        // the games of the `games` list included.
        let swiftPM = try Self.targets()
        let read = try PackageTargets.read()
        #expect(read.gameNames.contains("Example"))
        #expect(Set(read.targets.map(\.name)) == Set(swiftPM.map(\.name)))
        for target in swiftPM {
            guard let mine = read.target(target.name) else { continue }
            #expect(mine.folder == target.folder, "\(target.name): read in \(mine.folder), SwiftPM says \(target.folder)")
            #expect(Set(mine.dependencies) == Set(target.dependencies.compactMap(\.module)),
                    "\(target.name): read \(mine.dependencies.sorted()), SwiftPM says \(target.dependencies.compactMap(\.module).sorted())")
        }
    }

    @Test func theGuidesPackageSnippetIsThePackagesGamesList() throws {
        // docs/games/new-game.md shows the `games` list a new game adds its line to: its names are
        // the real list's, in its order (a game added later need not touch the guide).
        let guide = try String(contentsOf: RepositoryRoot.url.appendingPathComponent("docs/games/new-game.md"), encoding: .utf8)
        let snippet = try #require(guide.components(separatedBy: "```swift\n// Package.swift\n").dropFirst().first, "no Package.swift snippet")
        let shown = try #require(PackageTargets.literalList(named: "games", in: snippet))
        let listed = try PackageTargets.read().gameNames
        #expect(!shown.isEmpty && shown.contains("BubblePop"))
        #expect(shown == listed.filter(shown.contains), "the guide shows \(shown); Package.swift lists \(listed)")
    }

    @Test func theGamesKitsAreWhatTheArchitectureLetsAGameImport() throws {
        // Package.swift gives a listed game `gameKits`; docs/architecture.md's `any-game` line
        // says what a game may import: the two are one list.
        let text = try String(contentsOf: RepositoryRoot.url.appendingPathComponent("Package.swift"), encoding: .utf8)
        let kits = Set(try #require(PackageTargets.literalList(named: "gameKits", in: text)))
        let allowed = try #require(ModuleImportTests.allowedImports()["any-game"]).subtracting(ModuleImportTests.systemModules)
        #expect(kits == allowed)
    }

    @Test func theCheckCatchesBothMistakes() {
        let source = "import Foundation\n@testable import Golden\nimport struct Trace.TraceEvent\n// import Nothing\n#if canImport(Glibc)\nimport Glibc\n#endif\n"
            + "let python = \"\"\"\n    import json, sys\n    \"\"\"\n"
        #expect(Self.importedModules(in: source) == ["Foundation", "Golden", "Trace", "Glibc"])
        let imported = Dictionary(uniqueKeysWithValues: Self.importedModules(in: source).map { ($0, "x.swift") })
        #expect(Self.mismatches(target: "T", imported: imported, declared: ["Golden", "Trace"]).isEmpty)
        #expect(Self.mismatches(target: "T", imported: imported, declared: ["Golden", "Yams"])
                == ["T imports Trace (x.swift) without declaring it in Package.swift", "T declares Yams, which none of its files imports"])
    }
}
