/// Yams composes documents recursively, so a file nested thousands of levels deep would
/// overflow the stack. This guard bounds the nesting from above before Yams sees the text:
/// a line's depth is at most its indentation, plus the block indicators (`-`, `?`, `:`) on
/// it outside brackets, plus the open flow brackets. Inside brackets a one-pair mapping
/// (`[a: [b: 1]]`) may add a level per bracket that is not counted, so Yams may recurse up
/// to twice the limit, which is still far from the stack's end; the exact depth is checked
/// once the document is composed (`YAMLExpansionBudget`). It reads bytes, so a long line
/// costs its length.
package enum YAMLNestingGuard {
    /// Deep enough for any scene, far below what overflows the stack.
    package static let limit = 500

    /// The first line whose nesting bound exceeds `limit`, if any.
    package static func firstTooDeepLine(in text: String) -> Int? {
        var flowDepth = 0, lineNumber = 1
        var indent = 0, indicators = 0, deepestFlow = 0
        var atStart = true, inComment = false, previous = UInt8(ascii: " ")
        func lineIsTooDeep() -> Bool { indent + indicators + deepestFlow > limit }
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") {
                if lineIsTooDeep() { return lineNumber }
                lineNumber += 1
                indent = 0; indicators = 0; deepestFlow = flowDepth
                atStart = true; inComment = false; previous = UInt8(ascii: " ")
                continue
            }
            if inComment { continue }
            if atStart {
                if byte == UInt8(ascii: " ") { indent += 1; continue }
                atStart = false
            }
            if byte == UInt8(ascii: "#") && (previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\t")) {
                inComment = true
                continue
            }
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"): flowDepth += 1; deepestFlow = max(deepestFlow, flowDepth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): flowDepth = max(flowDepth - 1, 0)
            case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"): if flowDepth == 0 { indicators += 1 }
            default: break
            }
            previous = byte
        }
        return lineIsTooDeep() ? lineNumber : nil
    }
}
