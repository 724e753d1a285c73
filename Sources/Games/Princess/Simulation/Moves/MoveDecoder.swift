import Feedback
import Foundation
import Scene

/// Reads moves: a moves file (one move, the whole file) or a scene's inline `moves:` entry,
/// with the scene files' positions, limits and did-you-mean.
struct MoveDecoder {
    /// A move's keys, in documentation order.
    static let keys = ["name", "duration", "loops", "keys", "cues", "reduce_motion"]
    /// What a move's name may hold.
    static let nameCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_"))
    /// The longest move, in seconds.
    static let maxDuration = 60.0
    /// The most keys one channel may have.
    static let maxKeysPerChannel = 600

    let reader: ValueReader

    /// The move `node` describes, or nil when any problem was reported; `path` is where it
    /// is in the scene (`moves[0]`), empty for a moves file (whose keys are its top level).
    func decode(_ node: DocumentNode, _ path: String) -> Move? {
        guard let fields = reader.fields(node, path.isEmpty ? "the move" : path, allowed: Self.keys) else { return nil }
        let path = path.isEmpty ? "" : path + "."
        let name = reader.requireKey(fields, "name", path.isEmpty ? "the move" : String(path.dropLast()), example: "'name: bow'")
            .flatMap { reader.text($0, "\(path)name", expected: "the move's name, as the timeline writes it") }
        if let name, let node = fields["name"] {
            if let problem = SceneFileLimits.idProblem(name, at: "\(path)name") {
                reader.report(node.position, problem)
            } else if let wrong = name.unicodeScalars.first(where: { !Self.nameCharacters.contains($0) }) {
                // The name travels in the menu's and the trace's lists, comma-separated, and in
                // sync messages: a space or a comma there would read as two names.
                let suggestion = String(name.map { Self.nameCharacters.contains($0.unicodeScalars.first!) ? $0 : "-" })
                reader.report(node.position, "\(path)name: '\(name)' holds '\(wrong)'; a move's name is letters, digits, '-' and '_' "
                              + "(e.g. '\(suggestion.lowercased())')")
            } else if ActionKind(rawValue: name) != nil {
                reader.report(node.position, "\(path)name: '\(name)' is a built-in action; give the move a name of its own (e.g. 'my-\(name)')")
            }
        }
        let owner = path.isEmpty ? "the move" : String(path.dropLast())
        let duration = reader.requireKey(fields, "duration", owner, example: "'duration: 1.2' (seconds)")
            .flatMap { reader.number($0, "\(path)duration", in: 0.05...Self.maxDuration, unit: "seconds") }
        let loops = fields["loops"].map { reader.bool($0, "\(path)loops") } ?? false
        let keys = reader.requireKey(fields, "keys", owner, example: "'keys: {right_arm: [{at: 0, value: 14}, {at: 0.5, value: 140}]}'")
            .map { decodeKeys($0, "\(path)keys", duration: duration ?? Self.maxDuration) } ?? nil
        let cues = fields["cues"].map { decodeCues($0, "\(path)cues", duration: duration ?? Self.maxDuration) } ?? []
        let kept = fields["reduce_motion"].map { decodeReduceMotion($0, "\(path)reduce_motion") } ?? []
        guard let name, let duration, let loops, let keys, let cues, let kept else { return nil }
        return Move(name: name, duration: duration, loops: loops, keys: keys, cues: cues, keptWithReduceMotion: kept)
    }

    private func decodeKeys(_ node: DocumentNode, _ path: String, duration: Double) -> [MoveChannel: [MoveKey]]? {
        let channels = MoveChannel.allCases.map(\.rawValue)
        guard let fields = reader.fields(node, path, allowed: channels) else { return nil }
        guard !fields.pairs.isEmpty else {
            reader.report(node.position, "\(path) keys no channel; key at least one of: \(channels.joined(separator: ", "))")
            return nil
        }
        var result: [MoveChannel: [MoveKey]] = [:]
        var valid = true
        for pair in fields.pairs {
            guard let channel = MoveChannel(rawValue: pair.key),
                  let keys = decodeChannel(pair.value, "\(path).\(pair.key)", channel: channel, duration: duration) else {
                valid = false
                continue
            }
            result[channel] = keys
        }
        return valid ? result : nil
    }

