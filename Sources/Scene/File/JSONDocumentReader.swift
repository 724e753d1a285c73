/// A small strict JSON reader (RFC 8259) that records the line and column of every value,
/// which Foundation's parser does not, so JSON scene errors point where YAML ones do.
package struct JSONDocumentReader {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// Deep nesting is refused rather than risking the stack.
    private var depth = 0
    private static let maxDepth = 64
    /// Values read so far, bounded by `SceneFileLimits.maxValues`.
    private var values = 0

    /// The document, or the first syntax error with its position.
    /// `whenEmpty` is the error of a file with no document (each kind of file says what it expected).
    package static func read(_ text: String, whenEmpty: String = "the file is empty; expected a scene object starting with {\"version\": 1")
        -> Result<DocumentNode, SyntaxError> {
        var reader = JSONDocumentReader(bytes: Array(text.utf8))
        do {
            reader.skipWhitespace()
            if reader.index >= reader.bytes.count {
                throw reader.error(whenEmpty)
            }
            let root = try reader.readValue()
            reader.skipWhitespace()
            if reader.index < reader.bytes.count { throw reader.error("unexpected text after the end of the JSON document") }
            return .success(root)
        } catch let error as SyntaxError {
            return .failure(error)
        } catch {
            return .failure(SyntaxError(position: SourcePosition(line: 1, column: 1), message: "malformed JSON"))
        }
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var position: SourcePosition {
        // Columns count characters, not bytes: skip UTF-8 continuation bytes.
        let column = bytes[lineStart..<min(index, bytes.count)].filter { $0 & 0xC0 != 0x80 }.count + 1
        return SourcePosition(line: line, column: column)
    }

    /// Where the reader is, counting on from the last place asked for, so a long line costs
    /// its length once rather than once per value on it.
    private var counted = (index: 0, column: 1)
    private mutating func here() -> SourcePosition {
        if counted.index < lineStart { counted = (lineStart, 1) }
        let end = min(index, bytes.count)
        var column = counted.column
        for byte in bytes[counted.index..<end] where byte & 0xC0 != 0x80 { column += 1 }
        counted = (end, column)
        return SourcePosition(line: line, column: column)
    }

    private func error(_ message: String) -> SyntaxError {
        SyntaxError(position: position, message: "malformed JSON: " + message)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
            case UInt8(ascii: "\n"): index += 1; line += 1; lineStart = index
            default: return
            }
        }
    }

    private mutating func readValue() throws -> DocumentNode {
        skipWhitespace()
        let start = here()
        values += 1
        if values > SceneFileLimits.maxValues {
            throw SyntaxError(position: start, message: "the scene holds more than \(SceneFileLimits.maxValues) values; "
                              + "a scene file may hold at most \(SceneFileLimits.maxValues)")
        }
        guard let byte = current else { throw error("unexpected end of file; expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try readObject(start)
        case UInt8(ascii: "["): return try readArray(start)
        case UInt8(ascii: "\""): return DocumentNode(value: .scalar(try readString(), quoted: true), position: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return DocumentNode(value: .scalar(try readNumber(), quoted: false), position: start)
        default:
            for word in ["true", "false", "null"] where matches(word) {
                index += word.utf8.count
                return DocumentNode(value: .scalar(word, quoted: false), position: start)
            }
            throw error("unexpected character '\(Character(Unicode.Scalar(byte)))'; expected a value")
        }
    }

    private func matches(_ word: String) -> Bool {
        let utf8 = Array(word.utf8)
        return index + utf8.count <= bytes.count && Array(bytes[index..<index + utf8.count]) == utf8
    }

    private mutating func enter() throws {
        depth += 1
        if depth > Self.maxDepth { throw error("nested more than \(Self.maxDepth) levels deep") }
    }

    private mutating func readObject(_ start: SourcePosition) throws -> DocumentNode {
        try enter()
        defer { depth -= 1 }
        index += 1
        var pairs: [DocumentNode.Pair] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return DocumentNode(value: .mapping(pairs), position: start) }
        while true {
            skipWhitespace()
            let keyPosition = here()
            guard current == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
            let key = try readString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\"") }
            index += 1
            let value = try readValue()
            pairs.append(DocumentNode.Pair(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            if current == UInt8(ascii: "}") { index += 1; return DocumentNode(value: .mapping(pairs), position: start) }
            throw error("expected ',' or '}' in an object")
        }
    }

    private mutating func readArray(_ start: SourcePosition) throws -> DocumentNode {
        try enter()
        defer { depth -= 1 }
        index += 1
        var items: [DocumentNode] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return DocumentNode(value: .sequence(items), position: start) }
        while true {
            items.append(try readValue())
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            if current == UInt8(ascii: "]") { index += 1; return DocumentNode(value: .sequence(items), position: start) }
            throw error("expected ',' or ']' in a list")
        }
    }

    private mutating func readString() throws -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run.removeAll()
        }
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                index += 1
                scalars.append(try readEscape())
            case 0..<0x20:
                throw error("a control character inside a string; write it as an escape such as \\n")
            default:
                run.append(byte)
                index += 1
            }
        }
        throw error("unterminated string")
    }

    private mutating func readEscape() throws -> Unicode.Scalar {
        guard let byte = current else { throw error("unterminated string") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try readHex4()
            if (0xD800..<0xDC00).contains(high), matches("\\u") {
                index += 2
                let low = try readHex4()
                if (0xDC00..<0xE000).contains(low),
                   let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) {
                    return scalar
                }
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("invalid \\u escape") }
            return scalar
        default:
            throw error("unknown escape '\\\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func readHex4() throws -> UInt32 {
        guard index + 4 <= bytes.count,
              let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw error("expected four hex digits after \\u") }
        index += 4
        return value
    }

    private mutating func readNumber() throws -> String {
        let begin = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, isDigit(first) else { throw error("expected a digit") }
        if first == UInt8(ascii: "0") {
            index += 1
        } else {
            while let byte = current, isDigit(byte) { index += 1 }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let byte = current, isDigit(byte) else { throw error("expected a digit after '.'") }
            while let byte = current, isDigit(byte) { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let byte = current, isDigit(byte) else { throw error("expected a digit in the exponent") }
            while let byte = current, isDigit(byte) { index += 1 }
        }
        return String(decoding: bytes[begin..<index], as: UTF8.self)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
