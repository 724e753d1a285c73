/// The YAML reader's jargon ("mapping values are not allowed in this context") in the words
/// of someone who wrote the file: what slipped, where, and how to mend it, read off the lines
/// around the place the reader gave up. The reader's own words follow in brackets.
enum YAMLSlipWording {
    /// A plain sentence for `problem` (and the reader's `context`, which began at `contextMark`)
    /// found at `mark` in `text`; the reader's words alone when no plainer ones fit.
    static func explain(problem: String, context: String?, contextMark: SourcePosition?, at mark: SourcePosition,
                        in text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let jargon = [context, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        guard let plain = plainWords(problem: problem, context: context ?? "", contextMark: contextMark, mark: mark, lines: lines) else {
            return String(jargon.prefix(200))
        }
        return plain + " (the YAML reader: " + String(jargon.prefix(120)) + ")"
    }

    private static func plainWords(problem: String, context: String, contextMark: SourcePosition?, mark: SourcePosition,
                                   lines: [String]) -> String? {
        let line = lines.indices.contains(mark.line - 1) ? lines[mark.line - 1] : ""
        let opened = contextMark.map { "line \($0.line), column \($0.column)" }
        switch true {
        case problem.contains("mapping values are not allowed"):
            if let key = keyOf(line), let above = entryAbove(mark.line, in: lines), indent(of: line) > above.indent {
                let (key, above) = (short(key), short(above.key))
                return "`\(key):` is indented deeper than `\(above):` above it; give it the same indentation, "
                    + "or, if it belongs under `\(above):`, put nothing after `\(above):` on its line"
            }
            return "a second `:` on this line; put each key on its own line, or quote a value that holds `: ` ('like: this')"
        case problem.contains("tab character"),
             problem.contains("cannot start any token") && line.prefix(while: { $0 == " " || $0 == "\t" }).contains("\t"):
            return "a tab indents this line; YAML indents with spaces only"
        case context.contains("flow mapping"):
            return "the `{` opened at \(opened ?? "an earlier line") is not closed: a `}` is missing, or a `,` between its entries"
        case context.contains("flow sequence"):
            return "the `[` opened at \(opened ?? "an earlier line") is not closed: a `]` is missing, or a `,` between its items"
        case context.contains("quoted scalar"):
            return "the quote opened at \(opened ?? "an earlier line") is never closed"
        case context.contains("simple key") && problem.contains("expected ':'"):
            return "`\(short(line.trimmingSpaces))` has no `:`; a key needs one (`key: value`)"
        case context.contains("block mapping") && problem.contains("expected key"):
            return "this line does not line up with the keys of the mapping that starts at \(opened ?? "an earlier line"); "
                + "indent it as they are"
        case context.contains("block collection") || problem.contains("'-' indicator"):
            return "this line does not line up with the `- ` entries of the list that starts at \(opened ?? "an earlier line")"
        default:
            return nil
        }
    }

    /// The key a line starts with (`  tap: {…}` → `tap`), if it starts with one.
    private static func keyOf(_ line: String) -> String? {
        var body = line.trimmingSpaces
        if body.hasPrefix("- ") { body = String(body.dropFirst(2)).trimmingSpaces }
        guard let colon = body.firstIndex(of: ":"), colon > body.startIndex else { return nil }
        let key = String(body[..<colon])
        return key.contains(where: { $0 == " " || $0 == "{" || $0 == "[" }) ? nil : key
    }

    /// The nearest line above `number` (1-based) that holds a key, with its indentation.
    private static func entryAbove(_ number: Int, in lines: [String]) -> (key: String, indent: Int)? {
        for index in stride(from: min(number - 2, lines.count - 1), through: 0, by: -1) {
            let line = lines[index]
            if line.trimmingSpaces.isEmpty || line.trimmingSpaces.hasPrefix("#") { continue }
            guard let key = keyOf(line) else { return nil }
            var indent = indent(of: line)
            if line.trimmingSpaces.hasPrefix("- ") { indent += 2 }
            return (key, indent)
        }
        return nil
    }

    private static func indent(of line: String) -> Int { line.prefix { $0 == " " }.count }

    /// `text` cut to 40 characters: a hostile file's 200 KB key must not make a 200 KB message.
    private static func short(_ text: String) -> String { text.count <= 40 ? text : text.prefix(39) + "…" }
}

private extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
