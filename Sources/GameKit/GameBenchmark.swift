/// A speed figure a game measures of its own (the HUD's share of the drawing, a shared
/// session's network), run by `aria-bench` beside the engine's figures.
public protocol GameBenchmark: Sendable {
    /// Its name: `aria-bench NAME` runs it.
    var name: String { get }
    /// Measures and returns its figures; `arguments` are the rest of the command line, `note`
    /// prints a line of explanation on standard error.
    func run(arguments: [String], note: (String) -> Void) -> [BenchmarkFigure]
}

/// One figure of a benchmark: its name, its value and how many decimals it is printed with.
public struct BenchmarkFigure: Sendable, Equatable {
    /// The JSON key.
    public var name: String
    /// The figure.
    public var value: Double
    /// Decimals printed.
    public var decimals: Int

    /// A figure from its parts.
    public init(_ name: String, _ value: Double, decimals: Int) {
        self.name = name
        self.value = value
        self.decimals = decimals
    }
}

/// Timing for benchmarks: the least disturbed of several runs.
public enum BenchmarkTiming {
    /// The smallest of `trials` timings of `body`, in nanoseconds (`setUp` runs before each, untimed).
    public static func fastestNanoseconds(trials: Int, setUp: () -> Void = {}, _ body: () -> Void) -> Double {
        var best = Double.infinity
        let clock = ContinuousClock()
        for _ in 0..<trials {
            setUp()
            best = min(best, seconds(clock.measure(body)) * 1e9)
        }
        return best
    }

    /// A duration in seconds.
    public static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
