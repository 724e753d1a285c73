import Fingerprint
import Foundation
import ImageDiff
import GameKit
import Scene

/// Reads a golden folder's manifests, reporting every problem with the file, line and column:
/// `Golden/manifest.yaml` (the version, the rules every scene keeps, and scenes of its own if
/// any) and each game's `Golden/<game>/manifest.yaml`, whose scenes are named `<game>/<name>`.
///
/// ```yaml
/// version: 1
/// scenes:
///   - name: default
///     scene: ../../Scenes/princess/default.yaml
///     size: 640x360
///     frames: {every: 15, until: 300, also: [3, 47]}   # or a list: [0, 15, 30]
///     tolerance: {threshold: 0.1, max_different_pixels: 0}
///     regions:
///       - {x: 0, y: 0, width: 100, height: 50, threshold: 0.2, max_different_pixels: 20}
/// ```
/// The library versions that made the goldens are in `fingerprint.yaml` beside it, written
/// by `golden update`, so that the hand-written manifest is never rewritten.
public enum GoldenManifestReader {
    /// Reads the manifest in `folder` and those of its game folders, merged: the top manifest's
    /// scenes first, then each game's in the catalogue's order. Rules are read in the words of
    /// each scene's game among `games`. With `sceneFilesMustExist`, a `scene:` naming no file
    /// is one of the manifest's problems, at its own line and column.
    public static func read(folder: String, games: GameCatalogue, sceneFilesMustExist: Bool = false) throws -> GoldenManifest {
        let path = folder + "/" + GoldenManifest.fileName
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw GoldenManifestError(description: "\(path): cannot be read", isUnreadable: true)
        }
        let problems = ManifestProblems()
        let (gameFolders, strangers) = GoldenGameFolders.find(in: folder, games: games)
        if !strangers.isEmpty { problems.attempt { throw GoldenManifestError(problems: strangers) } }
        var manifest = problems.attempt {
            try parse(text, path: path, folder: folder, games: games, scenesRequired: gameFolders.isEmpty && strangers.isEmpty,
                      sceneFilesMustExist: sceneFilesMustExist)
        }
        // A scene of the top manifest keeps its goldens in Golden/<name>/: never a game's folder.
        for scene in manifest?.scenes ?? [] where gameFolders.contains(scene.name) {
            problems.attempt { throw GoldenManifestError(description: "\(path): scene name \"\(scene.name)\" is the game \(scene.name)'s folder; "
                                                          + "list its scenes in \(folder)/\(scene.name)/\(GoldenManifest.fileName)") }
        }
        for game in gameFolders {
            let gamePath = folder + "/" + game + "/" + GoldenManifest.fileName
            guard let gameText = try? String(contentsOfFile: gamePath, encoding: .utf8) else {
                problems.attempt { throw GoldenManifestError(description: "\(gamePath): cannot be read") }
                continue
            }
            guard let scenes = problems.attempt({ try parseGame(gameText, path: gamePath, game: game, folder: folder, games: games,
                                                                               sceneFilesMustExist: sceneFilesMustExist) }) else { continue }
            manifest?.scenes += scenes
        }
        try problems.throwIfAny()
        guard var manifest else { throw GoldenManifestError(description: "\(path): cannot be read") }
        let fingerprintPath = folder + "/" + LibraryFingerprint.fileName
        if let fingerprintText = try? String(contentsOfFile: fingerprintPath, encoding: .utf8) {
            let node = try ManifestNodeReader.document(fingerprintText, path: fingerprintPath,
                                                       whenEmpty: "the fingerprint is empty; expected the library versions")
            manifest.fingerprint = try readFingerprint(node, ManifestNodeReader(path: fingerprintPath, vocabulary: games.vocabulary))
        }
        return manifest
    }

    /// Parses manifest text; `path` is used in messages only.
    public static func parse(_ text: String, path: String, folder: String, games: GameCatalogue) throws -> GoldenManifest {
        try parse(text, path: path, folder: folder, games: games, scenesRequired: true)
    }

    /// Parses a top manifest; its `scenes:` may be left out when `scenesRequired` is false
    /// (the game folders hold them).
    static func parse(_ text: String, path: String, folder: String, games: GameCatalogue,
                      scenesRequired: Bool, sceneFilesMustExist: Bool = false) throws -> GoldenManifest {
        let root = try ManifestNodeReader.document(text, path: path, whenEmpty: "empty manifest, expected version and scenes")
        var reader = ManifestNodeReader(path: path, vocabulary: games.vocabulary)
        reader.sceneFilesMustExist = sceneFilesMustExist
        let top = try reader.mapping(root, "the manifest")
        try reader.allowOnly(["version", "scenes", "rules"], in: top, of: root)
        guard let version = top["version"], try reader.integer(version, "version") == 1 else {
            throw reader.error(root, "version: expected `version: 1`")
        }
        if !scenesRequired, top["scenes"] == nil {
            var manifest = GoldenManifest(folder: folder, fingerprint: nil, scenes: [])
            if let rules = top["rules"] { manifest.rules = try reader.rules(rules) }
            return manifest
        }
        let scenes = try readScenes(top["scenes"], root, reader, folder: folder, games: games)
        var manifest = GoldenManifest(folder: folder, fingerprint: nil, scenes: scenes.scenes)
        let problems = scenes.problems
        // Its rules reach its own scenes: they read the words of those scenes' games.
        var rulesReader = reader
        var sceneGames: [any GameModule] = []
        for scene in scenes.scenes {
            let file = scene.sceneFile.hasPrefix("/") ? scene.sceneFile : folder + "/" + scene.sceneFile
            if let game = games.game(ofSceneAt: file), !sceneGames.contains(where: { $0.id == game.id }) { sceneGames.append(game) }
        }
        if !sceneGames.isEmpty { rulesReader.vocabulary = GameCatalogue(sceneGames).vocabulary }
        if let rules = top["rules"] { manifest.rules = problems.attempt { try rulesReader.rules(rules) } ?? [] }
        try problems.throwIfAny()
        return manifest
    }

    /// The scenes of the game `game`'s manifest, named `game/<name>`, their files relative to
    /// the golden folder; the manifest's own `rules:` are kept by each of its scenes.
    static func parseGame(_ text: String, path: String, game: String, folder: String,
                          games: GameCatalogue, sceneFilesMustExist: Bool = false) throws -> [GoldenScene] {
        let root = try ManifestNodeReader.document(text, path: path, whenEmpty: "empty manifest, expected version and scenes")
        var reader = ManifestNodeReader(path: path, vocabulary: games.game(game)?.vocabulary ?? games.vocabulary)
        reader.sceneFilesMustExist = sceneFilesMustExist
        let top = try reader.mapping(root, "the manifest")
        try reader.allowOnly(["version", "scenes", "rules"], in: top, of: root)
        guard let version = top["version"], try reader.integer(version, "version") == 1 else {
            throw reader.error(root, "version: expected `version: 1`")
        }
        let read = try readScenes(top["scenes"], root, reader, folder: folder + "/" + game, games: games)
        let rules = top["rules"].flatMap { node in read.problems.attempt { try reader.rules(node) } } ?? []
        try read.problems.throwIfAny()
        return read.scenes.map { scene in
            var scene = scene
            scene.name = game + "/" + scene.name
            if !scene.sceneFile.hasPrefix("/") { scene.sceneFile = GoldenGameFolders.relative(game + "/" + scene.sceneFile) }
            scene.run.rules = rules + scene.run.rules
            return scene
        }
    }

    /// The scenes of a `scenes:` list, each read whatever is wrong with another; the problems
    /// are kept for the caller to add its own to.
    private static func readScenes(_ scenesNode: DocumentNode?, _ root: DocumentNode, _ reader: ManifestNodeReader,
                                   folder: String, games: GameCatalogue) throws -> (scenes: [GoldenScene], problems: ManifestProblems) {
        guard let scenesNode, let list = scenesNode.sequence, !list.isEmpty else {
            throw reader.error(scenesNode ?? root, "scenes: expected a non-empty list of reference scenes")
        }
        // Every scene is read whatever is wrong with another, so one run reports every problem.
        let problems = ManifestProblems()
        var scenes: [GoldenScene] = []
        for node in list {
            guard let scene = problems.attempt({ try readScene(node, reader, folder: folder, games: games) }) else { continue }
            if scenes.contains(where: { $0.name == scene.name }) {
                problems.attempt { throw reader.error(node, "scene name \"\(scene.name)\" is used twice") }
            }
            scenes.append(scene)
        }
        return (scenes, problems)
    }

    private static func readFingerprint(_ node: DocumentNode, _ reader: ManifestNodeReader) throws -> LibraryFingerprint {
        let map = try reader.mapping(node, "fingerprint")
        try reader.allowOnly(["cairo", "pixman", "freetype", "pango", "harfbuzz", "fonts", "speech", "librsvg"], in: map, of: node)
        func text(_ key: String) throws -> String {
            guard let value = map[key]?.scalarText else { throw reader.error(node, "fingerprint: expected \(key) version") }
            return value
        }
        // Pango, HarfBuzz and the fonts joined with the HUD's text; an older file lacks them.
        return LibraryFingerprint(cairo: try text("cairo"), pixman: try text("pixman"), freetype: try text("freetype"),
                                  pango: map["pango"]?.scalarText, harfbuzz: map["harfbuzz"]?.scalarText,
                                  fonts: map["fonts"]?.scalarText, speech: map["speech"]?.scalarText,
                                  librsvg: map["librsvg"]?.scalarText)
    }

    private static func readScene(_ node: DocumentNode, _ reader: ManifestNodeReader, folder: String, games: GameCatalogue) throws -> GoldenScene {
        var reader = reader
        let map = try reader.mapping(node, "a scene")
        // Each key is read whatever is wrong with another: the scene's problems all at once.
        let problems = ManifestProblems()
        let misspelt = problems.attempt { try reader.allowOnly(["name", "scene", "size", "frames", "tolerance", "regions"] + GoldenRunToleranceReader.keys,
                                                               in: map, of: node) } == nil
        // A key missing beside an unknown one is that key misspelt: said once, by the unknown key.
        func missing(_ key: String) -> Error {
            misspelt && map[key] == nil ? ManifestProblems.Explained() : reader.error(node, "\(key): expected \(key == "frames" ? "the golden frames" : "a value")")
        }
        let name = problems.attempt { () throws -> String in
            guard map["name"] != nil else { throw missing("name") }
            guard let name = map["name"]?.scalarText, !name.isEmpty,
                  name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw reader.error(map["name"] ?? node, "name: expected a name of letters, digits, - and _")
            }
            return name
        }
        let file = problems.attempt { () throws -> String in
            guard map["scene"] != nil else { throw missing("scene") }
            guard let file = map["scene"]?.scalarText, !file.isEmpty else {
                throw reader.error(map["scene"] ?? node, "scene: expected the scene file's path")
            }
            if reader.sceneFilesMustExist, let sceneNode = map["scene"] {
                try requireSceneFile(file.hasPrefix("/") ? file : folder + "/" + file, written: file, at: sceneNode, reader)
            }
            return file
        }
        // Its rules read its game's words. A file that cannot be read (its own error comes later)
        // is read against every game's, its characters counted as its manifest's game counts them.
        if let file {
            if let game = games.game(ofSceneAt: file.hasPrefix("/") ? file : folder + "/" + file) {
                reader.vocabulary = game.vocabulary
            } else {
                let presence = reader.vocabulary.presence
                reader.vocabulary = games.vocabulary
                reader.vocabulary.presence = presence
            }
        }
        let size = problems.attempt { () throws -> (Int, Int) in
            guard map["size"] != nil else { throw missing("size") }
            guard let size = map["size"]?.scalarText, let parsed = parseSize(size) else {
                throw reader.error(map["size"] ?? node, "size: expected WxH between 16x16 and 7680x4320, such as 640x360")
            }
            return parsed
        }
        let frames = problems.attempt { () throws -> [Int] in
            guard let framesNode = map["frames"] else { throw missing("frames") }
            return try readFrames(framesNode, reader)
        }
        let frameArea = size.map { $0.0 * $0.1 }
        let tolerance = problems.attempt { try map["tolerance"].map { try readTolerance($0, reader, "tolerance", area: frameArea) } ?? GoldenTolerance() }
        var regions: [GoldenRegionTolerance] = []
        for regionNode in map["regions"]?.sequence ?? [] {
            let region = problems.attempt { try readRegion(regionNode, reader, in: size, defaults: tolerance ?? GoldenTolerance()) }
            if let region { regions.append(region) }
        }
        let run = problems.attempt { try GoldenRunToleranceReader.read(map, reader) }
        try problems.throwIfAny()
        guard let name, let file, let (width, height) = size, let frames, let tolerance, let run else {
            throw reader.error(node, "a scene: expected name, scene, size and frames")
        }
        var scene = GoldenScene(name: name, sceneFile: file, width: width, height: height, frames: frames,
                                tolerance: tolerance, regions: regions)
        scene.run = run
        scene.framesOrigin = map["frames"].map { "\(reader.path):\($0.position.line):\($0.position.column)" }
        return scene
    }

    /// Throws, at the `scene:` value, when `path` is no readable file: said before anything
    /// runs, with the manifest's other problems, rather than half way through a check.
    private static func requireSceneFile(_ path: String, written: String, at node: DocumentNode, _ reader: ManifestNodeReader) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
            guard FileManager.default.isReadableFile(atPath: path) else { throw reader.error(node, "scene: \(written) cannot be read") }
            return
        }
        let url = URL(fileURLWithPath: path)
        let neighbours = (try? FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)) ?? []
        throw reader.error(node, "scene: \(written) \(isFolder.boolValue ? "is a folder, not a scene file" : "does not exist")"
                           + SpellingSuggestion.hint(for: url.lastPathComponent, among: neighbours))
    }

    /// A region of its own tolerance, inside a frame of `size` (when the size could be read).
    private static func readRegion(_ regionNode: DocumentNode, _ reader: ManifestNodeReader, in size: (Int, Int)?,
                                   defaults: GoldenTolerance) throws -> GoldenRegionTolerance {
        let region = try reader.mapping(regionNode, "a region")
        try reader.allowOnly(["x", "y", "width", "height", "threshold", "max_different_pixels"], in: region, of: regionNode)
        func number(_ key: String) throws -> Int {
            guard let value = region[key] else { throw reader.error(regionNode, "region: expected \(key)") }
            let result = try reader.integer(value, key)
            guard result >= 0 else { throw reader.error(value, "\(key): expected 0 or more") }
            return result
        }
        let area = DiffRegion(x: try number("x"), y: try number("y"), width: try number("width"),
                              height: try number("height"), pixels: 0)
        if let (width, height) = size {
            guard area.x + area.width <= width, area.y + area.height <= height, area.width > 0, area.height > 0 else {
                throw reader.error(regionNode, "region: expected a rectangle inside the \(width)x\(height) frame")
            }
        }
        return GoldenRegionTolerance(area: area, tolerance: try readTolerance(regionNode, reader, "region", defaults: defaults,
                                                                              area: area.width * area.height))
    }

    private static func readFrames(_ node: DocumentNode, _ reader: ManifestNodeReader) throws -> [Int] {
        var frames: Set<Int> = []
        if let list = node.sequence {
            for item in list { frames.insert(try reader.nonNegative(item, "frames")) }
        } else {
            let map = try reader.mapping(node, "frames")
            try reader.allowOnly(["every", "also", "until"], in: map, of: node)
            guard let everyNode = map["every"] else { throw reader.error(node, "frames: expected `every: N`") }
            let every = try reader.nonNegative(everyNode, "every")
            guard every > 0 else { throw reader.error(everyNode, "every: expected a positive step") }
            guard let untilNode = map["until"] else {
                throw reader.error(node, "frames: expected `until: LAST` with `every`")
            }
            let until = try reader.nonNegative(untilNode, "until")
            for frame in stride(from: 0, through: until, by: every) { frames.insert(frame) }
            for item in map["also"]?.sequence ?? [] { frames.insert(try reader.nonNegative(item, "also")) }
        }
        guard !frames.isEmpty else { throw reader.error(node, "frames: expected at least one frame") }
        return frames.sorted()
    }

    /// A tolerance; `area` is the pixels it covers (the frame's, or a region's), for a
    /// `max_different_pixels` given as a share of them (`0.1 %`).
    private static func readTolerance(_ node: DocumentNode, _ reader: ManifestNodeReader, _ what: String,
                                      defaults: GoldenTolerance = GoldenTolerance(), area: Int?) throws -> GoldenTolerance {
        let map = try reader.mapping(node, what)
        if what == "tolerance" { try reader.allowOnly(["threshold", "max_different_pixels"], in: map, of: node) }
        var tolerance = defaults
        if let thresholdNode = map["threshold"] {
            guard let value = thresholdNode.scalarText.flatMap(Double.init), value.isFinite, (0...1).contains(value) else {
                throw reader.error(thresholdNode, "threshold: expected a number from 0 to 1")
            }
            tolerance.threshold = value
        }
        if let maxNode = map["max_different_pixels"] {
            tolerance.maxDifferentPixels = try pixelCount(maxNode, reader, of: area)
        }
        return tolerance
    }

    /// A count of pixels, or a share of `area` pixels (`0.1 %`, rounded down): a tolerance that
    /// means the same at every frame size.
    private static func pixelCount(_ node: DocumentNode, _ reader: ManifestNodeReader, of area: Int?) throws -> Int {
        guard let text = node.scalarText?.trimmingCharacters(in: .whitespaces), text.hasSuffix("%") else {
            return try reader.nonNegative(node, "max_different_pixels")
        }
        guard let share = Double(text.dropLast().trimmingCharacters(in: .whitespaces)), share.isFinite, (0...100).contains(share) else {
            throw reader.error(node, "max_different_pixels: expected a count of pixels, or a share of the frame from 0 % to 100 % (such as 0.1 %)")
        }
        return Int((Double(area ?? 0) * share / 100).rounded(.down))
    }

    /// `640x360` → (640, 360), within the sizes a scene may have.
    static func parseSize(_ text: String) -> (Int, Int)? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (16...7680).contains(width), (16...4320).contains(height) else { return nil }
        return (width, height)
    }
}
