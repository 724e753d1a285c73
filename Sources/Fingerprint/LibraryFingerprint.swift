import CCairo
import Drawing
import Skins
import GameKit
import Speech

/// The versions of the libraries and fonts whose output the golden frames depend on:
/// anti-aliasing, blending, shaping and glyphs change between versions, so goldens are only
/// comparable between machines with the same fingerprint.
public struct LibraryFingerprint: Equatable, Sendable, CustomStringConvertible {
    /// cairo's version.
    public var cairo: String
    /// pixman's version (cairo's rasteriser).
    public var pixman: String
    /// FreeType's version (the HUD's glyphs).
    public var freetype: String
    /// Pango's version (the HUD's text layout); nil in a fingerprint written before it counted.
    public var pango: String?
    /// HarfBuzz's version (Pango's shaper); nil in a fingerprint written before it counted.
    public var harfbuzz: String?
    /// The font files (and their versions) the HUD is drawn with; nil in an older fingerprint.
    public var fonts: String?
    /// espeak-ng's version (the lines games speak in their soundtracks); nil in an older fingerprint.
    public var speech: String?
    /// librsvg's version (the designers' skins); nil in an older fingerprint.
    public var librsvg: String?

    /// A fingerprint from its parts.
    public init(cairo: String, pixman: String, freetype: String, pango: String? = nil, harfbuzz: String? = nil,
                fonts: String? = nil, speech: String? = nil, librsvg: String? = nil) {
        self.speech = speech
        self.librsvg = librsvg
        self.cairo = cairo
        self.pixman = pixman
        self.freetype = freetype
        self.pango = pango
        self.harfbuzz = harfbuzz
        self.fonts = fonts
    }

    /// The versions linked into this program, and the HUD's fonts fontconfig finds.
    public static var current: LibraryFingerprint { current(faces: []) }

    /// The versions linked into this program, and the fonts fontconfig finds for the HUD and
    /// for the faces `games` draw with.
    public static func current(of games: GameCatalogue) -> LibraryFingerprint {
        current(faces: games.fontFaces)
    }

    private static func current(faces: [String]) -> LibraryFingerprint {
        LibraryFingerprint(cairo: String(cString: cairo_version_string()),
                           pixman: String(cString: pixman_version_string()),
                           freetype: freetypeVersion(), pango: TextLibraryVersions.pango,
                           harfbuzz: TextLibraryVersions.harfbuzz, fonts: TextLibraryVersions.fonts(adding: faces),
                           speech: SpeechSynthesizer.version, librsvg: SVGArt.libraryVersion)
    }

    private static func freetypeVersion() -> String {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return "unknown" }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    public var description: String {
        var text = "cairo \(cairo), pixman \(pixman), freetype \(freetype)"
        if let pango { text += ", pango \(pango)" }
        if let harfbuzz { text += ", harfbuzz \(harfbuzz)" }
        if let fonts { text += ", fonts \(fonts)" }
        if let speech { text += ", espeak-ng \(speech)" }
        if let librsvg { text += ", librsvg \(librsvg)" }
        return text
    }

    /// The libraries whose versions differ from `other`'s, each as `pixman 0.42.2 → 0.44.0`
    /// (this fingerprint's version first); a part `other` does not record is not compared.
    public func differences(from other: LibraryFingerprint) -> [String] {
        let parts: [(String, String?, String?)] = [("cairo", cairo, other.cairo), ("pixman", pixman, other.pixman),
                                                   ("freetype", freetype, other.freetype), ("pango", pango, other.pango),
                                                   ("harfbuzz", harfbuzz, other.harfbuzz), ("fonts", fonts, other.fonts),
                                                   ("espeak-ng", speech, other.speech), ("librsvg", librsvg, other.librsvg)]
        return parts.compactMap { name, mine, theirs in
            guard let mine, let theirs, mine != theirs else { return nil }
            return "\(name) \(mine) → \(theirs)"
        }
    }

    /// The warning `check` prints when the goldens (this fingerprint) were made with other
    /// libraries than `current`'s: only what differs is named, since the whole fingerprint
    /// hides the one library that changed.
    public func warning(against current: LibraryFingerprint) -> String {
        let differing = differences(from: current)
        return "the goldens were made with other libraries than this machine's: "
            + (differing.isEmpty ? "\(self) against \(current)" : differing.joined(separator: ", "))
            + " (goldens' version → this machine's); frames may differ for that reason alone"
    }

    /// The file beside the manifest that holds the goldens' fingerprint.
    public static let fileName = "fingerprint.yaml"

    /// The contents of `fingerprint.yaml`.
    public var yaml: String {
        var text = "# Library versions that drew the golden frames; written by aria-render golden update.\n"
            + "cairo: \(cairo)\npixman: \(pixman)\nfreetype: \(freetype)\n"
        if let pango { text += "pango: \(pango)\n" }
        if let harfbuzz { text += "harfbuzz: \(harfbuzz)\n" }
        if let fonts { text += "fonts: \"\(fonts)\"\n" }
        if let speech { text += "speech: \"\(speech)\"\n" }
        if let librsvg { text += "librsvg: \"\(librsvg)\"\n" }
        return text
    }
}
