import CPango

/// The versions of the text libraries and the fonts the HUD is drawn with: a golden that
/// moves with a font upgrade says why through the fingerprint.
public enum TextLibraryVersions {
    /// Pango's version.
    public static var pango: String { String(cString: pango_version_string()) }
    /// HarfBuzz's version (Pango's shaper).
    public static var harfbuzz: String { String(cString: hb_version_string()) }

    /// The font files fontconfig picks for the HUD's face (bold and medium), the fallback for
    /// other scripts and for emoji, with each file's version: "Quicksand-Bold.ttf 1.0, …".
    public static var fonts: String { fonts(adding: []) }

    /// The HUD's font files as `fonts` names them, then those fontconfig picks for `faces`
    /// (patterns such as "NanumSquareRound:bold"), each once.
    public static func fonts(adding faces: [String]) -> String {
        let patterns = ["\(PangoText.family):bold", "\(PangoText.family):medium", "\(PangoText.hangulFamily):bold",
                        "sans-serif:lang=ar", "emoji"] + faces
        var named: [String] = []
        for name in patterns.map(describeMatch) where !named.contains(name) { named.append(name) }
        return named.joined(separator: ", ")
    }

    private static func describeMatch(_ pattern: String) -> String {
        guard let config = FcInitLoadConfigAndFonts() else { return "unknown" }
        defer { FcConfigDestroy(config) }
        guard let wanted = FcNameParse(pattern) else { return "unknown" }
        defer { FcPatternDestroy(wanted) }
        FcConfigSubstitute(config, wanted, FcMatchPattern)
        FcDefaultSubstitute(wanted)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, wanted, &result) else { return "none" }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        var name = "unknown"
        if FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file {
            name = String(cString: file).split(separator: "/").last.map(String.init) ?? name
        }
        var version: Int32 = 0
        if FcPatternGetInteger(match, FC_FONTVERSION, 0, &version) == FcResultMatch {
            // fontconfig keeps the head table's 16.16 fixed-point revision.
            let major = version >> 16, minor = Int((Double(version & 0xFFFF) / 65536 * 1000).rounded())
            let digits = String(minor)
            name += " \(major)." + String(repeating: "0", count: max(0, 3 - digits.count)) + digits
        }
        return name
    }
}
