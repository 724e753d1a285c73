/// Scene files that moved into their game's folder. Their old paths keep working for one
/// release, with a notice as for an old option spelling, so that scripts have time to change.
public enum MovedScenes {
    /// The princess game's scenes, once loose in Scenes/, now in Scenes/princess/.
    public static let princessScenes: Set<String> = [
        "app-tour.yaml", "clapping-crowd.yaml", "default.yaml", "face-magic.yaml", "gestures.yaml",
        "luna-winter.yaml", "play-together.yaml", "snowy-night.yaml",
    ]

    /// Where the scene at the old path `path` is now (`Scenes/default.yaml` is
    /// `Scenes/princess/default.yaml`); nil when `path` exists, did not move, or its new
    /// place does not exist, as `exists` tells.
    public static func newPath(of path: String, exists: (String) -> Bool) -> String? {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, parts[parts.count - 2] == "Scenes", princessScenes.contains(parts[parts.count - 1]),
              !exists(path) else { return nil }
        parts.insert("princess", at: parts.count - 1)
        let moved = parts.joined(separator: "/")
        return exists(moved) ? moved : nil
    }
}
