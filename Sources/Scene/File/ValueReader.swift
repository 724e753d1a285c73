import ECS

/// Reads typed values out of a `DocumentNode`, reporting every problem with its position
/// instead of stopping at the first, so a file's errors all come out in one run.
package final class ValueReader {
    /// The file name used in diagnostics.
    package let file: String
    /// The problems found so far: the first `SceneFileLimits.maxDiagnostics`, then one
    /// line counting the rest (a file of a thousand bad entries is not a thousand lines).
    package var diagnostics: [SceneDiagnostic] {
        guard let firstUnlisted, unlisted > 0 else { return listed }
        return listed + [SceneDiagnostic(
            file: file, line: firstUnlisted.line, column: firstUnlisted.column,
            message: "\(unlisted) more problem\(unlisted == 1 ? "" : "s") not listed, the first of them here "
                + "(only the first \(SceneFileLimits.maxDiagnostics) are listed); fix these and validate again")]
    }
    private var listed: [SceneDiagnostic] = []
    private var unlisted = 0
    private var firstUnlisted: SourcePosition?
    /// The canvas that percentages refer to (known once `canvas` is read).
    package var canvasSize = Vec2(1280, 720)

    package init(file: String) { self.file = file }

    /// Records a problem; `message` is only built for the problems that are listed.
    package func report(_ position: SourcePosition, _ message: @autoclosure () -> String) {
        guard listed.count < SceneFileLimits.maxDiagnostics else {
            unlisted += 1
            firstUnlisted = firstUnlisted ?? position
            return
        }
        listed.append(SceneDiagnostic(file: file, line: position.line, column: position.column, message: message()))
    }

    /// Records problems found in another file this one refers to (a moves file), each
    /// with its own file name, under the same cap as this file's own.
    package func adopt(_ others: [SceneDiagnostic]) {
        for diagnostic in others {
            guard listed.count < SceneFileLimits.maxDiagnostics else {
                unlisted += 1
                firstUnlisted = firstUnlisted ?? SourcePosition(line: diagnostic.line, column: diagnostic.column)
                continue
            }
            listed.append(diagnostic)
        }
    }

    // MARK: Mappings

    /// The keys of a mapping, after reporting unknown and repeated keys.
    package struct Fields {
        package let node: DocumentNode
        package let pairs: [DocumentNode.Pair]

        /// The value of `key`, if present.
        package subscript(key: String) -> DocumentNode? { pairs.first { $0.key == key }?.value }

        /// Whether `key` is present.
        package func has(_ key: String) -> Bool { pairs.contains { $0.key == key } }
    }

    /// `node` as a mapping with only `allowed` keys, or nil (reported) when it is not a mapping.
    package func fields(_ node: DocumentNode, _ path: String, allowed: [String]) -> Fields? {
        guard case .mapping(let pairs) = node.value else {
            report(node.position, "\(path) must be a mapping with keys \(allowed.joined(separator: ", ")); found \(node.kindDescription)")
            return nil
        }
        var seen: [String: SourcePosition] = [:]
        var kept: [DocumentNode.Pair] = []
        for pair in pairs {
            if let first = seen[pair.key] {
                report(pair.keyPosition, "\(path) has the key \(SceneFileLimits.quoted(pair.key)) twice (first at line \(first.line))")
                continue
            }
            seen[pair.key] = pair.keyPosition
            if !allowed.contains(pair.key) {
                report(pair.keyPosition, "unknown key \(SceneFileLimits.quoted(pair.key)) in \(path)"
                       + SpellingSuggestion.hint(for: pair.key, among: allowed)
                       + " (expected one of: \(allowed.joined(separator: ", ")))")
                continue
            }
            kept.append(pair)
        }
        return Fields(node: node, pairs: kept)
    }

    /// Reports a missing required key at the mapping that lacks it.
    package func requireKey(_ fields: Fields, _ key: String, _ path: String, example: String) -> DocumentNode? {
        if let value = fields[key] { return value }
        report(fields.node.position, "\(path) is missing the key '\(key)' (for example \(example))")
        return nil
    }

    /// `node` as a list, or nil (reported).
    package func list(_ node: DocumentNode, _ path: String, expected: String) -> [DocumentNode]? {
        guard case .sequence(let items) = node.value else {
            report(node.position, "\(path) must be a list of \(expected); found \(node.kindDescription)")
            return nil
        }
        return items
    }

    // MARK: Scalars

    /// The unquoted text of a plain scalar, or nil for anything else.
    private func plainText(_ node: DocumentNode) -> String? {
        if case .scalar(let text, false) = node.value { return text }
        return nil
    }

    /// Whether `text` is a decimal number as YAML and JSON write them (no hex, no inf, no nan).
    private static func isDecimal(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        var digits = 0, seenDot = false, seenExponent = false, exponentDigits = 0
        var previous: UInt8 = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if seenExponent { exponentDigits += 1 } else { digits += 1 }
            case UInt8(ascii: "."):
                if seenDot || seenExponent { return false }
                seenDot = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                if seenExponent || digits == 0 { return false }
                seenExponent = true
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                if previous != UInt8(ascii: "e") && previous != UInt8(ascii: "E") { return false }
            default:
                return false
            }
            previous = byte
        }
        return digits > 0 && (!seenExponent || exponentDigits > 0)
    }

    private static let nonFiniteWords: Set<String> = [
        ".inf", "+.inf", "-.inf", ".nan", "inf", "+inf", "-inf", "nan", "infinity", "-infinity", "+infinity",
    ]

    /// A finite number in `range`, or nil (reported).
    package func number(_ node: DocumentNode, _ path: String, in range: ClosedRange<Double>, unit: String = "") -> Double? {
        let suffix = unit.isEmpty ? "" : " \(unit)"
        let expectation = "a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))\(suffix)"
        guard let text = plainText(node) else {
            report(node.position, "\(path) must be \(expectation); found \(node.kindDescription)")
            return nil
        }
        if Self.nonFiniteWords.contains(text.lowercased()) {
            report(node.position, "\(path) must be a finite number (\(expectation)); found \(SceneFileLimits.quoted(text))")
            return nil
        }
        guard Self.isDecimal(text), let value = Double(text) else {
            report(node.position, "\(path) must be \(expectation); found \(SceneFileLimits.quoted(text))")
            return nil
        }
        guard value.isFinite else {
            report(node.position, "\(path) must be a finite number (\(expectation)); found \(SceneFileLimits.quoted(text))")
            return nil
        }
        guard range.contains(value) else {
            report(node.position, "\(path) is out of range: \(SceneFileLimits.quoted(text, marks: false)); expected \(expectation)")
            return nil
        }
        return value
    }

    /// A whole number in `range`, or nil (reported).
    package func integer(_ node: DocumentNode, _ path: String, in range: ClosedRange<Int>) -> Int? {
        let expectation = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        guard let text = plainText(node), Self.isDecimal(text), let value = Double(text) else {
            report(node.position, "\(path) must be \(expectation); found \(node.kindDescription)")
            return nil
        }
        guard value.isFinite, value == value.rounded(), abs(value) < 9.0e15 else {
            report(node.position, "\(path) must be \(expectation); found \(SceneFileLimits.quoted(text))")
            return nil
        }
        guard range.contains(Int(value)) else {
            report(node.position, "\(path) is out of range: \(SceneFileLimits.quoted(text, marks: false)); expected \(expectation)")
            return nil
        }
        return Int(value)
    }

    /// A seed: any whole number from 0 to 2^64 - 1.
    package func seed(_ node: DocumentNode, _ path: String) -> UInt64? {
        guard let text = plainText(node), let value = UInt64(text) else {
            report(node.position, "\(path) must be a whole number from 0 to 18446744073709551615; found \(node.kindDescription)")
            return nil
        }
        return value
    }

    /// `true` or `false`, or nil (reported).
    package func bool(_ node: DocumentNode, _ path: String) -> Bool? {
        switch plainText(node) {
        case "true": return true
        case "false": return false
        default:
            report(node.position, "\(path) must be true or false; found \(node.kindDescription)")
            return nil
        }
    }

    /// A non-empty piece of text (quoted or not), or nil (reported).
    package func text(_ node: DocumentNode, _ path: String, expected: String) -> String? {
        guard case .scalar(let text, _) = node.value, !node.isNull, !text.isEmpty else {
            report(node.position, "\(path) must be \(expected); found \(node.kindDescription)")
            return nil
        }
        return text
    }

    /// A colour written `"#rrggbb"`, or nil (reported).
    package func colour(_ node: DocumentNode, _ path: String) -> WrittenColour? {
        let expected = "a colour \"#rrggbb\" (quoted in YAML)"
        guard let text = text(node, path, expected: expected) else { return nil }
        guard text.utf8.count == 7, text.hasPrefix("#"), let value = UInt32(text.dropFirst(), radix: 16) else {
            report(node.position, "\(path) must be \(expected); found \(node.kindDescription)")
            return nil
        }
        return WrittenColour(text: text, red: UInt8((value >> 16) & 0xFF), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// One of an enumeration's names, or nil (reported with a "did you mean").
    package func choice<E: RawRepresentable>(_ node: DocumentNode, _ path: String, among cases: [E], what: String) -> E?
    where E.RawValue == String {
        name(node, path, among: cases.map(\.rawValue), what: what).flatMap { text in cases.first { $0.rawValue == text } }
    }

    /// One of `names`, or nil (reported with a "did you mean").
    package func name(_ node: DocumentNode, _ path: String, among names: [String], what: String) -> String? {
        guard case .scalar(let text, _) = node.value, !node.isNull else {
            report(node.position, "\(path) must be \(what): one of \(names.joined(separator: ", ")); found \(node.kindDescription)")
            return nil
        }
        if names.contains(text) { return text }
        report(node.position, "unknown \(what) \(SceneFileLimits.quoted(text)) in \(path)" + SpellingSuggestion.hint(for: text, among: names)
               + " (expected one of: \(names.joined(separator: ", ")))")
        return nil
    }

    // MARK: Positions

    /// A point `[x, y]` whose coordinates are canvas pixels (`640`) or percent of the canvas
    /// (`50%`), inside the canvas; or nil (reported).
    package func point(_ node: DocumentNode, _ path: String) -> Vec2? {
        let expectation = "a point [x, y] in canvas pixels or percent of the canvas, e.g. [640, 500] or [50%, 70%]"
        guard case .sequence(let items) = node.value, items.count == 2 else {
            report(node.position, "\(path) must be \(expectation); found \(node.kindDescription)")
            return nil
        }
        let x = coordinate(items[0], "\(path) x", extent: canvasSize.x)
        let y = coordinate(items[1], "\(path) y", extent: canvasSize.y)
        guard let x, let y else { return nil }
        return Vec2(x, y)
    }

    private func coordinate(_ node: DocumentNode, _ path: String, extent: Float) -> Float? {
        if case .scalar(let text, _) = node.value, text.hasSuffix("%") {
            let number = String(text.dropLast())
            guard Self.isDecimal(number), let percent = Double(number), percent.isFinite else {
                report(node.position, "\(path) must be a percentage such as 50%; found \(SceneFileLimits.quoted(text))")
                return nil
            }
            guard (0...100).contains(percent) else {
                report(node.position, "\(path) is out of range: \(SceneFileLimits.quoted(text, marks: false)); expected 0% to 100% of the canvas")
                return nil
            }
            return Float(percent / 100) * extent
        }
        return number(node, path, in: 0...Double(extent), unit: "pixels (inside the canvas)").map(Float.init)
    }

    /// Numbers as people write them: no trailing ".0".
    package static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// A colour as a scene file writes it (`"#rrggbb"`): the text and its bytes.
package struct WrittenColour: Sendable, Equatable {
    /// As written.
    package let text: String
    /// Its red byte.
    package let red: UInt8
    /// Its green byte.
    package let green: UInt8
    /// Its blue byte.
    package let blue: UInt8
}
