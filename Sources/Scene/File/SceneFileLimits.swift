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
    /// The longest character id, in bytes: a shared session's messages carry ids of at most
    /// this many bytes of printable UTF-8 (docs/sync-format.md), in every scene alike.
    public static let maxIDBytes = 64

    /// What is wrong with `id`, the character id at `path` (too long, or a control character
    /// in it), as a message; nil when it is fine.
    package static func idProblem(_ id: String, at path: String) -> String? {
        if id.utf8.count > maxIDBytes {
            return "\(path) is \(id.utf8.count) bytes, over the \(maxIDBytes) an id may have (ids travel in shared sessions' messages)"
        }
        if id.unicodeScalars.contains(where: isUnprintable) {
            return "\(path) \(quoted(id)) holds a character that does not print (a control character or a separator); an id is printable text"
        }
        return nil
    }

    /// Control characters (C0, DEL, C1), line and paragraph separators and the byte-order
    /// mark: what a message escapes and an id may not hold.
    package static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0xFEFF: return true
        default: return false
        }
    }

    /// `text` as quoted in a message, on one line: control characters escaped, cut to
    /// `maxQuotedCharacters` with the full length given.
    package static func quoted(_ text: String, marks: Bool = true) -> String {
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
            case _ where isUnprintable(scalar): shown += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return mark + shown + mark
    }
}
