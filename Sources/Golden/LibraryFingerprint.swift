import CCairo

/// The versions of the libraries whose output the golden frames depend on: anti-aliasing
/// and blending change between versions, so goldens are only comparable between machines
/// with the same fingerprint.
public struct LibraryFingerprint: Equatable, Sendable, CustomStringConvertible {
    /// cairo's version.
    public var cairo: String
    /// pixman's version (cairo's rasteriser).
    public var pixman: String
    /// FreeType's version (text, should any be drawn).
    public var freetype: String

    /// A fingerprint from its parts.
    public init(cairo: String, pixman: String, freetype: String) {
        self.cairo = cairo
        self.pixman = pixman
        self.freetype = freetype
    }

    /// The versions linked into this program.
    public static var current: LibraryFingerprint {
        LibraryFingerprint(cairo: String(cString: cairo_version_string()),
                           pixman: String(cString: pixman_version_string()),
                           freetype: freetypeVersion())
    }

    private static func freetypeVersion() -> String {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return "unknown" }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    public var description: String { "cairo \(cairo), pixman \(pixman), freetype \(freetype)" }

    /// The file beside the manifest that holds the goldens' fingerprint.
    public static let fileName = "fingerprint.yaml"

    /// The contents of `fingerprint.yaml`.
    public var yaml: String {
        "# Library versions that drew the golden frames; written by aria-render golden update.\n"
            + "cairo: \(cairo)\npixman: \(pixman)\nfreetype: \(freetype)\n"
    }
}
