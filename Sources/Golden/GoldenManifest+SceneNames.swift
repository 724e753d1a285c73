import Foundation

extension GoldenManifest {
    /// The reference scenes' names from before each game had its golden folder (`findit-hunt`,
    /// now `findit/hunt`), old name → name now: still taken for one release, with a notice.
    static let renamedScenes: [String: String] = [
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

    /// The scenes `names` name (all when none), in the manifest's order. An old name the
    /// manifest has under its new one is read so, with a one-line notice on standard error;
    /// a name it does not have is an error that lists the names there are.
    public func scenes(named names: [String]) throws -> [GoldenScene] {
        guard !names.isEmpty else { return scenes }
        let known = scenes.map(\.name)
        let names = names.map { name -> String in
            guard !known.contains(name), let renamed = Self.renamedScenes[name], known.contains(renamed) else { return name }
            fputs("aria-render: note: --scene \(name) is now --scene \(renamed); the old spelling goes in the next release\n", stderr)
            return renamed
        }
        for name in names where !known.contains(name) {
            throw GoldenManifestError(description: "no reference scene named \"\(name)\" in \(folder)'s manifests; "
                                      + "the scenes are \(known.joined(separator: ", "))")
        }
        return scenes.filter { names.contains($0.name) }
    }
}
