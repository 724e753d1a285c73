/// Where the aliases (`*name`) of a YAML text are written. Yams resolves an alias to the
/// node it names, keeping that node's place, so the place of the alias itself is found here,
/// for messages only: a lexical scan that skips comments, quoted text and block scalars.
/// It never decides whether a file is accepted, only where an error points.
package struct YAMLAliasLocator {
    /// An alias as written: its place and its name.
    package struct Alias {
        package var position: SourcePosition
        package var name: String
    }

    /// Every alias, in file order.
    package let aliases: [Alias]

    package init(_ text: String) {
        aliases = Self.scan(Array(text.utf8))
    }

    /// The first alias written after `position`.
    package func firstAlias(after position: SourcePosition) -> Alias? {
        var low = 0, high = aliases.count
        while low < high {
            let middle = (low + high) / 2
            if aliases[middle].position > position { high = middle } else { low = middle + 1 }
        }
        return low < aliases.count ? aliases[low] : nil
    }

    private static func scan(_ bytes: [UInt8]) -> [Alias] {
        var found: [Alias] = []
        var index = 0, line = 1, column = 1
        var atLineStart = true, atTokenStart = true
        var lineIndent = 0
        var blockIndent: Int?

        func advance() {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\n") {
                line += 1; column = 1; atLineStart = true; atTokenStart = true
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        func skipToLineEnd() {
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { advance() }
        }

        while index < bytes.count {
            if atLineStart {
                atLineStart = false
                var spaces = 0
                while index + spaces < bytes.count, bytes[index + spaces] == UInt8(ascii: " ") { spaces += 1 }
                let blank = index + spaces >= bytes.count || bytes[index + spaces] == UInt8(ascii: "\n")
                    || bytes[index + spaces] == UInt8(ascii: "\r")
                if let indent = blockIndent {
                    if blank || spaces > indent { skipToLineEnd(); continue }
                    blockIndent = nil
                }
                lineIndent = spaces
                continue
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "#") where atTokenStart:
                skipToLineEnd()
            case UInt8(ascii: "'") where atTokenStart:
                advance()
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "'") {
                        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "'") { advance(); advance(); continue }
                        break
                    }
                    advance()
                }
                if index < bytes.count { advance() }
                atTokenStart = false
            case UInt8(ascii: "\"") where atTokenStart:
                advance()
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count { advance() }
                    advance()
                }
                if index < bytes.count { advance() }
                atTokenStart = false
            case UInt8(ascii: "|") where atTokenStart, UInt8(ascii: ">") where atTokenStart:
                blockIndent = lineIndent
                skipToLineEnd()
            case UInt8(ascii: "*") where atTokenStart:
                let position = SourcePosition(line: line, column: column)
                advance()
                var name: [UInt8] = []
                while index < bytes.count, !Self.endsName(bytes[index]) {
                    if name.count < 256 { name.append(bytes[index]) }
                    advance()
                }
                found.append(Alias(position: position, name: String(decoding: name, as: UTF8.self)))
                atTokenStart = false
            default:
                atTokenStart = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "["),
                                UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: "\n")].contains(byte)
                advance()
            }
        }
        return found
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"),
             UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
            return true
        default:
            return false
        }
    }
}
