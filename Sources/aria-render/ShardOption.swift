import ArgumentParser
import Shards

/// `--shard I/N` (0-based), `--shard auto` or `--shard auto/N`: which slice of the frames this
/// process takes, given or read from the engine that started it (`ShardEnvironment`).
enum ShardOption: ExpressibleByArgument, Equatable {
    case given(ShardSpec)
    /// From the environment, with the count when `auto/N` gave one.
    case auto(count: Int?)

    init?(argument: String) {
        if argument == "auto" {
            self = .auto(count: nil)
        } else if argument.hasPrefix("auto/"), let count = Int(argument.dropFirst(5)), count >= 1 {
            self = .auto(count: count)
        } else if let spec = ShardSpec(text: argument) {
            self = .given(spec)
        } else {
            return nil
        }
    }

    static var defaultValueDescription: String { "I/N" }

    /// The shard, reading `environment` for `auto`; an environment that names none, or an
    /// inconsistent one, is bad input naming the variables seen.
    func resolve(environment: [String: String]) throws -> ShardSpec {
        switch self {
        case .given(let spec): return spec
        case .auto(let count):
            do {
                return try ShardEnvironment.shard(in: environment, count: count)
            } catch let failure as ShardEnvironment.Failure {
                throw ToolFailure(.badInput, failure.description)
            }
        }
    }
}

/// What a render shard writes beside its manifest: a video segment or PNG frames.
enum PieceKind: String, ExpressibleByArgument, CaseIterable {
    case mp4, webm, png
}
