/// What `assemble` decided from a folder of pieces: they belong together (one scene, one set of
/// settings), they cover the whole render with no gap and no overlap, and every file they name
/// is there and complete. Pure: the folder is read by the caller.
public struct AssemblyPlan: Equatable, Sendable {
    /// The settings every piece shares (shard 0's manifest).
    public let reference: PieceManifest
    /// The pieces in frame order.
    public let pieces: [PieceManifest]
    /// The sound file to mux, when the render has sound.
    public let sound: String?

    /// Why pieces cannot be assembled, in one line that names the piece or the frames.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// One file of the folder: its name and, for a piece manifest, what it says, or why it
    /// cannot be read (`file:line:column: what`); both nil for a file that is no manifest.
    public typealias Entry = (name: String, manifest: PieceManifest?, problem: String?)

    /// Decides from the folder's `entries`; `size` gives a file's size in bytes (nil when absent)
    /// and `frameName` the file name of a PNG piece's frame.
    public init(entries: [Entry], folder: String, size: (String) -> Int?, frameName: (Int) -> String) throws {
        let named = entries.filter { PieceManifest.isManifestName($0.name) }
        if let broken = named.first(where: { $0.manifest == nil }) {
            throw Failure(description: (broken.problem ?? "\(folder)/\(broken.name)") + " (not a piece manifest of aria-render)")
        }
        let manifests = named.map { ($0.name, $0.manifest!) }
        guard !manifests.isEmpty else {
            throw Failure(description: "\(folder) holds no pieces (piece-*.json); render them with `render --shard I/N -o \(folder)`")
        }
        // The pieces that agree with the most others set the render; any other is foreign.
        var groups: [[(String, PieceManifest)]] = []
        for entry in manifests.sorted(by: { $0.0 < $1.0 }) {
            if let at = groups.firstIndex(where: { Self.sameRender($0[0].1, entry.1) }) {
                groups[at].append(entry)
            } else {
                groups.append([entry])
            }
        }
        let chosen = groups.max { a, b in
            a.count != b.count ? a.count < b.count : a.contains { $0.1.shard == 0 } == false && b.contains { $0.1.shard == 0 }
        }!
        let reference = (chosen.first { $0.1.shard == 0 } ?? chosen[0]).1
        if let foreign = manifests.first(where: { !Self.sameRender(reference, $0.1) }) {
            throw Failure(description: "\(folder)/\(foreign.0) is a foreign piece: \(Self.difference(reference, foreign.1)) "
                + "\(chosen.count == 1 ? "the other piece's" : "the other \(chosen.count) pieces'"); remove it, or re-render it with their settings")
        }
        // Each piece must be the slice its shard number gives, and every shard must be there.
        var byShard: [Int: (String, PieceManifest)] = [:]
        for entry in chosen { byShard[entry.1.shard] = entry }
        for (name, piece) in chosen {
            guard piece.splitTilesWhole else {
                throw Failure(description: "\(folder)/\(name): its split of the frames does not cover \(piece.whole) in \(piece.shards) contiguous slices")
            }
            guard piece.shard < piece.shards, piece.slice(ofShard: piece.shard) == piece.frames else {
                throw Failure(description: "\(folder)/\(name): frames \(piece.frames) are not shard \(piece.shard)/\(piece.shards)'s slice of \(piece.whole)")
            }
        }
        let missing = (0..<reference.shards).filter { byShard[$0] == nil }
        if !missing.isEmpty {
            let spans = missing.prefix(5).map { index in
                "\(index)/\(reference.shards) (frames \(reference.slice(ofShard: index).map { "\($0)" } ?? "?"))"
            }
            throw Failure(description: "\(folder) lacks \(missing.count) of \(reference.shards) pieces: shard " + spans.joined(separator: ", ")
                + (missing.count > 5 ? ", …" : "") + "; re-run " + (missing.count == 1 ? "that shard" : "those shards"))
        }
        let ordered = (0..<reference.shards).map { byShard[$0]! }
        for (name, piece) in ordered {
            guard let file = piece.file else {
                if piece.format == "png" {
                    if let absent = piece.frames.range.first(where: { size(frameName($0)) == nil }) {
                        throw Failure(description: "\(folder)/\(frameName(absent)) of piece \(name) is missing; re-run shard \(piece.shard)/\(piece.shards)")
                    }
                    continue
                }
                throw Failure(description: "\(folder)/\(name) names no video segment")
            }
            guard let bytes = size(file) else {
                throw Failure(description: "\(folder)/\(file) of piece \(name) is missing; re-run shard \(piece.shard)/\(piece.shards)")
            }
            if let expected = piece.bytes, expected != bytes {
                throw Failure(description: "\(folder)/\(file) has \(bytes) bytes, its manifest says \(expected): "
                    + "it changed after shard \(piece.shard)/\(piece.shards) wrote it; re-run that shard")
            }
        }
        var sound: String?
        if reference.withSound {
            let first = ordered[0]
            guard let file = first.1.sound else {
                throw Failure(description: "\(folder)/\(first.0) names no sound file, though the render has sound")
            }
            guard size(file) != nil else {
                throw Failure(description: "\(folder)/\(file), the sound of the whole render, is missing; re-run shard 0/\(reference.shards)")
            }
            sound = file
        }
        self.reference = reference
        self.pieces = ordered.map(\.1)
        self.sound = sound
    }

    /// Whether two pieces are of the same render: everything but the shard's own frames and files.
    static func sameRender(_ a: PieceManifest, _ b: PieceManifest) -> Bool {
        difference(a, b).isEmpty
    }

    /// What differs between two pieces' renders, in words ("" when nothing does).
    static func difference(_ a: PieceManifest, _ b: PieceManifest) -> String {
        let fields: [(String, String, String)] = [
            ("scene hash", a.sceneHash, b.sceneHash), ("seed", "\(a.seed)", "\(b.seed)"),
            ("size", "\(a.width)x\(a.height)", "\(b.width)x\(b.height)"), ("frame rate", "\(a.frameRate)", "\(b.frameRate)"),
            ("frames", "\(a.whole)", "\(b.whole)"), ("shard count", "\(a.shards)", "\(b.shards)"),
            ("split", a.split.map { $0.map(\.description).joined(separator: " ") } ?? "equal",
             b.split.map { $0.map(\.description).joined(separator: " ") } ?? "equal"),
            ("format", a.format, b.format), ("codec settings", a.codec.joined(separator: " "), b.codec.joined(separator: " ")),
            ("sound", a.withSound ? "on" : "off", b.withSound ? "on" : "off"), ("aria-render version", a.tool, b.tool),
        ]
        guard let (field, mine, theirs) = fields.first(where: { $0.1 != $0.2 }) else { return "" }
        let short = { (text: String) in text.count > 16 && field == "scene hash" ? String(text.prefix(12)) + "…" : text }
        return "its \(field) is \(short(theirs)), not \(short(mine)) like"
    }
}
