/// The built-in scene, shipped in the binary; Scenes/default.yaml holds the same text.
public enum DefaultScene {
    /// The scene file's text.
    public static let yaml = """
version: 1
duration: 10
"""
}
