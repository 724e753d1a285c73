import Foundation

/// Scene files that moved into their game's folder, whose old paths keep working for one
/// release with a notice (as old option spellings do), so that scripts have time to change.
enum MovedScene {
    /// The princess game's scenes, once loose in Scenes/, now in Scenes/princess/.
    static let princessScenes: Set<String> = [
        "app-tour.yaml", "clapping-crowd.yaml", "default.yaml", "face-magic.yaml", "gestures.yaml",
        "luna-winter.yaml", "play-together.yaml", "snowy-night.yaml",
    ]

    /// `path`, or where its scene is now when it names a moved scene's old place
    /// (`Scenes/default.yaml` → `Scenes/princess/default.yaml`), said once on standard error.
    static func resolve(_ path: String) -> String {
        guard let moved = newPath(of: path) else { return path }
        fputs("aria-render: note: \(path) is now \(moved); the old path goes in the next release\n", stderr)
        return moved
    }

    /// Where the scene at the old path `path` is now; nil when `path` exists or did not move.
    static func newPath(of path: String) -> String? {
        let manager = FileManager.default
        let file = (path as NSString).lastPathComponent, folder = (path as NSString).deletingLastPathComponent
        guard !manager.fileExists(atPath: path), princessScenes.contains(file),
              (folder as NSString).lastPathComponent == "Scenes" else { return nil }
        let moved = folder + "/princess/" + file
        return manager.fileExists(atPath: moved) ? moved : nil
    }

    /// The reference scenes' old names, from before each game had its golden folder.
    static let goldenNames: [String: String] = [
        "default": "princess/default", "face-magic": "princess/face-magic", "gestures": "princess/gestures",
        "accessibility": "princess/accessibility", "clapping-crowd": "princess/clapping-crowd",
        "app-tour": "princess/app-tour", "app-tour-1080p": "princess/app-tour-1080p",
        "play-together": "princess/play-together", "luna-winter": "princess/luna-winter",
        "example": "example/shapes", "glitch-squad": "glitch-squad/mission-01",
        "glitch-squad-accessible": "glitch-squad/accessible", "glitch-squad-time-out": "glitch-squad/time-out",
        "glitch-squad-give-up": "glitch-squad/give-up", "glitch-squad-pixel-neon": "glitch-squad/pixel-neon",
        "findit-hunt": "findit/hunt", "findit-register": "findit/register",
        "findit-time-attack": "findit/time-attack", "findit-calm": "findit/calm",
    ]

    /// A reference scene's name among `known`, or its new name with a notice when it is an old one.
    static func goldenName(_ name: String, known: [String]) -> String {
        guard !known.contains(name), let moved = goldenNames[name], known.contains(moved) else { return name }
        OptionNotice.renamed("--scene \(name)", to: "--scene \(moved)")
        return moved
    }
}
