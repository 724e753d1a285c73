/// How much a scene file may hold. A real scene is a few kilobytes with a few hundred values;
/// these bounds are far above that and far below what costs a second or 100 MB, so a
/// hostile file (billion laughs, a 50 MB file, a million timeline entries) is refused early
/// with a `file:line:column` error instead of being built.
public enum SceneFileLimits {
    /// The largest scene file read, in bytes (256 KiB, a hundred times the largest example
    /// scene). Larger files are refused from their size alone, before they are read.
    public static let maxBytes = 256 << 10
    /// The widths and heights a canvas may have, in a scene file or on a command line (up to 8K UHD).
    public static let canvasWidths = 16...7680
    public static let canvasHeights = 16...4320
    /// The most values (scalars, lists and mappings, counting each key) a file may expand
    /// to, aliases expanded: YAML aliases of aliases multiply, and this bounds the product.
    public static let maxValues = 100_000
    /// The deepest nesting of lists and mappings (aliases expanded).
    public static let maxDepth = YAMLNestingGuard.limit
    /// The most timeline entries a scene may have.
    public static let maxTimelineEntries = 5_000
    /// The most problems reported for one file; the rest are counted in one last line.
    public static let maxDiagnostics = 100
    /// The longest piece of the file quoted in a message, in characters.
    public static let maxQuotedCharacters = 60

    /// `text` as quoted in a message, on one line: control characters escaped, cut to
    /// `maxQuotedCharacters` with the full length given.
    static func quoted(_ text: String, marks: Bool = true) -> String {
        let mark = marks ? "'" : ""
        var shown = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == maxQuotedCharacters {
                return mark + shown + "…" + mark + " (\(text.utf8.count) bytes)"
            }
            count += 1
            switch scalar.value {
            case 0x0A: shown += "\\n"
            case 0x09: shown += "\\t"
            case 0x0D: shown += "\\r"
            case 0..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0xFEFF:
                shown += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return mark + shown + mark
    }
}
