import Catalogue
import Foundation
@testable import Golden
import Testing
import TestSupport

/// A game's goldens are its folder, Golden/<game>/, with its own manifest: merged with the
/// top manifest and every other game's by `check` and `golden update`, its scenes named
/// `<game>/<name>`, its problems said at their file, line and column.
@Suite struct GoldenGameFoldersTests {
    /// A golden folder inside a fresh folder: the top manifest `top`, and a manifest per game.
    static func folder(top: String = "version: 1\n", games: [String: String]) throws -> String {
        let folder = try makeTemporaryFolder("golden-games") + "/Golden"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try top.write(toFile: folder + "/manifest.yaml", atomically: true, encoding: .utf8)
        for (game, text) in games {
            try FileManager.default.createDirectory(atPath: folder + "/" + game, withIntermediateDirectories: true)
            try text.write(toFile: folder + "/" + game + "/manifest.yaml", atomically: true, encoding: .utf8)
        }
        return folder
    }

    static func problems(_ folder: String) -> [String] {
        do {
            _ = try GoldenManifestReader.read(folder: folder, games: Catalogue.games)
            return []
        } catch let error as GoldenManifestError {
            return error.problems
        } catch {
            return ["unexpected \(error)"]
        }
    }

    @Test func theRepositorysGoldensAreAFolderPerGame() throws {
        let golden = RepositoryRoot.path + "/Golden"
        let manifest = try GoldenManifestReader.read(folder: golden, games: Catalogue.games)
        let ids = Catalogue.games.ids
        #expect(manifest.scenes.count == 21)
        for scene in manifest.scenes {
            let game = String(scene.name.prefix { $0 != "/" })
            #expect(ids.contains(game) && scene.name.count > game.count + 1, "\(scene.name)")
            #expect(scene.sceneFile.hasPrefix("../Scenes/\(game)/"), "\(scene.name): \(scene.sceneFile)")
            #expect(FileManager.default.fileExists(atPath: manifest.scenePath(scene)), "\(scene.name)")
            #expect(FileManager.default.fileExists(atPath: manifest.tracePath(scene)), "\(scene.name)")
        }
        // Every game has its folder; nothing else sits at the top but the two shared files.
        let top = try FileManager.default.contentsOfDirectory(atPath: golden).filter { !$0.hasPrefix(".") }.sorted()
        #expect(top == (ids + ["fingerprint.yaml", "manifest.yaml"]).sorted())
        #expect(manifest.scenes.map { String($0.name.prefix { $0 != "/" }) }.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } } == ids,
                "the games' scenes, in the catalogue's order")
    }

    @Test func aGamesScenesAreNamedAfterItAndKeepItsRules() throws {
        let folder = try Self.folder(top: "version: 1\nrules:\n  - {name: everywhere, rule: never, event: {event: haptic}, while: {haptics: false}}\n",
                                     games: ["example": """
        version: 1
        scenes:
          - {name: mat, scene: ../../mat.yaml, size: 64x36, frames: [0, 4]}
          - name: mat-small
            scene: ../../mat.yaml
            size: 32x18
            frames: [0]
            rules:
              - {name: own, rule: never, event: {event: sound}, while: {sound: false}}
        rules:
          - {name: example-wide, rule: never, event: {event: camera_error}}
        """])
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let manifest = try GoldenManifestReader.read(folder: folder, games: Catalogue.games)
        #expect(manifest.scenes.map(\.name) == ["example/mat", "example/mat-small"])
        #expect(manifest.scenes[0].sceneFile == "../mat.yaml")
        #expect(manifest.scenePath(manifest.scenes[0]) == folder + "/../mat.yaml")
        #expect(manifest.goldenPath(manifest.scenes[0], frame: 4) == folder + "/example/mat/frame_00004.png")
        #expect(manifest.tracePath(manifest.scenes[1]) == folder + "/example/mat-small/trace.jsonl")
        #expect(manifest.rules(of: manifest.scenes[0]).map(\.name) == ["everywhere", "example-wide"])
        #expect(manifest.rules(of: manifest.scenes[1]).map(\.name) == ["everywhere", "example-wide", "own"])
        #expect(manifest.scenes[0].framesOrigin?.hasPrefix(folder + "/example/manifest.yaml:3:") == true, "\(manifest.scenes[0].framesOrigin ?? "")")
    }

    @Test func thePrincessGamesPromisesAreKeptByItsScenesAndTheSettingsOnesByEveryGame() throws {
        let manifest = try GoldenManifestReader.read(folder: RepositoryRoot.path + "/Golden", games: Catalogue.games)
        let everyGame: Set = ["sound-off-is-silence", "reduce-motion-means-no-haptics", "haptics-off-means-no-haptics"]
        let princessOnly: Set = ["at-most-eight-princesses", "clap-makes-everyone-jump", "spawn-is-felt", "every-action-ends"]
        for scene in manifest.scenes {
            let names = Set(manifest.rules(of: scene).map(\.name))
            #expect(names.isSuperset(of: everyGame), "\(scene.name) keeps \(names.sorted())")
            if scene.name.hasPrefix("princess/") {
                #expect(names.isSuperset(of: princessOnly), "\(scene.name) keeps \(names.sorted())")
            } else {
                #expect(names.isDisjoint(with: princessOnly), "\(scene.name), not a princess scene, keeps \(names.sorted())")
            }
        }
    }

    @Test func aGameManifestsProblemsSayTheirFileLineAndColumn() throws {
        let folder = try Self.folder(games: [
            "example": "version: 1\nscenes:\n  - {name: a, scene: ../../a.yaml, size: 3x3, frames: [0]}\n",
            "findit": "version: 1\nscenes:\n  - {name: b, scene: ../../b.yaml, size: 32x18, frame: [0]}\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let problems = Self.problems(folder)
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.contains { $0.hasPrefix(folder + "/example/manifest.yaml:3:") && $0.contains("size: expected WxH") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix(folder + "/findit/manifest.yaml:3:") && $0.contains("did you mean 'frames'") }, "\(problems)")
    }

    @Test func aFolderNamedForNoGameIsAProblemNotAGameLeftOut() throws {
        let scene = "version: 1\nscenes:\n  - {name: a, scene: ../../a.yaml, size: 32x18, frames: [0]}\n"
        let folder = try Self.folder(games: ["exmaple": scene])
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let problems = Self.problems(folder)
        #expect(problems.count == 1 && problems[0].hasPrefix(folder + "/exmaple/manifest.yaml: \"exmaple\" is no game's id"), "\(problems)")
        #expect(problems.first?.contains("princess, example, glitch-squad, findit") == true)
    }

    @Test func aTopManifestNeedsScenesOnlyWithoutGameFolders() throws {
        let empty = try Self.folder(games: [:])
        defer { try? FileManager.default.removeItem(atPath: (empty as NSString).deletingLastPathComponent) }
        #expect(Self.problems(empty).first?.contains("scenes: expected a non-empty list of reference scenes") == true)
        // A top scene may not take a game's folder for its goldens.
        let clash = try Self.folder(top: "version: 1\nscenes:\n  - {name: example, scene: a.yaml, size: 32x18, frames: [0]}\n",
                                    games: ["example": "version: 1\nscenes:\n  - {name: a, scene: ../../a.yaml, size: 32x18, frames: [0]}\n"])
        defer { try? FileManager.default.removeItem(atPath: (clash as NSString).deletingLastPathComponent) }
        #expect(Self.problems(clash).first?.contains("scene name \"example\" is the game example's folder") == true, "\(Self.problems(clash))")
    }

    @Test func anUpdateMakesAGamesFirstGoldensInItsFolder() throws {
        let folder = try Self.folder(games: ["example": "version: 1\nscenes:\n  - {name: mat, scene: ../../mat.yaml, size: 32x18, frames: [0, 2]}\n"])
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        // The game's folder holds only its manifest: the scene's folder is made by the update.
        let manifest = try GoldenManifestReader.read(folder: folder, games: Catalogue.games)
        let first = try GoldenUpdater(manifest: manifest, source: DiscFrameSource()).update()
        #expect(first.map(\.added.count) == [2])
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder + "/example/mat")) == ["frame_00000.png", "frame_00002.png"])
        // Again, over the existing folder: exchanged whole, nothing left behind.
        let second = try GoldenUpdater(manifest: manifest, source: DiscFrameSource(colourShift: 9)).update()
        #expect(second.map(\.changed.count) == [2])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }.isEmpty)
        let checked = try GoldenChecker(manifest: manifest, source: DiscFrameSource(colourShift: 9), reportFolder: folder + "/../report").check(manifest.scenes[0])
        #expect(checked.passed)
    }
}
