import Foundation
import Testing
import TestSupport

/// The layers of docs/architecture.md hold as an order: every target of Package.swift is in
/// the doc, and none depends on a target of a higher layer (a kit never on a service or a game,
/// a service never on a game).
@Suite struct LayerOrderTests {
    /// One layer of the `layers` block: its name and its modules.
    struct Layer: Equatable {
        let name: String
        let modules: [String]
    }

    /// The layers from the bottom up, as the doc draws them; the block must name exactly these.
    static let order = ["c-library", "kit", "service", "game", "catalogue", "tool", "test-support"]

    /// The `layers` block of `text`, lowest first, with `+games` read as `games`.
    static func layers(in text: String, games: [String]) -> [Layer]? {
        guard let start = text.range(of: "```layers\n"), let end = text.range(of: "```", range: start.upperBound..<text.endIndex) else {
            return nil
        }
        return text[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            let modules = parts[1].split(separator: " ").flatMap { $0 == "+games" ? games : [String($0)] }
            return Layer(name: parts[0].trimmingCharacters(in: .whitespaces), modules: modules)
        }
    }

    static func document() throws -> String {
        try String(contentsOf: RepositoryRoot.url.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    }

    /// The block of the repository's docs/architecture.md, `+games` read from its Package.swift.
    static func layers() throws -> [Layer] {
        try #require(layers(in: try document(), games: try PackageTargets.read().games.map(\.name)),
                     "docs/architecture.md has no ```layers block")
    }

    /// What the doc leaves out or names wrongly: a target (test targets aside) in no layer or in
    /// two, a non-game target the module table does not name as `Name`, a layer name out of order,
    /// a module in the block that Package.swift does not declare.
    static func listingProblems(_ package: PackageTargets, layers: [Layer], document: String) -> [String] {
        var problems: [String] = []
        if layers.map(\.name) != order {
            problems.append("the layers block names \(layers.map(\.name)), not \(order) in that order")
        }
        let games = Set(package.games.map(\.name))
        for target in package.targets where target.kind != .testTarget {
            let holding = layers.filter { $0.modules.contains(target.name) }.map(\.name)
            if holding.isEmpty {
                problems.append("\(target.name) (\(target.folder)) is missing from the layers block of docs/architecture.md")
            } else if holding.count > 1 {
                problems.append("\(target.name) is in more than one layer of docs/architecture.md: \(holding)")
            }
            if !games.contains(target.name) && !document.contains("`\(target.name)`") {
                problems.append("\(target.name) is missing from the module table of docs/architecture.md")
            }
        }
        for layer in layers {
            for module in layer.modules where package.target(module) == nil {
                problems.append("the layers block of docs/architecture.md names \(module), which Package.swift does not declare")
            }
        }
        return problems
    }

    /// Every dependency of a target on a target of a higher layer.
    static func upwardDependencies(_ package: PackageTargets, layers: [Layer]) -> [String] {
        var rank: [String: Int] = [:]
        for (index, layer) in layers.enumerated() {
            for module in layer.modules { rank[module] = index }
        }
        var found: [String] = []
        for target in package.targets where target.kind != .testTarget {
            guard let own = rank[target.name] else { continue }
            for dependency in target.dependencies {
                guard let theirs = rank[dependency], theirs > own else { continue }
                found.append("\(target.name) (\(layers[own].name)) depends on \(dependency) (\(layers[theirs].name)): "
                             + "a module uses only its own layer or those below")
            }
        }
        return found
    }

    /// The test targets of kits (`<Kit>Tests`) that depend on a game, the catalogue or a game's
    /// test support: a kit is tested on its own.
    static func kitTestsLinkingAGame(_ package: PackageTargets, layers: [Layer]) -> [String] {
        let kits = Set(layers.first { $0.name == "kit" }?.modules ?? [])
        let gameSide = Set(package.games.map(\.name) + ["Catalogue"])
            .union(package.targets.filter { $0.kind != .testTarget && PackageTargets.gameName(of: $0) != nil }.map(\.name))
        return package.targets.filter { $0.kind == .testTarget && $0.name.hasSuffix("Tests") && kits.contains(String($0.name.dropLast(5))) }
            .flatMap { test in
                test.dependencies.filter(gameSide.contains).map { "\(test.name) depends on \($0): a kit's tests link no game" }
            }
    }

    @Test func everyTargetIsInTheLayersAndTheTable() throws {
        let problems = Self.listingProblems(try PackageTargets.read(), layers: try Self.layers(), document: try Self.document())
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
    }

