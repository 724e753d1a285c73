import Catalogue
import Golden
import Testing
import PrincessGame
import TestSupport
import Trace

@Suite struct GoldenManifestReaderTests {
    @Test func readsScenesFramesAndTolerances() throws {
        let folder = try GoldenFolder.make()
        let manifest = try GoldenManifestReader.read(folder: folder, games: Catalogue.games)
        #expect(manifest.scenes.map(\.name) == ["first", "second"])
        #expect(manifest.scenes[0].frames == [0, 5, 10, 20])
        #expect(manifest.scenes[0].width == 64 && manifest.scenes[0].height == 48)
        #expect(manifest.scenes[1].tolerance == GoldenTolerance(threshold: 0.1, maxDifferentPixels: 2))
        #expect(manifest.goldenPath(manifest.scenes[1], frame: 3) == folder + "/second/frame_00003.png")
        #expect(manifest.scenePath(manifest.scenes[0]) == folder + "/first.yaml")
    }

    /// `max_different_pixels` as a share of the pixels it covers: the frame's, or a region's.
    @Test func readsAPixelToleranceGivenAsAShareOfTheFrame() throws {
        let yaml = """
        version: 1
        scenes:
          - name: a
            scene: a.yaml
            size: 640x360
            frames: [0]
            tolerance: {threshold: 0.1, max_different_pixels: 0.1 %}
            regions:
              - {x: 0, y: 0, width: 100, height: 50, max_different_pixels: 2%}
        """
        let scene = try #require(GoldenManifestReader.parse(yaml, path: "Golden/manifest.yaml", folder: "Golden", games: Catalogue.games).scenes.first)
        #expect(scene.tolerance.maxDifferentPixels == 230, "0.1 % of 640x360 is 230.4 pixels, rounded down")
        #expect(scene.regions.first?.tolerance.maxDifferentPixels == 100, "2 % of the 100x50 region")
        let tooMuch = error("version: 1\nscenes:\n  - {name: a, scene: a.yaml, size: 64x48, frames: [0], tolerance: {max_different_pixels: 120 %}}\n")
        #expect(tooMuch.hasPrefix("Golden/manifest.yaml:3:") && tooMuch.contains("a share of the frame from 0 % to 100 %"), "\(tooMuch)")
    }

    func error(_ yaml: String) -> String {
        do {
            _ = try GoldenManifestReader.parse(yaml, path: "Golden/manifest.yaml", folder: "Golden", games: Catalogue.games)
            return "no error"
        } catch let error as GoldenManifestError {
            return error.description
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func reportsProblemsWithLineAndColumn() {
        #expect(error("version: 2\nscenes: []\n").hasPrefix("Golden/manifest.yaml:1:1: version"))
        #expect(error("version: 1\nscene: []\n") == "Golden/manifest.yaml:2:1: unknown key 'scene'; did you mean 'scenes'? (expected one of: version, scenes, rules)")
        let badSize = error("version: 1\nscenes:\n  - name: a\n    scene: a.yaml\n    size: 10x10\n    frames: [0]\n")
        #expect(badSize.hasPrefix("Golden/manifest.yaml:5:11: size: expected WxH"))
        let badThreshold = error("version: 1\nscenes:\n  - {name: a, scene: a.yaml, size: 64x48, frames: [0], tolerance: {threshold: 3}}\n")
        #expect(badThreshold.contains("threshold: expected a number from 0 to 1"))
        let region = error("version: 1\nscenes:\n  - {name: a, scene: a.yaml, size: 64x48, frames: [0], regions: [{x: 60, y: 0, width: 10, height: 5}]}\n")
        #expect(region.contains("region: expected a rectangle inside the 64x48 frame"))
        #expect(error("version: 1\nscenes:\n  - {name: a, scene: a.yaml, size: 64x48, frames: [0]}\n  - {name: a, scene: b.yaml, size: 64x48, frames: [0]}\n").contains("used twice"))
        #expect(error("version: [1\n").contains("malformed YAML"))
    }

    /// Rules in the manifest are checked against every game's words: a value one game names is
    /// taken (the princess's `max_characters`, FindIt's `no_button`, both `refused` reasons), a
    /// value none names is bad input with a guess.
    @Test func aRuleValueIsCheckedAgainstEveryGamesWords() {
        func rule(_ reason: String) -> String {
            error("version: 1\nscenes:\n  - {name: a, scene: a.yaml, size: 64x48, frames: [0]}\nrules:\n"
                  + "  - {name: r, rule: never, event: {event: refused, reason: \(reason)}}\n")
        }
        #expect(rule("max_characters") == "no error")
        #expect(rule("no_button") == "no error")
        #expect(rule("mission_won") == "no error")
        #expect(rule("max_charcters").hasPrefix("Golden/manifest.yaml:5:60: unknown reason 'max_charcters' in rule 'r' event; did you mean 'max_characters'?"),
                "\(rule("max_charcters"))")
    }

    @Test func everyProblemIsReportedAtOnceInTheFilesOrder() throws {
        let yaml = """
        version: 1
        scenes:
          - {name: a, scene: a.yaml, size: 10x10, frames: [0], tolerance: {threshold: 3}}
          - {name: b, scene: b.yaml, size: 64x48, frames: {every: 0, until: 5}, trace_time_tolerance: 99}
          - {name: c, scene: c.yaml, size: 64x48, frames: [0], regions: [{x: 60, y: 0, width: 10, height: 5}], colour: red}
          - {name: d, scene: d.yaml, size: 64x48, frames: [0]}
        rules:
          - {name: r, rule: nevr}

        """
        let error = try #require(throws: GoldenManifestError.self) {
            try GoldenManifestReader.parse(yaml, path: "Golden/manifest.yaml", folder: "Golden", games: Catalogue.games)
        }
        let places = error.problems.map { $0.split(separator: ":").dropFirst().prefix(2).joined(separator: ":") }
        #expect(places == ["3:36", "3:79", "4:59", "4:95", "5:66", "5:104", "8:21"], "\(error.problems.joined(separator: "\n"))")
        for words in ["size: expected WxH", "threshold: expected a number from 0 to 1", "every: expected a positive step",
                      "trace_time_tolerance: expected a number from 0 to 10", "region: expected a rectangle inside the 64x48 frame",
                      "unknown key 'colour'", "nevr"] {
            #expect(error.problems.contains { $0.contains(words) }, "\(words) in \(error.problems)")
        }
        #expect(error.description.hasSuffix("(and 6 more)"))
    }

