import Foundation

/// What is read from an SVG's bytes before librsvg parses them: how deeply its elements nest,
/// the first `flowRoot` (text librsvg does not draw) and the files it refers to. A hostile file
/// must be refused before the parser spends memory on it, so this is a plain byte scan.
struct SVGPrescan {
    /// A position in the text, 1-based.
    struct Position: Equatable {
        var line: Int
        var column: Int
    }

    /// The deepest element nesting, and where it was first reached.
    private(set) var depth = 0
    private(set) var deepest = Position(line: 1, column: 1)
    /// Where the first `<flowRoot` starts.
    private(set) var flowRoot: Position?
    /// Every `href` to something other than a fragment (`#id`) or inline data, with its position.
    private(set) var references: [(target: String, position: Position)] = []

    /// Scans `bytes`; stops once the nesting passes `depthLimit` (the file is refused anyway).
    init(_ bytes: [UInt8], depthLimit: Int) {
        var line = 1, lineStart = 0, current = 0, i = 0
        let n = bytes.count
        func position(_ offset: Int) -> Position { Position(line: line, column: offset - lineStart + 1) }
        func starts(with text: String, at offset: Int) -> Bool {
            let t = Array(text.utf8)
            return offset + t.count <= n && Array(bytes[offset..<offset + t.count]) == t
        }
        // Skips to just after `end`, counting lines.
        func skip(past end: String) {
            let e = Array(end.utf8)
            while i < n {
                if bytes[i] == UInt8(ascii: "\n") { line += 1; lineStart = i + 1 }
                if starts(with: end, at: i) { i += e.count; return }
                i += 1
            }
            _ = e
        }
        while i < n {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\n") { line += 1; lineStart = i + 1; i += 1; continue }
            guard byte == UInt8(ascii: "<") else { i += 1; continue }
            if starts(with: "<!--", at: i) { skip(past: "-->"); continue }
            if starts(with: "<![CDATA[", at: i) { skip(past: "]]>"); continue }
            if starts(with: "<?", at: i) { skip(past: "?>"); continue }
            if starts(with: "<!", at: i) { skip(past: ">"); continue }
            let tagStart = i
            let closing = starts(with: "</", at: i)
            if !closing, flowRoot == nil, starts(with: "<flowRoot", at: i) || starts(with: "<svg:flowRoot", at: i) {
                flowRoot = position(tagStart)
            }
            // Read to the end of the tag, noting href attributes; quoted values may hold '>'.
            var quote: UInt8?
            var selfClosing = false
            i += 1
            while i < n {
                let b = bytes[i]
                if b == UInt8(ascii: "\n") { line += 1; lineStart = i + 1 }
                if let q = quote {
                    if b == q { quote = nil }
                } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    quote = b
                } else if b == UInt8(ascii: ">") {
                    selfClosing = i > 0 && bytes[i - 1] == UInt8(ascii: "/")
                    i += 1
                    break
                } else if starts(with: "href=", at: i), i + 5 < n,
                          bytes[i + 5] == UInt8(ascii: "\"") || bytes[i + 5] == UInt8(ascii: "'") {
                    let q = bytes[i + 5]
                    let at = position(i)
                    var j = i + 6
                    while j < n, bytes[j] != q { j += 1 }
                    let target = String(decoding: bytes[(i + 6)..<min(j, n)], as: UTF8.self)
                    if !target.hasPrefix("#"), !target.hasPrefix("data:") { references.append((target, at)) }
                    i = j + 1
                    continue
                }
                i += 1
            }
            if closing {
                current -= 1
            } else if !selfClosing {
                current += 1
                if current > depth {
                    depth = current
                    deepest = position(tagStart)
                    if depth > depthLimit { return }
                }
            }
        }
    }
}
