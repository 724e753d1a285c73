import Fingerprint
import Foundation
import ImageDiff
import Trace

/// How much a rendered frame may differ from its golden before it fails.
public struct GoldenTolerance: Equatable, Sendable {
    /// Colour difference threshold, 0…1 (as `aria-render diff --threshold`).
    public var threshold: Double
    /// Differing pixels allowed (after anti-aliasing is excused).
    public var maxDifferentPixels: Int

    /// A tolerance from its parts; the default is strict: threshold 0.1, no pixel allowed.
    public init(threshold: Double = 0.1, maxDifferentPixels: Int = 0) {
        self.threshold = threshold
        self.maxDifferentPixels = maxDifferentPixels
    }
}

/// A rectangle of a frame with its own tolerance (for example where particles twinkle).
public struct GoldenRegionTolerance: Equatable, Sendable {
    /// The area, in pixels of the golden size.
    public var area: DiffRegion
    /// The tolerance inside it.
    public var tolerance: GoldenTolerance
}

/// One reference scene of the manifest: which file, at which size, which frames are golden.
public struct GoldenScene: Equatable, Sendable {
    /// The name, also the folder of its golden PNGs under the golden folder: `<game>/<name>`
    /// for a scene of a game's manifest (`findit/hunt`).
    public var name: String
    /// The scene file, relative to the golden folder (a game's manifest's paths are taken
    /// from its own folder), or absolute.
    public var sceneFile: String
    /// Render width in pixels.
    public var width: Int
    /// Render height in pixels.
    public var height: Int
    /// The golden frame indices, ascending, without repeats.
    public var frames: [Int]
    /// The tolerance for the whole frame.
    public var tolerance: GoldenTolerance
    /// Areas with their own tolerance.
    public var regions: [GoldenRegionTolerance]
    /// How the run beyond its frames is compared: trace timing, sound, the scene's own rules.
    public var run = GoldenRunTolerance()
    /// Where its `frames:` are written (`manifest.yaml:12:13`), for a frame the scene does not have.
    public var framesOrigin: String?

    /// The golden PNG of `frame`, relative to the golden folder.
    public func goldenPath(frame: Int) -> String {
        "\(name)/" + GoldenScene.fileName(frame: frame)
    }

    /// `frame_00042.png` for frame 42.
    public static func fileName(frame: Int) -> String {
        let digits = String(frame)
        return "frame_" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }
}

/// A golden folder's manifests, merged (`Golden/manifest.yaml` and each game's): the reference
/// scenes, the rules they keep and the library versions that drew them.
public struct GoldenManifest: Equatable, Sendable {
    /// The folder holding the manifest and the golden PNGs.
    public var folder: String
    /// The library versions the goldens were made with.
    public var fingerprint: LibraryFingerprint?
    /// The reference scenes, in manifest order.
    public var scenes: [GoldenScene]
    /// Rules every scene's run must keep (the manifest's top-level `rules:`).
    public var rules: [SceneRule] = []

    /// The manifest's file name inside its folder.
    public static let fileName = "manifest.yaml"

    /// The absolute or working-directory-relative path of a scene's file.
    public func scenePath(_ scene: GoldenScene) -> String {
        scene.sceneFile.hasPrefix("/") ? scene.sceneFile : folder + "/" + scene.sceneFile
    }

    /// The path of a scene's golden trace.
    public func tracePath(_ scene: GoldenScene) -> String { folder + "/" + scene.name + "/" + GoldenRunTolerance.traceFileName }

    /// The path of a scene's golden soundtrack.
    public func soundPath(_ scene: GoldenScene) -> String { folder + "/" + scene.name + "/" + GoldenRunTolerance.soundFileName }

    /// The rules `scene`'s run must keep: the manifest's, then its own.
    public func rules(of scene: GoldenScene) -> [SceneRule] { rules + scene.run.rules }

    /// How many of its scenes keep the rule written at `origin` (an anchored list counts once a scene).
    public func scenesKeeping(_ origin: String) -> Int {
        scenes.filter { scene in rules(of: scene).contains { $0.origin == origin } }.count
    }

    /// The path of a golden PNG.
    public func goldenPath(_ scene: GoldenScene, frame: Int) -> String {
        folder + "/" + scene.goldenPath(frame: frame)
    }
}

/// A manifest that cannot be used: every problem found, each in one line with where it is.
public struct GoldenManifestError: Error, CustomStringConvertible, Equatable {
    /// `path:line:column: what is wrong`, one a problem, in the file's order.
    public let problems: [String]
    /// The manifest file itself is missing or unreadable (perhaps the folder is not a golden folder).
    public var isUnreadable = false

    /// One problem.
    public init(description: String, isUnreadable: Bool = false) {
        problems = [description]
        self.isUnreadable = isUnreadable
    }

    /// Several problems, all reported at once, in the order of their places in the file.
    public init(problems: [String]) {
        func place(_ problem: String) -> (Int, Int) {
            let parts = problem.split(separator: ":", maxSplits: 3)
            guard parts.count == 4, let line = Int(parts[1]), let column = Int(parts[2]) else { return (Int.max, Int.max) }
            return (line, column)
        }
        self.problems = problems.enumerated().sorted { a, b in
            let (p, q) = (place(a.element), place(b.element))
            return (p.0, p.1, a.offset) < (q.0, q.1, b.offset)
        }.map(\.element)
    }

    /// The first problem, and how many more there are.
    public var description: String {
        problems[0] + (problems.count > 1 ? " (and \(problems.count - 1) more)" : "")
    }
}

/// Problems gathered while reading a manifest, so that one run reports all of them.
final class ManifestProblems {
    private(set) var problems: [String] = []

    /// A problem another one already explains: nothing more is said of it.
    struct Explained: Error {}

    /// `body`'s value, or nil with its problems kept.
    func attempt<T>(_ body: () throws -> T) -> T? {
        do { return try body() } catch let error as GoldenManifestError {
            problems += error.problems
            return nil
        } catch is Explained {
            return nil
        } catch {
            problems.append("\(error)")
            return nil
        }
    }

    /// Throws every problem kept, if any.
    func throwIfAny() throws {
        if !problems.isEmpty { throw GoldenManifestError(problems: problems) }
    }
}
