/// `--shard I/N` (0-based), `--shard auto` or `--shard auto/N`: which slice of the frames this
/// process takes, given or read from the engine that started it (`ShardEnvironment`).
public enum RequestedShard: Equatable, Sendable {
    /// Given on the command line.
    case given(ShardSpec)
    /// From the environment, with the count when `auto/N` gave one.
    case auto(count: Int?)

    /// The shard `text` names (`2/8`, `auto`, `auto/8`), or nil when it names none.
    public init?(text: String) {
        if text == "auto" {
            self = .auto(count: nil)
        } else if text.hasPrefix("auto/"), let count = Int(text.dropFirst(5)), count >= 1 {
            self = .auto(count: count)
        } else if let spec = ShardSpec(text: text) {
            self = .given(spec)
        } else {
            return nil
        }
    }

    /// The shard, reading `environment` for `auto`; throws `ShardEnvironment.Failure`, naming
    /// the variables seen, for an environment that names none or an inconsistent one.
    public func resolve(environment: [String: String]) throws -> ShardSpec {
        switch self {
        case .given(let spec): return spec
        case .auto(let count): return try ShardEnvironment.shard(in: environment, count: count)
        }
    }
}
