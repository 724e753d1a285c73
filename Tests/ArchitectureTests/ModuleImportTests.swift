import Foundation
import Testing
import TestSupport

/// The layout of docs/architecture.md holds: no engine module imports a game, only the
/// catalogue (with the tools and tests) depends on one, and every source file imports only
/// what the doc's `imports` block lets its module import, each a declared dependency.
@Suite struct ModuleImportTests {
    static let systemModules: Set<String> = ["Foundation", "FoundationEssentials", "Glibc", "Darwin", "Synchronization", "Dispatch"]

    /// The `imports` block of `text` (docs/architecture.md): module → what it may import, with
    /// `+system` read as the system's modules and `+games` as `games` (Package.swift's game targets).
    static func allowedImports(in text: String, games: [String] = []) -> [String: Set<String>]? {
        guard let start = text.range(of: "```imports\n"), let end = text.range(of: "```", range: start.upperBound..<text.endIndex) else {
            return nil
        }
        var allowed: [String: Set<String>] = [:]
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            var names = Set(parts[1].split(separator: " ").map(String.init))
            if names.remove("+system") != nil { names.formUnion(systemModules) }
            if names.remove("+games") != nil { names.formUnion(games) }
            allowed[parts[0].trimmingCharacters(in: .whitespaces)] = names
        }
        return allowed
    }

    /// The block of the repository's docs/architecture.md, `+games` read from its Package.swift.
    static func allowedImports() throws -> [String: Set<String>] {
        let text = try String(contentsOf: RepositoryRoot.url.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let games = try PackageTargets.read().games.map(\.name)
        return try #require(allowedImports(in: text, games: games), "docs/architecture.md has no ```imports block")
    }

    /// One `import` of a source file.
    struct Import {
        /// The file, relative to the repository.
        let file: String
        let module: String
    }

    /// The modules `text` imports (`import X`, `@testable import X`, `@_exported import X`, …).
    static func imports(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard let index = words.firstIndex(of: "import"), words.count > index + 1,
                  words[..<index].allSatisfy({ $0.hasPrefix("@") }) else { return nil }
            return String(words[index + 1])
        }
    }

    /// Every import of every Swift file of the package's targets, by target name; a Swift file
    /// under Sources/ that belongs to no target is recorded as an issue.
    static func importsByTarget(_ package: PackageTargets) throws -> [String: [Import]] {
        var found: [String: [Import]] = [:]
        let root = RepositoryRoot.url.standardizedFileURL.path
        for top in ["Sources", "Tests"] {
            let enumerator = FileManager.default.enumerator(at: RepositoryRoot.url.appendingPathComponent(top), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "swift" else { continue }
                let relative = String(url.standardizedFileURL.path.dropFirst(root.count + 1))
                guard let target = package.target(holding: relative) else {
                    if top == "Sources" { Issue.record("\(relative) belongs to no target of Package.swift") }
                    continue
                }
                let text = try String(contentsOf: url, encoding: .utf8)
                found[target.name, default: []] += imports(in: text).map { Import(file: relative, module: $0) }
            }
        }
        return found
    }

    // MARK: the rules of docs/architecture.md

    /// The imports of engine modules that name a game of `package`.
    static func gameImportsOfTheEngine(_ package: PackageTargets, imports: [String: [Import]]) -> [String] {
        let games = Set(package.games.map(\.name))
        return package.engine.flatMap { module in
            (imports[module.name] ?? []).filter { games.contains($0.module) }
                .map { "\($0.file) imports the game module \($0.module): \(module.name) is the engine, which never names a game" }
        }
    }

    /// The dependencies on game modules that Package.swift may not have: only the catalogue, the
    /// tools, the test targets and a game's own modules (its test support under Tests/Games/<Name>
    /// included) list one; the shared TestSupport lists none.
    static func forbiddenGameDependencies(_ package: PackageTargets) -> [String] {
        let games = Dictionary(uniqueKeysWithValues: package.games.map { ($0.name, $0) })
        var found: [String] = []
        for target in package.targets where target.kind != .testTarget && !PackageTargets.outsideTheEngine.contains(target.name) {
            for dependency in target.dependencies {
                guard let game = games[dependency] else { continue }
                let ownGame = PackageTargets.gameName(of: target).map { $0 == PackageTargets.gameName(of: game) } ?? false
                if !ownGame {
                    found.append("\(target.name) depends on the game module \(dependency) in Package.swift: only Catalogue "
                                 + "(and the tools and tests) may")
                }
            }
        }
        return found
    }

    @Test func engineModulesImportNoGame() throws {
        let package = try PackageTargets.read()
        #expect(package.games.map(\.name).contains("PrincessGame"), "no game found under Sources/Games in Package.swift")
        #expect(package.engine.map(\.name).contains("Kiosk"))
        for problem in Self.gameImportsOfTheEngine(package, imports: try Self.importsByTarget(package)) { Issue.record("\(problem)") }
    }

    @Test func onlyTheCatalogueDependsOnGames() throws {
        let package = try PackageTargets.read()
        #expect(package.target("Catalogue")?.dependencies.contains("PrincessGame") == true)
        for problem in Self.forbiddenGameDependencies(package) { Issue.record("\(problem)") }
    }

    @Test func everyModuleImportsOnlyWhatTheArchitectureAllows() throws {
        let package = try PackageTargets.read()
        let allowed = try Self.allowedImports()
        let imports = try Self.importsByTarget(package)
        for target in package.targets where target.kind != .testTarget {
            // A game without a line of its own may import what the block's `any-game` line
            // allows, and its own game's modules: adding a game needs no line here.
            let ownModules = package.games.filter { PackageTargets.gameFolder(of: $0) == PackageTargets.gameFolder(of: target) }.map(\.name)
            let gameDefault = PackageTargets.gameFolder(of: target) == nil ? nil : allowed["any-game"].map { $0.union(ownModules) }
            guard let permitted = allowed[target.name] ?? gameDefault else {
                Issue.record("\(target.name) (\(target.folder)) has no line in the imports block of docs/architecture.md")
                continue
            }
            for found in imports[target.name] ?? [] where !permitted.contains(found.module) {
                Issue.record("\(found.file) imports \(found.module), which \(target.name) may not (docs/architecture.md)")
            }
        }
        for module in allowed.keys.sorted() where package.target(module) == nil && module != "any-game" {
            Issue.record("the imports block of docs/architecture.md names \(module), which Package.swift does not declare")
        }
    }

    @Test func everyImportIsADeclaredDependency() throws {
        // An undeclared import builds only when the module it names happens to be built first:
        // a release build, or another machine's build order, can break on it.
        let package = try PackageTargets.read()
        let targets = Set(package.targets.map(\.name))
        for (name, imports) in try Self.importsByTarget(package) {
            let declared = Set(try #require(package.target(name)).dependencies)
            for found in imports where targets.contains(found.module) && found.module != name && !declared.contains(found.module) {
                Issue.record("\(found.file) imports \(found.module), which \(name) does not declare as a dependency in Package.swift")
            }
        }
    }

    @Test func theSimulationsAndPureModulesTouchNoEdge() throws {
        // A simulation never knows how it is drawn or heard; pure modules do no drawing or sound.
        let package = try PackageTargets.read()
        let allowed = try Self.allowedImports()
        let edges: Set<String> = ["CCairo", "CPango", "CPulse", "CX11", "CDeflate", "CISAL", "Drawing", "Output", "Rendering", "Golden", "Kiosk", "Audio",
                                  "ReviewPictures", "Fingerprint"]
        let pure = ["ECS", "Vocabulary", "Effects", "Scene", "Trace", "ImageDiff", "Shards", "Princess", "PrincessSync"]
        for module in pure {
            #expect(package.target(module) != nil, "\(module) is not in Package.swift")
            #expect(allowed[module]?.isDisjoint(with: edges) == true, "\(module) may import an edge module")
        }
    }

    @Test func theCatalogueMayImportEveryGameOfThePackageAndNamesNoneByHand() throws {
        // A new game is allowed to the catalogue by its target in Package.swift alone.
        let package = try PackageTargets.read()
        let text = try String(contentsOf: RepositoryRoot.url.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("Catalogue:") }, "no Catalogue line in the imports block")
        let handListed = Set(line.split(separator: " ").map(String.init)).intersection(package.games.map(\.name))
        #expect(handListed.isEmpty, "the Catalogue line names games by hand: \(handListed.sorted()); write +games")
        let allowed = try Self.allowedImports()
        for game in package.games { #expect(allowed["Catalogue"]?.contains(game.name) == true, "Catalogue may not import \(game.name)") }
    }

    @Test func gamesImportNoEngineService() throws {
        // Services come to a game through GameKit; a game that imported them would tie the
        // engine's jobs (files, QA, the kiosk) to one game.
        let package = try PackageTargets.read()
        let allowed = try Self.allowedImports()
        let services = Set(try LayerOrderTests.layers().first { $0.name == "service" }?.modules ?? []).union(["Catalogue"])
        #expect(services.contains("Golden"))
        for game in package.games {
            let reached = allowed[game.name, default: []].intersection(services)
            #expect(reached.isEmpty, "\(game.name) may import \(reached.sorted().joined(separator: ", ")) (docs/architecture.md)")
        }
    }

    // MARK: the checks can fail

    /// A package with an engine module importing a game, and a second module depending on it.
    static let brokenManifest = """
        let package = Package(name: "p", targets: [
            .target(name: "ECS"),
            .target(name: "Kiosk", dependencies: ["ECS", "Chess"]),
            .target(name: "Chess", dependencies: ["ECS"], path: "Sources/Games/Chess/Game"),
            .target(name: "ChessRules", path: "Sources/Games/Chess/Rules"),
            .target(name: "Draughts", dependencies: ["ChessRules"], path: "Sources/Games/Draughts"),
            .target(name: "Catalogue", dependencies: ["Chess", .product(name: "X", package: "y")]),
            .target(name: "TestSupport", dependencies: ["Chess"], path: "Tests/TestSupport"),
            .target(name: "ChessTestSupport", dependencies: ["Chess"], path: "Tests/Games/Chess/Support"),
            .executableTarget(name: "aria-render", dependencies: ["Catalogue", "Chess"]),
            .testTarget(name: "ChessTests", dependencies: ["Chess"], path: "Tests/Games/Chess"),
        ])
        """

    @Test func theManifestIsReadAsSwiftPMReadsIt() throws {
        let package = try PackageTargets(manifest: Self.brokenManifest)
        #expect(package.targets.map(\.name) == ["ECS", "Kiosk", "Chess", "ChessRules", "Draughts", "Catalogue", "TestSupport", "ChessTestSupport",
                                                  "aria-render", "ChessTests"])
        #expect(package.target("Chess")?.folder == "Sources/Games/Chess/Game")
        #expect(package.target("ECS")?.folder == "Sources/ECS")
        #expect(package.target("ChessTests")?.folder == "Tests/Games/Chess")
        #expect(package.target("Catalogue")?.dependencies == ["Chess", "X"])
        #expect(package.target(holding: "Sources/Games/Chess/Game/Board.swift")?.name == "Chess")
        #expect(package.target(holding: "Sources/Games/Chess/Rules/Move.swift")?.name == "ChessRules")
        #expect(Set(package.engine.map(\.name)) == ["ECS", "Kiosk"])
    }

    @Test func anEngineModuleImportingAGameIsCaught() throws {
        let package = try PackageTargets(manifest: Self.brokenManifest)
        let imports: [String: [Import]] = [
            "Kiosk": [Import(file: "Sources/Kiosk/Demo.swift", module: "ECS"), Import(file: "Sources/Kiosk/Demo.swift", module: "Chess")],
            "Catalogue": [Import(file: "Sources/Catalogue/Catalogue.swift", module: "Chess")],
            "Chess": [Import(file: "Sources/Games/Chess/Game/Board.swift", module: "ECS")],
        ]
        #expect(Self.gameImportsOfTheEngine(package, imports: imports)
                == ["Sources/Kiosk/Demo.swift imports the game module Chess: Kiosk is the engine, which never names a game"])
    }

    @Test func aDependencyOnAGameOutsideTheCatalogueIsCaught() throws {
        let problems = Self.forbiddenGameDependencies(try PackageTargets(manifest: Self.brokenManifest))
        // Kiosk (engine), Draughts (another game) and the shared TestSupport are caught; Catalogue,
        // the tool, the tests, Chess's own modules and its test support are not.
        #expect(problems.count == 3, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("Kiosk depends on the game module Chess") })
        #expect(problems.contains { $0.hasPrefix("Draughts depends on the game module ChessRules") })
        #expect(problems.contains { $0.hasPrefix("TestSupport depends on the game module Chess") })
    }

    @Test func theBlockCatchesAForbiddenImport() throws {
        let allowed = try Self.allowedImports()
        #expect(allowed["Princess"]?.contains("Drawing") == false)
        #expect(allowed["ImageDiff"]?.contains("CCairo") == false)
        #expect(allowed["Kiosk"]?.contains("PrincessGame") == false)
        let block = Self.allowedImports(in: "```imports\nA: B +system\nC:\nD: B +games\n```\n", games: ["Chess", "Go"])
        #expect(block?["A"]?.contains("Foundation") == true)
        #expect(block?["C"] == [])
        #expect(block?["D"] == ["B", "Chess", "Go"])
    }
}