    private func decodeChannel(_ node: DocumentNode, _ path: String, channel: MoveChannel, duration: Double) -> [MoveKey]? {
        guard let items = reader.list(node, path, expected: "keys ({at, value, ease})") else { return nil }
        guard !items.isEmpty, items.count <= Self.maxKeysPerChannel else {
            reader.report(node.position, "\(path) has \(items.count) keys; a channel has 1 to \(Self.maxKeysPerChannel)")
            return nil
        }
        var keys: [MoveKey] = []
        var valid = true
        var previousAt: Double?
        for (index, item) in items.enumerated() {
            let keyPath = "\(path)[\(index)]"
            if let cut = Self.cutCurve(in: item) {
                // One line, not one per piece the commas made.
                reader.report(cut.position, "\(keyPath).ease: the { } map cut \(SceneFileLimits.quoted(cut.piece)) at its first comma; "
                              + "quote the curve: ease: '\(cut.whole)'")
                valid = false
                continue
            }
            guard let fields = reader.fields(item, keyPath, allowed: ["at", "value", "ease"]) else { valid = false; continue }
            let at = reader.requireKey(fields, "at", keyPath, example: "'at: 0.5' (seconds from the move's start)")
                .flatMap { reader.number($0, "\(keyPath).at", in: 0...duration, unit: "seconds (within the move's duration)") }
            let value = reader.requireKey(fields, "value", keyPath, example: "'value: 90'")
                .flatMap { reader.number($0, "\(keyPath).value", in: channel.range, unit: channel.unit) }
            let easing = fields["ease"].map { decodeEasing($0, "\(keyPath).ease") } ?? .linear
            if let at, let previous = previousAt, at <= previous, let atNode = fields["at"] {
                reader.report(atNode.position, "\(keyPath).at is \(ValueReader.format(at)) s, not after the key before it "
                              + "(\(ValueReader.format(previous)) s); write a channel's keys in time order")
                valid = false
            }
            previousAt = at ?? previousAt
            guard let at, let value, let easing else { valid = false; continue }
            keys.append(MoveKey(at: at, value: value, easing: easing))
        }
        return valid ? keys : nil
    }

    /// An unquoted `cubic-bezier(…)` in a `{ }` map, which YAML cuts at its commas into the
    /// `ease` value and keys of nothing: where it is, the piece that was left, and the whole curve.
    private static func cutCurve(in item: DocumentNode) -> (position: SourcePosition, piece: String, whole: String)? {
        guard case .mapping(let pairs) = item.value, let at = pairs.firstIndex(where: { $0.key == "ease" }),
              case .scalar(let text, false) = pairs[at].value.value, text.hasPrefix("cubic-bezier("), !text.contains(")") else { return nil }
        var whole = text
        for pair in pairs[(at + 1)...] where pair.value.isNull && !whole.hasSuffix(")") { whole += ", " + pair.key }
        return whole.hasSuffix(")") ? (pairs[at].value.position, text, whole) : nil
    }

    private func decodeEasing(_ node: DocumentNode, _ path: String) -> KeyEasing? {
        let expected = "an easing: \(KeyEasing.names.joined(separator: ", ")) or cubic-bezier(x1, y1, x2, y2) with x1 and x2 from 0 to 1"
        guard let text = reader.text(node, path, expected: expected) else { return nil }
        if let easing = KeyEasing(text) { return easing }
        if text.hasPrefix("cubic-bezier") {
            reader.report(node.position, "\(path) must be cubic-bezier(x1, y1, x2, y2) as CSS writes it, four numbers with x1 and x2 "
                          + "from 0 to 1, e.g. cubic-bezier(0.25, 0.1, 0.25, 1); found \(SceneFileLimits.quoted(text))")
            return nil
        }
        reader.report(node.position, "unknown easing \(SceneFileLimits.quoted(text)) in \(path)"
                      + SpellingSuggestion.hint(for: text, among: KeyEasing.names + ["cubic-bezier"])
                      + " (expected one of: \(KeyEasing.names.joined(separator: ", ")), cubic-bezier(x1, y1, x2, y2))")
        return nil
    }

    private func decodeCues(_ node: DocumentNode, _ path: String, duration: Double) -> [MoveCue]? {
        guard let items = reader.list(node, path, expected: "cues ({at, sound, haptic})") else { return nil }
        var cues: [MoveCue] = []
        var valid = true
        for (index, item) in items.enumerated() {
            let cuePath = "\(path)[\(index)]"
            guard let fields = reader.fields(item, cuePath, allowed: ["at", "sound", "haptic"]) else { valid = false; continue }
            let at = reader.requireKey(fields, "at", cuePath, example: "'at: 0.4' (seconds from the move's start)")
                .flatMap { reader.number($0, "\(cuePath).at", in: 0...duration, unit: "seconds (within the move's duration)") }
            let sound = fields["sound"].map { reader.choice($0, "\(cuePath).sound", among: SoundEffect.allCases, what: "sound") }
            let haptic = fields["haptic"].map { reader.choice($0, "\(cuePath).haptic", among: HapticKind.allCases, what: "haptic") }
            if sound == nil && haptic == nil {
                reader.report(item.position, "\(cuePath) needs a 'sound' (e.g. 'sound: wave'), a 'haptic' (e.g. 'haptic: light') or both")
                valid = false
                continue
            }
            guard let at, sound != .some(nil), haptic != .some(nil) else { valid = false; continue }
            cues.append(MoveCue(at: at, sound: sound ?? nil, haptic: haptic ?? nil))
        }
        return valid ? cues.sorted { $0.at < $1.at } : nil
    }

