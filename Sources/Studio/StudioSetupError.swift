/// Why the studio cannot start.
public enum StudioSetupError: Error, CustomStringConvertible {
    case missingPage(String)
    case noSuchFile(String)
    case noScenes(String)

    /// One line.
    public var description: String {
        switch self {
        case .missingPage(let place):
            // A program copied without the folder the build puts beside it is the usual cause.
            return "the studio's page files are missing (expected at \(place)): the build puts the folder \(PageFiles.bundleName) "
                + "beside aria-studio; copy it with the program, or build both with `make studio`"
        case .noSuchFile(let path): return "no such scene file or folder: \(path)"
        case .noScenes(let path): return "no scene files (.yaml, .yml, .json) in \(path)"
        }
    }
}