    @Test func malformedYAMLSaysWhere() {
        // Read by the scene files' YAML reader: the place of the mistake, as scene files give it
        // (the manifest's own reader gave "Golden/manifest.yaml: malformed YAML: ..." alone).
        #expect(error("version: 1\nscenes: [\n").hasPrefix("Golden/manifest.yaml:3:1: malformed YAML"), "\(error("version: 1\nscenes: [\n"))")
        #expect(error("version: 1\n  scenes: x\n").hasPrefix("Golden/manifest.yaml:2:"))
        #expect(error("# nothing\n") == "Golden/manifest.yaml:1:1: empty manifest, expected version and scenes")
        // The manifest's rules, read by the scene files' rule reader, keep their positions too.
        let rule = error("version: 1\nscenes:\n  - {name: a, scene: a.yaml, size: 64x48, frames: [0]}\nrules:\n  - {name: r, rule: nevr}\n")
        #expect(rule.hasPrefix("Golden/manifest.yaml:5:"), "\(rule)")
    }

    @Test func aMalformedFingerprintSaysWhere() throws {
        let folder = try GoldenFolder.make()
        try "cairo: 1.18.0\npixman: [0.42\n".write(toFile: folder + "/fingerprint.yaml", atomically: true, encoding: .utf8)
        #expect {
            try GoldenManifestReader.read(folder: folder, games: Catalogue.games)
        } throws: { error in
            "\(error)".hasPrefix(folder + "/fingerprint.yaml:3:1: malformed YAML")
        }
        try "cairo: 1.18.0\npixman: 0.42.2\nfreetype: 2.13.2\nfont: x\n".write(toFile: folder + "/fingerprint.yaml", atomically: true, encoding: .utf8)
        #expect {
            try GoldenManifestReader.read(folder: folder, games: Catalogue.games)
        } throws: { error in
            "\(error)".hasPrefix(folder + "/fingerprint.yaml:4:1: unknown key 'font'; did you mean 'fonts'?")
        }
    }

    @Test func aMissingManifestIsOneLine() {
        #expect(throws: GoldenManifestError.self) { try GoldenManifestReader.read(folder: "/nonexistent-golden", games: Catalogue.games) }
    }
}

/// A manifest's rules count characters by the events the games of its scenes name: a princess
/// manifest counts princesses arriving, and another game's scenes are never counted by the
/// princess game's `spawn`: such a rule is refused where it is written.
@Suite struct GoldenManifestCharacterRuleTests {
    static func read(scenes: [String]) throws -> GoldenManifest {
        let list = scenes.enumerated().map { "  - {name: s\($0.offset), scene: \(RepositoryRoot.path)/Scenes/\($0.element), size: 64x48, frames: [0]}" }
        let yaml = "version: 1\nscenes:\n" + list.joined(separator: "\n") + "\nrules:\n  - {name: at-most-eight-princesses, rule: max_characters, max: 8}\n"
        return try GoldenManifestReader.parse(yaml, path: "Golden/manifest.yaml", folder: "Golden", games: Catalogue.games)
    }

    @Test func princessScenesCountPrincesses() throws {
        let manifest = try Self.read(scenes: ["princess/default.yaml", "princess/gestures.yaml"])
        #expect(manifest.rules.map(\.kind) == [.maxCharacters(limit: 8, presence: CharacterPresence(appears: "spawn", leaves: "remove"))])
    }

    @Test func anotherGamesScenesAreNotCountedByThePrincessesWords() throws {
        for scenes in [["example/shapes.yaml"], ["princess/default.yaml", "example/shapes.yaml"]] {
            let error = try #require(throws: GoldenManifestError.self) { try Self.read(scenes: scenes) }
            #expect(error.description.hasPrefix("Golden/manifest.yaml:") && error.description.contains("max_characters counts characters as they arrive and leave"),
                    "\(error.description)")
        }
    }
}
