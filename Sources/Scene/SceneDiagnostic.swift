/// One problem in a scene file, at a line and column a person can go to.
public struct SceneDiagnostic: Sendable, Equatable, CustomStringConvertible {
    /// The file as the user named it.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column.
    public var column: Int
    /// What is wrong and what was expected.
    public var message: String

    /// A diagnostic from its parts.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// "file:line:column: message", the form compilers use, so editors can jump to it.
    /// Always one line: a line break in the message is shown as a space.
    public var description: String {
        let oneLine = message.contains(where: \.isNewline)
            ? String(message.map { $0.isNewline ? " " : $0 }) : message
        return "\(file):\(line):\(column): \(oneLine)"
    }
}

/// Every problem found in a scene file and the files it names (never only the first): each
/// file's problems together, in line and column order.
public struct SceneErrors: Error, Sendable, CustomStringConvertible {
    /// The problems, a file's together, each file's by line and column.
    public var diagnostics: [SceneDiagnostic]

    /// Errors from diagnostics: grouped by file, `leading` first (the scene file, whose problems
    /// a reader looks for first), the others in the order their first problem came; each file's
    /// sorted by position.
    public init(diagnostics: [SceneDiagnostic], leading: String? = nil) {
        var rank: [String: Int] = leading.map { [$0: 0] } ?? [:]
        for diagnostic in diagnostics where rank[diagnostic.file] == nil { rank[diagnostic.file] = rank.count + 1 }
        self.diagnostics = diagnostics.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if x.file != y.file { return rank[x.file]! < rank[y.file]! }
            if x.line != y.line { return x.line < y.line }
            if x.column != y.column { return x.column < y.column }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// One diagnostic per line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