    @Test func noModuleDependsOnAHigherLayer() throws {
        let layers = try Self.layers()
        #expect(layers.first { $0.name == "game" }?.modules.contains("PrincessGame") == true, "+games was not read from Package.swift")
        for problem in Self.upwardDependencies(try PackageTargets.read(), layers: layers) { Issue.record(Comment(rawValue: problem)) }
    }

    @Test func kitsAreTestedWithoutAGame() throws {
        let package = try PackageTargets.read()
        #expect(package.target("AudioTests") != nil && package.target("SceneTests") != nil)
        for problem in Self.kitTestsLinkingAGame(package, layers: try Self.layers()) { Issue.record(Comment(rawValue: problem)) }
    }

    // MARK: the checks can fail

    static let manifest = """
        let package = Package(name: "p", targets: [
            .systemLibrary(name: "CCairo", pkgConfig: "cairo"),
            .target(name: "ECS"),
            .target(name: "Drawing", dependencies: ["CCairo", "Output"]),
            .target(name: "Output", dependencies: ["Drawing", "Chess"]),
            .target(name: "Chess", dependencies: ["ECS"], path: "Sources/Games/Chess"),
            .target(name: "Catalogue", dependencies: ["Chess"]),
            .target(name: "ChessTestSupport", dependencies: ["Chess"], path: "Tests/Games/Chess/Support"),
            .executableTarget(name: "aria-render", dependencies: ["Catalogue", "Output"]),
            .testTarget(name: "DrawingTests", dependencies: ["Drawing", "ChessTestSupport"]),
            .testTarget(name: "ECSTests", dependencies: ["ECS"]),
            .testTarget(name: "OutputTests", dependencies: ["Output", "Chess"]),
        ])
        """

    static let block = """
        ```layers
        c-library: CCairo
        kit: ECS Drawing
        service: Output
        game: +games
        catalogue: Catalogue
        tool: aria-render
        test-support: ChessTestSupport
        ```
        | `CCairo` | `ECS` | `Drawing` | `Output` | `Catalogue` | `aria-render` | `ChessTestSupport` |
        """

    @Test func theBlockIsReadWithTheGamesOfThePackage() throws {
        let layers = try #require(Self.layers(in: Self.block, games: ["Chess", "Go"]))
        #expect(layers.map(\.name) == Self.order)
        #expect(layers[3] == Layer(name: "game", modules: ["Chess", "Go"]))
        #expect(Self.listingProblems(try PackageTargets(manifest: Self.manifest), layers: try #require(Self.layers(in: Self.block, games: ["Chess"])),
                                     document: Self.block).isEmpty)
    }

    @Test func aTargetMissingFromTheDocumentIsCaught() throws {
        let package = try PackageTargets(manifest: Self.manifest)
        let text = Self.block.replacingOccurrences(of: "service: Output", with: "service:").replacingOccurrences(of: "| `ECS` ", with: "| ")
            .replacingOccurrences(of: "tool: aria-render", with: "tool: aria-render aria-gone")
        let problems = Self.listingProblems(package, layers: try #require(Self.layers(in: text, games: ["Chess"])), document: text)
        #expect(problems == ["ECS is missing from the module table of docs/architecture.md",
                             "Output (Sources/Output) is missing from the layers block of docs/architecture.md",
                             "the layers block of docs/architecture.md names aria-gone, which Package.swift does not declare"])
        let shuffled = Self.block.replacingOccurrences(of: "kit: ECS Drawing\nservice: Output", with: "service: Output\nkit: ECS Drawing")
        #expect(Self.listingProblems(package, layers: try #require(Self.layers(in: shuffled, games: ["Chess"])), document: shuffled).count == 1)
    }

    @Test func aDependencyOnAHigherLayerIsCaught() throws {
        let package = try PackageTargets(manifest: Self.manifest)
        let layers = try #require(Self.layers(in: Self.block, games: ["Chess"]))
        // A kit on a service, a service on a game; the catalogue, the tool and the tests are free to.
        #expect(Self.upwardDependencies(package, layers: layers) == [
            "Drawing (kit) depends on Output (service): a module uses only its own layer or those below",
            "Output (service) depends on Chess (game): a module uses only its own layer or those below",
        ])
    }

    @Test func aKitsTestLinkingAGameIsCaught() throws {
        let package = try PackageTargets(manifest: Self.manifest)
        let layers = try #require(Self.layers(in: Self.block, games: ["Chess"]))
        // DrawingTests reaches the game through its test support; OutputTests is a service's.
        #expect(Self.kitTestsLinkingAGame(package, layers: layers) == ["DrawingTests depends on ChessTestSupport: a kit's tests link no game"])
    }
}
