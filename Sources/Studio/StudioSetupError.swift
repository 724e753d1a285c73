/// Why the studio cannot start.
public enum StudioSetupError: Error, CustomStringConvertible {
    case missingPage(String)
    case noSuchFile(String)
    case noScenes(String)

    /// One line.
    public var description: String {
        switch self {
        case .missingPage(let place): return "the studio's page files are missing (expected at \(place)); rebuild aria-studio"
        case .noSuchFile(let path): return "no such scene file or folder: \(path)"
        case .noScenes(let path): return "no scene files (.yaml, .yml, .json) in \(path)"
        }
    }
}
