import Foundation
import Scene

/// The small JSON file a shard writes beside its piece: enough to tell, without the scene,
/// whether pieces belong together and where each one's frames go. Written last, under its
/// final name only once the piece is complete, so a killed shard leaves nothing to take.
public struct PieceManifest: Codable, Equatable, Sendable {
    /// What the file is, so a stray JSON file is not taken for a piece.
    public static let kind = "aria-render piece"

    public var kind = PieceManifest.kind
    /// The version of aria-render that made the piece.
    public var tool: String
    /// The scene's name, for messages.
    public var scene: String
    /// SHA-256 of what decides the frames: the scene file's text, the claps heard, the overrides.
    public var sceneHash: String
    public var seed: UInt64
    public var width: Int
    public var height: Int
    public var frameRate: Int
    /// Every frame of the render the shards share (the scene's, or those of `--frames`).
    public var whole: FrameSpan
    /// This piece's frames.
    public var frames: FrameSpan
    /// Every shard's frames, in shard order, as the shards computed them from the simulation's
    /// cost estimate (nil in pieces of equal slices, `ShardSpec.slice(of:)`).
    public var split: [FrameSpan]?
    /// Which shard made it.
    public var shard: Int
    /// Of how many.
    public var shards: Int
    /// `mp4`, `webm` or `png`.
    public var format: String
    /// The encoder's settings (empty for PNG), compared across pieces.
    public var codec: [String]
    /// The video segment, a file name in the same folder (nil for PNG pieces).
    public var file: String?
    /// Its size in bytes, so a truncated segment is noticed.
    public var bytes: Int?
    /// The sound of the whole render, encoded once (by shard 0), as a file in the same folder.
    public var sound: String?
    /// Whether the render has sound at all (false with --no-sound or for PNG).
    public var withSound: Bool

    /// A manifest with every field given.
    public init(tool: String, scene: String, sceneHash: String, seed: UInt64, width: Int, height: Int, frameRate: Int,
                whole: FrameSpan, frames: FrameSpan, shard: Int, shards: Int, format: String, codec: [String],
                file: String?, bytes: Int?, sound: String?, withSound: Bool, split: [FrameSpan]? = nil) {
        self.tool = tool; self.scene = scene; self.sceneHash = sceneHash; self.seed = seed
        self.width = width; self.height = height; self.frameRate = frameRate
        self.whole = whole; self.frames = frames; self.shard = shard; self.shards = shards
        self.format = format; self.codec = codec; self.file = file; self.bytes = bytes
        self.sound = sound; self.withSound = withSound; self.split = split
    }

    /// The frames of shard `index` in this piece's render: its split's, or the equal slice.
    public func slice(ofShard index: Int) -> FrameSpan? {
        if let split { return index < split.count ? split[index] : nil }
        return ShardSpec(index: index, count: shards).map { FrameSpan($0.slice(of: whole.range)) }
    }

    /// Whether the split (if any) has one slice per shard, in order, covering `whole` exactly.
    public var splitTilesWhole: Bool {
        guard let split else { return true }
        guard split.count == shards, split.first?.first == whole.first, split.last?.last == whole.last else { return false }
        return zip(split, split.dropFirst()).allSatisfy { $0.last + 1 == $1.first } && split.allSatisfy { $0.first <= $0.last }
    }

    /// The file name of shard `index` of `count`'s manifest; its segment has the same stem.
    public static func name(shard index: Int, of count: Int, extension ext: String = "json") -> String {
        func padded(_ n: Int) -> String { String(repeating: "0", count: max(0, 5 - String(n).count)) + String(n) }
        return "piece-\(padded(index))-of-\(padded(count)).\(ext)"
    }

    /// Whether a file name is that of a piece manifest.
    public static func isManifestName(_ name: String) -> Bool {
        name.hasPrefix("piece-") && name.hasSuffix(".json")
    }

    /// The manifest as pretty JSON, keys sorted, ending in a newline.
    public func json() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return Array(try encoder.encode(self)) + [10]
    }

    /// Reads the manifest `file` holds (by the scene files' JSON reader); throws `SceneErrors`,
    /// one `file:line:column: what`, when the bytes are not JSON or not a piece manifest.
    public static func read(_ bytes: [UInt8], file: String) throws -> PieceManifest {
        let root: DocumentNode
        switch JSONDocumentReader.read(String(decoding: bytes, as: UTF8.self), whenEmpty: "the file is empty; expected a piece manifest") {
        case .success(let node): root = node
        case .failure(let error):
            throw SceneErrors(diagnostics: [SceneDiagnostic(file: file, line: error.position.line, column: error.position.column,
                                                            message: error.message)])
        }
        // Another kind of JSON file is told apart before its fields are read.
        if case .mapping(let pairs) = root.value, let found = pairs.first(where: { $0.key == "kind" })?.value,
           case .scalar(let text, _) = found.value, text != kind {
            throw SceneErrors(diagnostics: [SceneDiagnostic(file: file, line: found.position.line, column: found.position.column,
                                                            message: "kind: expected \"\(kind)\", found \(found.kindDescription)")])
        }
        return try DocumentDecoder(file: file, snakeCaseKeys: true, quotedTexts: true).decode(PieceManifest.self, from: root)
    }
}

/// Frames `first` through `last`, inclusive, as manifests and messages write them.
public struct FrameSpan: Codable, Equatable, Sendable, CustomStringConvertible {
    public var first: Int
    public var last: Int

    /// The span of a non-empty range.
    public init(_ range: Range<Int>) {
        first = range.lowerBound
        last = range.upperBound - 1
    }

    /// The frames as a range.
    public var range: Range<Int> { first..<last + 1 }

    public var description: String { "\(first)-\(last)" }
}
