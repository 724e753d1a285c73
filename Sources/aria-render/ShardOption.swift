import ArgumentParser
import Shards

/// `--shard I/N`, `auto` or `auto/N` (`RequestedShard`).
extension RequestedShard: ExpressibleByArgument {
    public init?(argument: String) { self.init(text: argument) }
    public static var defaultValueDescription: String { "I/N" }
}

/// What a render shard writes beside its manifest: a video segment or PNG frames.
enum PieceKind: String, ExpressibleByArgument, CaseIterable { case mp4, webm, png }
