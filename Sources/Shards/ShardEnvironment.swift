/// Finds which shard this process is from the environment of the engine that started it:
/// a Slurm job array, a Kubernetes Indexed Job or a CI matrix (`--shard auto`).
public enum ShardEnvironment {
    /// The variable that gives a Kubernetes Indexed Job's shard count (the Job's `completions`),
    /// when `--shard auto/N` does not.
    public static let countVariable = "ARIA_SHARD_COUNT"

    /// Every variable `auto` reads, in the order they are tried.
    public static let variables = [
        "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX",
        "JOB_COMPLETION_INDEX", countVariable, "CI_NODE_INDEX", "CI_NODE_TOTAL",
    ]

    /// Why the environment names no shard, or an inconsistent one.
    public struct Failure: Error, CustomStringConvertible {
        /// One line: what is wrong and which variables were seen.
        public let description: String
    }

    /// The shard the environment names. `count` is the N of `auto/N`, which must agree with the
    /// environment's own count when it has one. Slurm arrays may start anywhere (`--array=1-4`):
    /// the index is counted from `SLURM_ARRAY_TASK_MIN`; GitLab's `CI_NODE_INDEX` starts at 1.
    public static func shard(in environment: [String: String], count: Int? = nil) throws -> ShardSpec {
        let seen = variables.filter { environment[$0] != nil }
        let seenText = seen.isEmpty ? "none of \(variables.joined(separator: ", "))"
            : seen.map { "\($0)=\(environment[$0]!)" }.joined(separator: " ")
        func fail(_ why: String) -> Failure { Failure(description: "--shard auto: \(why) (seen: \(seenText))") }
        func number(_ name: String) throws -> Int? {
            guard let text = environment[name] else { return nil }
            guard let value = Int(text) else { throw fail("\(name) is not a whole number") }
            return value
        }
        func agreed(_ found: Int?, _ source: String) throws -> Int {
            switch (found, count) {
            case let (found?, given?) where found != given:
                throw fail("\(source) says \(found) shards but --shard auto/\(given) says \(given)")
            case let (found?, _): return found
            case let (nil, given?): return given
            case (nil, nil): throw fail("\(source) has no shard count; give --shard auto/N or set \(countVariable)")
            }
        }
        func spec(_ index: Int, _ total: Int) throws -> ShardSpec {
            guard let spec = ShardSpec(index: index, count: total) else {
                throw fail("shard \(index) of \(total) is not one of 0…\(total - 1)")
            }
            return spec
        }

        if let task = try number("SLURM_ARRAY_TASK_ID") {
            let first = try number("SLURM_ARRAY_TASK_MIN") ?? 0
            var total = try number("SLURM_ARRAY_TASK_COUNT")
            if let last = try number("SLURM_ARRAY_TASK_MAX") {
                let span = last - first + 1
                if let known = total, known != span {
                    throw fail("the array is not contiguous (\(known) tasks from \(first) to \(last)); use --array=A-B without a step")
                }
                total = span
            }
            return try spec(task - first, try agreed(total, "the Slurm array"))
        }
        if let index = try number("JOB_COMPLETION_INDEX") {
            return try spec(index, try agreed(try number(countVariable), "JOB_COMPLETION_INDEX"))
        }
        if let node = try number("CI_NODE_INDEX") {
            return try spec(node - 1, try agreed(try number("CI_NODE_TOTAL"), "CI_NODE_INDEX"))
        }
        throw fail("no shard index in the environment")
    }
}
