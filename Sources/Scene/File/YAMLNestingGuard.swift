/// Yams composes documents recursively, so a file nested thousands of levels deep would
/// overflow the stack. This guard bounds the nesting from above before Yams sees the text:
/// a line's depth is at most its indentation, plus the indicators (`-`, `?`, `:`) on it,
/// plus the open flow brackets. Over-counting only makes the guard stricter, and real
/// scenes stay far below the limit.
enum YAMLNestingGuard {
    /// Deep enough for any scene, far below what overflows the stack.
    static let limit = 500

    /// The first line whose nesting bound exceeds `limit`, if any.
    static func firstTooDeepLine(in text: String) -> Int? {
        var flowDepth = 0
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var indent = 0, indicators = 0, deepestFlow = flowDepth
            var atStart = true, previous: Character = " "
            for character in line {
                if atStart {
                    if character == " " { indent += 1; continue }
                    atStart = false
                }
                if character == "#" && (previous == " " || previous == "\t") { break }
                switch character {
                case "[", "{": flowDepth += 1; deepestFlow = max(deepestFlow, flowDepth)
                case "]", "}": flowDepth = max(flowDepth - 1, 0)
                case "-", "?", ":": indicators += 1
                default: break
                }
                previous = character
            }
            if line.first == "#" { continue }
            if indent + indicators + deepestFlow > limit { return lineNumber }
        }
        return nil
    }
}