    private func decodeReduceMotion(_ node: DocumentNode, _ path: String) -> Set<MoveChannel>? {
        guard let fields = reader.fields(node, path, allowed: ["keeps"]),
              let keepsNode = reader.requireKey(fields, "keeps", path, example: "'keeps: [right_arm, smile]'"),
              let items = reader.list(keepsNode, "\(path).keeps", expected: "channels") else { return nil }
        let channels = items.enumerated().map { index, item in
            reader.choice(item, "\(path).keeps[\(index)]", among: MoveChannel.allCases, what: "channel")
        }
        return channels.contains(nil) ? nil : Set(channels.compactMap { $0 })
    }
}

/// Reads a scene's `moves:` list: paths of moves files, resolved from the scene file's
/// folder, and moves written inline.
struct SceneMovesDecoder {
    /// The most moves one scene may load.
    static let maxMoves = 100

    let reader: ValueReader
    /// The moves files read so far, as found from the scene file's folder.
    private(set) var files: [String] = []

    /// The moves, checked for names that clash, and the names of every move written, those
    /// with problems too (so the timeline's use of them is no second problem). Problems in a
    /// moves file are reported with that file's own name, line and column.
    mutating func decode(_ node: DocumentNode) -> (moves: [Move], names: [String]) {
        guard let items = reader.list(node, "moves", expected: "moves files (moves/bow.yaml) or moves written inline ({name, duration, keys})")
        else { return ([], []) }
        guard items.count <= Self.maxMoves else {
            reader.report(node.position, "the scene loads \(items.count) moves; a scene may load at most \(Self.maxMoves)")
            return ([], [])
        }
        var moves: [Move] = []
        var names: [String] = []
        var lines: [String: String] = [:]
        for (index, item) in items.enumerated() {
            let path = "moves[\(index)]"
            let move: Move?
            let root: DocumentNode?
            if case .scalar = item.value {
                (move, root) = load(item, path)
            } else {
                (move, root) = (MoveDecoder(reader: reader).decode(item, path), item)
            }
            if let root, case .mapping(let pairs) = root.value,
               let nameNode = pairs.first(where: { $0.key == "name" })?.value, case .scalar(let name, _) = nameNode.value,
               ActionKind(rawValue: name) == nil, !names.contains(name) {
                // A built-in's name or a second use of one is a problem of its own, not a move to offer.
                names.append(name)
            }
            guard let move else { continue }
            // Where a move came from: its moves file, or the scene's line for one written inline.
            let origin: String
            if case .scalar(let written, _) = item.value { origin = "from \(written), line \(item.position.line)" } else { origin = "at line \(item.position.line)" }
            if let first = lines[move.name] {
                reader.report(item.position, "\(path): a move named '\(move.name)' is already loaded (\(first)); give each move its own name")
                continue
            }
            lines[move.name] = origin
            moves.append(move)
        }
        return (moves, names)
    }

    /// The move in the moves file `node` names, and the file's document when it parsed.
    private mutating func load(_ node: DocumentNode, _ path: String) -> (Move?, DocumentNode?) {
        guard let written = reader.text(node, path, expected: "a moves file, relative to the scene file (e.g. moves/bow.yaml)") else { return (nil, nil) }
        let sceneFolder = (reader.file as NSString).deletingLastPathComponent
        let file = written.hasPrefix("/") || sceneFolder.isEmpty ? written : sceneFolder + "/" + written
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue else {
            reader.report(node.position, "\(path): the moves file '\(written)' does not exist (looked for \(file))")
            return (nil, nil)
        }
        files.append(file)
        let document: SceneDocument
        do {
            document = try SceneDocument.load(path: file)
        } catch let errors as SceneErrors {
            reader.adopt(errors.diagnostics)
            return (nil, nil)
        } catch {
            reader.report(node.position, "\(path): the moves file '\(written)' cannot be read (\(error))")
            return (nil, nil)
        }
        let fileReader = ValueReader(file: file)
        let move = MoveDecoder(reader: fileReader).decode(document.root, "")
        reader.adopt(fileReader.diagnostics)
        return (move, document.root)
    }
}
